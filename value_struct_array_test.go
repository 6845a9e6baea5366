package gdvar

import (
	"bytes"
	"errors"
	"os"
	"reflect"
	"testing"
	"testing/iotest"

	"github.com/gdvar/gdvar/internal/testrig/golden"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// triple is the small Array [int, String, Vector2] as a struct.
type triple struct {
	_ struct{} `gdvar:",array"`
	N int64
	S string
	V Vector2
}

// skipping has a field left out and one tagged omitempty, which is written
// all the same: positions do not move.
type skipping struct {
	_       struct{} `gdvar:",array"`
	A       int
	Hidden  int    `gdvar:"-"`
	Empty   string `gdvar:",omitempty"`
	List    []int  `gdvar:",array"`
	private int
}

// nested holds array structs in a Dictionary struct, a slice and a pointer.
type nested struct {
	Head triple
	Rest []triple
	Ptr  *triple
}

// embedded is not flat: its fields come through an embedded struct.
type embedded struct {
	_ struct{} `gdvar:",array"`
	inner
	C bool
}

type inner struct {
	A int32
	B float64
}

// withAny holds an interface{}, which the flat plan writes when it holds a
// leaf.
type withAny struct {
	_ struct{} `gdvar:",array"`
	X any
	Y float32
}

// marshalBoth returns what Marshal writes of v with the flat paths on and
// off, which must be the same.
func marshalBoth(t *testing.T, v any) []byte {
	t.Helper()
	flat, err := Marshal(v)
	require.NoError(t, err)
	tokens, err := tokenMarshal(v)
	require.NoError(t, err)
	require.Equal(t, tokens, flat, "flat and token paths differ")
	return flat
}

// unmarshalBoth decodes data into a copy of *into with the flat paths on
// and off; the two results must agree.
func unmarshalBoth[T any](t *testing.T, data []byte, into T) (T, error) {
	t.Helper()
	flat, tokens := into, into
	flatErr := Unmarshal(data, &flat)
	tokenErr := tokenUnmarshal(data, &tokens)
	require.Equal(t, tokenErr, flatErr, "flat and token paths give different errors")
	require.Equal(t, tokens, flat, "flat and token paths give different values")
	return flat, flatErr
}

// An array struct is written as the Array of its fields would be, in
// order, and read back by position.
func TestArrayStructRoundTrip(t *testing.T) {
	tests := []struct {
		name  string
		value any
		same  any // the value written another way, to the same bytes
	}{
		{"triple", &triple{N: 7, S: "héllo", V: Vector2{X: 1.5, Y: -2}},
			[]any{int64(7), "héllo", Vector2{X: 1.5, Y: -2}}},
		{"wide int and float", &triple{N: 1 << 40, S: "", V: Vector2{X: 0.1, Y: 3}},
			[]any{int64(1 << 40), "", Vector2{X: 0.1, Y: 3}}},
		{"skipped and empty fields", &skipping{A: 1, Hidden: 9, List: []int{2, 3}, private: 4},
			[]any{1, "", []any{2, 3}}},
		{"nested", &nested{Head: triple{N: 1, S: "a"}, Rest: []triple{{N: 2}, {N: 3, S: "c"}}},
			struct{ Head, Rest, Ptr any }{[]any{1, "a", Vector2{}}, []any{[]any{2, "", Vector2{}}, []any{3, "c", Vector2{}}}, nil}},
		{"embedded", &embedded{inner: inner{A: 5, B: 0.25}, C: true}, []any{int32(5), 0.25, true}},
		{"interface leaf", &withAny{X: "x", Y: 2.5}, []any{"x", float32(2.5)}},
		{"interface container", &withAny{X: []any{int64(1), "2"}, Y: 1}, []any{[]any{1, "2"}, float32(1)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := marshalBoth(t, tt.value)
			want, err := Marshal(tt.same)
			require.NoError(t, err)
			require.Equal(t, want, got)

			zero := reflect.New(reflect.TypeOf(tt.value).Elem())
			back := zero.Interface()
			require.NoError(t, Unmarshal(got, back))
			expect := reflect.ValueOf(tt.value).Elem()
			if s, ok := tt.value.(*skipping); ok { // what is not written comes back zero
				c := *s
				c.Hidden, c.private = 0, 0
				expect = reflect.ValueOf(c)
			}
			assert.Equal(t, expect.Interface(), zero.Elem().Interface())

			// On streams: an Encoder on a writer, a Decoder reading a byte
			// at a time, which sees no value whole.
			var out bytes.Buffer
			e := NewEncoder(&out)
			require.NoError(t, e.Encode(tt.value))
			require.NoError(t, e.Flush())
			require.Equal(t, got, out.Bytes())
			streamed := reflect.New(expect.Type())
			require.NoError(t, NewDecoder(iotest.OneByteReader(bytes.NewReader(got))).Decode(streamed.Interface()))
			assert.Equal(t, expect.Interface(), streamed.Elem().Interface())
		})
	}
}

// mixed is the engines' array_mixed vector, [1, "a", 2.5, null, true,
// Vector2(1, 2)], as a struct.
type mixed struct {
	_ struct{} `gdvar:",array"`
	I int
	S string
	F float64
	N any
	B bool
	V Vector2
}

// Each engine's own bytes of an Array are read into an array struct and
// written back byte for byte.
func TestArrayStructGolden(t *testing.T) {
	want := mixed{I: 1, S: "a", F: 2.5, B: true, V: Vector2{X: 1, Y: 2}}
	for _, set := range []struct {
		dir string
		eng Engine
	}{{"godot4", Godot4}, {"godot3.6", Godot3}, {"godot3.2", Godot3}} {
		t.Run(set.dir, func(t *testing.T) {
			data, err := os.ReadFile(golden.Path("golden", set.dir, "array_mixed.bin"))
			require.NoError(t, err)
			var got mixed
			require.NoError(t, MustCodec(WithEngine(set.eng)).Unmarshal(data, &got))
			assert.Equal(t, want, got)
			again, err := MustCodec(WithEngine(set.eng)).Marshal(&got)
			require.NoError(t, err)
			assert.Equal(t, data, again)
		})
	}
}

// Decoding by position: fewer elements leave the rest as they were, Nil
// leaves the whole struct, and the flat reader and the token path agree.
func TestArrayStructDecode(t *testing.T) {
	start := triple{N: 1, S: "keep", V: Vector2{X: 9, Y: 9}}
	tests := []struct {
		name  string
		input any
		want  triple
	}{
		{"whole", []any{2, "new", Vector2{X: 1, Y: 2}}, triple{N: 2, S: "new", V: Vector2{X: 1, Y: 2}}},
		{"fewer", []any{3}, triple{N: 3, S: "keep", V: Vector2{X: 9, Y: 9}}},
		{"empty", []any{}, start},
		{"nil", nil, start},
		{"converted", []any{4.0, StringName("sn"), Vector2{X: 1, Y: 2}}, triple{N: 4, S: "sn", V: Vector2{X: 1, Y: 2}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data, err := Marshal(tt.input)
			require.NoError(t, err)
			got, err := unmarshalBoth(t, data, start)
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

// Elements that do not fit are *UnmarshalTypeErrors with the path of the
// element and the field, as are more elements than fields and a
// Dictionary.
func TestArrayStructErrors(t *testing.T) {
	tests := []struct {
		name   string
		input  any
		path   string
		godot  string
		typ    reflect.Type
		field  string
		detail string
	}{
		{"string into int", []any{"x", "s", Vector2{}}, "$[0]", "String", reflect.TypeFor[int64](), "triple.N", ""},
		{"int into string", []any{1, 2, Vector2{}}, "$[1]", "int", reflect.TypeFor[string](), "triple.S", ""},
		{"float into Vector2", []any{1, "s", 1.5}, "$[2]", "float", reflect.TypeFor[Vector2](), "triple.V", ""},
		{"too many", []any{1, "s", Vector2{}, 4}, "$", "Array", reflect.TypeFor[triple](), "", "more than 3 elements"},
		{"dictionary", map[string]any{"n": 1}, "$", "Dictionary", reflect.TypeFor[triple](), "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data, err := Marshal(tt.input)
			require.NoError(t, err)
			_, err = unmarshalBoth(t, data, triple{})
			var te *UnmarshalTypeError
			require.True(t, errors.As(err, &te), "%v", err)
			assert.Equal(t, tt.path, te.Path)
			assert.Equal(t, tt.godot, te.Godot)
			assert.Equal(t, tt.typ, te.Type)
			assert.Equal(t, tt.field, te.Field)
			assert.Equal(t, tt.detail, te.Detail)
		})
	}
}

// A Decoder reads the next value after an error in an array struct.
func TestArrayStructErrorSkipsValue(t *testing.T) {
	a, err := Marshal([]any{1, "s", Vector2{}, 4})
	require.NoError(t, err)
	b, err := Marshal(&triple{N: 5, S: "next"})
	require.NoError(t, err)
	d := NewDecoderBytes(append(a, b...))
	var v triple
	require.Error(t, d.Decode(&v))
	require.NoError(t, d.Decode(&v))
	assert.Equal(t, triple{N: 5, S: "next"}, v)
}

// Bytes decoded into an array struct give the same value, or the same
// error, by the flat reader and by the token path; a value read is
// written back as it was read when the input is as the engine writes it.
func FuzzArrayStruct(f *testing.F) {
	for _, v := range []any{
		&triple{N: 7, S: "seed", V: Vector2{X: 1, Y: 2}},
		[]any{1, "s"},
		[]any{1, "s", Vector2{}, 4},
		[]any{"x", 1, 1.5},
		&nested{Rest: []triple{{N: 1}}},
	} {
		b, err := Marshal(v)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var flat, tokens triple
		flatErr := Unmarshal(data, &flat)
		tokenErr := tokenUnmarshal(data, &tokens)
		if (flatErr == nil) != (tokenErr == nil) || flatErr != nil && flatErr.Error() != tokenErr.Error() {
			t.Fatalf("flat: %v\ntokens: %v", flatErr, tokenErr)
		}
		if flatErr != nil {
			return
		}
		// Compared as written, so that NaNs compare by their bits.
		again, err := Marshal(&flat)
		if err != nil {
			t.Fatal(err)
		}
		if viaTokens, _ := Marshal(&tokens); !bytes.Equal(again, viaTokens) {
			t.Fatalf("flat: %+v\ntokens: %+v", flat, tokens)
		}
		var back triple
		if err := Unmarshal(again, &back); err != nil {
			t.Fatalf("reading %x back: %v", again, err)
		}
		if twice, _ := Marshal(&back); !bytes.Equal(again, twice) {
			t.Fatalf("%x came back as %+v", again, back)
		}
		if full, _ := Marshal([]any{flat.N, flat.S, flat.V}); !bytes.Equal(full, again) {
			t.Fatalf("written as %x, not as its Array %x", again, full)
		}
	})
}

// BenchmarkArrayStruct reads and writes [int, String, Vector2] as the
// marked struct and, for comparison in the same run, as a [3]any, the form
// gdvar had for that Array before the marker (benchstat -col /form).
func BenchmarkArrayStruct(b *testing.B) {
	v := triple{N: 12, S: "abcdefgh", V: Vector2{X: 1.5, Y: -2}}
	data, err := Marshal(&v)
	require.NoError(b, err)
	asAny := [3]any{v.N, v.S, v.V}
	var buf []byte
	forms := []struct {
		name       string
		into, from any
	}{
		{"struct", new(triple), &v},
		{"any", new([3]any), &asAny},
	}
	for _, f := range forms {
		b.Run("op=Unmarshal/form="+f.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := Unmarshal(data, f.into); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("op=Marshal/form="+f.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Marshal(f.from); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("op=AppendMarshal/form="+f.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if buf, err = AppendMarshal(buf[:0], f.from); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
