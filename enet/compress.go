package enet

import (
	"errors"
	"fmt"
)

// Compression is how a Host compresses its datagrams, numbered as Godot's
// ENetConnection.CompressionMode.
type Compression int

// The compression modes of Godot's ENetConnection.compress. Both ends of a
// connection must use the same one: a datagram says only that it is
// compressed, not how.
const (
	CompressNone       Compression = iota // datagrams as they are
	CompressRangeCoder                    // ENet's own adaptive range coder
	CompressFastLZ                        // Godot's FastLZ callbacks
	CompressZlib                          // Godot's Deflate callbacks (zlib streams)
	CompressZstd                          // Godot's Zstandard callbacks
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
	case CompressZlib:
		return "ZLIB"
	case CompressZstd:
		return "ZSTD"
	}
	return fmt.Sprintf("Compression(%d)", int(c))
}

// compressor is one Host's codec state; the host calls it under its lock, one call at a
// time, so it may keep scratch state between calls.
type compressor interface {
	// compress appends to dst the compressed form of src and returns it, or returns
	// nil when the result would not be shorter than limit bytes (ENet then sends the
	// datagram uncompressed). limit is what ENet passes as outLimit.
	compress(dst, src []byte, limit int) []byte
	// decompress appends to dst the decompressed form of src, refusing (error) output
	// beyond limit bytes or malformed input. It must never allocate by what src declares.
	decompress(dst, src []byte, limit int) ([]byte, error)
}

// newCompressor returns c's codec, or nil for CompressNone.
func (c Compression) newCompressor() compressor {
	switch c {
	case CompressRangeCoder:
		return new(rangeCoder)
	}
	return nil
}

// errTooLarge is the error for a datagram that decompresses to more than
// the limit.
var errTooLarge = errors.New("enet: decompressed datagram over the limit")
