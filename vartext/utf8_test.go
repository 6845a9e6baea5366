package vartext

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// What Godot 4.6's get_string_from_utf8 then str_to_var made of a quoted
// string holding the bytes of invalidUTF8Cases (seen in the engine: one
// U+FFFD for a truncated sequence that was right so far, else one a byte).
func TestGodot4ReplacesInvalidUTF8(t *testing.T) {
	for _, c := range invalidUTF8Cases {
		var s string
		require.NoError(t, Unmarshal([]byte(`"`+c.in+`"`), &s), "%q", c.in)
		assert.Equal(t, c.want, s, "%q", c.in)
	}
}

// fffd is U+FFFD, the replacement character.
const fffd = "\uFFFD"

// invalidUTF8Cases are the contents of quoted strings (in) and the String
// Godot 4.6's get_string_from_utf8 then str_to_var makes of them (want;
// checked by TestLiveGodot4ReplacesInvalidUTF8).
var invalidUTF8Cases = []struct{ in, want string }{
	{"a\xffb", "a" + fffd + "b"},
	{"\xc0\x80", fffd + fffd},                       // overlong
	{"\xed\xa0\x80", fffd + fffd + fffd},            // a surrogate
	{"\xf4\x90\x80\x80", fffd + fffd + fffd + fffd}, // past U+10FFFF, second byte out of range
	{"\xf7\xbf\xbf\xbf", fffd + fffd + fffd + fffd}, // past U+10FFFF, well formed
	{"\xf8\x88\x80\x80\x80", strings.Repeat(fffd, 5)},
	{"\xfd\xbf\xbf\xbf\xbf\xbf", strings.Repeat(fffd, 6)},
	{"\xe6\x97", fffd},        // cut by the closing quote
	{"\xe6\x97A", fffd + "A"}, // cut by ASCII
	{"\xf0\x9f\x98", fffd},    // cut four-byte sequence
	{"\xf0\x9fx", fffd + "x"},
	{"\x80\x80", fffd + fffd},
	{"\xe0\x80\x80", fffd + fffd + fffd},
	{"\xe6\x97\\\"", fffd + "\""},          // an escape after a cut sequence
	{"\\\xff", fffd},                       // an escaped bad byte
	{"\xe6\x97\xa5\xf0\x9f\x98\x80", "日😀"}, // valid
}

// Godot 4's get_string_from_utf8 then str_to_var makes of each quoted
// string of invalidUTF8Cases the String gdvar's Unmarshal makes of it.
func TestLiveGodot4ReplacesInvalidUTF8(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	dir := t.TempDir()
	var index strings.Builder
	for i, c := range invalidUTF8Cases {
		require.NoError(t, os.WriteFile(filepath.Join(dir, fmt.Sprintf("%d.txt", i)), []byte(`"`+c.in+`"`), 0o644))
		fmt.Fprintf(&index, "%d\n", i)
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "index.txt"), []byte(index.String()), 0o644))
	godot.RunScript(t, engine, "scripts/text/invalid_utf8_4.gd", dir)
	for i, c := range invalidUTF8Cases {
		bin, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("%d.bin", i)))
		require.NoError(t, err, "%q", c.in)
		var engineValue any
		require.NoError(t, gdvar.MustCodec(gdvar.WithEngine(gdvar.Godot4)).Unmarshal(bin, &engineValue), "%q", c.in)
		var s string
		require.NoError(t, Unmarshal([]byte(`"`+c.in+`"`), &s), "%q", c.in)
		assert.Equal(t, engineValue, s, "%q", c.in)
		assert.Equal(t, c.want, engineValue, "%q: the engine disagrees with the table", c.in)
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
		binErr := gdvar.MustCodec(gdvar.WithEngine(gdvar.Godot3)).Unmarshal(bin, &fromBin)
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
			err = mustDecoder(t, bytes.NewReader(text)).DecodeTo(gdvar.NewEncoder(io.Discard))
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
