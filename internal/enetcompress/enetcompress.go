// Package enetcompress is the compression of ENet datagrams with zlib and
// Zstandard, as Godot's ENetConnection.compress(COMPRESS_ZLIB,
// COMPRESS_ZSTD) sets it: package enet/compress hands it to a host, and
// package enet's tests use it, which is why it does not import enet. Both
// codecs are other libraries than Godot's: their bytes differ, in the same
// formats, and each reads the other's.
//
// Each compresses (Compress) only what comes out shorter than a limit,
// and decompresses (Decompress) no more than a limit, in room grown by the
// limit, never by what the data declares, as enet.Compressor says.
package enetcompress

import (
	"errors"
	"io"
	"slices"
)

// The errors of a datagram that cannot be decompressed whole.
var (
	// ErrTooLarge: it decompresses to more than the limit.
	ErrTooLarge = errors.New("enet: decompressed datagram over the limit")
	// ErrEmpty: it decompresses to nothing, which ENet takes for failure.
	ErrEmpty = errors.New("enet: compressed datagram holds nothing")
)

// shorter returns out, dst with a compressed datagram appended, or nil
// when that is empty or not shorter than limit.
func shorter(dst, out []byte, limit int) []byte {
	if n := len(out) - len(dst); n > 0 && n < limit {
		return out
	}
	return nil
}

// nonEmpty returns out, dst with a decompressed datagram appended, or
// ErrEmpty when nothing was appended.
func nonEmpty(dst, out []byte) ([]byte, error) {
	if len(out) > len(dst) {
		return out, nil
	}
	return dst, ErrEmpty
}

// readLimited appends to dst what r reads up to its end, at most limit
// bytes, in room grown by limit: never by what the data declares. Past
// limit, it returns ErrTooLarge with the first limit bytes.
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
			return dst[:start+limit], ErrTooLarge
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
