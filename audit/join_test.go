package audit

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
)

// What the server sends the victim is counted without a copy, whatever
// its size: a mark is looked for in an argument's first bytes alone, so
// a flood of 1 MiB arguments, marked or not, or of arguments that are
// the mark cut short, costs the victim nothing more than it received.
func TestHostileMarkedCount(t *testing.T) {
	c := &client{}
	mark := []byte("GDVARAMP000001")
	huge := func(v any) []byte {
		b, err := gdvar.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	marked := huge(string(mark) + strings.Repeat("A", 1<<20))
	unmarked := huge(strings.Repeat("A", 1<<20))
	late := huge(strings.Repeat("A", markWithin) + string(mark)) // past where a mark is looked for
	cut := mark[:5]
	c.count(marked) // before a mark: nothing counted
	c.mark.Store(&mark)
	alloc := hostile.Allocated(func() {
		for range 1000 {
			c.count(marked)
			c.count(unmarked)
			c.count(late)
			c.count(cut)
			c.count(nil)
		}
	})
	assert.Zero(t, alloc)
	assert.Equal(t, int64(1000*len(marked)), c.marked.Load())
	arr := huge([]any{string(mark) + "A"})
	packed := huge([]string{string(mark) + "A"})
	for _, b := range [][]byte{arr, packed, huge([]byte(string(mark)))} {
		before := c.marked.Load()
		c.count(b)
		assert.Equal(t, before+int64(len(b)), c.marked.Load(), "an Array of the marked String, a PackedStringArray, a PackedByteArray")
	}
}
