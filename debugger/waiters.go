package debugger

import (
	"context"
	"fmt"
	"slices"
	"time"
)

// lateness says what becomes of a reply that comes after its request gave
// up. Most replies carry no request id, but the game answers requests in
// order; a reply to one given up on would otherwise be taken for the next
// request's of its kind.
type lateness int

const (
	// ignoredLate: nothing is kept. The reply matches no later request
	// (an evaluate's names its expression, tagged), or it is never sure to
	// come (gdvar:hello from a game without the autoload), or it is state
	// the Session follows anyway (debug_enter, debug_exit).
	ignoredLate lateness = iota
	// droppedLate: the game answers such a request exactly once (a tree,
	// an inspect, an input), so the next reply of its kind is the late one,
	// and is dropped.
	droppedLate
	// droppedInLoop: as droppedLate, for a request the game answers only in
	// its debug loop (a stack, the variables): once it has left the loop,
	// no reply comes.
	droppedInLoop
)

// maxLate bounds the requests given up on whose late replies a Session
// waits for, to drop them; past it the oldest is forgotten.
const maxLate = 64

// A waiter waits for the reply to a request, left messages that match
// accepts; until then it is registered with the Session, in the order the
// requests were sent, so that the first waiter a message matches is that
// of the oldest request it can answer.
type waiter struct {
	match  func(Message) bool
	ch     chan Message
	left   int               // messages of the reply still to come
	more   func(Message) int // if not nil, the messages a part announces (stack_frame_vars: its count)
	late   lateness
	gaveUp bool // the request gave up: what the waiter matches is dropped
	// wentOn is closed when the game leaves its debug loop before a
	// reply of droppedInLoop came whole: none will (nil for the others).
	wentOn chan struct{}
}

// expect registers a waiter for a reply of one message, which match
// accepts, before the request that makes it is sent.
func (s *Session) expect(match func(Message) bool, late lateness) *waiter {
	return s.register(&waiter{match: match, ch: make(chan Message, 1), left: 1, late: late})
}

// register registers w.
func (s *Session) register(w *waiter) *waiter {
	if w.late == droppedInLoop {
		w.wentOn = make(chan struct{})
	}
	s.mu.Lock()
	s.waiters = append(s.waiters, w)
	s.mu.Unlock()
	return w
}

// drop unregisters w: its request was not sent.
func (s *Session) drop(w *waiter) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if i := slices.Index(s.waiters, w); i >= 0 {
		s.waiters = slices.Delete(s.waiters, i, i+1)
	}
}

// giveUp is a request giving up on its reply (or the rest of it): w stays
// registered to drop it, if its lateness says so, and is dropped
// otherwise.
func (s *Session) giveUp(w *waiter) {
	s.mu.Lock()
	defer s.mu.Unlock()
	i := slices.Index(s.waiters, w)
	switch {
	case i < 0: // the reply came whole
	case w.late == ignoredLate:
		s.waiters = slices.Delete(s.waiters, i, i+1)
	default:
		w.gaveUp = true
		s.capLate()
	}
}

// capLate unregisters the oldest waiters given up on while more than
// maxLate wait. s.mu is held.
func (s *Session) capLate() {
	n := 0
	for _, w := range s.waiters {
		if w.gaveUp {
			n++
		}
	}
	s.waiters = slices.DeleteFunc(s.waiters, func(w *waiter) bool {
		if !w.gaveUp || n <= maxLate {
			return false
		}
		n--
		return true
	})
}

// leftLoop forgets the replies of the requests answered only in the debug
// loop, which the game has left: those not answered by now will not be,
// and a request still waiting for one is told so at once. s.mu is held.
func (s *Session) leftLoop() {
	s.waiters = slices.DeleteFunc(s.waiters, func(w *waiter) bool {
		if w.late != droppedInLoop {
			return false
		}
		close(w.wentOn)
		return true
	})
}

// errWentOn is a request answered only in the debug loop whose reply the
// game did not finish before it left the loop.
var errWentOn = fmt.Errorf("%w: the game went on before it answered", ErrNotStopped)

// waiterOf returns the waiter m is for, if any, and whether its request
// still waits for it, and unregisters the waiter once its reply has come
// whole. When the game leaves its debug loop it forgets the replies of the
// loop given up on: none will come. s.mu is held.
func (s *Session) waiterOf(m Message) (w *waiter, taken bool) {
	if m.Name == "debug_exit" {
		s.leftLoop()
	}
	i := slices.IndexFunc(s.waiters, func(w *waiter) bool { return w.match(m) })
	if i < 0 {
		return nil, false
	}
	w = s.waiters[i]
	w.left--
	if w.more != nil {
		w.left += w.more(m)
	}
	if w.left <= 0 {
		s.waiters = slices.Delete(s.waiters, i, i+1)
	}
	return w, !w.gaveUp
}

// wait returns w's next message: the context, the request timeout or the
// session's end come first otherwise.
func (s *Session) wait(ctx context.Context, w *waiter) (Message, error) {
	t := time.NewTimer(s.cfg.requestTimeout)
	defer t.Stop()
	select {
	case m := <-w.ch:
		return m, nil
	case <-w.wentOn:
		return Message{}, errWentOn
	case <-ctx.Done():
		s.giveUp(w)
		return Message{}, ctx.Err()
	case <-t.C:
		s.giveUp(w)
		return Message{}, fmt.Errorf("debugger: no reply within %v: %w", s.cfg.requestTimeout, context.DeadlineExceeded)
	case <-s.done:
		return Message{}, s.err
	}
}
