package gdvar

import (
	"bytes"
	"encoding/hex"
	"errors"
	"io"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// godotNaN is the NaN Godot writes (Go's math.NaN has another payload).
var godotNaN = math.Float64frombits(0x7ff8000000000000)

// encode writes tokens and returns the bytes, failing on error.
func encode(t *testing.T, toks ...Token) []byte {
	t.Helper()
	var b bytes.Buffer
	enc := NewEncoder(&b)
	for _, tok := range toks {
		require.NoError(t, enc.WriteToken(tok), "writing %s", tok)
	}
	require.NoError(t, enc.Flush())
	return b.Bytes()
}

func unhex(s string) []byte {
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		panic(err)
	}
	return b
}

// The examples the spec gives, made from tokens.
func TestEncoderSpecExamples(t *testing.T) {
	tests := []struct {
		name string
		toks []Token
		want string
	}{
		{"int 7", []Token{IntToken(7)}, "02000000 07000000"},
		{"int 1<<40", []Token{IntToken(1 << 40)}, "02000100 0000000000010000"},
		{"float 0.1", []Token{FloatToken(0.1)}, "03000100 9a9999999999b93f"},
		{"float 2.5", []Token{FloatToken(2.5)}, "03000000 00002040"},
		{"float NaN", []Token{FloatToken(godotNaN)}, "03000100 000000000000f87f"},
		{"StringName", []Token{StringNameToken("sn")}, "15000000 02000000 736e0000"},
		{"typed Array[int]", []Token{ArrayStartToken(2, ContainerType{Kind: TypedBuiltin, Builtin: TypeInt}), IntToken(1), IntToken(2), ArrayEndToken},
			"1c000100 02000000 02000000 02000000 01000000 02000000 02000000"},
		{"Dictionary[String, int]", []Token{
			DictStartToken(1, ContainerType{Kind: TypedBuiltin, Builtin: TypeString}, ContainerType{Kind: TypedBuiltin, Builtin: TypeInt}),
			DictKeyToken, StringToken("x"), IntToken(1), DictEndToken},
			"1b000500 04000000 02000000 01000000 04000000 01000000 78000000 02000000 01000000"},
		{"PackedStringArray", []Token{PackedStartToken(TypePackedStringArray, 2, Single), StringToken("a"), StringToken("bc"), PackedEndToken},
			"22000000 02000000 02000000 61000000 03000000 62630000"},
		{"NodePath", []Token{NodePathToken(NodePath{Names: []string{"root", "a"}, SubNames: []string{"b", "c"}, Absolute: true})},
			"16000000 02000080 02000000 01000000 04000000 726f6f74 01000000 61000000 01000000 62000000 01000000 63000000"},
		{"object id", []Token{ObjectIDToken(0x0102)}, "18000100 0201000000000000"},
		{"Callable", []Token{CallableToken}, "19000000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, unhex(tt.want), encode(t, tt.toks...))
		})
	}
}

// The engine's width rules for values that do not say their width.
func TestEncoderWidthRules(t *testing.T) {
	ints := map[int64]Kind{0: KindInt32, math.MaxInt32: KindInt32, math.MinInt32: KindInt32,
		math.MaxInt32 + 1: KindInt64, math.MinInt32 - 1: KindInt64, math.MaxInt64: KindInt64}
	for v, k := range ints {
		assert.Equal(t, k, IntToken(v).Kind(), "%d", v)
		assert.Equal(t, v, IntToken(v).Int())
	}
	floats := map[float64]Kind{0.5: KindFloat32, 0.1: KindFloat64, math.Inf(1): KindFloat32,
		math.Inf(-1): KindFloat32, math.Copysign(0, -1): KindFloat32, math.NaN(): KindFloat64,
		1e300: KindFloat64, math.MaxFloat32: KindFloat32}
	for v, k := range floats {
		assert.Equal(t, k, FloatToken(v).Kind(), "%v", v)
	}
}

// Tokens built by hand reproduce what the engine wrote for the same values.
func TestEncoderMatchesEngine(t *testing.T) {
	golden := func(name string) []byte {
		b, err := os.ReadFile("testdata/golden/godot4/" + name + ".bin")
		require.NoError(t, err)
		return b
	}
	tests := map[string][]Token{
		"vector3":       {MathToken(Vector3{1, 2, 3}, Single)},
		"color":         {MathToken(Color{1, 0.5, 0.25, 0.75}, Single)},
		"rect2i":        {MathToken(Rect2i{Vector2i{-1, 2}, Vector2i{300, 400}}, Single)},
		"aabb":          {MathToken(AABB{Vector3{1, 2, 3}, Vector3{4, 5, 6}}, Single)},
		"wide_vector3":  {MathToken(Vector3{0.1, 1e300, -0.5}, Double)},
		"string_abc":    {StringToken("abc")},
		"float_neg0":    {FloatToken(math.Copysign(0, -1))},
		"float_nan":     {FloatToken(godotNaN)},
		"int_i64_min":   {IntToken(math.MinInt64)},
		"nodepath_root": {NodePathToken(NodePath{Names: []string{"root"}, Absolute: true})},
		"packed_int32": {PackedStartToken(TypePackedInt32Array, 4, Single),
			ChunkToken([]int32{1, -1, math.MaxInt32, math.MinInt32}), PackedEndToken},
		"packed_byte_5": {PackedStartToken(TypePackedByteArray, 5, Single), PackedChunkToken([]byte{1, 2, 3}),
			PackedChunkToken([]byte{4, 255}), PackedEndToken},
		"packed_string": {PackedStartToken(TypePackedStringArray, 5, Single), StringToken("a"), StringToken("bc"),
			StringToken(""), StringToken("héllo"), StringChunkToken(3, []byte("a")), StringChunkToken(3, []byte("bc")), PackedEndToken},
		"array_typed_class":      {ArrayStartToken(0, ContainerType{Kind: TypedClass, Name: "EncodedObjectAsID"}), ArrayEndToken},
		"object_full_refcounted": {ObjectStartToken("RefCounted", 1), ObjectPropertyToken("script"), NilToken, ObjectEndToken},
		"dict_empty":             {DictStartToken(0, UntypedContainer, UntypedContainer), DictEndToken},
		"stringname_unicode":     {StringNameToken("名前")},
	}
	for name, toks := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, golden(name), encode(t, toks...))
		})
	}
}

func TestEncoderMisuse(t *testing.T) {
	tests := []struct {
		name   string
		toks   []Token
		detail string
	}{
		{"array too short", []Token{ArrayStartToken(2, UntypedContainer), NilToken, ArrayEndToken}, "expected a value (1 of 2 elements written)"},
		{"array too long", []Token{ArrayStartToken(1, UntypedContainer), NilToken, NilToken}, "expected ArrayEnd (1 of 1 elements written)"},
		{"wrong end", []Token{ArrayStartToken(0, UntypedContainer), DictEndToken}, "got DictEnd, expected ArrayEnd"},
		{"key without marker", []Token{DictStartToken(1, UntypedContainer, UntypedContainer), StringToken("k")}, "got String, expected DictKey"},
		{"dict end early", []Token{DictStartToken(1, UntypedContainer, UntypedContainer), DictEndToken}, "expected DictKey (0 of 1 entries written)"},
		{"marker instead of value", []Token{DictStartToken(1, UntypedContainer, UntypedContainer), DictKeyToken, DictKeyToken}, "got DictKey, expected a value"},
		{"end at top level", []Token{ArrayEndToken}, "got ArrayEnd, expected a value"},
		{"chunk too long", []Token{StringChunkToken(2, []byte("abc"))}, "exceeds the declared length 2"},
		{"chunks disagree on total", []Token{StringChunkToken(4, []byte("ab")), StringChunkToken(5, []byte("cd"))}, "declares length 5"},
		{"string interrupted", []Token{StringChunkToken(4, []byte("ab")), NilToken}, "expected the next chunk of the string (2 of 4 bytes written)"},
		{"packed chunk too long", []Token{PackedStartToken(TypePackedInt32Array, 1, Single), ChunkToken([]int32{1, 2})}, "exceeds the 4 bytes left"},
		{"packed partial element", []Token{PackedStartToken(TypePackedInt32Array, 1, Single), PackedChunkToken([]byte{1, 2})}, "not whole 4-byte elements"},
		{"packed end early", []Token{PackedStartToken(TypePackedByteArray, 2, Single), PackedEndToken}, "expected PackedChunk (0 of 2 bytes written)"},
		{"packed string element kind", []Token{PackedStartToken(TypePackedStringArray, 1, Single), IntToken(1)}, "expected a String element"},
		{"double precision int array", []Token{PackedStartToken(TypePackedInt32Array, 1, Double)}, "has no 64-bit form"},
		{"not packed", []Token{PackedStartToken(TypeArray, 1, Single)}, "not a packed array"},
		{"null object with properties", []Token{ObjectStartToken("", 1)}, "has no properties"},
		{"property missing", []Token{ObjectStartToken("Node", 1), NilToken}, "expected ObjectProperty"},
		{"negative count", []Token{ArrayStartToken(-2, UntypedContainer)}, "outside the int32 range"},
		{"zero token", []Token{{}}, "got Invalid"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			enc := NewEncoder(&b)
			var err error
			for _, tok := range tt.toks {
				if err = enc.WriteToken(tok); err != nil {
					break
				}
			}
			require.ErrorIs(t, err, ErrUnexpectedToken)
			var ee *EncodeError
			require.ErrorAs(t, err, &ee)
			assert.Contains(t, ee.Detail, tt.detail)
			assert.Contains(t, err.Error(), tt.detail)
		})
	}
}

// A refused token writes nothing: the value can be completed correctly.
func TestEncoderMisuseIsRecoverable(t *testing.T) {
	var b bytes.Buffer
	enc := NewEncoder(&b)
	require.NoError(t, enc.WriteToken(ArrayStartToken(1, UntypedContainer)))
	require.Error(t, enc.WriteToken(ArrayEndToken))
	require.Error(t, enc.WriteToken(PackedChunkToken([]byte{1})))
	require.NoError(t, enc.WriteToken(IntToken(7)))
	require.NoError(t, enc.WriteToken(ArrayEndToken))
	assert.Equal(t, words(28, 1, 2, 7), b.Bytes())
}

func TestEncoderPathInErrors(t *testing.T) {
	var b bytes.Buffer
	enc := NewEncoder(&b)
	for _, tok := range []Token{DictStartToken(1, UntypedContainer, UntypedContainer), DictKeyToken,
		StringToken("pos"), ArrayStartToken(1, UntypedContainer)} {
		require.NoError(t, enc.WriteToken(tok))
	}
	err := enc.WriteToken(ArrayEndToken)
	var ee *EncodeError
	require.ErrorAs(t, err, &ee)
	assert.Equal(t, `$["pos"][0]`, ee.Path)
}

type failWriter struct{ n int }

var errDiskFull = errors.New("disk full")

func (w *failWriter) Write(p []byte) (int, error) {
	if w.n+len(p) > 8 {
		return 0, errDiskFull
	}
	w.n += len(p)
	return len(p), nil
}

func TestEncoderWriterErrorIsFinal(t *testing.T) {
	enc := NewEncoder(&failWriter{})
	require.NoError(t, enc.WriteToken(IntToken(1)))
	err := enc.WriteToken(IntToken(2))
	require.ErrorIs(t, err, errDiskFull)
	assert.ErrorIs(t, enc.WriteToken(NilToken), errDiskFull)
	assert.ErrorIs(t, enc.Flush(), errDiskFull)
}

// Output reaches the writer when a top-level value is complete, and not
// before unless Flush is called or much is buffered.
func TestEncoderFlushPoints(t *testing.T) {
	var b bytes.Buffer
	enc := NewEncoder(&b)
	require.NoError(t, enc.WriteToken(ArrayStartToken(1, UntypedContainer)))
	assert.Zero(t, b.Len())
	assert.Equal(t, int64(8), enc.OutputOffset())
	require.NoError(t, enc.Flush())
	assert.Equal(t, 8, b.Len())
	require.NoError(t, enc.WriteToken(NilToken))
	require.NoError(t, enc.WriteToken(ArrayEndToken))
	assert.Equal(t, 12, b.Len())
}

// maxDepth values are refused by the Encoder as by the engine.
func TestEncoderDepth(t *testing.T) {
	enc := NewEncoder(io.Discard)
	for range 1024 {
		require.NoError(t, enc.WriteToken(ArrayStartToken(1, UntypedContainer)))
	}
	require.NoError(t, enc.WriteToken(ArrayStartToken(0, UntypedContainer)), "an empty container at depth 1024")
	require.NoError(t, enc.WriteToken(ArrayEndToken))
	enc = NewEncoder(io.Discard)
	for range 1025 {
		require.NoError(t, enc.WriteToken(ArrayStartToken(1, UntypedContainer)))
	}
	assert.ErrorIs(t, enc.WriteToken(NilToken), ErrUnexpectedToken)
}

// Tokens a version does not have are refused with an error naming the type
// and the version.
func TestEncoderRefusesOtherVersionsTypes(t *testing.T) {
	typed := ContainerType{Kind: TypedBuiltin, Builtin: TypeInt}
	tests := []struct {
		engine Engine
		tok    Token
		detail string
	}{
		{Godot3, StringNameToken("x"), "StringName does not exist in Godot 3"},
		{Godot3, MathToken(Vector2i{}, Single), "Vector2i does not exist in Godot 3"},
		{Godot3, MathToken(Vector4{}, Single), "Vector4 does not exist in Godot 3"},
		{Godot3, MathToken(Projection{}, Single), "Projection does not exist in Godot 3"},
		{Godot3, CallableToken, "Callable does not exist in Godot 3"},
		{Godot3, SignalToken("s", 1), "Signal does not exist in Godot 3"},
		{Godot3, PackedStartToken(TypePackedInt64Array, 0, Single), "PackedInt64Array does not exist in Godot 3"},
		{Godot3, ArrayStartToken(0, typed), "typed containers do not exist in Godot 3"},
		{Godot3, MathToken(Vector3{}, Double), "Vector3 has no 64-bit form in Godot 3"},
		{Godot3, RIDToken(5), "a RID has no payload in Godot 3"},
		{Godot3, ImageStartToken(ImageHeader{}, 0), "Image does not exist in Godot 3"},
		{Godot4, InputEventToken(InputEvent{}), "InputEvent does not exist in Godot 4"},
		{Godot2, IntToken(1 << 40), "int has no 64-bit form in Godot 2"},
		{Godot2, FloatToken(0.1), "float has no 64-bit form in Godot 2"},
		{Godot2, ObjectIDToken(7), "an Object has no payload in Godot 2"},
		{Godot2, ObjectStartToken("Node", 0), "full objects do not exist in Godot 2"},
		{Godot2, InputEventToken(InputEvent{Type: InputEventKey}), "InputEvent of type 1 has 2 fields in Godot 2, got 0"},
	}
	for _, tt := range tests {
		t.Run(tt.detail, func(t *testing.T) {
			err := MustCodec(WithEngine(tt.engine)).NewEncoder(io.Discard).WriteToken(tt.tok)
			require.ErrorIs(t, err, ErrUnexpectedToken)
			assert.Contains(t, err.Error(), tt.detail)
		})
	}
}

func TestUnknownEngine(t *testing.T) {
	_, err := NewCodec(WithEngine(Engine(9)))
	assert.ErrorContains(t, err, "unknown engine 9")
	assert.Equal(t, "Engine(9)", Engine(9).String())
	assert.Equal(t, "Godot 3", Godot3.String())
}
