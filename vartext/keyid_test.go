package vartext

import (
	"strings"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Keys that are containers, nested in keys or not, are one key when their
// binary forms are equal (equalKey), as numbered once each: Decode keeps
// one entry of each, and one pass refuses the value.
func TestKeysInKeys(t *testing.T) {
	deep := strings.Repeat("{", 900) + "[0, 1]" + strings.Repeat(": 0}", 900)
	tests := []struct {
		text    string
		entries int
	}{
		{`{{[1]: 2}: "a", {[1]: 2}: "b"}`, 1},
		{`{{[1]: 2, [1]: 3}: "a", {[1]: 3}: "b"}`, 1}, // the first key's Dictionary keeps one entry
		{`{{[1]: 2, [1]: 3}: "a", {[1]: 2}: "b"}`, 2},
		{`{{1: 2, 3: 4}: 0, {3: 4, 1: 2}: 0}`, 2}, // the order of entries counts
		{`{[-0.0]: 1, [0.0]: 2}`, 2},              // inside an Array -0.0 keeps its bits
		{`{-0.0: 1, 0.0: 2}`, 1},
		{`{["a"]: 1, [&"a"]: 2}`, 2}, // a StringName inside an Array is not a String
		{`{"a": 1, &"a": 2}`, 1},
		{`{Array[int]([1]): 1, [1]: 2}`, 2},
		{`{[Vector2(1, 2)]: 1, [Vector2(1, 2.00000001)]: 2}`, 1}, // 32-bit reals
		{`{[[]]: 1, [{}]: 2, [[], []]: 3, [[[]]]: 4}`, 4},
		{"{" + deep + ": 1, " + deep + ": 2}", 1},
		{"{" + deep + ": 1, " + strings.Replace(deep, "[0, 1]", "[0, 2]", 1) + ": 2}", 2},
	}
	for _, tt := range tests {
		var v any
		require.NoError(t, Unmarshal([]byte(tt.text), &v), tt.text[:min(60, len(tt.text))])
		d := v.(*gdvar.Dictionary)
		assert.Equal(t, tt.entries, d.Len(), tt.text[:min(60, len(tt.text))])
		if tt.entries == 1 {
			_, x := d.At(0)
			assert.NotEqual(t, any(int64(1)), x, "the last value is kept")
		}
	}
}
