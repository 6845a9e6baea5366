package varjson

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/fallback"
	"github.com/gdvar/gdvar/internal/testrig/gamestate"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// outputs are the kinds of dst the conversions treat apart: one where a
// first pass is held back (memory, a file) and one that takes it back.
var outputs = []struct {
	name string
	open func(t *testing.T) (io.Writer, func() []byte)
}{
	{"memory", func(t *testing.T) (io.Writer, func() []byte) {
		var b bytes.Buffer
		return &b, b.Bytes
	}},
	{"rewinder", func(t *testing.T) (io.Writer, func() []byte) {
		w := &bytesWriter{}
		return w, func() []byte { return w.b }
	}},
	{"file", func(t *testing.T) (io.Writer, func() []byte) {
		f, err := os.CreateTemp(t.TempDir(), "out")
		require.NoError(t, err)
		t.Cleanup(func() { f.Close() })
		return f, func() []byte {
			b, err := os.ReadFile(f.Name())
			require.NoError(t, err)
			return b
		}
	}},
}

// mixedDicts is an Array of n Dictionaries whose last one has a key that
// is not a String, so that the guess of a plain object fails there.
func mixedDicts(n int) gdvar.Array {
	a := gdvar.Array{Values: make([]any, n)}
	for i := range n {
		a.Values[i] = gdvar.NewDictionary("key", int64(i))
	}
	a.Values[n-1] = gdvar.NewDictionary("a", int64(1), int64(2), "b")
	return a
}

// A sequence of values, some of which Guess prints wrongly and some with
// more JSON than the first pass holds, converts to what two passes print,
// into memory and into a file, each value once.
func TestFromBinary(t *testing.T) {
	values := []any{
		gdvar.NewDictionary("a", []any{int64(1), "x"}),
		gdvar.NewDictionary("a", int64(1), int64(2), "b"), // guessed wrong
		gdvar.NewDictionary("big", strings.Repeat("x", fallback.HoldMax)),
		mixedDicts(fallback.HoldMax / 16), // long, and guessed wrong at its end
		int64(7),
	}
	var input, want []byte
	for _, v := range values {
		bin, err := gdvar.Marshal(v)
		require.NoError(t, err)
		input = append(input, bin...)
		var js bytes.Buffer
		enc := NewEncoder(&js)
		require.NoError(t, enc.LookAhead(gdvar.NewDecoderBytes(bin)))
		require.NoError(t, enc.CopyValue(gdvar.NewDecoderBytes(bin)))
		want = append(append(want, js.Bytes()...), '\n')
	}
	for _, o := range outputs {
		t.Run(o.name, func(t *testing.T) {
			dst, got := o.open(t)
			src := bytes.NewReader(input)
			n := 0
			for ; ; n++ {
				err := FromBinary(dst, src)
				if err == io.EOF {
					break
				}
				require.NoError(t, err)
				_, err = dst.Write([]byte{'\n'})
				require.NoError(t, err)
			}
			assert.Equal(t, len(values), n)
			assert.True(t, bytes.Equal(want, got()), "the output differs from two passes'")
		})
	}
}

// JSON that one pass cannot write, and JSON longer than the first pass
// holds, convert to what two passes write, each value once; the input is
// left after each value.
func TestToBinary(t *testing.T) {
	inputs := []string{
		`{"a":[1,"x"]}`,
		`{"$Array":[1],"$type":"int"}`, // one pass cannot write it
		`{"$Vector2":[0.1,2.5],"$wide":true}`,
		`["` + strings.Repeat("x", fallback.HoldMax) + `"]`,
		`[` + strings.Repeat(`{"$Array":[1],"$type":"int"},`, fallback.HoldMax/64) + `{"$Array":[1],"$type":"int"}]`,
		`7`,
	}
	var want []byte
	for _, js := range inputs {
		var out bytes.Buffer
		enc := gdvar.NewEncoder(&out)
		require.NoError(t, NewDecoder(strings.NewReader(js)).DecodeTo(enc)) // a seeker: two passes
		require.NoError(t, enc.Flush())
		want = append(want, out.Bytes()...)
	}
	for _, o := range outputs {
		t.Run(o.name, func(t *testing.T) {
			dst, got := o.open(t)
			src := strings.NewReader(strings.Join(inputs, "\n") + "\n")
			n := 0
			for ; ; n++ {
				err := ToBinary(dst, src)
				if err == io.EOF {
					break
				}
				require.NoError(t, err, inputs[min(n, len(inputs)-1)][:min(40, len(inputs[n]))])
			}
			assert.Equal(t, len(inputs), n)
			assert.True(t, bytes.Equal(want, got()), "the output differs from two passes'")
		})
	}
}

// An error other than the one-pass refusal is returned, with nothing
// written.
func TestToBinaryError(t *testing.T) {
	var dst bytes.Buffer
	err := ToBinary(&dst, strings.NewReader(`{"a":[1,}`))
	var se *SyntaxError
	assert.ErrorAs(t, err, &se)
	assert.Zero(t, dst.Len())
}

// The conversions' bound: what a Decoder, an Encoder and LookAhead's
// record hold, plus the 256 KiB held back, never the value. The first two
// inputs are refused by the first pass near their end, so they are read
// twice more (ToBinary's two passes read each small typed Array as a
// tree: the most allocation a byte); adversarial inputs allocate within
// hostile.Bound.
func TestConvertBound(t *testing.T) {
	const size = 8 << 20
	bin, err := gdvar.Marshal(mixedDicts(size / 24))
	require.NoError(t, err)
	js := []byte(`[` + strings.Repeat(`{"$Array":[1],"$type":"int"},`, size/32) + `7]`)
	tests := []struct {
		name    string
		input   []byte
		convert func(io.Writer, io.ReadSeeker, ...Option) error
		max     uint64
	}{
		{"FromBinary, guessed wrong at the end", bin, FromBinary, size / 4},
		{"ToBinary, one pass refused", js, ToBinary, hostile.Bound(len(js))},
	}
	for _, in := range hostile.Adversarial(1 << 20) {
		tests = append(tests, struct {
			name    string
			input   []byte
			convert func(io.Writer, io.ReadSeeker, ...Option) error
			max     uint64
		}{"FromBinary of " + in.Name, in.Data, FromBinary, hostile.Bound(len(in.Data))})
	}
	for _, tt := range tests {
		alloc := hostile.Allocated(func() { _ = tt.convert(io.Discard, bytes.NewReader(tt.input)) })
		t.Logf("%s: %d bytes in, %d KiB allocated", tt.name, len(tt.input), alloc>>10)
		assert.Less(t, alloc, tt.max, tt.name)
	}
}

// A failure says where it is in src, as one Decoder reading every value
// says it: the conversions' Decoders start at each value.
func TestConvertErrorPlace(t *testing.T) {
	bin := []byte{2, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 99, 0, 0, 0} // 1, 2, type 99
	var want error
	dec := gdvar.NewDecoderBytes(bin)
	for want == nil {
		want = dec.SkipValue()
	}
	src := bytes.NewReader(bin)
	require.NoError(t, FromBinary(io.Discard, src))
	require.NoError(t, FromBinary(io.Discard, src))
	assert.Equal(t, want.Error(), FromBinary(io.Discard, src).Error())

	for _, js := range []string{"1\n2\n  [1,}", "1 2 [1,}", "1\n 2 [1,}", `{"$Array":[1],"$type":"int"}` + "\n\n [,]", `1 2 {"$Bogus":1}`} {
		var want error
		jd := NewDecoder(strings.NewReader(js))
		var v any
		for want == nil {
			want = jd.Decode(&v)
		}
		src := strings.NewReader(js)
		err := ToBinary(io.Discard, src)
		for err == nil {
			err = ToBinary(io.Discard, src)
		}
		assert.Equal(t, want, err, "%q", js)
	}
}

// manyMembers is a tagged value of about size bytes whose tag is followed
// by distinct members, which the converter refuses after a first pass
// reads them all.
func manyMembers(size int) []byte {
	b := []byte(`{"$Array":[1]`)
	for i := 0; len(b) < size; i++ {
		b = fmt.Appendf(b, `,"$m%08d":0`, i)
	}
	return append(b, '}')
}

// ToBinary's time per byte on the JSON that costs it most, against
// ordinary JSON of the same size: a first pass that checked each member
// after a tag against all before it was quadratic (32 000 members: 1.3 s).
func BenchmarkToBinaryHostile(b *testing.B) {
	var ordinary any
	require.NoError(b, gdvar.Unmarshal(gamestate.Bytes(9000), &ordinary))
	js, err := Marshal(ordinary)
	require.NoError(b, err)
	for _, in := range []hostile.Input{{Name: "ordinary", Data: js}, {Name: "members after a tag", Data: manyMembers(len(js))}} {
		b.Run(in.Name, func(b *testing.B) {
			b.SetBytes(int64(len(in.Data)))
			b.ReportAllocs()
			for b.Loop() {
				err := ToBinary(io.Discard, bytes.NewReader(in.Data))
				var ve *ValueError
				if err != nil && !errors.As(err, &ve) {
					b.Fatal(err)
				}
			}
		})
	}
}

// smallValue is a value of a few bytes, such as a ConfigFile's key holds;
// a call of Append or FromBinary on it allocates at most maxPerCall bytes
// in maxAllocsPerCall allocations.
var smallValue = []any{int64(1), "a"}

const maxPerCall, maxAllocsPerCall = 2048, 20

// Append and FromBinary, called once for each small value (a ConfigFile's
// keys, a stream of small messages), allocate little for each: their
// Decoders gave their 64 KiB read buffers to the collector rather than
// back to the pool, 76 KB a call.
func TestSmallValuePerCall(t *testing.T) {
	const calls = 10_000
	bin, err := gdvar.Marshal(smallValue)
	require.NoError(t, err)
	many := bytes.Repeat(bin, calls)
	var dst []byte
	tests := []struct {
		name string
		run  func() error
	}{
		{"Append", func() (err error) {
			dst, err = Append(dst[:0], smallValue)
			return err
		}},
		{"FromBinary", func() error { return FromBinary(io.Discard, bytes.NewReader(bin)) }},
	}
	for _, tt := range tests {
		require.NoError(t, tt.run(), tt.name)
		alloc := hostile.Allocated(func() {
			for range calls {
				require.NoError(t, tt.run(), tt.name)
			}
		})
		allocs := testing.AllocsPerRun(100, func() { require.NoError(t, tt.run(), tt.name) })
		t.Logf("%s: %d bytes and %.0f allocations a call", tt.name, alloc/calls, allocs)
		assert.LessOrEqual(t, alloc/calls, uint64(maxPerCall), tt.name)
		assert.LessOrEqual(t, allocs, float64(maxAllocsPerCall), tt.name)
	}
	src := bytes.NewReader(many)
	alloc := hostile.Allocated(func() {
		for range calls {
			require.NoError(t, FromBinary(io.Discard, src))
		}
	})
	t.Logf("FromBinary of one value after another: %d bytes a value", alloc/calls)
	assert.LessOrEqual(t, alloc/calls, uint64(maxPerCall))
}

// BenchmarkAppendSmall is Append of a value of a few bytes, one a call.
func BenchmarkAppendSmall(b *testing.B) {
	var dst []byte
	b.ReportAllocs()
	for b.Loop() {
		var err error
		if dst, err = Append(dst[:0], smallValue); err != nil {
			b.Fatal(err)
		}
	}
}
