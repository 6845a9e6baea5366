package multiplayer

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/gdvar/gdvar/enet"
)

// DefaultErrorInterval is how often, at most, errors of one kind from one
// peer are reported one by one (see WithErrorInterval).
const DefaultErrorInterval = time.Second

// RepeatedError sums up the errors of one kind from one peer that were not
// reported one by one: Count more like Err, the last of them, in the
// interval that followed the one reported (see WithErrorInterval). It
// wraps Err, so errors.Is finds its kind (ErrNotAllowed, …).
type RepeatedError struct {
	Err      error
	Count    int
	Interval time.Duration
}

func (e *RepeatedError) Error() string {
	return fmt.Sprintf("%d more errors like this one in %v: %v", e.Count, e.Interval, e.Err)
}

func (e *RepeatedError) Unwrap() error { return e.Err }

// limitedKinds are the kinds of errors a peer's packets cause by the
// thousand when the two sides disagree (a refused sync each tick, an
// ENet client's datagrams compressed otherwise): those that errorLimiter
// sums up. A connection's end, or a handler's error,
// is always reported.
var limitedKinds = []error{ErrNotAllowed, ErrUnknownNode, ErrUnknownMethod, ErrUnknownScene, ErrMalformed, ErrChecksum, ErrQueueFull, ErrTooLarge,
	enet.ErrCompression, enet.ErrTooManyPeers}

// errorKey is a kind of error of one peer.
type errorKey struct {
	peer PeerID
	kind error
}

// errorRun is what was held back of a kind in the current interval.
type errorRun struct {
	last  error
	count int
	timer *time.Timer
}

// errorLimiter reports the first error of each kind from each peer in an
// interval, and the count of the others, in a RepeatedError, when the
// interval ends: a peer sending a refused packet each tick makes a line a
// second, not sixty. It holds one run per peer and kind at most.
type errorLimiter struct {
	interval time.Duration // 0: every error reported
	emit     func(PeerID, error)

	mu     sync.Mutex
	runs   map[errorKey]*errorRun
	closed bool
}

// newErrorLimiter returns a limiter that reports through emit.
func newErrorLimiter(interval time.Duration, emit func(PeerID, error)) *errorLimiter {
	return &errorLimiter{interval: interval, emit: emit, runs: map[errorKey]*errorRun{}}
}

// report reports err of peer now, or counts it if one of its kind was
// reported less than an interval ago.
func (l *errorLimiter) report(peer PeerID, err error) {
	if l.pass(peer, err) {
		l.emit(peer, err)
	}
}

// reportLater is report for a caller holding a lock of another's (an
// ENet host's, see WithDropReport), which OnError's function may need:
// what is reported is reported on a goroutine of its own.
func (l *errorLimiter) reportLater(peer PeerID, err error) {
	if l.pass(peer, err) {
		go l.emit(peer, err)
	}
}

// pass reports whether err of peer is to be reported now; if not, it is
// counted.
func (l *errorLimiter) pass(peer PeerID, err error) bool {
	kind := kindOf(err)
	if l.interval == 0 || kind == nil {
		return true
	}
	key := errorKey{peer, kind}
	l.mu.Lock()
	defer l.mu.Unlock()
	if r := l.runs[key]; r != nil {
		r.last = err
		r.count++
		return false
	}
	if !l.closed {
		r := &errorRun{}
		r.timer = time.AfterFunc(l.interval, func() { l.end(key, r) })
		l.runs[key] = r
	}
	return true
}

// end ends an interval of a run: its count, if any, is reported, and a
// new interval starts; a run with nothing counted is forgotten.
func (l *errorLimiter) end(key errorKey, r *errorRun) {
	l.mu.Lock()
	if l.runs[key] != r {
		l.mu.Unlock()
		return
	}
	last, count := r.last, r.count
	r.last, r.count = nil, 0
	if count == 0 || l.closed {
		delete(l.runs, key)
	} else {
		r.timer.Reset(l.interval)
	}
	l.mu.Unlock()
	if count > 0 {
		l.emit(key.peer, &RepeatedError{Err: last, Count: count, Interval: l.interval})
	}
}

// close stops the runs and reports what they counted.
func (l *errorLimiter) close() {
	l.mu.Lock()
	l.closed = true
	runs := l.runs
	l.runs = map[errorKey]*errorRun{}
	l.mu.Unlock()
	for key, r := range runs {
		r.timer.Stop()
		if r.count > 0 {
			l.emit(key.peer, &RepeatedError{Err: r.last, Count: r.count, Interval: l.interval})
		}
	}
}

// kindOf returns the kind of limitedKinds err is, or nil.
func kindOf(err error) error {
	if errors.Is(err, ErrDisconnected) {
		return nil
	}
	for _, k := range limitedKinds {
		if errors.Is(err, k) {
			return k
		}
	}
	return nil
}
