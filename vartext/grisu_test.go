package vartext

import (
	"bufio"
	"encoding/binary"
	"encoding/hex"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/golden"

	"github.com/gdvar/gdvar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCachedPowers(t *testing.T) {
	// The first entry of Grisu's published table, and 10^4 which is exact.
	assert.Equal(t, cachedPower{0xAB70FE17C79AC6CA, -1060, -300}, cachedPowers[0])
	assert.Equal(t, cachedPower{10000 << 50, -50, 4}, cachedPowers[38])
	for _, c := range cachedPowers {
		assert.NotZero(t, c.f>>63, "normalized: %v", c)
	}
}

var godot4Floats = golden.Path("text", "godot4_floats.txt")

// floatSample is one line of testdata/text/godot4_floats.txt: a value and
// how Godot 4.6 printed it, as a float ("F") or as a Vector2's component
// ("V").
type floatSample struct {
	kind  string
	value float64
	text  string
}

func loadFloatSamples(t *testing.T, path string) []floatSample {
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var out []floatSample
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		p := strings.SplitN(sc.Text(), " ", 3)
		b, err := hex.DecodeString(p[1])
		require.NoError(t, err)
		s := floatSample{kind: p[0], text: p[2]}
		switch {
		case p[0] == "F" && len(b) == 12:
			s.value = math.Float64frombits(binary.LittleEndian.Uint64(b[4:]))
		default:
			s.value = float64(math.Float32frombits(binary.LittleEndian.Uint32(b[4:])))
		}
		out = append(out, s)
	}
	require.NoError(t, sc.Err())
	return out
}

func TestGrisuMatchesGodot(t *testing.T) {
	n := 0
	for _, s := range loadFloatSamples(t, godot4Floats) {
		if s.kind != "F" || s.value == 0 || math.IsInf(s.value, 0) || math.IsNaN(s.value) {
			continue
		}
		assert.Equal(t, s.text, string(appendGodot4Float(nil, s.value)), "%v", s.value)
		n++
	}
	t.Logf("%d floats printed as Godot 4.6 prints them", n)
}

// Every sample through Marshal: scalars ("F") and Vector2 components ("V").
func TestFloatsMatchGodot(t *testing.T) {
	for _, tc := range []struct {
		path    string
		dialect Dialect
	}{
		{godot4Floats, Godot4},
		{golden.Path("text", "godot3.6", "floats.txt"), Godot3},
		{golden.Path("text", "godot3.2", "floats.txt"), Godot32},
	} {
		samples := loadFloatSamples(t, tc.path)
		for _, s := range samples {
			var v any = s.value
			if s.kind == "V" {
				v = gdvar.Vector2{X: s.value, Y: s.value}
			}
			text, err := Marshal(v, WithDialect(tc.dialect))
			require.NoError(t, err)
			assert.Equal(t, s.text, string(text), "%s %s %v", tc.dialect, s.kind, s.value)
		}
		t.Logf("%s: %d samples", tc.path, len(samples))
	}
}

// Whole numbers below 2^24 take a shortcut; Grisu gives the same digits.
func TestGodot4WholeNumbers(t *testing.T) {
	check := func(v float64, precision int) {
		digits, exp := grisu2(nil, v, precision)
		want := string(appendDigits(nil, digits, exp))
		require.Equal(t, want, string(appendGodot4Float(nil, v)), "%v", v)
	}
	for v := 1.0; v < 1<<24; v = math.Floor(v*1.0001) + 1 {
		check(v, 24)
		check(v, 53)
	}
}
