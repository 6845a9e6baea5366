package fileaccess

import (
	"bytes"
	"io"
	"testing"

	"github.com/gdvar/gdvar/internal/fastlz"
	"github.com/gdvar/gdvar/internal/testrig/gamestate"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
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
// writer makes it, unlike fastlz.Encode: a literal zero, then matches of the
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
// the same content size (and for Brotli, blocks declaring the most prefix
// codes); the figures per byte of content (MB/s) compare them, and
// content/byte times it gives the figures per byte of file.
func BenchmarkBombs(b *testing.B) {
	const size = 16 << 20
	for _, c := range codecs {
		inputs := []struct {
			name string
			file []byte
		}{{"bomb", bomb(b, c, size)}, {"ordinary", ordinary(b, c, size)}}
		if c == Brotli {
			inputs = append(inputs, struct {
				name string
				file []byte
			}{"trees", treesFile(256)}) // 1 MiB of content: these are slow
		}
		for _, in := range inputs {
			_, content, err := readAll(in.file)
			require.NoError(b, err)
			b.Run(c.String()+"/"+in.name, func(b *testing.B) {
				b.SetBytes(int64(len(content)))
				for b.Loop() {
					if err := drain(in.file); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(len(content))/float64(len(in.file)), "content/byte")
			})
		}
	}
}

// A FastLZ match that overlaps what it writes repeats the bytes before it,
// whatever its distance and length (now copied in growing pieces).
func TestFastLZOverlap(t *testing.T) {
	for _, dist := range []int{1, 2, 3, 7, 31, 32} {
		for _, length := range []int{3, 8, 9, 64, 263, 264} {
			period := []byte("0123456789abcdefghijklmnopqrstuvwxyz")[:dist]
			block := append([]byte{byte(dist - 1)}, period...) // literals
			if ofs := dist - 1; length <= 8 {
				block = append(block, byte(length-2)<<5, byte(ofs))
			} else {
				block = append(block, 7<<5, byte(length-9), byte(ofs))
			}
			want := bytes.Repeat(period, (dist+length)/dist+1)[:dist+length]
			got, err := fastlz.Decode(nil, block, dist+length)
			require.NoError(t, err, "distance %d, length %d", dist, length)
			assert.Equal(t, string(want), string(got), "distance %d, length %d", dist, length)
		}
	}
	for _, n := range []int{16, 17, 264, 265, 266, 267, 268, 1000, 65536} {
		got, err := fastlz.Decode(nil, fastlzRun(n), n)
		require.NoError(t, err, n)
		assert.Equal(t, make([]byte, n), got, "fastlzRun(%d)", n)
	}
}

// A compressed container declaring more content than the limit fails at
// its header with ErrContentTooLarge, before any block is decompressed;
// by default the limit is 1 GiB, which a 320 KB Zstd file can exceed.
func TestContentLimit(t *testing.T) {
	for _, c := range []struct {
		name  string
		file  []byte
		opts  []Option
		err   error
		bytes int
	}{
		{"a Zstd bomb of 1 GiB + 1", bomb(t, Zstd, DefaultMaxContentSize+1), nil, ErrContentTooLarge, 0},
		{"4 GiB declared, then nothing", header(DefaultBlockSize, 1<<32-1), nil, ErrContentTooLarge, 0},
		{"a FastLZ bomb of 16 MiB, limit 1 MiB", bomb(t, FastLZ, 16<<20), []Option{WithMaxContentSize(1 << 20)}, ErrContentTooLarge, 0},
		{"a Brotli bomb of 1 MiB, limit 1 MiB", bomb(t, Brotli, 1<<20), []Option{WithMaxContentSize(1 << 20)}, nil, 1 << 20},
		{"a Deflate bomb of 1 MiB + 1, limit 1 MiB", bomb(t, Deflate, 1<<20+1), []Option{WithMaxContentSize(1 << 20)}, ErrContentTooLarge, 0},
		{"a Zstd bomb of 64 MiB, by default", bomb(t, Zstd, 64<<20), nil, nil, 64 << 20},
	} {
		var got zeros
		var err error
		alloc := hostile.Allocated(func() {
			var r *Reader
			if r, err = NewReader(bytes.NewReader(c.file), c.opts...); err == nil {
				_, err = io.Copy(&got, r)
			}
		})
		if c.err != nil {
			assert.ErrorIs(t, err, c.err, c.name)
			var fe *FormatError
			if assert.ErrorAs(t, err, &fe, c.name) {
				assert.EqualValues(t, 12, fe.Offset, "%s: the content size's offset", c.name)
			}
			assert.LessOrEqual(t, alloc, hostile.Bound(len(c.file)), c.name)
		} else if assert.NoError(t, err, c.name) {
			assert.Equal(t, zeros{n: c.bytes}, got, c.name)
		}
		t.Logf("%s: %d bytes of file, %d KiB allocated: %v", c.name, len(c.file), alloc>>10, err)
	}
	_, _, err := readAll(header(DefaultBlockSize, 0), WithMaxContentSize(0))
	assert.Error(t, err, "a limit of 0")
}

// zeros counts the bytes written to it and whether any was not zero.
type zeros struct {
	n       int
	nonzero bool
}

func (z *zeros) Write(p []byte) (int, error) {
	z.n += len(p)
	z.nonzero = z.nonzero || bytes.ContainsFunc(p, func(r rune) bool { return r != 0 })
	return len(p), nil
}
