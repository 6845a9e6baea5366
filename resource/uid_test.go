package resource

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The text forms the engine's ResourceUID.id_to_text gave.
func TestUIDText(t *testing.T) {
	for _, tt := range []struct {
		uid  UID
		text string
	}{
		{0, "uid://a"}, {1, "uid://b"}, {33, "uid://8"}, {34, "uid://ba"}, {42, "uid://bi"},
		{0x0123456789abcdef, "uid://bfyj345pjt00"}, {1<<63 - 1, "uid://d4n4ub6itg400"},
		{NoUID, "uid://<invalid>"},
	} {
		assert.Equal(t, tt.text, tt.uid.String())
		if tt.uid >= 0 {
			got, err := ParseUID(tt.text)
			require.NoError(t, err)
			assert.Equal(t, tt.uid, got)
		}
	}
	// z and 9, never written, read as 25 and 34, as the engine reads them.
	z, err := ParseUID("uid://z")
	require.NoError(t, err)
	assert.Equal(t, UID(25), z)
	// uid:// alone is 0, as the engine's loop over no digits leaves it.
	zero, err := ParseUID("uid://")
	require.NoError(t, err)
	assert.Equal(t, UID(0), zero)
	for _, bad := range []string{"uid:/", "uid://A", "res://a", "uid://a-b", "uid://<invalid>"} {
		_, err := ParseUID(bad)
		assert.Error(t, err, bad)
	}
}

// External resources are sorted by ID as String::naturalnocasecmp_to
// sorts.
func TestNaturalNoCase(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want int
	}{
		{"9_abc", "10_abc", -1}, {"10_a", "9_z", 1}, {"1_A", "1_a", 0}, {"1_a", "1_b", -1},
		{"007_x", "7_x", 0}, {"a", "ab", -1}, {".a", "a", -1}, {"a1", "a", 1}, {"2", "a", -1},
	} {
		assert.Equal(t, tt.want, naturalNoCase(tt.a, tt.b), "%s %s", tt.a, tt.b)
		assert.Equal(t, -tt.want, naturalNoCase(tt.b, tt.a), "%s %s", tt.b, tt.a)
	}
}
