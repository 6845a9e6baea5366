package multiplayer

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gdvar/gdvar/enet"
)

// DefaultErrorInterval is how often, at most, errors of one kind from one
// peer are reported one by one (see WithErrorInterval).
const DefaultErrorInterval = time.Second

// RepeatedError sums up the errors of one kind from one peer that were not
// reported one by one: Count more like Err in one interval (see
// WithErrorInterval). Err is the last of that kind whose detail was made:
// the one reported as the run began, or one made since (a node's checksum
// error is made once for each node); the others of a flood of refused
// packets are counted with none made. It wraps Err, so errors.Is finds
// its kind (ErrNotAllowed, …).
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
// sums up. A connection's end, or a handler's error, is always reported.
// The kinds of the packets most often refused come first.
var limitedKinds = [...]error{ErrMalformed, ErrUnknownNode, ErrUnknownMethod, ErrNotAllowed, ErrNoPeer, errArguments,
	ErrUnknownScene, ErrChecksum, ErrQueueFull, ErrTooLarge, enet.ErrCompression, enet.ErrTooManyPeers}

// errArguments is the kind of an *ArgError reported (kindOf), handed on
// bare (see refuse) for the calls refused while one is being counted.
var errArguments = errors.New("multiplayer: a call's arguments do not fit its handler")

// errorRuns are the runs of one peer's errors, one per limited kind at
// most, made as the kind first comes and kept: a connection's (conn.errs),
// or those of the errors of no connection (peerLayer.unconnected). A run
// under way is found, and counted in, with no lock and no map: a flood of
// refused packets costs an atomic add each.
type errorRuns [len(limitedKinds)]atomic.Pointer[errorRun]

// idle is an errorRun's count when no run is under way.
const idle = -1

// errorRun is a run of one kind of a peer's errors: the last made (see
// RepeatedError), and how many came in the current interval besides the
// one reported as the run began.
type errorRun struct {
	count atomic.Int64 // idle, or the errors counted in this interval
	// Under the limiter's mu:
	peer  PeerID
	last  error       // the last error of the run's that was made (see RepeatedError)
	timer *time.Timer // ends the interval
}

// take counts an error in the run, and reports whether a run was under
// way to count it in.
func (r *errorRun) take() bool {
	for {
		n := r.count.Load()
		if n == idle {
			return false
		}
		if r.count.CompareAndSwap(n, n+1) {
			return true
		}
	}
}

// counts reports whether an error of kind, one of limitedKinds, would be
// counted now rather than reported.
func (rs *errorRuns) counts(kind error) bool {
	k := bareKind(kind)
	if k < 0 {
		return false
	}
	r := rs[k].Load()
	return r != nil && r.count.Load() != idle
}

// refuse returns the error of a packet refused as kind, one of
// limitedKinds: the one explain makes, which says why, or, if an error
// of kind from this peer would only be counted (see WithErrorInterval),
// kind itself, and explain is not called. So a flood of refused packets
// costs no error each, nor the formatting of one; and a run's end finding
// the bare kind, between the two, reports it bare, once. A nil rs (no
// peer's: ReadArg's, a local call's, a test's) explains every error.
func (rs *errorRuns) refuse(kind error, explain func() error) error {
	if rs != nil && rs.counts(kind) {
		return kind
	}
	return explain()
}

// errorLimiter reports the first error of each kind from each peer in an
// interval, and the count of the others, in a RepeatedError, when the
// interval ends: a peer sending a refused packet each tick makes a line a
// second, not sixty. It holds one run per peer and kind at most.
type errorLimiter struct {
	interval time.Duration // 0: every error reported
	emit     func(PeerID, error)

	mu     sync.Mutex
	active map[*errorRun]bool // the runs under way, which close sums up
	closed bool

	refused [len(limitedKinds)]atomic.Uint64 // every error of each kind, reported or counted (Stats)
}

// refusedCounts returns how many errors of each limited kind came.
func (l *errorLimiter) refusedCounts() RefusedCounts {
	var n [len(limitedKinds)]uint64
	for i := range n {
		n[i] = l.refused[i].Load()
	}
	return RefusedCounts{Malformed: n[0], UnknownNode: n[1], UnknownMethod: n[2], NotAllowed: n[3], NoPeer: n[4],
		Arguments: n[5], UnknownScene: n[6], Checksum: n[7], QueueFull: n[8], TooLarge: n[9],
		ENetCompression: n[10], ENetTooManyPeers: n[11]}
}

// newErrorLimiter returns a limiter that reports through emit.
func newErrorLimiter(interval time.Duration, emit func(PeerID, error)) *errorLimiter {
	return &errorLimiter{interval: interval, emit: emit, active: map[*errorRun]bool{}}
}

// report reports err of peer, whose runs are rs, now, or counts it if one
// of its kind was reported less than an interval ago.
func (l *errorLimiter) report(rs *errorRuns, peer PeerID, err error) {
	if l.pass(rs, peer, err) {
		l.emit(peer, err)
	}
}

// reportLater is report for a caller holding a lock of another's (an
// ENet host's, see WithDropReport), which OnError's function may need:
// what is reported is reported on a goroutine of its own.
func (l *errorLimiter) reportLater(rs *errorRuns, peer PeerID, err error) {
	if l.pass(rs, peer, err) {
		go l.emit(peer, err)
	}
}

// pass reports whether err of peer is to be reported now, beginning a
// run of its kind; if not, it is counted. A bare kind (refuse's) of a run
// under way is counted without a lock; an error made with its detail is
// kept as the run's last.
func (l *errorLimiter) pass(rs *errorRuns, peer PeerID, err error) bool {
	k := bareKind(err)
	bare := k >= 0
	if !bare {
		k = kindOf(err)
	}
	if k >= 0 {
		l.refused[k].Add(1)
	}
	if l.interval == 0 {
		return true
	}
	if bare {
		if r := rs[k].Load(); r != nil && r.take() {
			return false
		}
	} else if k < 0 {
		return true
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	r := rs[k].Load()
	if r == nil {
		r = &errorRun{}
		r.count.Store(idle)
		rs[k].Store(r)
	}
	if r.take() {
		if !bare {
			r.last = err
		}
		return false
	}
	if l.closed {
		return true
	}
	r.peer, r.last = peer, err
	if r.timer == nil {
		r.timer = time.AfterFunc(l.interval, func() { l.end(r) })
	} else {
		r.timer.Reset(l.interval)
	}
	l.active[r] = true
	r.count.Store(0)
	return true
}

// end ends an interval of a run: its count, if any, is reported, and a
// new interval starts; a run with nothing counted ends.
func (l *errorLimiter) end(r *errorRun) {
	l.mu.Lock()
	for {
		n := r.count.Load()
		switch {
		case n == idle: // summed up by close
			l.mu.Unlock()
			return
		case n == 0 && r.count.CompareAndSwap(0, idle):
			delete(l.active, r)
			r.last = nil
			l.mu.Unlock()
			return
		case n > 0 && r.count.CompareAndSwap(n, 0):
			peer, last := r.peer, r.last
			r.timer.Reset(l.interval)
			l.mu.Unlock()
			l.emit(peer, &RepeatedError{Err: last, Count: int(n), Interval: l.interval})
			return
		}
	}
}

// close stops the runs and reports what they counted; what comes after
// is reported at once.
func (l *errorLimiter) close() {
	type sum struct {
		peer PeerID
		err  error
	}
	var sums []sum
	l.mu.Lock()
	l.closed = true
	for r := range l.active {
		r.timer.Stop()
		if n := r.count.Swap(idle); n > 0 {
			sums = append(sums, sum{r.peer, &RepeatedError{Err: r.last, Count: int(n), Interval: l.interval}})
		}
		r.last = nil
	}
	clear(l.active)
	l.mu.Unlock()
	for _, s := range sums {
		l.emit(s.peer, s.err)
	}
}

// bareKind returns the place in limitedKinds of err, if err is one of
// them itself (refuse's), or -1: no errors.Is chain is walked.
func bareKind(err error) int {
	for i, k := range limitedKinds {
		if err == k {
			return i
		}
	}
	return -1
}

// kindOf returns the place in limitedKinds of the kind err is, or -1.
func kindOf(err error) int {
	if errors.Is(err, ErrDisconnected) {
		return -1
	}
	if _, ok := errors.AsType[*ArgError](err); ok {
		return bareKind(errArguments)
	}
	for i, k := range limitedKinds {
		if errors.Is(err, k) {
			return i
		}
	}
	return -1
}
