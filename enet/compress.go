package enet

import (
	"errors"
	"fmt"

	"github.com/gdvar/gdvar/internal/fastlz"
)

// Compression is how a [Host] compresses its datagrams, numbered as Godot's
// ENetConnection.CompressionMode ([WithCompression]). Its last two,
// COMPRESS_ZLIB (3) and COMPRESS_ZSTD (4), are package enet/compress's
// Compressors ([WithCompressor]), so that a program that does not use them
// links neither codec.
type Compression int

// The compression modes of Godot's ENetConnection.compress. Both ends of a
// connection must use the same one: a datagram says only that it is
// compressed, not how.
const (
	CompressNone       Compression = iota // datagrams as they are
	CompressRangeCoder                    // ENet's own adaptive range coder
	CompressFastLZ                        // Godot's FastLZ callbacks
)

// String returns the mode's name as Godot's enum spells it, without COMPRESS_.
func (c Compression) String() string {
	switch c {
	case CompressNone:
		return "NONE"
	case CompressRangeCoder:
		return "RANGE_CODER"
	case CompressFastLZ:
		return "FASTLZ"
	}
	return fmt.Sprintf("Compression(%d)", int(c))
}

// A Compressor is one Host's codec of its datagrams ([WithCompressor]): the
// host calls it under its lock, one call at a time, so it may keep
// scratch state between calls, and each host has its own. ENet's rules on
// what comes out are the host's, whatever the codec: a compressed datagram
// is sent only where it is shorter than the limit (the datagram goes as it
// is otherwise), and one that decompresses to nothing is refused.
type Compressor interface {
	// Compress appends to dst the compressed form of src and returns it;
	// it may return nil where that would not be shorter than limit bytes
	// (limit is what ENet passes as outLimit), to save the work.
	Compress(dst, src []byte, limit int) []byte
	// Decompress appends to dst the decompressed form of src, refusing
	// (an error) output beyond limit bytes, which should be or wrap
	// [ErrOverLimit], or malformed input; it must never allocate by what
	// src declares. The host drops a datagram it refuses. Past limit,
	// what it returns with its error may hold the output's start, as much
	// as it could stop at (the range coder's and zlib's first limit bytes,
	// FastLZ's whole instructions, nothing of zstd's): a host reads a
	// connect's acknowledgement from that, decompressing no further. On
	// any other error it returns dst as it was given.
	Decompress(dst, src []byte, limit int) ([]byte, error)
}

// newCompressor returns c's codec, or nil for CompressNone.
func (c Compression) newCompressor() Compressor {
	switch c {
	case CompressRangeCoder:
		return new(rangeCoder)
	case CompressFastLZ:
		return new(fastlzCodec)
	}
	return nil
}

// Godot's own compressors (modules/enet/enet_connection.cpp) hand ENet's
// command stream, gathered in one buffer, to core/io/compression.cpp, with
// the engine's default settings: FastLZ, Deflate (zlib streams) at zlib's
// default level, Zstandard at level 3 (those two are package
// enet/compress's). Any result longer than ENet's limit is dropped, and
// ENet keeps only results shorter than the original. Our FastLZ writes
// Godot's bytes, and reads what Godot's writes. ENet takes a decompressed
// length of zero for failure, so an empty result is an error.

// errEmpty is the error for a datagram that decompresses to nothing.
var errEmpty = errors.New("enet: compressed datagram holds nothing")

// datagrams is a host's codec: c, under ENet's rules on what comes out
// (see Compressor), kept here once for every codec.
type datagrams struct{ c Compressor }

// newDatagrams returns c under ENet's rules, or nil for none.
func newDatagrams(c Compressor) Compressor {
	if c == nil {
		return nil
	}
	return datagrams{c}
}

// Compress returns dst with src compressed appended, or nil where that
// is empty or not shorter than limit.
func (d datagrams) Compress(dst, src []byte, limit int) []byte {
	out := d.c.Compress(dst, src, limit)
	if n := len(out) - len(dst); n <= 0 || n >= limit {
		return nil
	}
	return out
}

// Decompress returns dst with src decompressed appended, or errEmpty
// where nothing was appended.
func (d datagrams) Decompress(dst, src []byte, limit int) ([]byte, error) {
	out, err := d.c.Decompress(dst, src, limit)
	if err == nil && len(out) == len(dst) {
		return dst, errEmpty
	}
	return out, err
}

// fastlzCodec is CompressFastLZ.
type fastlzCodec struct{}

// fastlzMin is the shortest input Godot gives FastLZ: it pads shorter ones
// with zeros, which ENet's command parser stops at on the far side.
const fastlzMin = 16

func (fastlzCodec) Compress(dst, src []byte, limit int) []byte {
	if len(src) == 0 { // ENet never asks: it compresses only commands
		return nil
	}
	var pad [fastlzMin]byte
	if len(src) < fastlzMin {
		copy(pad[:], src)
		src = pad[:]
	}
	return fastlz.Encode(dst, src)
}

func (fastlzCodec) Decompress(dst, src []byte, limit int) ([]byte, error) {
	// Godot decodes into 16 bytes at least, and keeps the start.
	out, err := fastlz.Decode(dst, src, max(limit, fastlzMin))
	if err != nil {
		return dst, err
	}
	return out[:min(len(out), len(dst)+limit)], nil
}
