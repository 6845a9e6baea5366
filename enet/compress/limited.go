package compress

import (
	"io"
	"slices"

	"github.com/gdvar/gdvar/enet"
)

// readLimited appends to dst what r reads up to its end, at most limit
// bytes, in room grown by limit: never by what the data declares. Past
// limit, it returns enet.ErrOverLimit with the first limit bytes.
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
			return dst[:start+limit], enet.ErrOverLimit
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
