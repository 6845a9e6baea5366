package vartext_test

import (
	"math"
	"testing"

	"github.com/gdvar/gdvar/vartext"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// AppendFloat prints a float as Append prints the float Variant, in
// every dialect, without allocating.
func TestAppendFloat(t *testing.T) {
	for _, d := range []vartext.Dialect{vartext.Godot4, vartext.Godot3, vartext.Godot32} {
		c := vartext.MustCodec(vartext.WithDialect(d))
		for _, v := range []float64{0, 1, -26.359985, float64(float32(-26.359985)), 0.671209, 1e300, math.Inf(-1), math.NaN(), 5e-324} {
			want, err := c.Append(nil, v)
			require.NoError(t, err)
			assert.Equal(t, string(want), string(c.AppendFloat(nil, v)), "%v, %v", d, v)
		}
	}
	c := vartext.MustCodec()
	buf := make([]byte, 0, 64)
	assert.Zero(t, testing.AllocsPerRun(100, func() { buf = c.AppendFloat(buf[:0], 0.671209) }))
}
