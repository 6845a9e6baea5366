package godot

import (
	"strings"
	"sync"
	"testing"
)

// Output is what a game prints, which several goroutines write to.
type Output struct {
	mu sync.Mutex
	b  strings.Builder
}

func (o *Output) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.b.Write(p)
}

func (o *Output) String() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.b.String()
}

// ShownOnFailure returns an Output for what a game prints, which the
// test shows, as who printed it, if it fails.
func ShownOnFailure(t testing.TB, who string) *Output {
	o := new(Output)
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("%s printed:\n%s", who, o.String())
		}
	})
	return o
}
