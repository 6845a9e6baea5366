//go:build !linux

package polltimer

import "time"

// timer is a time.Timer: the poller takes no timer elsewhere.
type timer struct{ t *time.Timer }

func newTimer(fn func()) timer {
	t := time.AfterFunc(time.Hour, fn)
	t.Stop()
	return timer{t}
}

func (t timer) set(d time.Duration) { t.t.Reset(d) }
func (t timer) stop()               { t.t.Stop() }
func (t timer) close()              { t.t.Stop() }
