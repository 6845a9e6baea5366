package multiplayer

import (
	"sync"
	"sync/atomic"
	"time"

	"github.com/gdvar/gdvar/internal/polltimer"
)

// A server gathers the relays it writes to its WebSocket peers
// (WithGatherWindow): a relay is queued, and the peer's queue written when
// the window its first relay opened ends, the window's frames in one
// write(2), where each relay cost a write and a wake-up of the peer of its
// own. The window ends at the last read, of any peer, expected in it: as
// a reader goes back to its socket and the next read, the reads' average
// gap later, would come after the window's end. Else it ends at the
// gather's timer: no goroutine is woken for a relay, and none waits past
// the window. A read wakes the server anyway; the timer's wake-up is
// the window's cost, which reads that come closer together than the window
// make rare. While they come further apart (a small match), holding would
// gather little for that cost, and each relay goes out as it comes, as
// with no window.

// gatherLeast divides the window into the least the reads must leave of
// it: relays are held while the reads come at most window −
// window/gatherLeast apart. At 6 ms, an eighth holds them at 8 players
// (reads 4.2 ms apart), at 11% less CPU a sync, where a quarter of 5 ms
// held almost none. Ending a window at its last read expected, not at
// the first read an eighth into it, took 13% more off at 16 players and
// 33% at 40 (bench/players, WebSocket, medians of alternating runs).
const gatherLeast = 8

// wsGather is the relays a server holds for its WebSocket peers.
type wsGather struct {
	window time.Duration

	mu       sync.Mutex
	links    []*wsLink // those holding relays, each once (wsLink.gathered)
	spare    []*wsLink // links' array, between two flushes
	timer    *polltimer.Timer
	closed   bool
	lastRead time.Duration // when a read last ended, since linkEpoch
	gap      time.Duration // the time between two, averaged

	holding atomic.Bool  // the reads come close enough for relays to be held
	opened  atomic.Int64 // when the window opened, since linkEpoch (0: no relay held)

	windows, writes atomic.Uint64 // the windows ended, and the queues they wrote (Stats)
}

// counts returns the windows ended and the queues they wrote.
func (g *wsGather) counts() (windows, writes uint64) {
	if g == nil {
		return 0, 0
	}
	return g.windows.Load(), g.writes.Load()
}

// newWSGather returns the gather of a window (0: none, nil).
func newWSGather(window time.Duration) *wsGather {
	if window <= 0 {
		return nil
	}
	return &wsGather{window: window, gap: window} // not holding until the reads show they come close
}

// holds reports whether a relay is to be held, or written as it comes.
func (g *wsGather) holds() bool { return g != nil && g.holding.Load() }

// add lists l, whose queue holds a relay it did not hold before, among
// the links written when the window ends, and opens the window if none is
// open.
func (g *wsGather) add(l *wsLink) {
	g.mu.Lock()
	if g.closed {
		g.mu.Unlock()
		l.release()
		return
	}
	g.links = append(g.links, l)
	if len(g.links) == 1 {
		g.opened.Store(int64(time.Since(linkEpoch)))
		if g.timer == nil {
			g.timer = polltimer.New(g.flush)
		}
		g.timer.Set(g.window)
	}
	g.mu.Unlock()
}

// readEnded is called by a reader that handled what its socket held. It
// ends the window if the next read, expected a gap from now, would come
// after it, or if the reads now come too far apart to hold relays, and
// notes whether relays are to be
// held: while the reads, averaged, come further apart than that, a window
// would mostly end at the timer, a wake-up that costs more than the
// writes it saves.
func (g *wsGather) readEnded() {
	now := time.Since(linkEpoch)
	least := g.window / gatherLeast
	g.mu.Lock()
	if g.lastRead != 0 {
		g.gap += (now - g.lastRead - g.gap) / 8
	}
	g.lastRead = now
	gap := g.gap
	holding := gap <= g.window-least
	g.mu.Unlock()
	if g.holding.Load() != holding {
		g.holding.Store(holding)
	}
	if opened := time.Duration(g.opened.Load()); opened != 0 && (!holding || now-opened+gap >= g.window) {
		g.flush()
	}
}

// flush writes what every link holds: on the calling goroutine when a
// socket takes it at once, as a relay is written with no window.
func (g *wsGather) flush() {
	g.mu.Lock()
	links := g.links
	g.links, g.spare = g.spare[:0], nil
	if len(links) > 0 {
		g.opened.Store(0)
		g.timer.Stop()
		g.windows.Add(1)
		g.writes.Add(uint64(len(links)))
	}
	g.mu.Unlock()
	for i, l := range links {
		l.release()
		links[i] = nil
	}
	g.mu.Lock()
	if g.spare == nil {
		g.spare = links[:0]
	}
	g.mu.Unlock()
}

// close ends the gather as the Multiplayer closes: what the links hold is
// written, and nothing is held after.
func (g *wsGather) close() {
	if g == nil {
		return
	}
	g.mu.Lock()
	g.closed = true
	if g.timer != nil {
		g.timer.Close()
	}
	g.mu.Unlock()
	g.flush()
}
