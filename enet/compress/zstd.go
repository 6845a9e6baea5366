package compress

import (
	"errors"
	"slices"

	"github.com/gdvar/gdvar/enet"
	"github.com/klauspost/compress/zstd"
)

// zstdCodec is COMPRESS_ZSTD: its encoder and decoder are made once. Godot
// compresses at level 3, zstd's default.
type zstdCodec struct {
	w *zstd.Encoder
	r *zstd.Decoder
}

// maxWindow bounds the window a frame may ask the decoder for: Godot's
// frames of a datagram (at most 4 KiB) declare at most that.
const maxWindow = 64 << 10

// Compress appends to dst the compressed form of src and returns it.
func (z *zstdCodec) Compress(dst, src []byte, limit int) []byte {
	if len(src) == 0 {
		return nil
	}
	if z.w == nil {
		var err error
		z.w, err = zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedDefault), // Godot's level 3
			zstd.WithEncoderConcurrency(1), zstd.WithEncoderCRC(false), zstd.WithWindowSize(maxWindow))
		if err != nil {
			return nil
		}
	}
	return z.w.EncodeAll(src, dst)
}

// Decompress appends to dst the decompressed form of src, at most limit
// bytes, in room grown by limit, never by what the frame declares: past
// it, enet.ErrOverLimit, with nothing appended (zstd cannot stop there).
func (z *zstdCodec) Decompress(dst, src []byte, limit int) ([]byte, error) {
	if z.r == nil {
		var err error
		z.r, err = zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecodeAllCapLimit(true),
			zstd.WithDecoderMaxWindow(maxWindow), zstd.WithDecoderMaxMemory(maxWindow))
		if err != nil {
			return dst, err
		}
	}
	dst = slices.Grow(dst, limit)
	out, err := z.r.DecodeAll(src, dst[:len(dst):len(dst)+limit])
	if errors.Is(err, zstd.ErrDecoderSizeExceeded) {
		return dst, enet.ErrOverLimit
	}
	if err != nil {
		return dst, err
	}
	// Written in dst's room, which the cap limit keeps it in: returned
	// with all of it, so that the next datagram finds it there.
	return dst[:len(out)], nil
}
