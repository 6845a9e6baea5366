package gdvar_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
)

// smallTriple is the Array [int, String, Vector2] as a struct.
type smallTriple struct {
	_ struct{} `gdvar:",array"`
	N int64
	S string
	V gdvar.Vector2
}

// An array struct of flat fields is written and read flat: Marshal
// allocates only its result, AppendMarshal nothing, Unmarshal only the
// string.
func TestArrayStructAllocs(t *testing.T) {
	if gdvar.RaceDetector {
		t.Skip("the race detector changes allocation counts")
	}
	v := &smallTriple{N: 12, S: "abcdefgh", V: gdvar.Vector2{X: 1, Y: 2}}
	data, err := gdvar.Marshal(v)
	require.NoError(t, err)
	buf := make([]byte, 0, 256)
	var into smallTriple
	tests := []struct {
		name string
		max  float64
		run  func()
	}{
		{"Marshal", 1, func() { _, _ = gdvar.Marshal(v) }},
		{"AppendMarshal", 0, func() { _, _ = gdvar.AppendMarshal(buf[:0], v) }},
		{"Unmarshal", 1, func() { into = smallTriple{}; _ = gdvar.Unmarshal(data, &into) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.LessOrEqual(t, testing.AllocsPerRun(200, tt.run), tt.max)
		})
	}
	assert.Equal(t, *v, into)
}
