package vartext

import (
	"strings"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// From a pipe, DecodeTo writes the value it builds token by token: the
// bytes gdvar.Marshal writes for it, strings longer than a chunk and
// values written through their binary form included.
func TestWriteTree(t *testing.T) {
	long := strings.Repeat("x", 3*maxChunk+5)
	for _, text := range []string{
		`["` + long + `", &"` + long + `", "", &""]`,
		`{Vector2(1, 2): PackedInt32Array(1, 2), ^"a/b": Array[int]([1, 2]), {}: Dictionary[String, int]({"a": 1})}`,
		`[null, true, false, -1, 1.5, RID(3), Object(Node,"a":[1]), Object(EncodedObjectAsID,"object_id":7)]`,
		`{"a": 1, "a": 2, [0]: 3, [0]: 4}`,
	} {
		var v any
		require.NoError(t, Unmarshal([]byte(text), &v))
		want, err := gdvar.Marshal(v)
		require.NoError(t, err)
		assert.Equal(t, want, decodeTo(t, onlyReader{strings.NewReader(text)}, Godot4, nil), text[:min(len(text), 60)])
	}
}
