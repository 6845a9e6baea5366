package fileaccess

import (
	"bytes"
	"testing"

	"github.com/gdvar/gdvar/internal/fastlz"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fastlzByteByByte is fastlz.Decode as it was before overlapping matches
// were copied in pieces: the reference FuzzFastLZ compares with.
func fastlzByteByByte(src []byte, max int) ([]byte, bool) {
	if len(src) == 0 {
		return nil, true
	}
	level := src[0]>>5 + 1
	if level > 2 {
		return nil, false
	}
	var dst []byte
	ctrl, ip := int(src[0]&31), 1
	next := func() (int, bool) {
		if ip >= len(src) {
			return 0, false
		}
		ip++
		return int(src[ip-1]), true
	}
	for {
		if ctrl < 32 {
			n := ctrl + 1
			if ip+n > len(src) || len(dst)+n > max {
				return nil, false
			}
			dst = append(dst, src[ip:ip+n]...)
			ip += n
		} else {
			length, dist, ok := ctrl>>5-1, (ctrl&31)<<8, true
			var b int
			if length == 6 {
				b, ok = next()
				length += b
				for level == 2 && ok && b == 255 {
					b, ok = next()
					length += b
				}
			}
			b, ok2 := next()
			if !ok || !ok2 {
				return nil, false
			}
			dist += b
			if level == 2 && b == 255 && dist == 31<<8+255 {
				hi, ok1 := next()
				lo, ok2 := next()
				if !ok1 || !ok2 {
					return nil, false
				}
				dist = hi<<8 + lo + 8191 // level 2's far distances start past 8191
			}
			from := len(dst) - dist - 1
			if from < 0 || len(dst)+length+3 > max {
				return nil, false
			}
			for i := range length + 3 {
				dst = append(dst, dst[from+i])
			}
		}
		if ip >= len(src) {
			return dst, true
		}
		ctrl = int(src[ip])
		ip++
	}
}

// fastlz.Decode gives what a byte-by-byte copy of each match gives, and
// fails where it fails, on any input.
func FuzzFastLZ(f *testing.F) {
	f.Add([]byte{0, 'a', 7 << 5, 200, 0}, uint16(300))
	f.Add([]byte{2, 'a', 'b', 'c', 7 << 5, 255, 2}, uint16(1000))
	f.Add([]byte{1<<5 | 1, 'x', 'y', 7 << 5, 255, 255, 3, 1}, uint16(5000))
	f.Add(fastlzRun(1000), uint16(1000))
	f.Add(fastlz.Encode(nil, bytes.Repeat([]byte("abcab"), 100)), uint16(500))
	f.Fuzz(func(t *testing.T, src []byte, max uint16) {
		want, ok := fastlzByteByByte(src, int(max))
		prefix := []byte("earlier blocks") // decoding appends, never reaching back into them
		got, err := fastlz.Decode(prefix, src, int(max))
		require.Equal(t, ok, err == nil, "%v", err)
		if ok {
			assert.Equal(t, string(want), string(got[len(prefix):]))
		}
	})
}

// A pooled decoder left in any state by a block, good or bad, decodes
// the next block as a new one would: nothing carries over.
func FuzzPooledDecoders(f *testing.F) {
	var e encoders
	for i, c := range codecs {
		content := bytes.Repeat([]byte("pooled decoder "), 20*i+1)
		block := brotliOrEncode(f, &e, c, content)
		f.Add(uint8(i), block[:len(block)/2], content)
		f.Add(uint8(i), block, []byte("another block"))
		f.Add(uint8(i), append(block, 0), content[:10])
	}
	f.Fuzz(func(t *testing.T, codec uint8, first, content []byte) {
		c := codecs[int(codec)%len(codecs)]
		if len(first) > 1<<16 || len(content) > 1<<16 {
			return
		}
		_, _ = decode(c, make([]byte, 0, 1<<16), first, len(content)) // any outcome; the decoder goes back to the pool
		block := brotliOrEncode(t, &e, c, content)
		got, err := decode(c, make([]byte, 0, 1<<16), block, len(content)) // the same Zstd class as the first
		require.NoError(t, err)
		assert.Equal(t, string(content), string(got))
	})
}

// brotliOrEncode compresses content as a block of codec c.
func brotliOrEncode(t testing.TB, e *encoders, c Compression, content []byte) []byte {
	if c != Brotli {
		block, err := e.encode(c, nil, content)
		require.NoError(t, err)
		return bytes.Clone(block)
	}
	return brotliBlock(t, content, 5, 0)
}
