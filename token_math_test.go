package gdvar

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
)

// roundTripMath checks MathToken then MathOf for one value, at both widths,
// and that another math type reads as zero.
func roundTripMath[T Math](t *testing.T, v T, typ Type) {
	t.Helper()
	for _, p := range []Precision{Single, Double} {
		tok := MathToken(v, p)
		assert.Equal(t, typ, tok.Type())
		assert.Equal(t, v, MathOf[T](tok), "%s", tok)
		assert.Equal(t, p == Double && typ.HasReals(), tok.Is64(), "%s", tok)
	}
	assert.Zero(t, MathOf[T](IntToken(7)), "another kind reads as zero")
}

func TestMathTokens(t *testing.T) {
	roundTripMath(t, Vector2{1, -2.5}, TypeVector2)
	roundTripMath(t, Vector2i{-3, 4}, TypeVector2i)
	roundTripMath(t, Rect2{Vector2{1, 2}, Vector2{3, 4}}, TypeRect2)
	roundTripMath(t, Rect2i{Vector2i{1, 2}, Vector2i{3, 4}}, TypeRect2i)
	roundTripMath(t, Vector3{1, 2, 3}, TypeVector3)
	roundTripMath(t, Vector3i{1, -2, 3}, TypeVector3i)
	roundTripMath(t, Transform2D{Vector2{1, 0}, Vector2{0, 1}, Vector2{5, 6}}, TypeTransform2D)
	roundTripMath(t, Vector4{1, 2, 3, 4}, TypeVector4)
	roundTripMath(t, Vector4i{1, 2, 3, 4}, TypeVector4i)
	roundTripMath(t, Plane{Vector3{0, 1, 0}, 2}, TypePlane)
	roundTripMath(t, Quaternion{0, 0, 0, 1}, TypeQuaternion)
	roundTripMath(t, AABB{Vector3{1, 2, 3}, Vector3{4, 5, 6}}, TypeAABB)
	roundTripMath(t, Basis{[3]Vector3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}}, TypeBasis)
	roundTripMath(t, Transform3D{Basis{[3]Vector3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}}, Vector3{7, 8, 9}}, TypeTransform3D)
	roundTripMath(t, Projection{[4]Vector4{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}}}, TypeProjection)
	roundTripMath(t, Color{1, 0.5, 0.25, 1}, TypeColor)
	assert.Zero(t, MathOf[Vector3](MathToken(Vector3i{1, 2, 3}, Single)), "a Vector3i is not a Vector3")
}

// ChunkOf gives the elements of the packed types that hold its element type,
// and nil for the others.
func TestChunkOf(t *testing.T) {
	chunk := func(typ Type, p Precision, raw []byte) Token {
		var tok Token
		dec := NewDecoderBytes(appendPacked(typ, p, raw))
		for tok.Kind() != KindPackedChunk {
			var err error
			tok, err = dec.ReadToken()
			if !assert.NoError(t, err) {
				return tok
			}
		}
		return tok.Clone()
	}
	ints := wireBytes([]int32{1, -2, 3, 4})
	assert.Equal(t, []int32{1, -2, 3, 4}, ChunkOf[int32](chunk(TypePackedInt32Array, Single, ints)))
	assert.Nil(t, ChunkOf[float32](chunk(TypePackedInt32Array, Single, ints)))
	assert.Equal(t, []float32{1, 2, 3, 4}, ChunkOf[float32](chunk(TypePackedVector2Array, Single, wireBytes([]float32{1, 2, 3, 4}))))
	assert.Equal(t, []float64{1, 2, 3, 4}, ChunkOf[float64](chunk(TypePackedVector2Array, Double, wireBytes([]float64{1, 2, 3, 4}))))
	assert.Nil(t, ChunkOf[float32](chunk(TypePackedVector2Array, Double, wireBytes([]float64{1, 2, 3, 4}))))
	assert.Equal(t, []int64{5, 6}, ChunkOf[int64](chunk(TypePackedInt64Array, Single, wireBytes([]int64{5, 6}))))
	assert.Nil(t, ChunkOf[int32](IntToken(1)))
}

// appendPacked encodes a whole packed array of the given payload.
func appendPacked(typ Type, p Precision, raw []byte) []byte {
	var b bytes.Buffer
	enc := NewEncoder(&b)
	size := 4
	switch {
	case typ == TypePackedInt64Array, typ == TypePackedFloat64Array:
		size = 8
	case typ == TypePackedVector2Array && p == Double:
		size = 16
	case typ == TypePackedVector2Array:
		size = 8
	}
	for _, tok := range []Token{PackedStartToken(typ, len(raw)/size, p), PackedChunkToken(raw), PackedEndToken} {
		if err := enc.WriteToken(tok); err != nil {
			panic(err)
		}
	}
	if err := enc.Flush(); err != nil {
		panic(err)
	}
	return b.Bytes()
}
