package vartext

import (
	"bytes"
	"io"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// writeTokens prints tokens with a new Encoder.
func writeTokens(t *testing.T, d Dialect, toks ...gdvar.Token) string {
	t.Helper()
	var out bytes.Buffer
	enc := mustEncoder(t, &out, WithDialect(d))
	for _, tok := range toks {
		require.NoError(t, enc.WriteToken(tok))
	}
	return out.String()
}

// A string prints the same whole or in chunks of any size, a byte order
// mark or a NUL falling anywhere.
func TestChunkedStrings(t *testing.T) {
	texts := []string{"", "a", "\ufeff", "\ufeffa\"b", "\xef\xbb", "\xefa", "x\ufeff", "a\x00b\\c", "\x00\ufeff", "q\"\\\n\t'?é"}
	for _, d := range []Dialect{Godot4, Godot3, Godot32} {
		for _, s := range texts {
			whole := []gdvar.Token{
				gdvar.ArrayStartToken(3, gdvar.UntypedContainer), gdvar.StringToken(s),
				gdvar.PackedStartToken(gdvar.TypePackedStringArray, 1, gdvar.Single), gdvar.StringToken(s + "\x00"), gdvar.PackedEndToken,
			}
			if d == Godot4 {
				whole = append(whole, gdvar.StringNameToken(s))
			} else {
				whole = append(whole, gdvar.StringToken(s))
			}
			whole = append(whole, gdvar.ArrayEndToken)
			want := writeTokens(t, d, whole...)
			for size := 1; size < len(s)+1; size++ {
				var toks []gdvar.Token
				for _, tok := range whole {
					toks = append(toks, chunks(tok, size)...)
				}
				assert.Equal(t, want, writeTokens(t, d, toks...), "%s: %q in chunks of %d", d, s, size)
			}
		}
	}
}

// chunks splits a string token into chunks of size bytes.
func chunks(tok gdvar.Token, size int) []gdvar.Token {
	k := tok.Kind()
	if k != gdvar.KindString && k != gdvar.KindStringName || len(tok.Bytes()) <= size {
		return []gdvar.Token{tok}
	}
	b := tok.Bytes()
	var out []gdvar.Token
	for i := 0; i < len(b); i += size {
		part := b[i:min(i+size, len(b))]
		if k == gdvar.KindString {
			out = append(out, gdvar.StringChunkToken(len(b), part))
		} else {
			out = append(out, gdvar.StringNameChunkToken(len(b), part))
		}
	}
	return out
}

func TestStringsAsTheEngineHasThem(t *testing.T) {
	for _, c := range []struct {
		d    Dialect
		tok  gdvar.Token
		want string
	}{
		{Godot4, gdvar.StringToken("\ufeffa\nb\"\\"), "\"a\nb\\\"\\\\\""},
		{Godot4, gdvar.StringToken("a\x00b"), `"a"`},
		{Godot4, gdvar.StringNameToken("\ufeffl\ni\tn'e?"), `&"l\ni\tn\'e?"`},
		{Godot3, gdvar.NodePathToken(gdvar.NodePath{Names: []string{"\ufeffa\n"}, SubNames: []string{"?"}}), `NodePath("a\n:\?")`},
		{Godot4, gdvar.NodePathToken(gdvar.NodePath{Names: []string{"a"}, SubNames: []string{"\ufeff"}}), `NodePath("a")`},
		{Godot4, gdvar.NodePathToken(gdvar.NodePath{Names: []string{"a"}, SubNames: []string{"", ""}}), `NodePath("a::")`},
		{Godot4, gdvar.NodePathToken(gdvar.NodePath{Absolute: true}), `NodePath("/")`},
		{Godot3, gdvar.NodePathToken(gdvar.NodePath{Absolute: true}), `NodePath("")`},
	} {
		assert.Equal(t, c.want, writeTokens(t, c.d, c.tok), "%s %v", c.d, c.tok)
	}
}

// A token that does not fit is refused, and the value goes on.
func TestWriteTokenRefusesMisfits(t *testing.T) {
	var out bytes.Buffer
	enc := mustEncoder(t, &out)
	require.NoError(t, enc.WriteToken(gdvar.ArrayStartToken(1, gdvar.UntypedContainer)))
	for _, bad := range []gdvar.Token{gdvar.DictKeyToken, gdvar.ArrayEndToken, gdvar.PackedEndToken, gdvar.ObjectPropertyToken("x")} {
		assert.ErrorIs(t, enc.WriteToken(bad), gdvar.ErrUnexpectedToken, bad.String())
	}
	require.NoError(t, enc.WriteToken(gdvar.IntToken(1)))
	require.NoError(t, enc.WriteToken(gdvar.ArrayEndToken))
	assert.Equal(t, "[1]", out.String())
}

func TestNoTextForm(t *testing.T) {
	enc := mustEncoder(t, io.Discard)
	err := enc.WriteToken(gdvar.ObjectStartToken("Node,\"x\":1", 0))
	assert.ErrorIs(t, err, ErrNoTextForm)
	assert.Equal(t, err, enc.WriteToken(gdvar.ObjectEndToken), "final")
}

// Go values nested too deep or containing themselves fail with gdvar's
// error instead of overflowing the stack.
func TestGoValuesTooDeep(t *testing.T) {
	deep := any(int64(1))
	for range 1_000_000 {
		deep = []any{deep}
	}
	cyclic := []any{nil}
	cyclic[0] = cyclic
	m := map[string]any{}
	m["m"] = m
	var pointer any
	pointer = &pointer
	for _, c := range []struct {
		name string
		v    any
		want error
	}{
		{"deep", deep, gdvar.ErrTooDeep},
		{"cyclic slice", cyclic, gdvar.ErrCycle},
		{"cyclic map", m, gdvar.ErrCycle},
		{"pointer to itself", pointer, gdvar.ErrCycle},
	} {
		for _, d := range []Dialect{Godot4, Godot32} {
			_, err := Marshal(c.v, WithDialect(d))
			assert.ErrorIs(t, err, c.want, "%s, %s", c.name, d)
		}
	}
}

// CopyValue prints what it reads, value after value, and says io.EOF at the
// end.
func TestCopyValue(t *testing.T) {
	var in []byte
	for _, v := range []any{int64(1), []any{"a", 2.5}, gdvar.Vector2{X: 1, Y: 2}} {
		b, err := gdvar.Marshal(v)
		require.NoError(t, err)
		in = append(in, b...)
	}
	var out bytes.Buffer
	enc := mustEncoder(t, &out)
	dec := gdvar.NewDecoderBytes(in)
	var texts []string
	for {
		err := enc.CopyValue(dec)
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		texts = append(texts, out.String())
		out.Reset()
	}
	assert.Equal(t, []string{"1", `["a", 2.5]`, "Vector2(1, 2)"}, texts)

	array, err := gdvar.Marshal([]any{"a", "b"})
	require.NoError(t, err)
	truncated := mustEncoder(t, io.Discard)
	err = truncated.CopyValue(gdvar.NewDecoderBytes(array[:len(array)-3]))
	require.Error(t, err)
	assert.Equal(t, err, truncated.WriteToken(gdvar.NilToken), "an error inside a value is final")
}

// countingWriter counts the bytes written to it.
type countingWriter struct{ n int }

func (w *countingWriter) Write(p []byte) (int, error) {
	w.n += len(p)
	return len(p), nil
}

// An Array of Dictionaries is written as it comes: only one Dictionary at
// a time is held.
func TestArrayOfRecordsStreams(t *testing.T) {
	const n = 10_000
	var w countingWriter
	var half int
	enc := mustEncoder(t, &w)
	require.NoError(t, enc.WriteToken(gdvar.ArrayStartToken(n, gdvar.UntypedContainer)))
	for i := range n {
		for _, tok := range []gdvar.Token{
			gdvar.DictStartToken(2, gdvar.UntypedContainer, gdvar.UntypedContainer),
			gdvar.DictKeyToken, gdvar.StringToken("id"), gdvar.IntToken(int64(i)),
			gdvar.DictKeyToken, gdvar.StringToken("name"), gdvar.StringToken(strings.Repeat("x", 20)),
			gdvar.DictEndToken,
		} {
			require.NoError(t, enc.WriteToken(tok))
		}
		if i == n/2 {
			half = w.n
		}
	}
	require.NoError(t, enc.WriteToken(gdvar.ArrayEndToken))
	assert.Greater(t, half, w.n*2/5, "text written by the middle of the Array, of %d", w.n)
}

// A 16 MiB packed array prints through a buffer of fixed size.
func TestPackedArrayMemory(t *testing.T) {
	const n = 4 << 20
	chunk := make([]float32, 16<<10)
	for i := range chunk {
		chunk[i] = float32(i) / 7
	}
	var w countingWriter
	enc := mustEncoder(t, &w)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	require.NoError(t, enc.WriteToken(gdvar.PackedStartToken(gdvar.TypePackedFloat32Array, n, gdvar.Single)))
	for range n / len(chunk) {
		require.NoError(t, enc.WriteToken(gdvar.ChunkToken(chunk)))
	}
	require.NoError(t, enc.WriteToken(gdvar.PackedEndToken))
	runtime.ReadMemStats(&after)
	assert.Greater(t, w.n, 4*n)
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(1<<20), "bytes allocated")
}

// keysDict is the binary form of a Dictionary of the given keys (as many
// entries as keys, equal or not), each with a null value.
func keysDict(t testing.TB, d Dialect, keys []any) []byte {
	var b bytes.Buffer
	enc := gdvar.MustCodec(gdvar.WithEngine(d.Engine())).NewEncoder(&b)
	require.NoError(t, enc.WriteToken(gdvar.DictStartToken(len(keys), gdvar.UntypedContainer, gdvar.UntypedContainer)))
	for _, k := range keys {
		require.NoError(t, enc.WriteToken(gdvar.DictKeyToken))
		require.NoError(t, enc.Encode(k))
		require.NoError(t, enc.WriteToken(gdvar.NilToken))
	}
	require.NoError(t, enc.WriteToken(gdvar.DictEndToken))
	require.NoError(t, enc.Flush())
	return b.Bytes()
}

// printBinary prints the binary form of a value.
func printBinary(t *testing.T, d Dialect, b []byte) string {
	var out bytes.Buffer
	require.NoError(t, mustEncoder(t, &out, WithDialect(d)).CopyValue(gdvar.MustCodec(gdvar.WithEngine(d.Engine())).NewDecoderBytes(b)))
	return out.String()
}

// Godot 4 compares Arrays element by element, asking both ways: equal keys
// nested 34 deep take one pass, not 2^34 comparisons. Printed, the two
// keys make one entry, as in the engine (see merge).
func TestNestedEqualKeysAreLinear(t *testing.T) {
	keys := []key{buildKey(t, nested(34, 1)), buildKey(t, nested(34, 1))}
	o := newOrder(Godot4, keys, 70)
	assert.False(t, o.less(0, 1))
	assert.False(t, o.less(1, 0))
	assert.Less(t, o.work, 200)
	text := printBinary(t, Godot4, keysDict(t, Godot4, []any{nested(34, 1), nested(34, 1)}))
	assert.Equal(t, 1, strings.Count(text, ": null"))
}

// buildKey builds the key of a value.
func buildKey(t *testing.T, v any) key {
	b, err := gdvar.Marshal(v)
	require.NoError(t, err)
	var k key
	var kb keyBuilder
	kb.reset(&k)
	dec := gdvar.NewDecoderBytes(b)
	for !kb.built {
		tok, err := dec.ReadToken()
		require.NoError(t, err)
		kb.add(tok)
	}
	return k
}

// Godot 3 says an Array is less than itself, so its sort walks every key
// back to the start: past the budget the keys keep their own order.
func TestKeyOrderBudget(t *testing.T) {
	var keys []any
	for i := range 5000 {
		keys = append(keys, []any{nil, int64(i)})
	}
	text := printBinary(t, Godot3, keysDict(t, Godot3, keys))
	lines := strings.Split(text, "\n")
	require.Len(t, lines, 5002)
	for i, line := range lines[1:5001] {
		require.True(t, strings.HasPrefix(line, "[ null, "+itoa(i)+" ]: null"), line)
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

// An Encoder writing values one after another, as a ConfigFile's are
// written, reuses what it turns each into tokens with: it allocated 7
// times a value.
func TestEncodeReuses(t *testing.T) {
	values := []any{int64(7), "a string", gdvar.Vector2{X: 1, Y: 2}, []any{int64(1), "b", []any{}}, gdvar.NewDictionary("k", int64(1), "l", []any{1.5})}
	for _, d := range []Dialect{Godot4, Godot3} {
		enc := mustEncoder(t, io.Discard, WithDialect(d))
		for _, v := range values {
			require.NoError(t, enc.Encode(v))
		}
		allocs := testing.AllocsPerRun(100, func() {
			for _, v := range values {
				if err := enc.Encode(v); err != nil {
					t.Fatal(err)
				}
			}
		})
		assert.LessOrEqual(t, allocs, 1.0, "%s: allocations for %d values", d, len(values))
	}
}

// A large value's binary encoding is not kept once written.
func TestEncodeLetsLargeValuesGo(t *testing.T) {
	enc := mustEncoder(t, io.Discard)
	require.NoError(t, enc.Encode(int64(1)))
	hostile.Collect()
	before := hostile.HeapInUse()
	require.NoError(t, enc.Encode(strings.Repeat("x", 1<<20)))
	held := int64(hostile.HeapInUse()) - int64(before)
	assert.Less(t, held, int64(256<<10))
	runtime.KeepAlive(enc)
}

// The options of package resource and migrate's text: values as the
// engine holds them read from text, and strings and NodePaths it reads
// back so.
var (
	asHeldOpt    = AsReadFromText(true)
	exactTextOpt = WithExactStrings(true)
)

// With exactText a NodePath whose text starts with a byte order mark gets
// one more, which the engines' readers drop (checked against Godot 4.6,
// 3.6 and 3.2.3: "\uFEFF/a" reads as "/a", "\uFEFF\uFEFF/a" as the relative
// path of "\uFEFF" and "a"); the marks elsewhere and other invisible
// characters stay as they are, as the readers keep them.
func TestExactText(t *testing.T) {
	const bom = "\ufeff"
	for _, c := range []struct {
		name   string
		path   gdvar.NodePath
		asHeld bool
		want   string
	}{
		{"a name of a mark", gdvar.NodePath{Names: []string{bom}}, true, `NodePath("` + bom + bom + `")`},
		{"then a name", gdvar.NodePath{Names: []string{bom, "a"}}, true, `NodePath("` + bom + bom + `/a")`},
		{"then a subname", gdvar.NodePath{Names: []string{bom + "a"}, SubNames: []string{bom}}, true, `NodePath("` + bom + bom + "a:" + bom + `")`},
		{"two marks", gdvar.NodePath{Names: []string{bom + bom}}, true, `NodePath("` + bom + bom + bom + `")`},
		{"decoded", gdvar.NodePath{Names: []string{bom + bom + "a"}}, false, `NodePath("` + bom + bom + `a")`},
		{"decoded to none", gdvar.NodePath{Names: []string{bom + "a"}}, false, `NodePath("a")`},
		{"absolute", gdvar.NodePath{Names: []string{bom}, Absolute: true}, true, `NodePath("/` + bom + `")`},
		{"a later name", gdvar.NodePath{Names: []string{"a", bom}}, true, `NodePath("a/` + bom + `")`},
		{"a subname", gdvar.NodePath{SubNames: []string{bom}}, true, `NodePath(":` + bom + `")`},
		{"space", gdvar.NodePath{Names: []string{" " + bom}}, true, `NodePath(" ` + bom + `")`},
		{"zero width space", gdvar.NodePath{Names: []string{"\u200b\u00a0\ufffe"}}, true, "NodePath(\"\u200b\u00a0\ufffe\")"},
		{"empty", gdvar.NodePath{}, true, `NodePath("")`},
	} {
		opts := []Option{exactTextOpt}
		if c.asHeld {
			opts = append(opts, asHeldOpt)
		}
		text, err := Marshal(c.path, opts...)
		require.NoError(t, err)
		assert.Equal(t, c.want, string(text), c.name)
		if c.asHeld {
			assert.Equal(t, c.path, readFileValue(t, text), "%s: read back", c.name)
		}
		plain, err := Marshal(c.path, opts[1:]...)
		require.NoError(t, err)
		assert.Equal(t, strings.HasPrefix(c.want, `NodePath("`+bom+bom), string(plain) != c.want, "%s: without the option", c.name)
	}
}

// With exactText and asHeld, a String, StringName or PackedStringArray
// element that starts with a byte order mark gets one more, which the
// engines' readers drop (Godot 4.6 read each of these positions so); a
// mark split across chunks counts too. Without asHeld the value is written
// as the engine decodes it, without the mark.
func TestExactTextStrings(t *testing.T) {
	const bom = "\ufeff"
	arr := func(vs ...any) []any { return vs }
	dict := &gdvar.Dictionary{}
	dict.Append(bom+"a", bom+"b")
	for _, c := range []struct {
		name  string
		value any
		want  string
	}{
		{"a string", bom + "a", `"` + bom + bom + `a"`},
		{"a mark", bom, `"` + bom + bom + `"`},
		{"two marks", bom + bom, `"` + bom + bom + bom + `"`},
		{"a later mark", "a" + bom, `"a` + bom + `"`},
		{"a string name", gdvar.StringName(bom + "a"), `&"` + bom + bom + `a"`},
		{"in an array", arr(bom+"a", "b"), `["` + bom + bom + `a", "b"]`},
		{"a key and its value", dict, "{\n\"" + bom + bom + "a\": \"" + bom + bom + "b\"\n}"},
		{"packed", []string{bom + "a", "b" + bom}, `PackedStringArray("` + bom + bom + `a", "b` + bom + `")`},
	} {
		text, err := Marshal(c.value, asHeldOpt, exactTextOpt)
		require.NoError(t, err)
		assert.Equal(t, c.want, string(text), c.name)
		assert.Equal(t, c.value, readFileValue(t, text), "%s: read back", c.name)
		plain, err := Marshal(c.value, asHeldOpt)
		require.NoError(t, err)
		assert.Equal(t, strings.Contains(c.want, bom+bom), string(plain) != c.want, "%s: without the option", c.name)
		decoded, err := Marshal(c.value, exactTextOpt)
		require.NoError(t, err)
		assert.NotContains(t, string(decoded), bom+bom, "%s: as decoded", c.name)
	}
	// The mark of "\uFEFFa" in chunks of a byte.
	for _, tok := range []func(int, []byte) gdvar.Token{gdvar.StringChunkToken, gdvar.StringNameChunkToken} {
		var b bytes.Buffer
		e := mustEncoder(t, &b, asHeldOpt, exactTextOpt)
		s := []byte(bom + "a")
		for i := range s {
			require.NoError(t, e.WriteToken(tok(len(s), s[i:i+1])))
		}
		assert.Contains(t, b.String(), `"`+bom+bom+`a"`)
	}
}

// readFileValue reads a value as the engine reads one from a file: its
// strings without a leading byte order mark.
func readFileValue(t *testing.T, text []byte) any {
	t.Helper()
	d := mustDecoder(t, bytes.NewReader(append([]byte("k="), text...)))
	_, err := d.NextEntry()
	require.NoError(t, err)
	var v any
	require.NoError(t, d.Decode(&v))
	return v
}
