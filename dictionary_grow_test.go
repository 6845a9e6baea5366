package gdvar

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// After Grow(n), n Appends allocate nothing, and the entries are kept.
func TestDictionaryGrow(t *testing.T) {
	for _, n := range []int{1, 3, 100} {
		var d *Dictionary
		allocs := testing.AllocsPerRun(10, func() {
			d = &Dictionary{}
			d.Grow(n)
			for i := range n {
				d.Append(int64(i), "v")
			}
		})
		if !RaceDetector {
			assert.Equal(t, 3.0, allocs, "n=%d: the Dictionary, its table and its entries", n)
		}
		assert.Equal(t, n, d.Len())
		k, v := d.At(n - 1)
		assert.Equal(t, int64(n-1), k)
		assert.Equal(t, "v", v)
	}
}
