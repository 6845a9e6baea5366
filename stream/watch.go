package stream

import (
	"context"
	"runtime"
	"sync"
	"time"
)

// watch bounds a Reader's or Writer's calls by their contexts, through the
// connection's read or write deadline: a context's deadline becomes the
// connection's for the call, and its cancellation moves the deadline to the
// past, interrupting the call.
//
// A connection's calls usually share one context, so the watch stays
// registered with it (context.AfterFunc) from call to call, and acts only
// while a call with it is under way: registering for each call cost three
// allocations a message. A call with another context registers anew. When
// the Reader or Writer is collected, its registration is dropped, so that
// a long-lived context does not keep the connection.
type watch struct {
	set func(time.Time) error // the connection's deadline

	mu     sync.Mutex
	done   <-chan struct{} // the Done of the context registered with
	stop   func() bool     // drops the registration
	active bool            // a call with that context is under way
}

// newWatch returns a watch setting deadlines with set, whose registration
// is dropped once owner is collected.
func newWatch[T any](owner *T, set func(time.Time) error) *watch {
	w := &watch{set: set}
	runtime.AddCleanup(owner, (*watch).drop, w)
	return w
}

// bound runs call bounded by ctx.
func (w *watch) bound(ctx context.Context, call func() error) error {
	if d, ok := ctx.Deadline(); ok {
		_ = w.set(d)
	}
	w.begin(ctx)
	err := call()
	w.mu.Lock()
	w.active = false // from here on, a cancellation leaves the deadline alone
	w.mu.Unlock()
	_ = w.set(time.Time{})
	return err
}

// begin makes a cancellation of ctx interrupt the call under way.
func (w *watch) begin(ctx context.Context) {
	done := ctx.Done()
	if done == nil { // never cancelled
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if done != w.done { // contexts sharing a Done are cancelled together
		if w.stop != nil {
			w.stop()
		}
		w.done, w.stop = done, context.AfterFunc(ctx, func() { w.interrupt(done) })
	}
	w.active = true
}

// interrupt runs when the context registered with done is done: the
// registration may have been replaced since.
func (w *watch) interrupt(done <-chan struct{}) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.active && w.done == done {
		_ = w.set(time.Unix(1, 0))
	}
}

// drop drops the registration.
func (w *watch) drop() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.stop != nil {
		w.stop()
	}
}
