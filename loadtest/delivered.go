package loadtest

import (
	"time"

	"github.com/gdvar/gdvar/multiplayer"
)

// A nodeSeen is what a bot saw of a node spawned here: its syncs, and
// how many of them came within its promise.
type nodeSeen struct {
	last  time.Time // its last state's time, or its spawn's: an EventSync's age
	syncs int64     // received
	due   float64   // promised, since it came: its rate over each second it was promised in (bot.deliver)
	kept  int64     // of its syncs, those within due: delivered
}

// deliver adds due to the syncs o promised since the last call, and
// returns how many of its syncs came within its promise since then:
// each node's syncs count up to what it promised since it came, one more
// for a second's edge, less what it owed over a second ago. Past that
// they are not delivered ones: a server that sent one node's states
// faster than its interval, or a node that promises nothing, made up
// for another's states it lost, and a run that relayed no player's state
// could pass min_delivered_pct.
func (b *bot) deliver(o *multiplayer.Object, due float64) int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	n := b.nodes[o]
	if n == nil {
		return 0
	}
	// Of what it owes, a node carries into the next second the last
	// second's promise at most: its states a second late are delivered,
	// but its excess makes up for no earlier second's lost.
	n.due = min(n.due, float64(n.kept)+due) + due
	kept := min(n.syncs, int64(n.due)+1)
	delivered := kept - n.kept
	n.kept = kept
	return delivered
}
