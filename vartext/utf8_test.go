package vartext

import (
	"bytes"
	"encoding/binary"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/hostile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// What Godot 4.6's get_string_from_utf8 then str_to_var made of a quoted
// string holding these bytes (seen in the engine: one U+FFFD for a
// truncated sequence that was right so far, else one a byte).
func TestGodot4ReplacesInvalidUTF8(t *testing.T) {
	const r = "\uFFFD"
	for _, c := range []struct{ in, want string }{
		{"a\xffb", "a" + r + "b"},
		{"\xc0\x80", r + r},                 // overlong
		{"\xed\xa0\x80", r + r + r},         // a surrogate
		{"\xf4\x90\x80\x80", r + r + r + r}, // past U+10FFFF, second byte out of range
		{"\xf7\xbf\xbf\xbf", r + r + r + r}, // past U+10FFFF, well formed
		{"\xf8\x88\x80\x80\x80", strings.Repeat(r, 5)},
		{"\xfd\xbf\xbf\xbf\xbf\xbf", strings.Repeat(r, 6)},
		{"\xe6\x97", r},        // cut by the closing quote
		{"\xe6\x97A", r + "A"}, // cut by ASCII
		{"\xf0\x9f\x98", r},    // cut four-byte sequence
		{"\xf0\x9fx", r + "x"},
		{"\x80\x80", r + r},
		{"\xe0\x80\x80", r + r + r},
		{"\xe6\x97\\\"", r + "\""},             // an escape after a cut sequence
		{"\\\xff", r},                          // an escaped bad byte
		{"\xe6\x97\xa5\xf0\x9f\x98\x80", "日😀"}, // valid
	} {
		var s string
		require.NoError(t, Unmarshal([]byte(`"`+c.in+`"`), &s), "%q", c.in)
		assert.Equal(t, c.want, s, "%q", c.in)
	}
}

// Godot 3 reads a string in text as its binary decoder reads one: the same
// byte sequences pass, and the same fail (the whole text is then lost in
// the engine: an error here). Random bytes, biased to lead and
// continuation bytes, are checked against gdvar's binary decoder, which is
// checked against the engines.
func TestGodot3TextUTF8AsBinary(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 3))
	pick := []func() byte{
		func() byte { return byte(0x80 + rng.IntN(0x40)) }, // continuation
		func() byte { return byte(0xc0 + rng.IntN(0x40)) }, // lead
		func() byte { return []byte("a\r\n")[rng.IntN(3)] },
	}
	valid := 0
	for range 10000 {
		b := make([]byte, 1+rng.IntN(8))
		for i := range b {
			b[i] = pick[rng.IntN(len(pick))]()
		}
		bin := binary.LittleEndian.AppendUint32(nil, 4)
		bin = binary.LittleEndian.AppendUint32(bin, uint32(len(b)))
		bin = append(bin, b...)
		bin = append(bin, make([]byte, (4-len(b)%4)%4)...)
		var fromBin, fromText string
		binErr := gdvar.Unmarshal(bin, &fromBin, gdvar.WithEngine(gdvar.Godot3))
		textErr := Unmarshal([]byte(`"`+string(b)+`"`), &fromText, WithDialect(Godot3))
		if !assert.Equal(t, binErr == nil, textErr == nil, "%q: binary %v, text %v", b, binErr, textErr) {
			continue
		}
		if binErr == nil {
			valid++
			assert.Equal(t, fromBin, fromText, "%q", b)
		}
	}
	t.Logf("%d of 10000 random strings valid", valid)
	assert.Greater(t, valid, 500)
}

// Each byte Godot 4 replaces becomes the 3 bytes of U+FFFD: a text of
// nothing else still reads within hostile.Bound, into a tree and token by
// token.
func TestGodot4ReplacementMemory(t *testing.T) {
	for _, text := range [][]byte{
		[]byte(`"` + strings.Repeat("\xff", 1<<20) + `"`),
		[]byte(`[` + strings.Repeat("\"\xff\",", 1<<18) + `]`),
	} {
		var v any
		var err error
		alloc := hostile.Allocated(func() { err = Unmarshal(text, &v) })
		require.NoError(t, err)
		assert.LessOrEqual(t, alloc, hostile.Bound(len(text)), "Unmarshal")
		t.Logf("Unmarshal: %.1f bytes allocated per byte", float64(alloc)/float64(len(text)))
		alloc = hostile.Allocated(func() {
			err = NewDecoder(bytes.NewReader(text)).DecodeTo(gdvar.NewEncoder(io.Discard))
		})
		require.NoError(t, err)
		assert.LessOrEqual(t, alloc, hostile.Bound(len(text)), "DecodeTo")
		t.Logf("DecodeTo: %.1f bytes allocated per byte", float64(alloc)/float64(len(text)))
	}
}

// The engines' UTF-8 decoders drop one byte order mark that starts the
// text (seen in 3.2, 3.6 and 4.6: str_to_var then reads the value); one
// anywhere else is not white space.
func TestLeadingByteOrderMark(t *testing.T) {
	for _, d := range []Dialect{Godot4, Godot3, Godot32} {
		for _, c := range []struct {
			text string
			ok   bool
		}{
			{"\ufeff\"a\"", true},
			{"\ufeff [ 1, \"\ufeff\" ]", true},
			{" \ufeff\"a\"", false},
			{"\ufeff\ufeff\"a\"", false},
		} {
			var v any
			err := Unmarshal([]byte(c.text), &v, WithDialect(d))
			if !c.ok {
				assert.Error(t, err, "%s: %q", d, c.text)
				continue
			}
			require.NoError(t, err, "%s: %q", d, c.text)
			want, err := gdvar.Marshal(v)
			require.NoError(t, err)
			tokens, err := readTokens(mustTemp(t), []byte(c.text), d, false, nil)
			require.NoError(t, err, "%s: %q", d, c.text)
			assert.Equal(t, want, tokens, "%s: %q", d, c.text)
		}
	}
}

func mustTemp(t *testing.T) *os.File {
	f, err := os.Create(filepath.Join(t.TempDir(), "out"))
	require.NoError(t, err)
	t.Cleanup(func() { f.Close() })
	return f
}
