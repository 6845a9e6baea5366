package loadtesttest_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"
)

// recorder is a testing.TB that keeps what a helper of loadtesttest
// says, and whether it failed the test, instead of failing the real one:
// its Fatalf stops the helper by panicking with errFatal, which run
// recovers. Everything else (Helper, TempDir, Cleanup, Skip) is the real
// test's.
type recorder struct {
	testing.TB
	artifacts string // what ArtifactDir returns

	mu     sync.Mutex
	failed bool
	said   []string
}

// errFatal is what recorder.Fatalf panics with.
var errFatal = fmt.Errorf("the helper called Fatalf")

func (r *recorder) say(failed bool, format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.failed = r.failed || failed
	r.said = append(r.said, fmt.Sprintf(format, args...))
}

func (r *recorder) Errorf(format string, args ...any) { r.say(true, format, args...) }
func (r *recorder) Logf(format string, args ...any)   { r.say(false, format, args...) }

func (r *recorder) Fatalf(format string, args ...any) {
	r.say(true, format, args...)
	panic(errFatal)
}

func (r *recorder) Failed() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.failed
}

func (r *recorder) ArtifactDir() string { return r.artifacts }

// text is all the recorder was told, a line (or more) each.
func (r *recorder) text() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return strings.Join(r.said, "\n")
}

// run runs f, which may stop at a Fatalf of the recorder's.
func (r *recorder) run(f func()) {
	defer func() {
		if p := recover(); p != nil && p != errFatal {
			panic(p)
		}
	}()
	f()
}
