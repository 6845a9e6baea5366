// Package resource reads and writes Godot's resource files: text resources
// and scenes (.tres, .tscn) and binary ones (.res, .scn, compressed or
// not), as Godot 4.6, 3.6 and 3.2 save and load them.
//
// A [File] holds a file's sections as the engine writes them: the external
// resources it refers to, its sub-resources, and its main resource or,
// for a scene, its nodes, connections and editable instances. [Read] reads
// either form, telling them apart by their first bytes; WriteText and
// WriteBinary write the engine's bytes: a file the engine saved is written
// back as it was, and a File read from one form and written in the other
// gives what the engine's ResourceSaver writes for the same resource (see
// docs/resources.md for the exceptions: a script's variables cannot be
// known without its source, which [WithScripts] gives).
//
// Property values are in gdvar's generic form, as vartext.Unmarshal gives
// them, with references to the file's resources as objects of class
// vartext.ExtResourceClass or vartext.SubResourceClass (see [Ext], [Sub] and
// [RefOf]). The engine version is a vartext.Dialect, chosen with
// vartext.WithDialect given to [WithText]; a text file says whether it is
// Godot 3's (format=2) or Godot 4's, and Read follows it unless told
// otherwise.
package resource
