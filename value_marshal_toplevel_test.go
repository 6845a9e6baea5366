package gdvar

import (
	"bytes"
	"errors"
	"math"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// textRef is pointer-shaped: an interface holds the pointer itself.
type textRef struct{ s *string }

func (r textRef) MarshalText() ([]byte, error)        { return []byte(*r.s), nil }
func (r textRef) AppendText(b []byte) ([]byte, error) { return append(b, *r.s...), nil }

// textFails cannot give its text.
type textFails struct{}

func (f textFails) MarshalText() ([]byte, error)        { return nil, errTextFails }
func (f textFails) AppendText(b []byte) ([]byte, error) { return append(b, "part"...), errTextFails }

var errTextFails = errors.New("no text")

// dated holds a time.Time and a text whose appending fails.
type dated struct {
	At   time.Time
	Text textRef
}

// topRecord is a flat record, given to Marshal by value and by pointer.
type topRecord struct {
	Name  string
	N     int
	F     float64
	Pos   Vector3
	Blob  []byte
	Flags []bool `gdvar:",array"`
}

// Marshal and AppendMarshal write a value of a flat type, given without
// options, by its plan alone; the bytes are the token path's, for values
// the plan writes and for those it leaves to the token path.
func TestMarshalTopLevelFlat(t *testing.T) {
	rec := topRecord{Name: "ada", N: 1 << 40, F: 0.1, Pos: Vector3{X: 1, Y: math.Pi, Z: 3}, Blob: []byte{1, 2, 3}, Flags: []bool{true, false}}
	var nilRec *topRecord
	deep := strings.Repeat("x", 70000) // longer than an Encoder holds
	at := time.Date(2026, 11, 23, 18, 4, 5, 6, time.UTC)
	hello := "hello"
	tests := []struct {
		name string
		v    any
		opts []Option
	}{
		{"record", rec, nil},
		{"pointer", &rec, nil},
		{"nil pointer", nilRec, nil},
		{"records", []topRecord{rec, {}, rec}, nil},
		{"empty records", []topRecord{}, nil},
		{"nil records", []topRecord(nil), nil},
		{"int", 7, nil},
		{"wide int", int64(math.MaxInt64), nil},
		{"string", "héllo", nil},
		{"long string", deep, nil},
		{"bytes", []byte{9}, nil},
		{"vector", Vector2{X: 0.5, Y: 0.1}, nil},
		{"time", at, nil},
		{"time in a struct", dated{At: at, Text: textRef{&hello}}, nil},
		{"time out of range", dated{At: time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC), Text: textRef{&hello}}, nil},
		{"pointer-shaped text", textRef{&hello}, nil},
		{"failing text", struct{ F textFails }{}, nil},
		{"Godot 3", rec, []Option{WithEngine(Godot3)}},
		{"Godot 3, no 64-bit int", topRecord{N: 1 << 40}, []Option{WithEngine(Godot3)}},
		{"single precision", rec, []Option{WithMathPrecision(Single)}},
		{"deeper than allowed", struct{ R topRecord }{rec}, []Option{WithLimits(Limits{MaxDepth: 1})}},
	}
	for _, tc := range tests {
		want, wantErr := tokenMarshal(tc.v, tc.opts...)
		got, err := MustCodec(tc.opts...).Marshal(tc.v)
		assert.Equal(t, wantErr, err, tc.name)
		assert.Equal(t, want, got, tc.name)
		if tc.name == "time out of range" || tc.name == "failing text" || tc.name == "deeper than allowed" {
			assert.Error(t, err, tc.name)
		}
		appended, err := MustCodec(tc.opts...).AppendMarshal([]byte{7}, tc.v)
		assert.Equal(t, wantErr, err, tc.name)
		if wantErr == nil {
			assert.Equal(t, append([]byte{7}, want...), appended, tc.name)
		}
	}
}

// Marshal sizes its output from recent values of the type: a value larger
// than the last grows it, and the bytes are whole either way.
func TestMarshalSizeHint(t *testing.T) {
	for _, n := range []int{4, 400, 4, 40000, 3, 4} {
		v := topRecord{Name: strings.Repeat("n", n)}
		want, err := tokenMarshal(v)
		require.NoError(t, err)
		got, err := Marshal(v)
		require.NoError(t, err)
		require.Equal(t, want, got, "name of %d bytes", n)
		assert.LessOrEqual(t, cap(got), 2*len(got)+64, "name of %d bytes", n)
	}
}

// tokenBytes is what an Encoder writes for toks.
func tokenBytes(t *testing.T, toks ...Token) []byte {
	var out bytes.Buffer
	enc := NewEncoder(&out)
	for _, tok := range toks {
		require.NoError(t, enc.WriteToken(tok))
	}
	return out.Bytes()
}

// The generic form's values (any, map[string]any, Array, *Dictionary, Go
// arrays of any) are written as their tokens say, whether by the type
// switch and the map shortcut or by reflect; a map[string]any that holds
// itself is a cycle.
func TestMarshalGenericForm(t *testing.T) {
	untyped := UntypedContainer
	leaves := []any{int64(1), "x", 2.5, true, nil, Vector2{X: 1, Y: 2}, 7, int32(8), StringName("s")}
	leafToks := []Token{IntToken(1), StringToken("x"), FloatToken(2.5), BoolToken(true), NilToken,
		MathToken(Vector2{X: 1, Y: 2}, Single), IntToken(7), IntToken(8), StringNameToken("s")}
	inner := map[string]any{"b": leaves, "a": 7}
	innerToks := append([]Token{DictStartToken(2, untyped, untyped), DictKeyToken, StringToken("a"), IntToken(7),
		DictKeyToken, StringToken("b"), ArrayStartToken(len(leaves), untyped)}, leafToks...)
	innerToks = append(innerToks, ArrayEndToken, DictEndToken)
	type key string
	tests := []struct {
		name string
		v    any
		toks []Token
	}{
		{"map[string]any", map[string]any{"z": inner, "y": inner, "n": map[string]any(nil)},
			slices.Concat([]Token{DictStartToken(3, untyped, untyped), DictKeyToken, StringToken("n"), NilToken,
				DictKeyToken, StringToken("y")}, innerToks, []Token{DictKeyToken, StringToken("z")}, innerToks, []Token{DictEndToken})},
		{"long key", map[string]any{strings.Repeat("k", 5000): 1, "": 2},
			[]Token{DictStartToken(2, untyped, untyped), DictKeyToken, StringToken(""), IntToken(2),
				DictKeyToken, StringToken(strings.Repeat("k", 5000)), IntToken(1), DictEndToken}},
		{"map[key]any", map[key]any{"z": inner, "y": inner},
			slices.Concat([]Token{DictStartToken(2, untyped, untyped), DictKeyToken, StringToken("y")}, innerToks,
				[]Token{DictKeyToken, StringToken("z")}, innerToks, []Token{DictEndToken})},
		{"Dictionary", NewDictionary("k", inner, 3, leaves[:2]),
			slices.Concat([]Token{DictStartToken(2, untyped, untyped), DictKeyToken, StringToken("k")}, innerToks,
				[]Token{DictKeyToken, IntToken(3), ArrayStartToken(2, untyped)}, leafToks[:2], []Token{ArrayEndToken, DictEndToken})},
		{"Go array of any", [3]any{int8(1), "s", Vector2{X: 0.1}},
			[]Token{ArrayStartToken(3, untyped), IntToken(1), StringToken("s"), MathToken(Vector2{X: 0.1}, Double), ArrayEndToken}},
		{"pointer to one", &[2]any{nil, inner},
			slices.Concat([]Token{ArrayStartToken(2, untyped), NilToken}, innerToks, []Token{ArrayEndToken})},
		{"struct of any", struct{ M map[string]any }{inner},
			slices.Concat([]Token{DictStartToken(1, untyped, untyped), DictKeyToken, StringToken("m")}, innerToks, []Token{DictEndToken})},
	}
	for _, tc := range tests {
		want := tokenBytes(t, tc.toks...)
		for _, flat := range []bool{false, true} {
			flatPaths = flat
			got, err := Marshal(tc.v)
			flatPaths = true
			require.NoError(t, err, tc.name)
			assert.Equal(t, want, got, "%s, flat paths %v", tc.name, flat)
		}
	}
	self := map[string]any{}
	self["me"] = []any{self}
	_, err := Marshal(self)
	assert.ErrorIs(t, err, ErrCycle)
}

// An interface{} that holds other than a leaf is the token path's: a type
// whose values hold one is written by it from then on, and its bytes stay
// the token path's; so are a Go array's.
func TestMarshalFlatAnyMiss(t *testing.T) {
	type holder struct {
		A any
		G [2]any
	}
	for _, v := range []holder{
		{A: 1, G: [2]any{"x", Vector3{Z: 1}}},
		{A: []any{1}, G: [2]any{int32(2), float32(0.5)}},
		{A: NewDictionary("k", 1)},
		{A: "again", G: [2]any{nil, true}},
	} {
		want, err := tokenMarshal(v)
		require.NoError(t, err)
		got, err := Marshal(v)
		require.NoError(t, err)
		assert.Equal(t, want, got, "%v", v)
		got, err = Marshal([]holder{v, v})
		require.NoError(t, err)
		assert.Equal(t, words(uint32(TypeArray), 2), got[:8])
		assert.Equal(t, slices.Concat(want, want), got[8:])
	}
	plan := topTypeOf(reflect.TypeFor[holder]()).flat
	require.NotNil(t, plan)
	assert.True(t, plan.hasAny)
	assert.True(t, plan.missed.Load(), "a holder held a []any")
}

// concurrentTop and concurrentAny are types no other test uses: their
// topTypes are made, sized and missed by goroutines at once (run with
// -race, as CI does).
type concurrentTop struct {
	Name string
	At   time.Time
	V    Vector2
}

type concurrentAny struct{ X any }

func TestMarshalTopLevelConcurrent(t *testing.T) {
	var values []any
	for i := range 16 {
		values = append(values, concurrentTop{Name: strings.Repeat("n", i*i)}, &concurrentTop{V: Vector2{X: float64(i)}},
			concurrentAny{X: i}, concurrentAny{X: []any{i}}, []concurrentAny{{X: "s"}})
	}
	flatPaths = false
	var wants [][]byte
	for _, v := range values {
		want, err := Marshal(v)
		require.NoError(t, err)
		wants = append(wants, want)
	}
	flatPaths = true
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			buf := make([]byte, 0, 64)
			for i := range values {
				i = (i + g*7) % len(values)
				got, err := Marshal(values[i])
				assert.NoError(t, err)
				assert.Equal(t, wants[i], got)
				buf, err = MustCodec(WithEngine(Godot4)).AppendMarshal(buf[:0], values[i])
				assert.NoError(t, err)
				assert.Equal(t, wants[i], buf)
			}
		})
	}
	wg.Wait()
}

// Encoder.Encode writes a value of a flat type by its plan too, at the top
// level and inside an open container, to a writer: the bytes are the token
// path's, a value larger than the Encoder holds included.
func TestEncodeTopLevelFlat(t *testing.T) {
	rec := topRecord{Name: "ada", Pos: Vector3{X: 0.1}}
	values := []any{rec, &rec, []any{1, "x", Vector2{X: 2}}, [2]any{nil, 2.5}, strings.Repeat("s", 70000),
		[]topRecord{{Name: strings.Repeat("n", 40000)}, {Name: strings.Repeat("m", 40000)}}, []any{map[string]any{"k": 1}}}
	encode := func(flat bool) []byte {
		flatPaths = flat
		defer func() { flatPaths = true }()
		var out bytes.Buffer
		enc := NewEncoder(&out)
		for _, v := range values {
			require.NoError(t, enc.Encode(v))
		}
		require.NoError(t, enc.WriteToken(ArrayStartToken(len(values), UntypedContainer)))
		for _, v := range values {
			require.NoError(t, enc.Encode(v))
		}
		require.NoError(t, enc.WriteToken(ArrayEndToken))
		return out.Bytes()
	}
	want := encode(false)
	assert.Equal(t, want, encode(true))
	assert.Equal(t, want, encode(true), "with the types known")
}
