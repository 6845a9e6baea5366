package vartext_test

import (
	"bytes"
	"fmt"
	"math"
	"math/rand"
	"strconv"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/vartext"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Godot 4.0 to 4.2 printed every float with C's %g (six significant
// digits); 4.3 and later print the shortest digits that read back. They
// differ only for 32-bit subnormals and numbers from 1e6 to 1e15: a
// Decoder tells such digits, and WithGodot42Floats prints them again.
func TestGodot42Floats(t *testing.T) {
	for _, c := range []struct {
		name, text string
		older      bool   // the digits are 4.0 to 4.2's alone
		later      string // as printed without WithGodot42Floats, if not text
	}{
		// bengsiswantoh/godot-3d-platformer, scenes/inherited/knight.tscn
		// at 166e7f8c (Godot 4.2): a component of a bone's transform.
		{"32-bit subnormal, knight.tscn", "Transform3D(1, -2.20965e-22, 1.69407e-21, 2.20965e-22, 1, 0, -1.69407e-21, 3.58732e-43, 1, 4.76837e-07, 1.21589, -1.08542e-07)", true,
			"Transform3D(1, -2.20965e-22, 1.69407e-21, 2.20965e-22, 1, 0, -1.69407e-21, 3.59e-43, 1, 4.76837e-07, 1.21589, -1.08542e-07)"},
		{"the smallest 32-bit subnormal", "PackedFloat32Array(-1.4013e-45)", true, "PackedFloat32Array(-1e-45)"},
		{"4.3's digits of a subnormal", "Vector2(3.59e-43, 0)", false, ""},
		{"a big component", "Vector3(1.23457e+06, 0, 1e+06)", true, "Vector3(1234570, 0, 1000000)"},
		{"a big float", "1.23457e+06", true, "1234570.0"},
		{"4.3's big float", "1234570.0", false, ""},
		{"a 64-bit float of a subnormal's digits", "3.58732e-43", false, ""},
		{"a PackedFloat64Array", "PackedFloat64Array(3.58732e-43, 1e+06)", true, "PackedFloat64Array(3.58732e-43, 1000000)"},
		{"normal digits, alike", "Vector3(1.21589, -5.95036e-08, 1e+15)", false, ""},
		{"a hand's digits", "Vector2(3.5873e-43, 0)", false, "Vector2(3.59e-43, 0)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			d, err := vartext.NewDecoder(bytes.NewReader([]byte(c.text)))
			require.NoError(t, err)
			var v any
			require.NoError(t, d.Decode(&v))
			assert.Equal(t, c.older, d.ReadGodot42Floats())

			later := c.later
			if later == "" {
				later = c.text
			}
			got, err := vartext.Marshal(v)
			require.NoError(t, err)
			assert.Equal(t, later, string(got), "as 4.3 and later print")
			if c.older {
				got, err = vartext.Marshal(v, vartext.WithGodot42Floats(true))
				require.NoError(t, err)
				assert.Equal(t, c.text, string(got), "as 4.0 to 4.2 print")
			}
		})
	}

	// Godot 3's text prints six digits anyway: none are Godot 4.2's alone.
	d, err := vartext.NewDecoder(bytes.NewReader([]byte("Vector2(3.58732e-43, 0)")), vartext.WithDialect(vartext.Godot3))
	require.NoError(t, err)
	var v any
	require.NoError(t, d.Decode(&v))
	assert.False(t, d.ReadGodot42Floats())
}

// readsBack reports whether text reads back as v (a NaN as a NaN).
func readsBack(t *testing.T, text []byte, v any) bool {
	var h any
	require.NoError(t, vartext.Unmarshal(text, &h), string(text))
	return fmt.Sprint(h) == fmt.Sprint(v) || strings.Contains(string(text), "nan")
}

// Every float Godot 4.0 to 4.2 could print, %g's six digits of a float32,
// or of a float64 from 1e6 to 1e15, comes back as printed with
// WithGodot42Floats (other 64-bit floats' six digits are not always
// read back as printed, with or without it: Godot's parser, which gdvar's
// follows, is not correctly rounding), and a float printed with it reads
// back as it is wherever it does printed as by default.
func TestGodot42FloatsBack(t *testing.T) {
	r := rand.New(rand.NewSource(42))
	older := vartext.MustCodec(vartext.WithGodot42Floats(true))
	for range 30000 {
		exp := r.Intn(90) - 50
		if r.Intn(4) == 0 {
			exp = r.Intn(10) + 1 // around 1e6 to 1e15
		}
		f, err := strconv.ParseFloat(fmt.Sprintf("%de%d", 100000+r.Intn(900000), exp), 64)
		require.NoError(t, err)
		for _, single := range []bool{true, false} {
			typ, g := "PackedFloat64Array", f
			if single {
				typ, g = "PackedFloat32Array", float64(float32(f))
			}
			if g == 0 || math.IsInf(g, 0) || !single && (math.Abs(g) < 1e6 || math.Abs(g) >= 1e15) {
				continue
			}
			text := typ + "(" + strconv.FormatFloat(g, 'g', 6, 64) + ")" // as %g prints it
			var v any
			require.NoError(t, older.Unmarshal([]byte(text), &v), text)
			back, err := older.Marshal(v)
			require.NoError(t, err)
			assert.Equal(t, text, string(back))
		}
	}
	for range 30000 {
		for _, g := range []any{[]float64{math.Float64frombits(r.Uint64())}, []float32{math.Float32frombits(r.Uint32())}} {
			if by, err := vartext.Marshal(g); err == nil && !readsBack(t, by, g) {
				continue
			}
			out, err := older.Marshal(g)
			require.NoError(t, err)
			require.True(t, readsBack(t, out, g), string(out))
		}
	}
}
