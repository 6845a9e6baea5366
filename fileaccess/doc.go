// Package fileaccess reads and writes the containers Godot's FileAccess
// wraps around a file: the encrypted one of FileAccess.open_encrypted and
// open_encrypted_with_pass (File.open_encrypted* in Godot 3), and the
// compressed one of FileAccess.open_compressed (File.open_compressed).
// Games often write their save files through them; put a [Reader] under
// stream.NewReader to read the store_var records inside, and a Writer under
// stream.NewWriter to write them.
//
// Both stream: memory is bounded by the compressed container's block size
// (4 KiB as the engines write it) and a table of 4 bytes per block, never by
// the file's size or by sizes the file declares. A codec's decoder is held
// only while a block decompresses, then pooled; and a compressed container
// declaring more content than [WithMaxContentSize] (1 GiB by default) is
// refused at its header, however few bytes it takes.
//
// The encrypted container carries the MD5 of the whole plaintext, which
// can only be checked at its end: a Reader hands out plaintext as it
// decrypts it, and its last Read returns [ErrChecksum] instead of io.EOF when
// the key is wrong or the file was changed. A caller that must not act on
// unchecked data calls [Verify] first, or waits for io.EOF before acting.
package fileaccess
