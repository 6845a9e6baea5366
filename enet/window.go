package enet

import (
	"time"

	"github.com/gdvar/gdvar/internal/polltimer"
)

// The queue window (WithQueueWindow). Packets queued with Peer.Queue
// wait, with what else is queued to their peer meanwhile, until the
// window their first opened ends: a peer's packets of the window leave in
// one datagram, where a relay to many peers of each packet read sent one
// datagram a peer a packet read. The window ends once the reader has
// served a batch it read an eighth of the window or more after it opened
// (windowLeast), or else at the window's timer: no goroutine is woken for
// a packet queued, and none waits past the window. While the batches read
// come, on average, further apart than the rest of the window, a window
// would mostly end at the timer, a wake-up costlier than the datagrams it
// saves: packets are then sent once the batch that queued them is served,
// as with no window, as libenet sends what a service queued.

// windowLeast divides the window into what queued packets wait at least,
// while the batches come close enough for them to wait: as the
// WebSocket's gather (multiplayer's gatherLeast).
const windowLeast = 8

// window is a host's queue window (under h.mu).
type window struct {
	opened   time.Duration // when the first packet waiting was queued, since the host's start (0: none)
	lastRead time.Duration // when the last batch was read
	gap      time.Duration // the time between two, averaged
	holding  bool          // the batches come close enough for packets to wait
	timer    *polltimer.Timer
}

// since returns the time since the host started, never 0.
func (h *Host) since() time.Duration { return max(time.Since(h.start), 1) }

// queued notes a packet queued to a peer that had none queued (h.mu held):
// it opens the window, if it waits for one and none is open, and reports
// whether the flusher is to send it instead.
func (h *Host) queued() (flusher bool) {
	w := &h.window
	if h.cfg.queueWindow == 0 || !w.holding || h.closed {
		return true
	}
	if w.opened == 0 {
		w.opened = h.since()
		if w.timer == nil {
			w.timer = polltimer.New(h.windowEnds)
		}
		w.timer.Set(h.cfg.queueWindow)
	}
	return false
}

// batchRead notes a batch read, to tell whether the batches come close
// enough for packets to wait for a window (h.mu held).
func (h *Host) batchRead() {
	w := &h.window
	if h.cfg.queueWindow == 0 {
		return
	}
	now := h.since()
	if w.lastRead == 0 {
		w.gap = h.cfg.queueWindow // not holding until the batches show they come close
	} else {
		w.gap += (now - w.lastRead - w.gap) / 8
	}
	w.lastRead = now
	w.holding = w.gap <= h.cfg.queueWindow-h.cfg.queueWindow/windowLeast
}

// windowDue reports whether the packets queued are to be sent once the
// batch being served is (h.mu held): no window is open, or it is old
// enough, or the batches come too far apart for one.
func (h *Host) windowDue() bool {
	w := &h.window
	return w.opened == 0 || !w.holding || h.since()-w.opened >= h.cfg.queueWindow/windowLeast
}

// windowEnds sends what is queued, on the window's timer.
func (h *Host) windowEnds() {
	h.mu.Lock()
	if h.window.opened != 0 {
		h.flushQueued()
	}
	h.unlock()
}

// windowClosed ends the window's timer with the host (h.mu held).
func (h *Host) windowClosed() {
	if h.window.timer != nil {
		h.window.timer.Close()
	}
}
