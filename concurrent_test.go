package gdvar

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
)

// concurrentRecord is a type no other test uses, so that its encoder and
// decoder are built in TestConcurrentFirstUse.
type concurrentRecord struct {
	A int
	B string
	C []int
	D *concurrentRecord
}

// Goroutines that marshal and unmarshal a type for the first time at the
// same time each get the right bytes and values (run with -race, as CI
// does: the encoders of struct fields were resolved on first use without
// a lock).
func TestConcurrentFirstUse(t *testing.T) {
	want := map[string]any{"x": concurrentRecord{A: 1, B: "b", C: []int{2}, D: &concurrentRecord{A: 3}}}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			b, err := Marshal(want)
			if !assert.NoError(t, err) {
				return
			}
			var got struct{ X concurrentRecord }
			assert.NoError(t, Unmarshal(b, &got))
			assert.Equal(t, want["x"], got.X)
		})
	}
	wg.Wait()
}
