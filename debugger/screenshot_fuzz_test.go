package debugger

import (
	"bytes"
	"encoding/binary"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// FuzzScreenshot gives a shotReader, for an image of width × height
// pixels, the stream a game sends in chunks of chunk+1 bytes, the last
// short, and then empty ones as Godot's slice past the end: it ends with
// a whole PNG of that image within the bytes such a PNG can take, or
// ErrMalformed, having asked for no more than those bytes and a chunk,
// and never panics.
func FuzzScreenshot(f *testing.F) {
	idat := pngChunk("IDAT", make([]byte, 100))
	iend := pngChunk("IEND", nil)
	f.Add(uint16(3), uint16(2), uint8(15), pngOf(f, 3, 2))
	f.Add(uint16(3), uint16(2), uint8(255), pngOf(f, 3, 2))
	f.Add(uint16(40), uint16(30), uint8(63), pngOf(f, 40, 30))
	f.Add(uint16(3), uint16(2), uint8(7), append(append(pngHead(3, 2), idat...), iend...))
	f.Add(uint16(3), uint16(2), uint8(7), append(append(pngHead(3, 2), idat...), append(iend, 0)...))
	f.Add(uint16(1), uint16(1), uint8(0), bytes.Repeat(idat, 4))
	f.Add(uint16(0), uint16(2), uint8(7), pngHead(0, 2))
	f.Fuzz(func(t *testing.T, width, height uint16, chunk uint8, stream []byte) {
		size := int(chunk) + 1
		r, err := newShotReader(int64(width), int64(height), size)
		if width == 0 || height == 0 || int64(width)*int64(height) > maxImagePixels {
			require.ErrorIs(t, err, ErrMalformed)
			return
		}
		require.NoError(t, err)
		bound, _ := checkImageSize(int64(width), int64(height))
		asked := 0
		for {
			from := min(asked, len(stream))
			if asked += size; int64(asked) > bound+int64(size) {
				t.Fatalf("%d bytes asked for, over the %d a PNG can take and a chunk", asked, bound)
			}
			done, err := r.add(stream[from:min(asked, len(stream))])
			if err != nil {
				require.ErrorIs(t, err, ErrMalformed)
				assert.Nil(t, r.png)
				return
			}
			if done {
				break
			}
		}
		png := r.png
		require.LessOrEqual(t, int64(len(png)), bound)
		assert.Equal(t, stream[:len(png)], png)
		require.True(t, bytes.HasPrefix(png, pngSignature))
		assert.Equal(t, []uint32{uint32(width), uint32(height)}, []uint32{binary.BigEndian.Uint32(png[16:]), binary.BigEndian.Uint32(png[20:])}, "IHDR's size")
		assert.Equal(t, "IEND", string(png[len(png)-8:len(png)-4]))
	})
}
