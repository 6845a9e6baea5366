package loadtest

import (
	"errors"
	"time"

	"github.com/gdvar/gdvar/multiplayer"
)

// An Event is one thing a bot saw, given to Config.OnEvent as it
// happens: what a coordinator that counts requests shows (a Locust
// master, package loadtest/locust). Kind and Name say what it is of,
// Took how long it took, and Err, if not nil, why it failed.
type Event struct {
	Kind EventKind
	Name string
	Took time.Duration
	Err  error
}

// An EventKind is what an Event is of.
type EventKind string

// The kinds of Event.
const (
	// EventJoin is a bot's join: Name the server's address, Took from
	// the dial to the join; Err why it could not join.
	EventJoin EventKind = "join"
	// EventSync is a state received: Name the node's path, Took the
	// state's age, the time since the node's last state came (or, for
	// its first, since its spawn): the game's interval, and the way's
	// jitter and losses.
	EventSync EventKind = "sync"
	// EventCall is a call whose answer the scenario names: Name its
	// method, Took the answer's round trip; Err a call that could not be
	// sent, or ErrNoAnswer.
	EventCall EventKind = "call"
	// EventDrop is a bot the server let go: Name the server's address,
	// Took how long it had been connected, Err why.
	EventDrop EventKind = "drop"
)

// ErrNoAnswer is the error of an EventCall whose answer did not come
// while the bot played: none within answerWait, or one of over
// maxAwaited calls awaiting theirs.
var ErrNoAnswer = errors.New("loadtest: no answer within 10 s")

// emit gives onEvent, if set (Config.OnEvent), an event.
func emit(onEvent func(Event), kind EventKind, name string, took time.Duration, err error) {
	if onEvent != nil {
		onEvent(Event{Kind: kind, Name: name, Took: took, Err: err})
	}
}

// An awaitedCall is a call of the bot's whose answer it awaits: its
// $now_us, and its method, which names the event of its answer.
type awaitedCall struct {
	us     int64
	method string
}

// spawned notes node o, and when it came: the age of its first state.
func (b *bot) spawned(o *multiplayer.Object) {
	b.mu.Lock()
	b.nodes[o] = &nodeSeen{last: time.Now()}
	b.mu.Unlock()
}

// synced counts a state of o received now, and gives its event.
func (b *bot) synced(o *multiplayer.Object) {
	var now time.Time
	if b.onEvent != nil {
		now = time.Now()
	}
	var last time.Time
	b.mu.Lock()
	if n := b.nodes[o]; n != nil { // one despawned gets no record anew: none outlives its node
		n.syncs++
		last, n.last = n.last, now // last noted at its spawn
	}
	b.mu.Unlock()
	if b.onEvent != nil {
		emit(b.onEvent, EventSync, o.Path(), now.Sub(last), nil)
	}
}

// despawned forgets o.
func (b *bot) despawned(o *multiplayer.Object) {
	b.mu.Lock()
	delete(b.nodes, o)
	b.mu.Unlock()
}
