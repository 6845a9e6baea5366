package multiplayer

import (
	"io"
	"time"
)

// pacedReads is a client's socket reads, paced: the first, the peer id's
// (within the handshake's time), at once; a read that follows one that
// emptied the socket waits until the period has passed since it,
// unless reads are prompt (ReadPromptly), a message has begun (the read
// timeout bounds its rest, as unpaced) or the connection closes. A read
// that filled its buffer is followed at once: the socket holds more. One
// timer, the socket's, for every wait.
type pacedReads struct {
	io.Reader
	pace   *readPace
	l      *wsLink
	last   time.Duration // when the last read returned, since linkEpoch (0: none yet)
	more   bool          // it filled its buffer
	period *time.Timer
}

func (r *pacedReads) Read(p []byte) (int, error) {
	if wait := r.pace.every - (time.Since(linkEpoch) - r.last); wait > 0 && r.last != 0 && !r.more && r.pace.prompt.Load() == 0 && !r.l.busy.Load() {
		r.sleep(wait)
	}
	n, err := r.Reader.Read(p)
	r.last, r.more = time.Since(linkEpoch), n == len(p)
	return n, err
}

// sleep waits for d, a wake (ReadPromptly) or the connection's close.
func (r *pacedReads) sleep(d time.Duration) {
	if r.period == nil {
		r.period = time.NewTimer(d)
	} else {
		r.period.Reset(d)
	}
	select {
	case <-r.period.C:
		return
	case <-r.pace.wake:
	case <-r.l.c.closed:
	}
	r.period.Stop()
}
