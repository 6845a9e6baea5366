// Package configfile reads and writes Godot's ConfigFile (.cfg): sections
// of keys, each key's value in the engine's text form (package vartext), as
// Godot 4.6 and 3.x save and load them.
//
// A [File] keeps sections and keys in the order they came, as the engine
// does, and writes them as the chosen dialect's ConfigFile.save does, byte
// for byte: a file the engine saved is written back as it was. [Read] reads
// as the engine's ConfigFile.load does, quirks included (see
// vartext.Decoder.NextEntry). Encrypted files (save_encrypted,
// save_encrypted_pass) are package fileaccess's containers around the
// same text: open them with fileaccess.NewReader and write them with
// fileaccess.NewEncryptedWriter.
//
// Values are held in gdvar's generic form (int64, float64, string,
// gdvar.Vector2, []any, *gdvar.Dictionary, …), as vartext.Unmarshal gives
// them into an interface{}. A file is read whole: it holds what its text
// holds, within the text reader's limits.
package configfile
