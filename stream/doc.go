// Package stream carries Godot Variant values over connections and files
// with Godot's own framings:
//
//   - Peer (Reader and Writer): StreamPeer.put_var/get_var on TCP, TLS or
//     StreamPeerBuffer, PacketPeerStream, FileAccess.store_var/get_var save
//     files, and the editor's remote debugger: a u32 length, then the value.
//   - PacketPeer: PacketPeerUDP (and WebSocket messages): one datagram is one
//     bare value.
//
// Values go through gdvar's value layer (PutVar, GetVar) or its token layer
// (NextFrame, WriteFrame), which reads and writes frames of any size with
// bounded memory; ReadFrame gives a frame's bytes as they came, for relays.
// The values' engine version, limits and other settings are a gdvar.Codec's,
// given with [WithCodec]; the constructors check their options once.
package stream
