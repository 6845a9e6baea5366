package varjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/memfile"
	"github.com/gdvar/gdvar/internal/testrig/cputime"
	"github.com/gdvar/gdvar/internal/testrig/gamestate"
	"github.com/gdvar/gdvar/internal/testrig/golden"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// How copyJSON prints: without LookAhead, after it, or guessing.
type printing int

const (
	plainForms printing = iota
	lookFirst
	guessing
)

// copyJSON prints every value of bin with an Encoder, one per line. In
// the guessing mode, a wrong guess gives nil.
func copyJSON(t testing.TB, bin []byte, how printing, chunk int, codec *gdvar.Codec) []byte {
	t.Helper()
	codec, err := codec.With(gdvar.WithLimits(gdvar.Limits{ChunkSize: chunk}))
	require.NoError(t, err)
	var out bytes.Buffer
	enc := NewEncoder(&out, WithCodec(codec))
	switch how {
	case lookFirst:
		dec := codec.NewDecoderBytes(bin)
		for {
			err := enc.LookAhead(dec)
			if err == io.EOF {
				break
			}
			require.NoError(t, err)
		}
	case guessing:
		enc.Guess()
	}
	dec := codec.NewDecoderBytes(bin)
	for {
		err := enc.CopyValue(dec)
		if err == io.EOF {
			return out.Bytes()
		}
		if how == guessing && err == ErrWrongGuess {
			return nil
		}
		require.NoError(t, err)
		out.WriteByte('\n')
	}
}

// The Encoder's output does not depend on how the Decoder cuts strings and
// packed arrays (small chunks make many pieces), and equals the forms
// pinned in testdata/forms (first made by the value-level printer this
// package had before Marshal went through the Encoder); without LookAhead,
// its JSON still gives back the same bytes.
func TestEncoderForms(t *testing.T) {
	wrongGuesses := 0
	defer func() { t.Logf("guessing was wrong on %d prints (vectors × chunk sizes)", wrongGuesses) }()
	for _, c := range corpora {
		for _, v := range golden.Load(t, golden.Path(c.dir)) {
			codec := gdvar.MustCodec(gdvar.WithEngine(c.engine), gdvar.AllowObjects(v.Objects))
			var x any
			require.NoError(t, codec.Unmarshal(v.Bin, &x))
			want, err := Marshal(x, WithCodec(engineCodec(c.engine)))
			require.NoError(t, err, v.Name)
			forms.check(t, c.dir, v.Name, want)
			for _, chunk := range []int{gdvar.MinChunkSize, gdvar.DefaultChunkSize} {
				got := copyJSON(t, v.Bin, lookFirst, chunk, codec)
				if !assert.Equal(t, string(want)+"\n", string(got), "%s/%s chunk %d", c.dir, v.Name, chunk) {
					continue
				}
				if guessed := copyJSON(t, v.Bin, guessing, chunk, codec); guessed != nil {
					assert.Equal(t, string(got), string(guessed), "%s/%s guessing, chunk %d", c.dir, v.Name, chunk)
				} else {
					wrongGuesses++
					assert.Regexp(t, `\{"\$(Raw|Dictionary)"`, string(want), "%s/%s: a wrong guess on a value of plain forms", c.dir, v.Name)
				}
				if strings.HasPrefix(v.Name, "nest_") {
					continue // a $Dictionary in a $Dictionary nests deeper than the JSON reader's limit
				}
				plain := copyJSON(t, v.Bin, plainForms, chunk, codec)
				var back any
				require.NoError(t, Unmarshal(plain, &back, WithCodec(engineCodec(c.engine))), "%s: %.200s", v.Name, plain)
				bin, err := codec.Marshal(back)
				require.NoError(t, err, v.Name)
				assert.Equal(t, v.Bin, bin, "%s/%s without LookAhead: %.200s", c.dir, v.Name, plain)
			}
		}
	}
}

// updateForms rewrites testdata/forms from the current output.
var updateForms = flag.Bool("update-forms", false, "rewrite testdata/forms from the current JSON output")

// formFiles pins the JSON form of every golden vector: one file per corpus,
// a "name<TAB>json" line per vector.
type formFiles map[string]map[string]string

var forms = formFiles{}

func (f formFiles) check(t *testing.T, dir, name string, js []byte) {
	t.Helper()
	file := filepath.Join("testdata", "forms", strings.ReplaceAll(dir, "/", "_")+".tsv")
	if f[file] == nil {
		f[file] = map[string]string{}
		if b, err := os.ReadFile(file); err == nil {
			for line := range strings.Lines(string(b)) {
				k, v, _ := strings.Cut(strings.TrimSuffix(line, "\n"), "\t")
				f[file][k] = v
			}
		}
		if *updateForms {
			t.Cleanup(func() { f.write(t, file) })
		}
	}
	if *updateForms {
		f[file][name] = string(js)
		return
	}
	assert.Equal(t, f[file][name], string(js), "%s/%s", dir, name)
}

func (f formFiles) write(t *testing.T, file string) {
	var b strings.Builder
	for _, k := range slices.Sorted(maps.Keys(f[file])) {
		b.WriteString(k + "\t" + f[file][k] + "\n")
	}
	require.NoError(t, os.MkdirAll(filepath.Dir(file), 0o755))
	require.NoError(t, os.WriteFile(file, []byte(b.String()), 0o644))
}

func TestEncoderGameState(t *testing.T) {
	bin := gamestate.Bytes(2000)
	var x any
	require.NoError(t, gdvar.Unmarshal(bin, &x))
	want, err := Marshal(x)
	require.NoError(t, err)
	assert.Equal(t, string(want)+"\n", string(copyJSON(t, bin, lookFirst, gdvar.DefaultChunkSize, nil)))
}

// LookAhead keeps a hash of each key of the Dictionaries being read and a
// bit per Dictionary: what the Encoder allocates stays within the bound of
// every entry point, on the inputs that cost it the most per byte.
func TestEncoderMemory(t *testing.T) {
	keys := gdvar.NewDictionary()
	for i := range 100_000 {
		keys.Append(strconv.Itoa(i), nil)
	}
	many, err := gdvar.Marshal(keys)
	require.NoError(t, err)
	inputs := append(hostile.Adversarial(1<<20), hostile.Input{Name: "a Dictionary of 100 000 keys", Data: many})
	for _, in := range inputs {
		alloc := hostile.Allocated(func() {
			enc := NewEncoder(io.Discard)
			if enc.LookAhead(gdvar.NewDecoderBytes(in.Data)) == nil {
				require.NoError(t, enc.CopyValue(gdvar.NewDecoderBytes(in.Data)), in.Name)
			}
		})
		t.Logf("%s: %d bytes, %d KiB allocated", in.Name, len(in.Data), alloc>>10)
		assert.LessOrEqual(t, alloc, hostile.Bound(len(in.Data)), in.Name)
	}
}

// decodeTo writes every JSON value of js to the binary form with DecodeTo.
func decodeTo(js []byte, codec *gdvar.Codec) ([]byte, error) {
	var out bytes.Buffer
	return decodeAll(NewDecoder(bytes.NewReader(js), WithCodec(codec)), codec.NewEncoder(&out), out.Bytes)
}

// engineCodecs are the codecs of each engine version, as gdvar.WithEngine
// alone makes them.
var engineCodecs = [...]*gdvar.Codec{
	gdvar.Godot4: gdvar.MustCodec(gdvar.WithEngine(gdvar.Godot4)),
	gdvar.Godot3: gdvar.MustCodec(gdvar.WithEngine(gdvar.Godot3)),
	gdvar.Godot2: gdvar.MustCodec(gdvar.WithEngine(gdvar.Godot2)),
}

// engineCodec returns the codec of engine version e.
func engineCodec(e gdvar.Engine) *gdvar.Codec { return engineCodecs[e] }

// decodeOnce is decodeTo in one pass (OnePass), from a reader that cannot
// seek, into a file in memory; or ErrTwoPasses.
func decodeOnce(js []byte, codec *gdvar.Codec) ([]byte, error) {
	var out memfile.File
	dec := NewDecoder(struct{ io.Reader }{bytes.NewReader(js)}, WithCodec(codec))
	dec.OnePass()
	return decodeAll(dec, codec.NewEncoder(&out), out.Bytes)
}

// decodeAll writes every value of dec to enc, and returns what output
// gives then.
func decodeAll(dec *Decoder, enc *gdvar.Encoder, output func() []byte) ([]byte, error) {
	for {
		err := dec.DecodeTo(enc)
		if err == io.EOF {
			err = enc.Flush()
			return output(), err
		}
		if err != nil {
			return nil, err
		}
	}
}

// DecodeTo gives back the engine's bytes from their JSON, whether it
// streams every container (bigSize 0) or converts them whole, or reads
// the JSON once (OnePass), where only JSON with members after the content
// they modify needs two passes.
func TestDecodeToGolden(t *testing.T) {
	once, twice := 0, 0
	for _, c := range corpora {
		for _, v := range golden.Load(t, golden.Path(c.dir)) {
			codec := gdvar.MustCodec(gdvar.WithEngine(c.engine), gdvar.AllowObjects(v.Objects))
			js := copyJSON(t, v.Bin, lookFirst, gdvar.DefaultChunkSize, codec)
			got, err := decodeOnce(bytes.Repeat(js, 2), engineCodec(c.engine))
			if errors.Is(err, ErrTwoPasses) {
				twice++
				assert.Regexp(t, `"\$(type|key_type|value_type|wide)"`, string(js), "%s/%s needs two passes", c.dir, v.Name)
				continue
			}
			once++
			require.NoError(t, err, "%s/%s: %.200s", c.dir, v.Name, js)
			assert.Equal(t, bytes.Repeat(v.Bin, 2), got, "%s/%s in one pass: %.200s", c.dir, v.Name, js)
		}
	}
	t.Logf("%d vectors in one pass, %d in two", once, twice)
	assert.Less(t, twice, once/4)

	defer func(n int64) { bigSize = n }(bigSize)
	for _, size := range []int64{0, 64 << 10} {
		bigSize = size
		for _, c := range corpora {
			for _, v := range golden.Load(t, golden.Path(c.dir)) {
				codec := gdvar.MustCodec(gdvar.WithEngine(c.engine), gdvar.AllowObjects(v.Objects))
				js := copyJSON(t, v.Bin, lookFirst, gdvar.DefaultChunkSize, codec)
				got, err := decodeTo(bytes.Repeat(js, 2), engineCodec(c.engine))
				require.NoError(t, err, "%s/%s: %.200s", c.dir, v.Name, js)
				assert.Equal(t, bytes.Repeat(v.Bin, 2), got, "%s/%s streaming from %d: %.200s", c.dir, v.Name, size, js)
			}
		}
	}
}

// A long PackedByteArray is a list of base64 pieces, in the Encoder's and
// Marshal's output alike, and comes back whole through Unmarshal and
// through DecodeTo, streaming or not.
func TestPackedBytesInPieces(t *testing.T) {
	data := make([]byte, 2*piece+5)
	for i := range data {
		data[i] = byte(i * 7)
	}
	bin, err := gdvar.Marshal(data)
	require.NoError(t, err)
	js := copyJSON(t, bin, lookFirst, gdvar.DefaultChunkSize, nil)
	want, err := Marshal(data)
	require.NoError(t, err)
	require.Equal(t, string(want)+"\n", string(js))
	assert.True(t, strings.HasPrefix(string(js), `{"$PackedByteArray":["`), "%.60s", js)
	assert.Equal(t, 3, strings.Count(string(js), `"`)/2-1, "three pieces")
	var back any
	require.NoError(t, Unmarshal(js, &back))
	assert.Equal(t, data, back)
	defer func(n int64) { bigSize = n }(bigSize)
	for _, size := range []int64{0, 64 << 10} {
		bigSize = size
		got, err := decodeTo(js, nil)
		require.NoError(t, err)
		assert.Equal(t, bin, got, "streaming from %d", size)
	}
}

// A long String or StringName is a list of pieces cut between characters,
// in the Encoder's and Marshal's output alike, and goes back through
// Unmarshal whole and through DecodeTo, in two passes or one, without
// being held whole.
func TestLongStringInPieces(t *testing.T) {
	text := strings.Repeat("a✓\"\n日本🎮", 1<<17) // 2.3 MiB: 3- and 4-byte characters, escapes
	for _, v := range []any{text, gdvar.StringName(text)} {
		bin, err := gdvar.Marshal(v)
		require.NoError(t, err)
		js := copyJSON(t, bin, lookFirst, gdvar.MinChunkSize, nil)
		want, err := Marshal(v)
		require.NoError(t, err)
		require.Equal(t, string(want)+"\n", string(js))
		var top map[string][]string
		require.NoError(t, json.Unmarshal(js, &top))
		require.Len(t, top, 1)
		for tag, pieces := range top {
			assert.Contains(t, []string{"$String", "$StringName"}, tag)
			assert.Greater(t, len(pieces), len(text)/piece-1)
			for _, p := range pieces[:len(pieces)-1] {
				assert.True(t, len(p) >= piece && len(p) < piece+utf8.UTFMax, "a piece of %d bytes", len(p))
			}
			assert.Equal(t, text, strings.Join(pieces, ""))
		}
		var back any
		require.NoError(t, Unmarshal(js, &back))
		assert.Equal(t, v, back)
		got, err := decodeTo(js, nil)
		require.NoError(t, err)
		assert.Equal(t, bin, got)
		got, err = decodeOnce(js, nil)
		require.NoError(t, err)
		assert.Equal(t, bin, got, "in one pass")
		for _, once := range []bool{false, true} {
			f, err := os.Create(filepath.Join(t.TempDir(), "out"))
			require.NoError(t, err)
			alloc := uint64(math.MaxUint64)
			for range 3 { // the least of three: an Encoder on an empty buffer pool takes a buffer of the size the pool has seen
				alloc = min(alloc, hostile.Allocated(func() {
					_, err := f.Seek(0, io.SeekStart)
					require.NoError(t, err)
					dec := NewDecoder(bytes.NewReader(js))
					if once {
						dec.OnePass()
					}
					require.NoError(t, dec.DecodeTo(gdvar.NewEncoder(f)))
				}))
			}
			require.NoError(t, f.Close())
			t.Logf("%T, one pass %v: %d KiB of JSON, %d KiB allocated", v, once, len(js)>>10, alloc>>10)
			assert.Less(t, alloc, uint64(len(js)/4), "one pass: %v", once)
		}
	}
}

// tagged returns {"tag":arg}.
func tagged(tag string, arg []byte) []byte {
	return fmt.Appendf(nil, `{%q:%s}`, tag, arg)
}

// hostileJSON returns the JSON of about size bytes that costs DecodeTo and
// Unmarshal the most per byte: empty containers, deep nesting, small tagged
// values, the smallest numbers alone and in packed arrays, subnormals.
func hostileJSON(size int) []hostile.Input {
	repeat := func(elem string) []byte {
		var b bytes.Buffer
		b.WriteByte('[')
		for b.Len() < size {
			if b.Len() > 1 {
				b.WriteByte(',')
			}
			b.WriteString(elem)
		}
		b.WriteByte(']')
		return b.Bytes()
	}
	return []hostile.Input{
		{Name: "empty Arrays", Data: repeat("[]")},
		{Name: "empty Dictionaries", Data: repeat("{}")},
		{Name: "1000-deep Arrays", Data: repeat(strings.Repeat("[", 1000) + strings.Repeat("]", 1000))},
		{Name: "small tagged values", Data: repeat(`{"$Vector2":[1,2]}`)},
		{Name: "small typed Arrays", Data: repeat(`{"$Array":[1],"$type":"int"}`)}, // a member after the content
		{Name: "Dictionaries of one key", Data: repeat(`{"a":1}`)},
		{Name: "subnormal floats", Data: repeat("1e-320")},
		{Name: "32-bit subnormals", Data: tagged("$PackedFloat32Array", repeat("1e-40"))},
		{Name: "Arrays of one 0", Data: repeat("[0]")},
		{Name: "zeros", Data: repeat("0")},
		{Name: "a PackedInt32Array of zeros", Data: tagged("$PackedInt32Array", repeat("0"))},
		{Name: "a PackedVector2Array of zeros", Data: tagged("$PackedVector2Array", repeat("[0,0]"))},
		{Name: "a PackedVector4Array of zeros", Data: tagged("$PackedVector4Array", repeat("[0,0,0,0]"))},
		{Name: "a PackedColorArray of zeros", Data: tagged("$PackedColorArray", repeat("[0,0,0,0]"))},
		{Name: "a $Dictionary of zeros", Data: tagged("$Dictionary", repeat("[0,0]"))},
		{Name: "an $Array of zeros", Data: tagged("$Array", repeat("0"))},
	}
}

// DecodeTo's first pass keeps a note per JSON container, one pass none: on
// hostileJSON, what each allocates stays within the bound of every entry
// point.
func TestDecodeToMemory(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "out"))
	require.NoError(t, err)
	defer f.Close()
	for _, in := range hostileJSON(1 << 20) {
		for _, once := range []bool{false, true} {
			require.NoError(t, f.Truncate(0))
			_, err := f.Seek(0, io.SeekStart)
			require.NoError(t, err)
			alloc := hostile.Allocated(func() {
				enc := gdvar.NewEncoder(f)
				dec := NewDecoder(bytes.NewReader(in.Data))
				if once {
					dec.OnePass()
				}
				err := dec.DecodeTo(enc)
				if once && errors.Is(err, ErrTwoPasses) {
					return // read in two passes, as above
				}
				require.NoError(t, err, in.Name)
				require.NoError(t, enc.Flush())
			})
			t.Logf("%s (one pass: %v): %d bytes of JSON, %d KiB allocated (%.1f per byte)", in.Name, once, len(in.Data), alloc>>10, float64(alloc)/float64(len(in.Data)))
			assert.LessOrEqual(t, alloc, hostile.Bound(len(in.Data)), in.Name)
		}
	}
}

// Unmarshal builds the whole value within the bound of every entry point
// on hostileJSON, its Dictionaries included: an empty one is 64 bytes for
// the 3 of "{}," (29.4 a byte in all; 128 bytes before, 64.0 a byte).
func TestUnmarshalMemory(t *testing.T) {
	for _, in := range hostileJSON(1 << 20) {
		var v any
		alloc := hostile.Allocated(func() { require.NoError(t, Unmarshal(in.Data, &v), in.Name) })
		t.Logf("%s: %d bytes of JSON, %d KiB allocated (%.1f per byte)", in.Name, len(in.Data), alloc>>10, float64(alloc)/float64(len(in.Data)))
		assert.LessOrEqual(t, alloc, hostile.Bound(len(in.Data)), in.Name)
	}
}

// BenchmarkUnmarshalHostile compares Unmarshal's time per byte of
// hostileJSON with the JSON of ordinary data of the same size. On a busy
// machine compare cpu-ns/byte, the process's CPU time (the collector's
// included).
func BenchmarkUnmarshalHostile(b *testing.B) {
	var ordinary any
	require.NoError(b, gdvar.Unmarshal(gamestate.Bytes(9000), &ordinary))
	js, err := Marshal(ordinary)
	require.NoError(b, err)
	for _, in := range append([]hostile.Input{{Name: "ordinary", Data: js}}, hostileJSON(len(js))...) {
		b.Run(in.Name, func(b *testing.B) {
			cputime.PerByte(b, len(in.Data), func() error {
				var v any
				return Unmarshal(in.Data, &v)
			})
		})
	}
}

// BenchmarkDecodeToHostile compares DecodeTo's time per byte of hostileJSON
// with the JSON of ordinary data of the same size (game-state players), in
// two passes and in one (into a file, as gdvar encode writes).
func BenchmarkDecodeToHostile(b *testing.B) {
	var ordinary any
	require.NoError(b, gdvar.Unmarshal(gamestate.Bytes(9000), &ordinary))
	js, err := Marshal(ordinary)
	require.NoError(b, err)
	f, err := os.Create(filepath.Join(b.TempDir(), "out"))
	require.NoError(b, err)
	defer f.Close()
	for _, in := range append([]hostile.Input{{Name: "ordinary", Data: js}}, hostileJSON(len(js))...) {
		for _, once := range []bool{false, true} {
			name := in.Name
			if once {
				name += " one pass"
			}
			b.Run(name, func(b *testing.B) {
				b.SetBytes(int64(len(in.Data)))
				b.ReportAllocs()
				for b.Loop() {
					if _, err := f.Seek(0, io.SeekStart); err != nil {
						b.Fatal(err)
					}
					dec := NewDecoder(bytes.NewReader(in.Data))
					if once {
						dec.OnePass()
					}
					if err := dec.DecodeTo(gdvar.NewEncoder(f)); errors.Is(err, ErrTwoPasses) {
						b.Skip("one pass refuses it")
					} else if err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// A Dictionary is a plain object exactly when its keys are distinct
// Strings, also when it follows others at its level whose keys it repeats
// in part (the key memo), and whether the Encoder looked ahead or guessed.
func TestDictionaryKeysAfterOthers(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	names := []string{"a", "b", "c", "$d", ""}
	for range 500 {
		var bin bytes.Buffer
		enc := gdvar.NewEncoder(&bin)
		n := 1 + rng.IntN(6)
		var want []bool // per Dictionary: plain
		require.NoError(t, enc.WriteToken(gdvar.ArrayStartToken(n, gdvar.UntypedContainer)))
		for range n {
			keys := rng.IntN(5)
			require.NoError(t, enc.WriteToken(gdvar.DictStartToken(keys, gdvar.UntypedContainer, gdvar.UntypedContainer)))
			plain, seen := true, map[string]bool{}
			for range keys {
				require.NoError(t, enc.WriteToken(gdvar.DictKeyToken))
				if rng.IntN(8) == 0 {
					plain = false
					require.NoError(t, enc.WriteToken(gdvar.IntToken(1)))
				} else {
					k := names[rng.IntN(3)] // "$d" and "" now and then
					if rng.IntN(10) == 0 {
						k = names[3+rng.IntN(2)]
					}
					plain = plain && !seen[k] && !strings.HasPrefix(k, "$")
					seen[k] = true
					require.NoError(t, enc.WriteToken(gdvar.StringToken(k)))
				}
				require.NoError(t, enc.WriteToken(gdvar.IntToken(2)))
			}
			require.NoError(t, enc.WriteToken(gdvar.DictEndToken))
			want = append(want, plain)
		}
		require.NoError(t, enc.WriteToken(gdvar.ArrayEndToken))
		require.NoError(t, enc.Flush())

		js := copyJSON(t, bin.Bytes(), lookFirst, gdvar.DefaultChunkSize, nil)
		var got []map[string]any
		require.NoError(t, json.Unmarshal(js, &got), "%s", js)
		require.Len(t, got, n)
		for i, d := range got {
			_, tagged := d["$Dictionary"]
			assert.Equal(t, want[i], !tagged, "Dictionary %d of %s", i, js)
		}
		if guessed := copyJSON(t, bin.Bytes(), guessing, gdvar.DefaultChunkSize, nil); guessed != nil {
			assert.Equal(t, string(js), string(guessed))
		}
	}
}
