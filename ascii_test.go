package gdvar

import (
	"bytes"
	"encoding/binary"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// The word-at-a-time ASCII checks agree with a byte loop for every length
// up to 60 and every place of a byte that is not 0x01..0x7f, reading none
// of the bytes around the text.
func TestASCIIChecks(t *testing.T) {
	want := func(b []byte) bool {
		for _, c := range b {
			if c == 0 || c >= 0x80 {
				return false
			}
		}
		return true
	}
	for c := range 256 { // every byte value, in every place of a word of ASCII
		for at := range 8 {
			for _, around := range []byte{0x01, 0x7f} {
				w := bytes.Repeat([]byte{around}, 8)
				w[at] = byte(c)
				require.Equal(t, want(w), asciiWord(binary.LittleEndian.Uint64(w)), "%#x at %d among %#x", c, at, around)
			}
		}
	}
	for n := range 61 {
		for bad := -1; bad < n; bad++ {
			for _, c := range []byte{0, 0x80, 0xff} {
				// Bytes past the text are not ASCII: the checks must not look at them.
				buf := append(bytes.Repeat([]byte{'a'}, n), bytes.Repeat([]byte{c}, 64)...)
				if bad >= 0 {
					buf[bad] = c
				}
				text := buf[:n]
				require.Equal(t, want(text), isShortASCII(text), "isShortASCII, %d bytes, %#x at %d", n, c, bad)
				if n <= fastStringMax {
					// As in the buffer: a String's header before the
					// text; the bytes after the text are not ASCII.
					value := append([]byte{4, 0, 0, 0, byte(n), 0, 0, 0}, buf...)
					require.Equal(t, want(text), shortASCII(unsafe.Pointer(&value[0]), n), "shortASCII, %d bytes, %#x at %d", n, c, bad)
				}
			}
		}
	}
}
