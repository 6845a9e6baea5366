package audit

import (
	"strings"
	"sync"
	"testing"
)

// lockedBuilder is a strings.Builder several goroutines write to.
type lockedBuilder struct {
	mu sync.Mutex
	b  *strings.Builder
}

func (l *lockedBuilder) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuilder) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// shownOnFailure returns a writer for what a server prints, which the
// test shows, as who printed it, if it fails.
func shownOnFailure(t *testing.T, who string) *lockedBuilder {
	w := &lockedBuilder{b: new(strings.Builder)}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("%s printed:\n%s", who, w.String())
		}
	})
	return w
}
