package gdvar_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Flat: plain fields, read straight from the buffer (value_unmarshal_flat.go).
type strictFlat struct {
	Name string
	HP   int64
}

// Not flat: an interface field sends it down the token path.
type strictAny struct {
	Name  string
	Extra any
}

type strictOuter struct {
	ID  int64
	Pos strictFlat
}

type strictRow struct {
	_    struct{} `gdvar:",array"`
	ID   int64
	Item strictFlat
}

// Every path that decodes a struct refuses a key that names no field with
// DisallowUnknownFields, names it and where it is, and leaves the Decoder
// in step; without the option the key is skipped, as before.
func TestDisallowUnknownFields(t *testing.T) {
	long := strings.Repeat("k", 3*gdvar.MinChunkSize) // a key in chunks
	cases := []struct {
		name  string
		in    any // what is marshalled
		into  func() any
		want  any // decoded without the option
		path  string
		key   string
		godot string
		typ   reflect.Type
	}{
		{"flat", map[string]any{"name": "ann", "hp": 7, "mana": 3}, func() any { return new(strictFlat) },
			&strictFlat{Name: "ann", HP: 7}, `$["mana"]`, "mana", "String", reflect.TypeFor[strictFlat]()},
		{"flat, known keys after", map[string]any{"aaa": 1, "name": "ann", "hp": 7}, func() any { return new(strictFlat) },
			&strictFlat{Name: "ann", HP: 7}, `$["aaa"]`, "aaa", "String", reflect.TypeFor[strictFlat]()},
		{"token path", map[string]any{"name": "ann", "extra": []any{1}, "mana": 3}, func() any { return new(strictAny) },
			&strictAny{Name: "ann", Extra: []any{int64(1)}}, `$["mana"]`, "mana", "String", reflect.TypeFor[strictAny]()},
		{"nested", map[string]any{"id": 1, "pos": map[string]any{"name": "a", "z": 2}}, func() any { return new(strictOuter) },
			&strictOuter{ID: 1, Pos: strictFlat{Name: "a"}}, `$["pos"]["z"]`, "z", "String", reflect.TypeFor[strictFlat]()},
		{"slice of structs", []any{map[string]any{"hp": 1}, map[string]any{"hp": 2, "mp": 3}}, func() any { return new([]strictFlat) },
			&[]strictFlat{{HP: 1}, {HP: 2}}, `$[1]["mp"]`, "mp", "String", reflect.TypeFor[strictFlat]()},
		{"map of structs", map[string]any{"ann": map[string]any{"hp": 1, "mp": 3}}, func() any { return new(map[string]strictFlat) },
			&map[string]strictFlat{"ann": {HP: 1}}, `$["ann"]["mp"]`, "mp", "String", reflect.TypeFor[strictFlat]()},
		{"struct as Array", []any{int64(4), map[string]any{"name": "a", "mp": 3}}, func() any { return new(strictRow) },
			&strictRow{ID: 4, Item: strictFlat{Name: "a"}}, `$[1]["mp"]`, "mp", "String", reflect.TypeFor[strictFlat]()},
		{"full object", &gdvar.Object{Class: "Node", Properties: []gdvar.Property{{Name: "hp", Value: 5}, {Name: "script", Value: nil}}},
			func() any { return new(strictFlat) }, &strictFlat{HP: 5}, `$.script`, "script", "String", reflect.TypeFor[strictFlat]()},
		{"StringName key", gdvar.NewDictionary(gdvar.StringName("mp"), 3), func() any { return new(strictFlat) },
			&strictFlat{}, `$[&"mp"]`, "mp", "StringName", reflect.TypeFor[strictFlat]()},
		{"int key", gdvar.NewDictionary("hp", 2, int64(7), 3), func() any { return new(strictFlat) },
			&strictFlat{HP: 2}, `$[7]`, "", "int", reflect.TypeFor[strictFlat]()},
		{"Array key", gdvar.NewDictionary("hp", 2, []any{1}, 3), func() any { return new(strictFlat) },
			&strictFlat{HP: 2}, `$[#1]`, "", "Array", reflect.TypeFor[strictFlat]()},
		{"long key", map[string]any{long: 1}, func() any { return new(strictFlat) },
			&strictFlat{}, `$["` + long[:24] + `…"]`, long, "String", reflect.TypeFor[strictFlat]()},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			data, err := gdvar.Marshal(tc.in)
			require.NoError(t, err)
			opts := []gdvar.Option{gdvar.AllowObjects(true), gdvar.WithLimits(gdvar.Limits{ChunkSize: gdvar.MinChunkSize})}

			v := tc.into()
			require.NoError(t, gdvar.MustCodec(opts...).Unmarshal(data, v))
			assert.Equal(t, tc.want, v, "skipped without the option")

			err = gdvar.MustCodec(append(opts, gdvar.DisallowUnknownFields(true))...).Unmarshal(data, tc.into())
			require.ErrorIs(t, err, gdvar.ErrUnknownField)
			var ue *gdvar.UnknownFieldError
			require.ErrorAs(t, err, &ue)
			assert.Equal(t, tc.path, ue.Path)
			assert.Equal(t, tc.key, ue.Key)
			assert.Equal(t, tc.godot, ue.Godot)
			assert.Equal(t, tc.typ, ue.Type)

			// In step after it: the next value decodes.
			dec := gdvar.MustCodec(append(opts, gdvar.DisallowUnknownFields(true))...).NewDecoderBytes(append(append([]byte(nil), data...), data...))
			require.ErrorIs(t, dec.Decode(tc.into()), gdvar.ErrUnknownField)
			var next any
			require.NoError(t, dec.Decode(&next))
		})
	}
}

func TestUnknownFieldErrorMessage(t *testing.T) {
	typ := reflect.TypeFor[strictFlat]()
	for _, tc := range []struct {
		err  *gdvar.UnknownFieldError
		want string
	}{
		{&gdvar.UnknownFieldError{Path: `$[3]["mp"]`, Key: "mp", Godot: "String", Type: typ},
			`gdvar: $[3]["mp"]: unknown field "mp" of Go type gdvar_test.strictFlat`},
		{&gdvar.UnknownFieldError{Path: `$[7]`, Godot: "int", Type: typ},
			`gdvar: $[7]: a key of type int names no field of Go type gdvar_test.strictFlat`},
	} {
		assert.Equal(t, tc.want, tc.err.Error())
		assert.True(t, errors.Is(tc.err, gdvar.ErrUnknownField))
	}
}
