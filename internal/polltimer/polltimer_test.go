package polltimer

import (
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A timer set fires once, and fires again when set again; one stopped
// before its time does not fire; closed, its goroutine ends.
func TestTimer(t *testing.T) {
	fired := make(chan struct{}, 10)
	tm := New(func() { fired <- struct{}{} })
	tm.Set(time.Millisecond)
	waitFired(t, fired)
	tm.Set(time.Millisecond)
	waitFired(t, fired)

	tm.Set(time.Hour)
	tm.Stop()
	tm.Set(time.Hour) // set again, replacing the stop
	select {
	case <-fired:
		t.Fatal("a timer set for an hour fired")
	case <-time.After(20 * time.Millisecond):
	}

	tm.Close()
	tm.Stop() // after Close: nothing to stop, no descriptor touched
	require.Eventually(t, func() bool { return !strings.Contains(stacks(), "polltimer.run") },
		10*time.Second, 5*time.Millisecond, "the timer's goroutine ended")
}

// A timer stopped at once never fires, however often it is set: its
// expiry is the poller's to report, and none is left.
func TestTimerStopped(t *testing.T) {
	var fired atomic.Int32
	tm := New(func() { fired.Add(1) })
	defer tm.Close()
	for range 1000 {
		tm.Set(50 * time.Millisecond)
		tm.Stop()
	}
	time.Sleep(100 * time.Millisecond)
	assert.Zero(t, fired.Load())
}

func waitFired(t *testing.T, fired <-chan struct{}) {
	t.Helper()
	select {
	case <-fired:
	case <-time.After(10 * time.Second):
		t.Fatal("the timer did not fire")
	}
}

func stacks() string {
	b := make([]byte, 1<<20)
	return string(b[:runtime.Stack(b, true)])
}
