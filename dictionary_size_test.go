package gdvar_test

import (
	"fmt"
	"io"
	"testing"

	. "github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// emptyDictionaryBytes is what an empty Dictionary may take in an Array of
// them: 64 bytes (65 as the value layer cuts them, 63 to a 4 KiB block),
// and 16 for its element. "{}," is 3 bytes of text or
// JSON, and a reader holds the elements besides: 128 bytes (what a
// Dictionary took) put any tree reader over hostile.Bound.
const emptyDictionaryBytes = 65 + 16

// An Array of empty Dictionaries, from binary bytes, takes little more
// than its Dictionaries and its elements, at 1 MiB and at 8 MiB. (From a
// reader, its elements grow as they arrive: TestHostileInputs.)
func TestEmptyDictionariesAreSmall(t *testing.T) {
	for _, size := range []int{1 << 20, 8 << 20} {
		data := hostile.ArrayOf(hostile.EmptyDictionary, size)
		n := uint64(len(data) / len(hostile.EmptyDictionary))
		for _, e := range entries[:2] { // Unmarshal, Decode on bytes
			t.Run(fmt.Sprintf("%s, %d MiB", e.name, size>>20), func(t *testing.T) {
				var err error
				alloc := hostile.Allocated(func() { err = e.run(data) })
				if err != io.EOF {
					require.NoError(t, err)
				}
				t.Logf("%d bytes: %d KiB allocated (%.1f per byte, %.1f per Dictionary)", len(data), alloc>>10,
					float64(alloc)/float64(len(data)), float64(alloc)/float64(n))
				assert.LessOrEqual(t, alloc, n*emptyDictionaryBytes+hostile.Floor)
			})
		}
	}
}

// A Dictionary built empty allocates only itself, and keeps its entries
// when it gets some.
func TestEmptyDictionaryAllocations(t *testing.T) {
	var d *Dictionary
	allocs := testing.AllocsPerRun(10, func() {
		d = NewDictionary()
		d.Grow(0)
	})
	assert.Equal(t, 1.0, allocs)
	assert.Zero(t, d.Len())
	assert.Nil(t, d.Keys())
	assert.True(t, d.Equal(&Dictionary{}))
	_, ok := d.Get("a")
	assert.False(t, ok)
	assert.False(t, d.Delete("a"))
	d.Set("a", 1)
	assert.True(t, d.Delete("a"))
	assert.True(t, d.Equal(NewDictionary()), "emptied, it equals one never filled")
	assert.Equal(t, "{  }", d.String())
}
