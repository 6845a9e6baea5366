package debugger

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// kept keeps the newest items within its count and its bytes, in order,
// and counts the others.
func TestKept(t *testing.T) {
	for _, c := range []struct {
		name          string
		max, maxBytes int
		sizes         []int
		want          []int // the items kept, by index
	}{
		{"by count", 3, 100, []int{1, 1, 1, 1, 1}, []int{2, 3, 4}},
		{"by bytes", 10, 5, []int{2, 2, 2, 2}, []int{2, 3}},
		{"one too big", 10, 5, []int{1, 9, 1}, []int{2}},
		{"all", 10, 100, []int{1, 2, 3}, []int{0, 1, 2}},
	} {
		k := kept[int]{max: c.max, maxBytes: c.maxBytes}
		for i, n := range c.sizes {
			k.add(i, n)
		}
		assert.Equal(t, c.want, k.all(), c.name)
		assert.Equal(t, len(c.sizes)-len(c.want), k.dropped, c.name)
		newest, ok := k.last(1)
		assert.True(t, ok)
		assert.Equal(t, len(c.sizes)-1, newest, c.name)
		_, ok = k.last(len(c.want) + 1)
		assert.False(t, ok, c.name)
	}
	k := kept[int]{max: 100, maxBytes: 1 << 20}
	for i := range 100_000 {
		k.add(i, 1)
	}
	assert.Len(t, k.all(), 100)
	assert.Equal(t, 99_900, k.all()[0])
	assert.LessOrEqual(t, cap(k.items), 512, "moved down, not grown")
}

// clip copies and cuts a string at 64 KiB, at a character's start.
func TestClip(t *testing.T) {
	assert.Equal(t, "abc", clip("abc"))
	long := strings.Repeat("é", maxText) // two bytes each
	assert.Equal(t, long[:maxText], clip(long))
	odd := "x" + long
	assert.Equal(t, odd[:maxText-1], clip(odd))
}
