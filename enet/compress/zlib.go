package compress

import (
	"io"

	"github.com/klauspost/compress/zlib"
)

// zlibCodec is COMPRESS_ZLIB (Deflate in zlib streams): its writer and reader
// are made once and reset for each datagram.
type zlibCodec struct {
	w   *zlib.Writer
	out appender
	in  bytesReader
	r   io.ReadCloser
}

func (z *zlibCodec) Compress(dst, src []byte, limit int) []byte {
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
	return out
}

func (z *zlibCodec) Decompress(dst, src []byte, limit int) ([]byte, error) {
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
	return out, err
}
