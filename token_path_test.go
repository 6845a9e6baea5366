package gdvar

import (
	"encoding/binary"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// keyedDictionaries is depth Dictionaries, each with one entry keyed by key,
// around an Array of three Nils.
func keyedDictionaries(depth int, key string) []byte {
	u32 := binary.LittleEndian.AppendUint32
	var b []byte
	for range depth {
		b = append(u32(u32(u32(u32(b, 27), 1), 4), uint32(len(key))), key...)
		for len(b)%4 != 0 {
			b = append(b, 0)
		}
	}
	return u32(u32(u32(u32(u32(b, 28), 3), 0), 0), 0)
}

// cutReference is what AppendCutPath must give: the whole short path, then
// cut as its doc says.
func cutReference(d *Decoder, levels, maxBytes int) (string, bool) {
	p := d.AppendShortPath(nil, levels)
	if len(p) <= maxBytes {
		return string(p), false
	}
	head := maxBytes / 3
	for !utf8.RuneStart(p[head]) {
		head--
	}
	tail := len(p) - max(maxBytes-maxBytes/3-len("…"), 0)
	for tail < len(p) && !utf8.RuneStart(p[tail]) {
		tail++
	}
	return string(p[:head]) + "…" + string(p[tail:]), true
}

// AppendCutPath gives the short path cut to its bytes, whatever the depth,
// the keys (cut inside a character or not), the levels and the bytes kept.
func TestAppendCutPath(t *testing.T) {
	keys := []string{"\x01", strings.Repeat("\x01", 24), "pos", strings.Repeat("é", 13), "✓✓✓✓✓✓✓✓✓", "a\"\\\x7f\u2028"}
	for _, depth := range []int{0, 1, 3, 9, 40} {
		for _, key := range keys {
			data := keyedDictionaries(depth, key)
			for _, levels := range []int{0, 1, 2, 8, 1 << 20} {
				for _, maxBytes := range []int{0, 2, 3, 10, 32, 96, 1000} {
					d := NewDecoderBytes(data)
					for d.Depth() > 0 || d.InputOffset() == 0 {
						_, err := d.ReadToken()
						require.NoError(t, err)
						want, wantCut := cutReference(d, levels, maxBytes)
						got, cut := d.AppendCutPath([]byte("line "), levels, maxBytes)
						require.Equal(t, "line "+want, string(got), "depth %d, key %q, %d levels, %d bytes", depth, key, levels, maxBytes)
						require.Equal(t, wantCut, cut)
						if maxBytes >= 4 { // room for … and the first byte
							assert.LessOrEqual(t, len(got)-len("line "), maxBytes)
						}
					}
				}
			}
		}
	}
}

// A path quotes only the keys of the parts it keeps: on the path of every
// token of 1022 Dictionaries keyed by 24 control characters (inspect's
// worst input), cut to 96 bytes, at most three keys a line (the outermost
// and, measured then written, the innermost), however many levels it may
// show. The whole short path of 8 levels quotes seven.
func TestCutPathQuotesKeptKeys(t *testing.T) {
	key := strings.Repeat("\x01", 24)
	data := keyedDictionaries(1022, key)
	var quoted int
	quoteKey = func(b, key []byte) []byte {
		quoted += len(key)
		return appendQuoted(b, key)
	}
	defer func() { quoteKey = appendQuoted }()
	for _, levels := range []int{8, 64, 1 << 20} {
		d := NewDecoderBytes(data)
		var line []byte
		for lines := 1; d.Depth() > 0 || lines == 1; lines++ {
			_, err := d.ReadToken()
			require.NoError(t, err)
			quoted = 0
			line, _ = d.AppendCutPath(line[:0], levels, 96)
			require.LessOrEqual(t, quoted, 3*len(key), "%d levels, line %d: %s", levels, lines, line)
		}
	}
}

// Keys are quoted as strconv.Quote quotes them, and a key longer than the
// copy a frame keeps shows … after the copy, even one cut inside a
// character.
func TestPathKeysQuoted(t *testing.T) {
	var keys []string
	for c := range 256 {
		keys = append(keys, string([]byte{byte(c)}), "a"+string([]byte{byte(c)})+"z")
	}
	keys = append(keys, "", "pos", "é✓\u2028\U0001F600", "\xff\xfe", strings.Repeat("✓", 8)+"x")
	for _, key := range keys {
		assert.Equal(t, strconv.Quote(key), string(appendQuoted(nil, []byte(key))), "%q", key)
	}
	for _, key := range []string{strings.Repeat("\x01", 30), strings.Repeat("✓", 9), strings.Repeat("é", 13)} {
		d := NewDecoderBytes(keyedDictionaries(1, key))
		for range 4 { // up to the Array: the value of the key
			_, err := d.ReadToken()
			require.NoError(t, err)
		}
		assert.Equal(t, "$["+strconv.Quote(key[:24]+"…")+"]", d.Path(), "%q", key)
	}
}
