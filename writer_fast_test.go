package gdvar

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWriteLeafAgrees holds writeLeaf, which writes the leaves inside a
// container, to the token path, which writes them at the top level: an
// element of a one-element Array is written as the same value alone.
func TestWriteLeafAgrees(t *testing.T) {
	leaves := []struct {
		name string
		tok  Token
	}{
		{"bool", BoolToken(true)},
		{"int32", Int32Token(-7)},
		{"int64", Int64Token(math.MaxInt64)},
		{"float32", Float32Token(1.5)},
		{"float64", Float64Token(math.Pi)},
		{"empty string", StringToken("")},
		{"string", StringToken("héllo")},
		{"string of a chunk", StringToken(strings.Repeat("x", directWriteSize-1))},
		{"string too long for a leaf", StringToken(strings.Repeat("x", directWriteSize))},
		{"Vector2", MathToken(Vector2{1, 2}, Single)},
		{"Vector2 wide", MathToken(Vector2{1, 2}, Double)},
		{"Vector3", MathToken(Vector3{1, 2, 3}, Single)},
		{"Vector3 wide", MathToken(Vector3{1, 2, 3}, Double)},
		{"Vector3i", MathToken(Vector3i{1, -2, 3}, Single)},
		{"Transform3D", MathToken(Transform3D{Basis: Basis{Rows: [3]Vector3{{X: 1}}}}, Single)},
		{"Projection", MathToken(Projection{}, Double)},
		{"Vector4", MathToken(Vector4{1, 2, 3, 4}, Single)},
		{"Color", MathToken(Color{R: 1, A: 0.5}, Single)},
	}
	for _, eng := range []Engine{Godot4, Godot3, Godot2} {
		for _, l := range leaves {
			t.Run(eng.String()+"/"+l.name, func(t *testing.T) {
				var alone bytes.Buffer
				errAlone := MustCodec(WithEngine(eng)).NewEncoder(&alone).WriteToken(l.tok)
				var inArray bytes.Buffer
				enc := MustCodec(WithEngine(eng)).NewEncoder(&inArray)
				require.NoError(t, enc.WriteToken(ArrayStartToken(1, UntypedContainer)))
				errInArray := enc.WriteToken(l.tok)
				if errAlone != nil {
					assert.Error(t, errInArray, "refused alone, taken in an Array")
					return
				}
				require.NoError(t, errInArray)
				require.NoError(t, enc.WriteToken(ArrayEndToken))
				require.Greater(t, inArray.Len(), 8)
				assert.Equal(t, alone.Bytes(), inArray.Bytes()[8:], "the element as the value alone")
			})
		}
	}
}
