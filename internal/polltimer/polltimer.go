// Package polltimer is a timer whose expiry wakes its goroutine through
// the runtime's network poller, as a socket's data does, where a timer
// of package time wakes it through the runtime's own timers. A server
// that arms a timer at every few packets and mostly stops it before it
// fires (a window that gathers packets: multiplayer's and enet's) paid
// for the runtime's: a stopped timer stays in the runtime's heap until
// it is cleaned, and an idle process's poller and its monitor thread
// (sysmon) wake for it at its time, stopped or not. On Linux a Timer is a
// timerfd, set and read with raw system calls, so that no call tells the
// scheduler it may block either; elsewhere it is a time.Timer.
package polltimer

import "time"

// Timer calls its function on a goroutine of its own when the time it is
// set for comes. Set and Stop are safe for concurrent use; the function
// may run once after a Stop or a Set that raced with its time, as a
// time.Timer's may.
type Timer struct{ t timer }

// New returns a Timer that calls fn, stopped.
func New(fn func()) *Timer { return &Timer{newTimer(fn)} }

// Set arms the timer to fire d from now, in place of any time it was set
// for.
func (t *Timer) Set(d time.Duration) { t.t.set(d) }

// Stop disarms the timer.
func (t *Timer) Stop() { t.t.stop() }

// Close stops the timer for good and ends its goroutine.
func (t *Timer) Close() { t.t.close() }
