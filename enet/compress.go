package enet

import (
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/gdvar/gdvar/internal/fastlz"
	"github.com/klauspost/compress/zlib"
	"github.com/klauspost/compress/zstd"
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
	// Past limit, the error is errTooLarge, and what it returns holds as much of the
	// output's start as the codec could stop at: the range coder's and zlib's first
	// limit bytes, FastLZ's whole instructions, nothing of zstd's.
	decompress(dst, src []byte, limit int) ([]byte, error)
}

// newCompressor returns c's codec, or nil for CompressNone.
func (c Compression) newCompressor() compressor {
	switch c {
	case CompressRangeCoder:
		return new(rangeCoder)
	case CompressFastLZ:
		return new(fastlzCodec)
	case CompressZlib:
		return new(zlibCodec)
	case CompressZstd:
		return new(zstdCodec)
	}
	return nil
}

// Godot's own compressors (modules/enet/enet_connection.cpp) hand ENet's
// command stream, gathered in one buffer, to core/io/compression.cpp, with
// the engine's default settings: FastLZ, Deflate (zlib streams) at zlib's
// default level, Zstandard at level 3. Any result longer than ENet's limit
// is dropped, and ENet keeps only results shorter than the original. Our
// FastLZ writes Godot's bytes; our zlib and Zstd encoders are other
// libraries than Godot's, so their bytes differ, in the same formats. All
// read what Godot's write. ENet takes a decompressed length of zero for
// failure, so an empty result is an error.

var (
	// errTooLarge is the error for a datagram that decompresses to more
	// than the limit.
	errTooLarge = errors.New("enet: decompressed datagram over the limit")
	// errEmpty is the error for a datagram that decompresses to nothing.
	errEmpty = errors.New("enet: compressed datagram holds nothing")
)

// fastlzCodec is CompressFastLZ.
type fastlzCodec struct{}

// fastlzMin is the shortest input Godot gives FastLZ: it pads shorter ones
// with zeros, which ENet's command parser stops at on the far side.
const fastlzMin = 16

func (fastlzCodec) compress(dst, src []byte, limit int) []byte {
	if len(src) == 0 { // ENet never asks: it compresses only commands
		return nil
	}
	var pad [fastlzMin]byte
	if len(src) < fastlzMin {
		copy(pad[:], src)
		src = pad[:]
	}
	return shorter(dst, fastlz.Encode(dst, src), limit)
}

func (fastlzCodec) decompress(dst, src []byte, limit int) ([]byte, error) {
	if limit < fastlzMin { // Godot decodes into 16 bytes and keeps the start
		out, err := fastlz.Decode(dst, src, fastlzMin)
		if err != nil {
			return dst, err
		}
		return nonEmpty(dst, out[:min(len(out), len(dst)+limit)])
	}
	out, err := fastlz.Decode(dst, src, limit)
	if err != nil {
		return dst, err
	}
	return nonEmpty(dst, out)
}

// zlibCodec is CompressZlib: its writer and reader are made once and reset
// for each datagram.
type zlibCodec struct {
	w   *zlib.Writer
	out appender
	in  bytesReader
	r   io.ReadCloser
}

func (z *zlibCodec) compress(dst, src []byte, limit int) []byte {
	if len(src) == 0 {
		return nil
	}
	z.out = dst
	if z.w == nil {
		z.w = zlib.NewWriter(&z.out) // zlib.DefaultCompression, as Godot's Z_DEFAULT_COMPRESSION
	} else {
		z.w.Reset(&z.out)
	}
	if _, err := z.w.Write(src); err != nil {
		return nil
	}
	if err := z.w.Close(); err != nil {
		return nil
	}
	out := z.out
	z.out = nil
	return shorter(dst, out, limit)
}

func (z *zlibCodec) decompress(dst, src []byte, limit int) ([]byte, error) {
	z.in = src
	var err error
	if z.r == nil {
		z.r, err = zlib.NewReader(&z.in)
	} else {
		err = z.r.(zlib.Resetter).Reset(&z.in, nil)
	}
	if err != nil {
		return dst, err
	}
	out, err := readLimited(z.r, dst, limit)
	z.in = nil
	if err != nil {
		return out, err
	}
	return nonEmpty(dst, out)
}

// zstdCodec is CompressZstd: its encoder and decoder are made once.
type zstdCodec struct {
	w *zstd.Encoder
	r *zstd.Decoder
}

// zstdMaxWindow bounds the window a frame may ask the decoder for: Godot's
// frames of a datagram (at most 4 KiB) declare at most that.
const zstdMaxWindow = 64 << 10

func (z *zstdCodec) compress(dst, src []byte, limit int) []byte {
	if len(src) == 0 {
		return nil
	}
	if z.w == nil {
		var err error
		z.w, err = zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedDefault), // Godot's level 3
			zstd.WithEncoderConcurrency(1), zstd.WithEncoderCRC(false), zstd.WithWindowSize(zstdMaxWindow))
		if err != nil {
			return nil
		}
	}
	return shorter(dst, z.w.EncodeAll(src, dst), limit)
}

func (z *zstdCodec) decompress(dst, src []byte, limit int) ([]byte, error) {
	if z.r == nil {
		var err error
		z.r, err = zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecodeAllCapLimit(true),
			zstd.WithDecoderMaxWindow(zstdMaxWindow), zstd.WithDecoderMaxMemory(zstdMaxWindow))
		if err != nil {
			return dst, err
		}
	}
	dst = slices.Grow(dst, limit)
	out, err := z.r.DecodeAll(src, dst[:len(dst):len(dst)+limit])
	if errors.Is(err, zstd.ErrDecoderSizeExceeded) {
		return dst, errTooLarge
	}
	if err != nil {
		return dst, err
	}
	// Written in dst's room, which the cap limit keeps it in: returned
	// with all of it, so that the next datagram finds it there.
	return nonEmpty(dst, dst[:len(out)])
}

// shorter returns out, dst with a compressed datagram appended, or nil when
// that is empty or not shorter than limit.
func shorter(dst, out []byte, limit int) []byte {
	if n := len(out) - len(dst); n == 0 || n >= limit {
		return nil
	}
	return out
}

// nonEmpty returns out, dst with a decompressed datagram appended, or
// errEmpty when nothing was appended.
func nonEmpty(dst, out []byte) ([]byte, error) {
	if len(out) == len(dst) {
		return dst, errEmpty
	}
	return out, nil
}

// readLimited appends to dst what r reads up to its end, at most limit
// bytes, in room grown by limit: never by what the data declares. Past
// limit, it returns errTooLarge with the first limit bytes.
func readLimited(r io.Reader, dst []byte, limit int) ([]byte, error) {
	start := len(dst)
	dst = slices.Grow(dst, limit+1)
	buf := dst[start : start+limit+1] // a byte more than allowed, which must not come
	n := 0
	for {
		k, err := r.Read(buf[n:])
		n += k
		switch {
		case n > limit:
			return dst[:start+limit], errTooLarge
		case err == io.EOF:
			return dst[:start+n], nil
		case err != nil:
			return dst[:start], err
		}
	}
}

// appender is an io.Writer appending to itself.
type appender []byte

func (a *appender) Write(p []byte) (int, error) {
	*a = append(*a, p...)
	return len(p), nil
}

// bytesReader is an io.Reader of a byte slice that, unlike bytes.Reader,
// takes a new slice by assignment. It also reads bytes one at a time
// (io.ByteReader), which keeps flate from wrapping it in a bufio.Reader.
type bytesReader []byte

func (b *bytesReader) Read(p []byte) (int, error) {
	if len(*b) == 0 {
		return 0, io.EOF
	}
	n := copy(p, *b)
	*b = (*b)[n:]
	return n, nil
}

func (b *bytesReader) ReadByte() (byte, error) {
	if len(*b) == 0 {
		return 0, io.EOF
	}
	c := (*b)[0]
	*b = (*b)[1:]
	return c, nil
}
