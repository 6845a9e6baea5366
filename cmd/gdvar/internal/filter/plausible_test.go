package filter

import (
	"bytes"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/cmd/gdvar/internal/clitest"
)

// f32 is a float32's bits.
func f32(f float32) uint32 { return math.Float32bits(f) }

// What a value holds that engines rarely or never write: each counts once.
func TestOddities(t *testing.T) {
	for _, c := range []struct {
		name   string
		engine gdvar.Engine
		value  []byte
		odd    int
	}{
		{"a float", gdvar.Godot4, clitest.Words(3, f32(2.5)), 0},
		{"a float of a small integer's bits: denormal", gdvar.Godot4, clitest.Words(3, 5), 1},
		{"a NaN of 32 bits: written as 64 by the engine, and NaN", gdvar.Godot4, clitest.Words(3, 0x7fc00000), 2},
		{"a NaN of 64 bits", gdvar.Godot4, clitest.Words(3|1<<16, 0, 0x7ff80000), 1},
		{"an infinity", gdvar.Godot4, clitest.Words(3, f32(float32(math.Inf(1)))), 1},
		{"the identity Transform2D", gdvar.Godot4, clitest.Words(11, f32(1), 0, 0, f32(1), 0, 0), 0},
		{"a Transform2D of small integers' bits", gdvar.Godot4, clitest.Words(11, 1, 2, 3, 4, 5, 6), 6},
		{"a Godot 3 Transform2D of an empty Array's and a String's words", gdvar.Godot3, append(clitest.Words(8, 19, 0, 12, 4, 4), "gold"...), 4},
		{"a Rect2i of small integers", gdvar.Godot4, clitest.Words(8, 3, 1, 4, 0), 0},
		{"a String", gdvar.Godot4, append(clitest.Words(4, 2), "ab\x00\x00"...), 0},
		{"a String holding a control character", gdvar.Godot4, append(clitest.Words(4, 2), "a\x01\x00\x00"...), 1},
		{"a String padded with bytes that are not zero", gdvar.Godot4, append(clitest.Words(4, 1), "a\x09\x09\x09"...), 1},
		{"a PackedStringArray, each string's NUL as the engine writes it", gdvar.Godot4, append(clitest.Words(34, 1, 2), "a\x00\x00\x00"...), 0},
		{"a PackedFloat32Array of a denormal and a 1", gdvar.Godot4, clitest.Words(32, 2, 7, f32(1)), 1},
		{"a bool of 2", gdvar.Godot4, clitest.Words(1, 2), 1},
		{"an int with header bits the engine ignores", gdvar.Godot4, clitest.Words(2|0x100, 7), 1},
		{"a RID", gdvar.Godot4, clitest.Words(23, 1, 0), 1},
		{"a Godot 3 RID, which holds nothing", gdvar.Godot3, clitest.Words(16), 1},
		{"a Callable", gdvar.Godot4, clitest.Words(25), 1},
		{"an Array of an int and a denormal", gdvar.Godot4, clitest.Words(28, 2, 2, 7, 3, 1), 1},
	} {
		var odd oddities
		dec := gdvar.MustCodec(gdvar.WithEngine(c.engine)).NewDecoder(bytes.NewReader(c.value))
		_, err := scoreValue(dec, &odd)
		require.NoError(t, err, c.name)
		assert.Equal(t, c.odd, odd.n, c.name)
	}
}
