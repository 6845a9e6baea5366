package fileaccess

import (
	"bytes"
	"io"
	"testing"

	"github.com/gdvar/gdvar/internal/gamestate"
	"github.com/stretchr/testify/require"
)

// codecs are the codecs a Reader reads.
var codecs = []Compression{FastLZ, Deflate, Zstd, Gzip, Brotli}

// bomb is a compressed container of n zero bytes in blocks of the largest
// size a Reader accepts by default: the most content per byte of file a
// codec makes (Zstd: 64 MiB from 15 KiB).
func bomb(t testing.TB, c Compression, n int) []byte {
	const block = DefaultMaxBlockSize
	if c == Brotli {
		return brotliBlocks(t, make([]byte, n), block, 11, 16)
	}
	var e encoders
	encode := func(n int) []byte {
		if c == FastLZ {
			return fastlzRun(max(n, 16)) // an empty block is padded to 16
		}
		out, err := e.encode(c, nil, make([]byte, n))
		require.NoError(t, err)
		return out
	}
	full, last := encode(block), encode(n%block)
	blocks := make([][]byte, n/block, n/block+1)
	for i := range blocks {
		blocks[i] = full
	}
	return container(c, block, uint32(n), append(blocks, last))
}

// fastlzRun is a FastLZ block of n zeros (at least 16) as a hostile
// writer makes it, unlike fastlzEncode: a literal zero, then matches of the
// longest length level 1 has, each copying the byte just written.
func fastlzRun(n int) []byte {
	b := []byte{0, 0}
	for n--; n > 0; {
		k := min(n, 264)
		if n-k < 3 && n > k { // leave a last match of at least 3
			k -= 3
		}
		if k > 8 {
			b = append(b, 7<<5, byte(k-9), 0)
		} else {
			b = append(b, byte(k-2)<<5, 0)
		}
		n -= k
	}
	return b
}

// ordinary is a save file of about n bytes of content in codec c, as the
// engines write it (blocks of 4 KiB).
func ordinary(t testing.TB, c Compression, n int) []byte {
	content := gamestate.Bytes(n / 165) // a player record is about 165 bytes
	if c == Brotli {
		return brotliFile(t, content, 16)
	}
	return write(t, c.String(), content)
}

// BenchmarkBombs reads, per codec, a bomb and an ordinary save of about
// the same content size; the figures per byte of content (MB/s) compare
// the two.
func BenchmarkBombs(b *testing.B) {
	const size = 16 << 20
	for _, c := range codecs {
		for _, in := range []struct {
			name string
			file []byte
		}{{"bomb", bomb(b, c, size)}, {"ordinary", ordinary(b, c, size)}} {
			_, content, err := readAll(in.file)
			require.NoError(b, err)
			b.Run(c.String()+"/"+in.name, func(b *testing.B) {
				b.SetBytes(int64(len(content)))
				b.ReportMetric(float64(len(content))/float64(len(in.file)), "ratio")
				for b.Loop() {
					r, err := NewReader(bytes.NewReader(in.file))
					if err == nil {
						_, err = io.Copy(io.Discard, r)
					}
					if err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

func TestFastLZRun(t *testing.T) {
	for _, n := range []int{16, 17, 264, 265, 266, 267, 268, 1000, 65536} {
		out, err := fastlzDecode(nil, fastlzRun(n), n)
		require.NoError(t, err, n)
		require.Equal(t, make([]byte, n), out, n)
	}
}
