// Package compress is ENet's datagram compression with zlib and Zstandard,
// Godot's ENetConnection.compress(COMPRESS_ZLIB) and (COMPRESS_ZSTD): a
// host compresses as a Godot peer that sets one of them does given
//
//	enet.Listen("udp", addr, enet.WithCompressor(compress.Zstd))
//
// (multiplayer.ListenAndServeENet and ConnectENet take the same option).
// It stands apart from package enet so that a program that does not use
// them links neither codec; ENet's own range coder and Godot's FastLZ are
// package enet's modes ([enet.WithCompression]). Its encoders are other
// libraries than Godot's: their bytes differ, in the same formats, and
// each reads the other's. Each decompresses a datagram into no more than
// the host's limit, in room grown by the limit, never by what its data
// declares, as [enet.Compressor] says; past it, [enet.ErrOverLimit].
//
// Package enet's tests run these codecs too, given them by an external
// test file (enet/codecs_test.go), as package enet cannot import this one.
package compress

import "github.com/gdvar/gdvar/enet"

// Zlib returns a Compressor for one host: COMPRESS_ZLIB, Deflate in zlib
// streams at zlib's default level, as Godot's.
func Zlib() enet.Compressor { return new(zlibCodec) }

// Zstd returns a Compressor for one host: COMPRESS_ZSTD, one Zstandard
// frame at level 3, as Godot's; a frame may ask for a window of 64 KiB at
// most, as Godot's datagrams do.
func Zstd() enet.Compressor { return new(zstdCodec) }
