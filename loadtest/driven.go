package loadtest

import (
	"context"
	"slices"
	"time"
)

// A Driver has a run's bots join and leave as a coordinator says (a
// Locust master, package loadtest/locust), rather than all of
// Config.Bots at JoinRate: the run starts with none, joins bots at
// JoinRate up to the number last sent on Bots, at most Config.Bots, and
// lets the last ones joined go down to it. A driven run lasts until its
// context is done, or Config.Duration. It has no segment, start or
// results file: its coordinator holds the test.
type Driver struct {
	// Bots sends how many bots are to play now.
	Bots <-chan int
	// First is the number ($bot) of the run's first bot; the next ones'
	// follow it, and a bot joining in the place of one let go takes its
	// number. A coordinator numbers its workers' bots apart.
	First int
}

// maxFirstBot bounds Driver.First: $bot stays an int32, as Godot's int
// arguments are read by most games' scripts.
const maxFirstBot = 1<<31 - 1 - maxBots

// follow joins and lets go the bots as the Driver says, until the run
// ends.
func (r *running) follow() {
	d := r.cfg.Driver
	gap := every(r.cfg.JoinRate)
	var playing []context.CancelFunc // each bot's leave, in the order they joined
	want, next := 0, time.Now()
	for {
		for len(playing) > want {
			playing[len(playing)-1]()
			playing = playing[:len(playing)-1]
		}
		var due <-chan time.Time // the next bot's join, if one is wanted
		if len(playing) < want {
			due = time.After(time.Until(next))
		}
		select {
		case <-r.play.Done():
			return
		case n := <-d.Bots:
			want = min(max(n, 0), r.cfg.Bots)
			if int64(want) > r.asked.Load() {
				r.asked.Store(int64(want))
			}
		case <-due:
			// The bots playing are always the first len(playing) asked
			// for: the number of one let go is the next one's.
			number := d.First + len(playing)
			ctx, leave := context.WithCancel(r.play)
			playing = append(playing, leave)
			r.wg.Go(func() { r.joinAndPlay(ctx, number) })
			next = time.Now().Add(gap)
		}
	}
}

// retireWait bounds the wait for a bot's connection to end, its
// callbacks with it, before the bot is retired.
const retireWait = 5 * time.Second

// retire keeps of a bot a driven run let go its counts alone: a
// coordinator may have bots join and leave for as long as it runs, and
// each bot holds its game's Multiplayer. The tally's slice of bots is
// made anew, not changed in place: joined's callers hold the old one.
func (t *tally) retire(b *bot) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if i := slices.Index(t.bots, b); i >= 0 {
		t.gone.add(b)
		t.bots = slices.Concat(t.bots[:i], t.bots[i+1:])
	}
}
