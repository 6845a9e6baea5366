package configfile

import (
	"bytes"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/vartext"
)

// readQuirks are hand-written files and what Godot 4.6 loads from them
// (TestLiveReadQuirks has the engine load them).
var readQuirks = []struct {
	name, text string
	want       [][3]any // section, key, value
}{
	{"comment", "; note\na=1 ; after\n", [][3]any{{"", "a", int64(1)}}},
	{"hash is a key", "# x\nk=1\n", [][3]any{{"", "#xk", int64(1)}}},
	{"spaces dropped in keys", "  spaced key  =  2\n", [][3]any{{"", "spacedkey", int64(2)}}},
	{"text after a header", "[s] trailing\nk=1\n", [][3]any{{"s", "trailingk", int64(1)}}},
	{"two on a line", "a=1 b=2\n", [][3]any{{"", "a", int64(1)}, {"", "b", int64(2)}}},
	{"quoted key", "\"a b\"=1\n", [][3]any{{"", "a b", int64(1)}}},
	{"key run on", "lonely\n[t]\nk=1\n", [][3]any{{"", "lonely[t]k", int64(1)}}},
	{"duplicates merge", "[s]\na=1\nb=2\n[t]\nc=3\n[s]\na=4\n", [][3]any{{"s", "a", int64(4)}, {"s", "b", int64(2)}, {"t", "c", int64(3)}}},
	{"empty header", "[s]\n[]\nk=1\n", [][3]any{{"s", "k", int64(1)}}},
	{"escaped bracket", "[a\\]b]\nk=1\n", [][3]any{{"a]b", "k", int64(1)}}},
	{"padded name", "[ pad ]\nk=1\n", [][3]any{{"pad", "k", int64(1)}}},
	{"backslash kept", "[a\\b]\nk=1\n", [][3]any{{"a\\b", "k", int64(1)}}},
	{"backslash before a space", "[a\\ ]\nk=1\n", [][3]any{{"a\\", "k", int64(1)}}},
	{"backslashes spaced", "[ \\ \\ ]\nk=1\n", [][3]any{{"\\ \\", "k", int64(1)}}},
	{"backslash run before a bracket", "[a\\\\]b]\nk=1\n", [][3]any{{"a\\]b", "k", int64(1)}}},
	{"escaped brackets in a row", "[a\\]\\]]\nk=1\n", [][3]any{{"a]]", "k", int64(1)}}},
	{"name BOM kept after a space", "[ \ufeffa]\nk=1\n", [][3]any{{"\ufeffa", "k", int64(1)}}},
	{"bracket after an escaped one", "[\\]]]\nk=1\n", [][3]any{{"]", "]k", int64(1)}}},
	{"empty key dropped", "=9\nk=1\n", [][3]any{{"", "k", int64(1)}}},
	{"unquoted non-ASCII key", "ü=1\n", [][3]any{{"", "Ã¼", int64(1)}}},
	{"string BOM dropped", "k=\"\ufeffx\"\n", [][3]any{{"", "k", "x"}}},
	{"trailing key dropped", "k=1\nend", [][3]any{{"", "k", int64(1)}}},
}

// The engine's reading of hand-written files, as Godot 4.6 loads them.
func TestReadQuirks(t *testing.T) {
	for _, tc := range readQuirks {
		t.Run(tc.name, func(t *testing.T) {
			f, err := Read(strings.NewReader(tc.text))
			require.NoError(t, err)
			var got [][3]any
			for _, s := range f.Sections() {
				for _, k := range f.Keys(s) {
					v, _ := f.Get(s, k)
					got = append(got, [3]any{s, k, v})
				}
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

// readErrors are hand-written files the engine's load fails on, after
// a=1 (TestLiveReadQuirks has the engine load them).
var readErrors = []struct{ name, text string }{
	{"bare word", "a=1\nk=hello\n"},
	{"no value", "a=1\nk="},
	{"open header", "a=1\n[s"},
	{"header ending in a backslash", "a=1\n[s\\]\nk=1\n"},
	{"open string", "a=1\nk=\"abc"},
}

// Errors, as the engine's: the keys read before one are kept.
func TestReadErrors(t *testing.T) {
	for _, tc := range readErrors {
		t.Run(tc.name, func(t *testing.T) {
			f, err := Read(strings.NewReader(tc.text))
			require.Error(t, err)
			v, ok := f.Get("", "a")
			assert.True(t, ok)
			assert.Equal(t, int64(1), v)
		})
	}
}

// Set and Get as the engine's set_value and get_value, and the layout of
// each dialect.
func TestWrite(t *testing.T) {
	for _, tc := range []struct {
		dialect vartext.Dialect
		want    string
	}{
		{vartext.Godot4, "top=true\n\n[b]\n\nz=1\n\"a b\"=[1, 2]\n\n[c\\]]\n\nk=Vector2(1, 2.5)\n"},
		{vartext.Godot3, "[b]\n\nz=1\n\"a b\"=[ 1, 2 ]\n\n[]\n\ntop=true\n\n[c]]\n\nk=Vector2( 1, 2.5 )\n"},
		{vartext.Godot32, "[b]\n\nz=1\na b=[ 1, 2 ]\n\n[]\n\ntop=true\n\n[c]]\n\nk=Vector2( 1, 2.5 )\n"},
	} {
		t.Run(tc.dialect.String(), func(t *testing.T) {
			f := mustNew(t, WithText(vartext.WithDialect(tc.dialect)))
			f.Set("b", "z", int64(1))
			f.Set("b", "gone", "x")
			f.Set("b", "a b", []any{int64(1), int64(2)})
			f.Set("", "top", true)
			f.Set("c]", "k", gdvar.Vector2{X: 1, Y: 2.5})
			f.Set("b", "gone", nil)
			f.Set("d", "k", "x")
			f.Set("d", "k", nil) // its last key: the section goes
			got, err := f.Bytes()
			require.NoError(t, err)
			assert.Equal(t, tc.want, string(got))
			assert.Equal(t, []string{"b", "z", "a b"}, append([]string{"b"}, f.Keys("b")...))
		})
	}
}

// Read holds about what the text holds: a file of many keys, or of deep
// nesting, takes a small multiple of its size.
func TestReadMemory(t *testing.T) {
	for _, tc := range []struct {
		name string
		text []byte
	}{
		{"keys", bytes.Repeat([]byte("a=1\n"), 1<<18)},
		{"distinct keys", func() []byte {
			var b bytes.Buffer
			for i := range 1 << 16 {
				b.WriteString("k")
				b.WriteString(strings.Repeat("x", i%7))
				b.WriteString(string(rune('a' + i%26)))
				b.WriteString(string(rune('a' + i/26%26)))
				b.WriteString(string(rune('a' + i/676%26)))
				b.WriteString("=[1, 2, \"s\"]\n")
			}
			return b.Bytes()
		}()},
		{"nesting", []byte("k=" + strings.Repeat("[", 1000) + strings.Repeat("]", 1000) + "\n")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			f, err := Read(bytes.NewReader(tc.text))
			runtime.GC()
			runtime.ReadMemStats(&after)
			require.NoError(t, err)
			held := int64(after.HeapAlloc) - int64(before.HeapAlloc)
			t.Logf("%d bytes of text: %d held (%.1f a byte)", len(tc.text), held, float64(held)/float64(len(tc.text)))
			assert.Less(t, held, int64(32*len(tc.text)+1<<20))
			runtime.KeepAlive(f)
		})
	}
}
