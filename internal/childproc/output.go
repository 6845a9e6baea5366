package childproc

import (
	"bytes"
	"sync"
)

// Output keeps the first Max bytes a child process's output streams
// write, from their goroutines (the rest is dropped, the writes still
// succeeding): what a test shows of a child that failed. Its zero value
// keeps nothing; set Max.
type Output struct {
	Max int
	mu  sync.Mutex
	b   bytes.Buffer
}

func (o *Output) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.b.Write(p[:min(len(p), max(0, o.Max-o.b.Len()))])
	return len(p), nil
}

// String returns what was kept.
func (o *Output) String() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.b.String()
}
