package vartext

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/internal/testrig/golden"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// readbackSet is a set of engine-made read-back cases (scripts/text/readback3.gd
// and readback4.gd): random string-bearing values in an engine's text form,
// with carriage returns, code points past U+10FFFF and surrogates (Godot 3)
// or bytes that are not UTF-8 (Godot 4) in their strings.
type readbackSet struct {
	dir     string // under testdata/text/readback
	dialect Dialect
	engine  string // the launcher, for the live test
	script  string
}

var readbackSets = []readbackSet{
	{"godot4", Godot4, godot.Godot4, "scripts/text/readback4.gd"},
	{"godot3.6", Godot3, godot.Godot3_6, "scripts/text/readback3.gd"},
	{"godot3.2", Godot32, godot.Godot3_2, "scripts/text/readback3.gd"},
}

// readbackCase is one value: its text as a file holds it, what the engine
// read from that text (var_to_bytes(str_to_var(text))) and how the engine
// prints the value of those bytes (var_to_str(bytes_to_var(bin))).
type readbackCase struct {
	name            string
	text, bin, back []byte
}

func loadReadback(t *testing.T, dir string) []readbackCase {
	t.Helper()
	index, err := os.ReadFile(filepath.Join(dir, "index.txt"))
	require.NoError(t, err)
	var cases []readbackCase
	for _, line := range strings.Split(strings.TrimSpace(string(index)), "\n") {
		name, _, _ := strings.Cut(line, " ")
		c := readbackCase{name: name}
		for _, f := range []struct {
			ext string
			to  *[]byte
		}{{".txt", &c.text}, {".bin", &c.bin}, {".str.txt", &c.back}} {
			*f.to, err = os.ReadFile(filepath.Join(dir, name+f.ext))
			require.NoError(t, err)
		}
		cases = append(cases, c)
	}
	require.NotEmpty(t, cases, dir)
	return cases
}

// checkReadback checks every case both ways and returns how many gdvar
// reads as the engine does (Unmarshal, and the token path of gdvar encode
// -from text, in two passes and in one, through f) and prints as the
// engine does.
func checkReadback(t *testing.T, set readbackSet, f *os.File, cases []readbackCase) (read, printed int) {
	codec := gdvar.MustCodec(gdvar.WithEngine(set.dialect.Engine()), gdvar.WithMathPrecision(gdvar.Single))
	semantic, err := codec.With(gdvar.Semantic(true))
	require.NoError(t, err)
	for _, c := range cases {
		want := c.bin
		if set.dialect != Godot4 { // Godot 3 pads a NodePath with what was in memory
			var v any
			require.NoError(t, semantic.Unmarshal(c.bin, &v), c.name)
			var err error
			want, err = codec.Marshal(v)
			require.NoError(t, err, c.name)
		}
		var x any
		err := Unmarshal(c.text, &x, WithDialect(set.dialect))
		var ours []byte
		if err == nil {
			ours, err = codec.Marshal(x)
		}
		ok := assert.NoError(t, err, c.name) && assert.Equal(t, want, ours, "%s: Unmarshal of %q", c.name, c.text)
		for _, once := range []bool{false, true} {
			tokens, err := readTokens(f, c.text, set.dialect, once, codec)
			ok = assert.NoError(t, err, c.name) && assert.Equal(t, want, tokens, "%s: DecodeTo (one pass: %v)", c.name, once) && ok
		}
		if ok {
			read++
		}

		var v any
		require.NoError(t, codec.Unmarshal(c.bin, &v), c.name)
		text, err := Marshal(v, WithDialect(set.dialect))
		if assert.NoError(t, err, c.name) && assert.Equal(t, string(c.back), string(text), c.name) {
			printed++
		}
	}
	return read, printed
}

// checkReadbackDir checks the cases in dir (see checkReadback) and logs
// how many of them gdvar reads and prints as the engine does.
func checkReadbackDir(t *testing.T, set readbackSet, dir string) {
	cases := loadReadback(t, dir)
	f, err := os.Create(filepath.Join(t.TempDir(), "out.bin"))
	require.NoError(t, err)
	defer f.Close()
	read, printed := checkReadback(t, set, f, cases)
	t.Logf("%d of %d values read back as %s reads them, %d printed as it prints them", read, len(cases), set.dir, printed)
}

// readTokens writes text's value with DecodeTo, in two passes or in one
// (through f, which one pass needs to seek back in), and returns the bytes.
// As gdvar encode does, a value that one pass cannot write (a key twice,
// which U+FFFD in place of different bytes can make) is read again in two.
func readTokens(f *os.File, text []byte, d Dialect, once bool, codec *gdvar.Codec) ([]byte, error) {
	b, err := readTokensOnce(f, text, d, once, codec)
	if once && errors.Is(err, ErrKeyTwice) {
		return readTokensOnce(f, text, d, false, codec)
	}
	return b, err
}

func readTokensOnce(f *os.File, text []byte, d Dialect, once bool, codec *gdvar.Codec) ([]byte, error) {
	c, err := NewCodec(WithDialect(d), WithMathPrecision(gdvar.Single))
	if err != nil {
		return nil, err
	}
	dec := c.NewDecoder(bytes.NewReader(text))
	if err := f.Truncate(0); err != nil {
		return nil, err
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	if once {
		dec.OnePass()
	}
	enc := codec.NewEncoder(f)
	err = dec.DecodeTo(enc)
	if err == nil {
		err = enc.Flush()
	}
	if err != nil {
		return nil, err
	}
	return os.ReadFile(f.Name())
}

// gdvar reads the engines' own text, with the strings that need care, as
// the engine reads it, and prints what the engine read as it prints it.
func TestReadBackMatchesEngines(t *testing.T) {
	for _, set := range readbackSets {
		t.Run(set.dir, func(t *testing.T) {
			checkReadbackDir(t, set, golden.Path("text", "readback", set.dir))
		})
	}
}

// The same with values the engine makes afresh, from a new seed each run
// (logged first, to make the same values again with GDVAR_READBACK_SEED).
func TestLiveReadBack(t *testing.T) {
	seed := godot.Seed(t, "GDVAR_READBACK_SEED")
	for _, set := range readbackSets {
		t.Run(set.dir, func(t *testing.T) {
			engine := godot.Require(t, set.engine)
			t.Logf("%s %s -- DIR %d 300", set.engine, set.script, seed) // to make these values again
			dir := t.TempDir()
			godot.RunScript(t, engine, set.script, dir, fmt.Sprint(seed), "300")
			checkReadbackDir(t, set, dir)
		})
	}
}
