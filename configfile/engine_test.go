package configfile

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/fileaccess"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/internal/testrig/golden"
	"github.com/gdvar/gdvar/vartext"
)

// engineSet is a set of engine-made ConfigFiles (scripts/text/cases4.gd
// and cases3.gd with "cfg"): random sections, keys and values of every
// type, saved by the engine, with what it reads back from them.
type engineSet struct {
	dir     string // under testdata/configfile
	dialect vartext.Dialect
	engine  string // the launcher, for the live test
	args    func(dir, seed, count string) []string
}

var engineSets = []engineSet{
	{"godot4", vartext.Godot4, godot.Godot4, func(dir, seed, count string) []string {
		return []string{"--headless", "-s", "scripts/text/cases4.gd", "--", dir, seed, count, "cfg"}
	}},
	{"godot3.6", vartext.Godot3, godot.Godot3_6, func(dir, seed, count string) []string {
		return []string{"--no-window", "-s", "scripts/text/cases3.gd", "--", dir, seed, count, "cfg", "3.6"}
	}},
	{"godot3.2", vartext.Godot32, godot.Godot3_2, func(dir, seed, count string) []string {
		return []string{"--no-window", "-s", "scripts/text/cases3.gd", "--", dir, seed, count, "cfg", "3.2"}
	}},
}

// TestEngineFiles: each file the engine saved reads as the engine reads
// it (the same sections, keys and values in the same order, and an error
// where the engine's load fails, after the same keys), writes back as the
// engine saves what it read, byte for byte, also after a round trip
// through JSON, and its encrypted copy decrypts to it.
func TestEngineFiles(t *testing.T) {
	for _, set := range engineSets {
		t.Run(set.dir, func(t *testing.T) {
			checkEngineDir(t, set, golden.Path("configfile", set.dir))
		})
	}
}

// The same with files the engine makes afresh, from a new seed each run
// (logged first, to make the same files again with GDVAR_CONFIG_SEED).
func TestLiveEngineFiles(t *testing.T) {
	seed := godot.Seed(t, "GDVAR_CONFIG_SEED")
	for _, set := range engineSets {
		t.Run(set.dir, func(t *testing.T) {
			engine := godot.Require(t, set.engine)
			dir := t.TempDir()
			args := set.args(dir, fmt.Sprint(seed), "200")
			t.Logf("%s %s", set.engine, strings.Join(args, " ")) // to make these files again
			godot.StartWith(t, engine, args...).Wait(t)
			checkEngineDir(t, set, dir)
		})
	}
}

// The hand-written files of TestReadQuirks and TestReadErrors read as
// Godot 4.6 loads them.
func TestLiveReadQuirks(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	dir := t.TempDir()
	var paths []string
	add := func(name, text string) {
		path := filepath.Join(dir, strings.ReplaceAll(name, " ", "_")+".cfg")
		require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
		paths = append(paths, path)
	}
	for _, tc := range readQuirks {
		add(tc.name, tc.text)
	}
	for _, tc := range readErrors {
		add(tc.name, tc.text)
	}
	godot.RunScript(t, engine, "scripts/text/loadcfg4.gd", paths...)
	bin := gdvar.MustCodec(gdvar.WithEngine(gdvar.Godot4), gdvar.WithMathPrecision(gdvar.Single))
	for _, path := range paths {
		text, err := os.ReadFile(path)
		require.NoError(t, err)
		raw, err := os.ReadFile(path + ".bin")
		require.NoError(t, err, "the engine's reading of %s", path)
		var engineRead []any
		require.NoError(t, bin.Unmarshal(raw, &engineRead))
		f, err := Read(bytes.NewReader(text))
		readAsEngine(t, path, f, err, engineRead, bin)
	}
}

func checkEngineDir(t *testing.T, set engineSet, dir string) {
	index, err := os.ReadFile(filepath.Join(dir, "index.txt"))
	require.NoError(t, err)
	names := strings.Fields(strings.ReplaceAll(string(index), " config", ""))
	require.NotEmpty(t, names)
	failed := 0
	for _, name := range names {
		path := filepath.Join(dir, name)
		if !checkEngineFile(t, set, path) {
			failed++
		}
	}
	t.Logf("%d files, %d differ", len(names), failed)
}

// checkEngineFile checks one file, reporting whether it passed.
func checkEngineFile(t *testing.T, set engineSet, path string) bool {
	t.Helper()
	opts := []Option{WithText(vartext.WithDialect(set.dialect))}
	bin := gdvar.MustCodec(gdvar.WithEngine(set.dialect.Engine()), gdvar.WithMathPrecision(gdvar.Single))
	text, err := os.ReadFile(path + ".cfg")
	require.NoError(t, err)
	var engineRead []any
	raw, err := os.ReadFile(path + ".bin")
	require.NoError(t, err)
	require.NoError(t, bin.Unmarshal(raw, &engineRead), path)

	f, err := Read(bytes.NewReader(text), opts...)
	ok := readAsEngine(t, path, f, err, engineRead, bin)

	back, err := os.ReadFile(path + ".re.cfg")
	require.NoError(t, err)
	back = padHeaders(set.dialect, f, back)
	written, err := f.Bytes()
	require.NoError(t, err)
	ok = assert.Equal(t, string(back), string(written), "%s: written back as the engine saves what it read", path) && ok

	js, err := f.MarshalJSON()
	require.NoError(t, err, path)
	fromJSON := mustNew(t, opts...)
	require.NoError(t, fromJSON.UnmarshalJSON(js), "%s: %s", path, js)
	again, err := fromJSON.Bytes()
	require.NoError(t, err)
	ok = assert.Equal(t, string(back), string(again), "%s: through JSON %s", path, js) && ok

	enc, err := os.Open(path + ".enc")
	require.NoError(t, err)
	defer enc.Close()
	r, err := fileaccess.NewReader(enc, fileaccess.WithPassword("gdvar"))
	require.NoError(t, err, path)
	plain, err := io.ReadAll(r)
	require.NoError(t, err, path)
	return assert.Equal(t, string(text), string(plain), "%s: the encrypted copy", path) && ok
}

// padHeaders returns the engine's save of f with the headers it writes
// for names whose reading changes them (a leading byte order mark, and in
// Godot 4 a trailing backslash) padded with a space as Append pads them.
// Each header is looked for after the one before, as a header may start
// as a later one is written: Godot 4 reads "[\]" and the lines after it
// as one name, up to the next "]", which its save writes "[\]…]", while
// it writes the name "\" as "[\]".
func padHeaders(dialect vartext.Dialect, f *File, saved []byte) []byte {
	text := "\n" + string(saved)
	at := 0
	for _, name := range f.Sections() {
		header := name
		if dialect == vartext.Godot4 {
			header = strings.ReplaceAll(name, "]", `\]`)
		}
		padded := header
		if strings.HasPrefix(name, "\ufeff") && dialect != vartext.Godot32 {
			padded = " " + padded
		}
		if strings.HasSuffix(name, `\`) && dialect == vartext.Godot4 {
			padded += " "
		}
		was, now := "\n["+header+"]\n\n", "\n["+padded+"]\n\n"
		i := strings.Index(text[at:], was)
		if i < 0 {
			continue // the section "", which Godot 4 writes without a header
		}
		i += at
		text = text[:i] + now + text[i+len(was):]
		at = i + len(now)
	}
	return []byte(text[1:])
}

// readAsEngine checks what Read gave (f, err) against what the engine
// read from the same file: its load's error or none, then each [section,
// key, value] in order; values compared in the binary form (bin).
func readAsEngine(t *testing.T, path string, f *File, err error, engineRead []any, bin *gdvar.Codec) bool {
	t.Helper()
	ok := assert.Equal(t, engineRead[0] != int64(0), err != nil, "%s: the engine's load gave error %v, Read %v", path, engineRead[0], err)
	var read []any
	for _, s := range f.Sections() {
		for _, k := range f.Keys(s) {
			v, _ := f.Get(s, k)
			read = append(read, []any{s, k, v})
		}
	}
	want := engineRead[1:]
	ok = assert.Len(t, read, len(want), "%s: keys read", path) && ok
	for i := range min(len(read), len(want)) {
		w, g := want[i].([]any), read[i].([]any)
		wb, err := bin.Marshal(withoutWire(w[2]))
		require.NoError(t, err)
		gb, err := bin.Marshal(g[2])
		require.NoError(t, err)
		ok = assert.Equal(t, w[:2], g[:2], "%s: key %d", path, i) && ok
		ok = assert.Equal(t, wb, gb, "%s: [%q] %q", path, w[0], w[1]) && ok
	}
	return ok
}

// withoutWire returns v with each NodePath made afresh from its parts:
// Godot 3 pads the names of the NodePaths it encodes with whatever its
// memory held, which a decoded NodePath keeps (to be written back as it
// came), and which is not the value's.
func withoutWire(v any) any {
	switch v := v.(type) {
	case gdvar.NodePath:
		return gdvar.NodePath{Names: v.Names, SubNames: v.SubNames, Absolute: v.Absolute}
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = withoutWire(x)
		}
		return out
	case gdvar.Array:
		v.Values = withoutWire(v.Values).([]any)
		return v
	case *gdvar.Dictionary:
		out := &gdvar.Dictionary{KeyType: v.KeyType, ValueType: v.ValueType, Shared: v.Shared}
		for k, x := range v.All() {
			out.Append(withoutWire(k), withoutWire(x))
		}
		return out
	}
	return v
}
