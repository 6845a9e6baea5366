package childproc

import (
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Output keeps its first Max bytes, written from several goroutines,
// and says every write succeeded.
func TestOutputKeepsItsBound(t *testing.T) {
	o := &Output{Max: 100}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 10 {
				n, err := o.Write([]byte(strings.Repeat("x", 7)))
				assert.NoError(t, err)
				assert.Equal(t, 7, n)
			}
		})
	}
	wg.Wait()
	assert.Equal(t, strings.Repeat("x", 100), o.String())
}
