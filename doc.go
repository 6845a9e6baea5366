// Package gdvar reads and writes Godot's Variant binary format: the bytes of
// var_to_bytes and bytes_to_var, StreamPeer.put_var and get_var, PacketPeer
// and FileAccess.store_var, for Godot 4 (the default), Godot 3 and Godot 2.
// The format, as the engines really write it, is described in the
// repository's docs/wire-format.md.
//
// # Two layers
//
// The token layer streams. A [Decoder] reads one [Token] at a time from an
// io.Reader (or a byte slice): a scalar or math value whole (Int, Float,
// Vector3, …), a container as a start token, its elements and an end token
// (ArrayStart, DictKey, …, ArrayEnd), and a string or packed array as a start
// token, chunks of at most Limits.ChunkSize bytes, and an end token, so no
// value is ever held whole. PeekKind looks ahead, SkipValue skips a value
// however large, [CopyValue] copies one to an [Encoder]. An Encoder writes
// tokens to an io.Writer and refuses those that do not fit where they are
// written. Tokens are wire-faithful: re-encoding what was decoded gives back
// the engine's bytes exactly (integer and float widths, typed-container
// metadata, NodePath flags, …).
//
// The value layer maps Godot values to Go values, as encoding/json does:
// [Marshal] and [Unmarshal], [Encoder.Encode] and [Decoder.Decode], with struct tags
// (`gdvar:"name"`), maps, slices, the math types of this package (Vector3,
// Transform3D, Color, …), Array for typed arrays, Dictionary for ordered
// dictionaries, Object for full objects, and [RawValue] for bytes kept as they
// are. Marshal writes what var_to_bytes would write for the same value.
//
// The stream package adds Godot's framings (length-prefixed values over TCP
// and in files, one value per UDP packet); fileaccess, the encrypted and
// compressed containers of save files; multiplayer, the high-level
// multiplayer (@rpc calls) over WebSocket; the vartext and varjson packages
// convert to Godot's text form and to a lossless JSON form.
//
// # Untrusted input
//
// Decoding is safe on hostile input. [Limits] bound nesting depth, container
// lengths, string, name and packed-array sizes and the size of one value,
// with defaults ([DefaultLimits]) that accept everything the engine accepts
// in practice; a declared length that breaks a limit fails before its
// payload is read, with a *LimitError naming it. Nothing is ever allocated
// in proportion to a length or count the input declares: a Decoder holds
// about ChunkSize bytes of buffer, and the value layer sizes slices and maps
// from one budget per Decoder (a small multiple of the bytes actually
// received), so memory follows bytes received, and time is near linear in
// them. Full objects, which can name classes and scripts, are refused unless
// [AllowObjects] is given, as bytes_to_var refuses them.
//
// Every failure to decode is a *DecodeError carrying the byte offset, the
// path to the value (like $[3]["pos"]) and a reason that errors.Is matches
// ([ErrTruncated], [ErrInvalidType], [ErrLimit], …); [IsIOError] tells a failed read
// from bad input. No input makes the package panic.
//
// # Engine versions
//
// [WithEngine] selects the type table and rules of Godot 4, Godot 3 (3.0–3.6)
// or Godot 2; one token model serves all three, and an Encoder refuses the
// types a version does not have.
package gdvar
