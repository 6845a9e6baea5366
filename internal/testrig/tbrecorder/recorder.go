// Package tbrecorder is a testing.TB that records what a test helper
// says, for the tests of helper packages (debuggertest, loadtesttest)
// that check how their helpers fail a test.
package tbrecorder

import (
	"fmt"
	"strings"
	"sync"
	"testing"
)

// Recorder is a testing.TB that keeps what a helper says, and whether it
// failed the test, instead of failing the real one: its Fatalf stops the
// helper by panicking with errFatal, which Run recovers. Everything else
// (Helper, TempDir, Cleanup, Skip) is the real test's, TB.
type Recorder struct {
	testing.TB
	Artifacts string // what ArtifactDir returns

	mu      sync.Mutex
	failed  bool
	said    []string
	skipped string // why the helper skipped, if it did
}

// errFatal is what Recorder.Fatalf panics with.
var errFatal = fmt.Errorf("the helper called Fatalf")

func (r *Recorder) say(failed bool, format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.failed = r.failed || failed
	r.said = append(r.said, fmt.Sprintf(format, args...))
}

func (r *Recorder) Errorf(format string, args ...any) { r.say(true, format, args...) }
func (r *Recorder) Logf(format string, args ...any)   { r.say(false, format, args...) }

func (r *Recorder) Fatalf(format string, args ...any) {
	r.say(true, format, args...)
	panic(errFatal)
}

// Skip, Skipf and SkipNow keep why, for Subtest, then skip the real test.
func (r *Recorder) Skip(args ...any) {
	r.skip(fmt.Sprint(args...))
	r.TB.SkipNow()
}

func (r *Recorder) Skipf(format string, args ...any) {
	r.skip(fmt.Sprintf(format, args...))
	r.TB.SkipNow()
}

func (r *Recorder) SkipNow() {
	r.skip("SkipNow")
	r.TB.SkipNow()
}

func (r *Recorder) skip(why string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.skipped = why
}

func (r *Recorder) Failed() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.failed
}

func (r *Recorder) ArtifactDir() string { return r.Artifacts }

// Text is all the recorder was told, a line (or more) each.
func (r *Recorder) Text() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return strings.Join(r.said, "\n")
}

// Subtest runs f, on the recorder, as t's subtest name: the helper it
// calls may fail that subtest without failing t. If the subtest skipped
// (no engine installed, say), t skips too, saying why: what t asserts
// after would otherwise check what was never said.
func (r *Recorder) Subtest(t *testing.T, name string, f func()) {
	t.Helper()
	var sub *testing.T
	t.Run(name, func(t *testing.T) {
		sub = t
		r.TB = t
		r.Run(f)
	})
	if sub.Skipped() {
		r.mu.Lock()
		why := r.skipped
		r.mu.Unlock()
		if why == "" {
			why = "see its log"
		}
		t.Skipf("its subtest %q skipped: %s", name, why)
	}
}

// Run runs f, which may stop at a Fatalf of the recorder's.
func (r *Recorder) Run(f func()) {
	defer func() {
		if p := recover(); p != nil && p != errFatal {
			panic(p)
		}
	}()
	f()
}
