package fileaccess

import (
	"bytes"
	"fmt"
	"io"
	"math/bits"
	"sync"

	"github.com/andybalholm/brotli"
	"github.com/gdvar/gdvar/internal/fastlz"
	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zlib"
	"github.com/klauspost/compress/zstd"
)

// The codecs' decoders are pooled, taken for one block and put back: a
// Reader waiting between blocks holds none. Their state is not small (a
// Deflate window is 32 KiB, a Zstd decoder's 70 KiB, and Brotli's tables
// grow to 2697 KiB when a block declares the most prefix codes, which the
// library allocates whole before reading them, for as few as 15 bytes of
// block; no check of the block could keep them within hostile.Bound, as a
// prefix code of 14 bits gets a table of 4320 bytes), and idle Readers can
// be many. A decoder reused keeps its buffers, so a file of many blocks
// costs them once; but not its context maps, which the library allocates
// anew at each meta-block: up to 17.25 KiB for 82 bytes of block, 260
// bytes a byte at most, which only a decoder that reused them would avoid.
var (
	streamDecoders [Brotli + 1]sync.Pool // *streamDecoder, by codec
	zstdDecoders   [33]sync.Pool         // *zstd.Decoder, by zstdClass
)

// streamDecoder is a decoder of a streaming codec and its input.
type streamDecoder struct {
	src bytes.Reader
	r   io.Reader
}

// decode appends to dst the want bytes block src decompresses to; dst has
// room for at least max(want, 16).
func decode(codec Compression, dst, src []byte, want int) ([]byte, error) {
	switch codec {
	case FastLZ:
		out, err := fastlz.Decode(dst, src, max(want, 16))
		if err != nil {
			return nil, err
		}
		if len(out) != want && !(want < 16 && len(out) == 16) { // a short block was padded to 16
			return nil, fmt.Errorf("%d bytes, want %d", len(out), want)
		}
		return out[:want], nil
	case Zstd:
		return zstdDecode(dst, src, want)
	}
	d, err := getStream(codec, src)
	if err != nil {
		return nil, err
	}
	defer putStream(codec, d)
	out := dst[:want]
	if _, err := io.ReadFull(d.r, out); err != nil {
		return nil, err
	}
	var more [1]byte // the end of the stream, where the codec checks its checksum
	switch _, err := io.ReadFull(d.r, more[:]); err {
	case io.EOF:
		return out, nil
	case nil:
		return nil, fmt.Errorf("more than %d bytes", want)
	default:
		return nil, err
	}
}

// zstdClass is the class of Zstd decoders for blocks of up to cap bytes:
// their window and output are limited to 2^class bytes, at least Zstd's
// smallest window.
func zstdClass(cap int) int { return max(bits.Len(uint(cap-1)), 10) }

// zstdDecode decodes a Zstd block with a pooled decoder.
func zstdDecode(dst, src []byte, want int) ([]byte, error) {
	class := zstdClass(cap(dst))
	d, _ := zstdDecoders[class].Get().(*zstd.Decoder)
	if d == nil {
		var err error
		d, err = zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecodeAllCapLimit(true),
			zstd.WithDecoderMaxMemory(1<<class+1), zstd.WithDecoderMaxWindow(1<<class))
		if err != nil {
			return nil, err
		}
	}
	out, err := d.DecodeAll(src, dst[:0:want])
	zstdDecoders[class].Put(d)
	if err != nil {
		return nil, err
	}
	if len(out) != want {
		return nil, fmt.Errorf("%d bytes, want %d", len(out), want)
	}
	return out, nil
}

// getStream returns a pooled decoder of codec (Deflate, Gzip or Brotli)
// reading src.
func getStream(codec Compression, src []byte) (*streamDecoder, error) {
	d, _ := streamDecoders[codec].Get().(*streamDecoder)
	if d == nil {
		d = new(streamDecoder)
	}
	d.src.Reset(src)
	var err error
	switch r := d.r.(type) {
	case nil:
		switch codec {
		case Deflate:
			d.r, err = zlib.NewReader(&d.src)
		case Gzip:
			d.r, err = gzip.NewReader(&d.src)
		default:
			d.r = brotli.NewReader(&d.src)
		}
		if err != nil { // nothing made: nothing to pool
			return nil, err
		}
	case zlib.Resetter:
		err = r.Reset(&d.src, nil)
	case *gzip.Reader:
		err = r.Reset(&d.src)
	case *brotli.Reader:
		err = r.Reset(&d.src)
	}
	if g, ok := d.r.(*gzip.Reader); ok {
		g.Multistream(false)
	}
	if err != nil {
		putStream(codec, d)
		return nil, err
	}
	return d, nil
}

// putStream returns d to its pool, letting go of its input.
func putStream(codec Compression, d *streamDecoder) {
	d.src.Reset(nil)
	streamDecoders[codec].Put(d)
}
