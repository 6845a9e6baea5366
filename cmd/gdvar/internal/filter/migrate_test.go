package filter

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// godot4Finder finds Godot 4's constructors outside strings and comment
// lines, whole or written a byte at a time, in pieces of any size.
func TestGodot4Finder(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"k=PackedByteArray(1, 2)\n", "PackedByteArray"},
		{"k=Transform3D(1,0,0,0,1,0,0,0,1,0,0,0)", "Transform3D"},
		{"k=Quat( 0, 0, 0, 1 )\nl=Quaternion(0, 0, 0, 1)\n", "Quaternion"},
		{"k=PoolByteArray( 1 )\n", ""},
		{"k=\"PackedByteArray(1)\"\n", ""},
		{"k=\"a \\\" PackedByteArray(1)\"\n", ""},
		{"k=\"a \\\\\" PackedByteArray(1)\n", "PackedByteArray"},
		{"; PackedByteArray(1)\nk=1\n", ""},
		{"k=1 ; PackedByteArray(1)\n", "PackedByteArray"},
		{";c\nPackedStringArray(\"a\")", "PackedStringArray"},
		{"k=XPackedByteArray(1)", ""},
		{"k=PackedByteArrays(1)", ""},
		{"k=PackedByteArray (1)", ""},
		{"k=PackedByteArray", ""},
		{"k=PackedVector2ArrayPackedVector2Array(1)", ""},
		{"k=[\"x\"PackedColorArray()]", "PackedColorArray"},
		{"PackedInt32Array()", "PackedInt32Array"},
	} {
		for _, piece := range []int{len(tc.text), 1, 2, 5} {
			var g godot4Finder
			for b := []byte(tc.text); len(b) > 0; b = b[min(piece, len(b)):] {
				_, err := g.Write(b[:min(piece, len(b))])
				require.NoError(t, err)
			}
			assert.Equal(t, tc.want, g.found, "%q in pieces of %d", tc.text, piece)
		}
	}
}
