package loadtest

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/multiplayer/fromproject"
	"github.com/gdvar/gdvar/project"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// eventLog keeps a run's events.
type eventLog struct {
	mu     sync.Mutex
	events []Event
}

func (l *eventLog) add(e Event) {
	l.mu.Lock()
	l.events = append(l.events, e)
	l.mu.Unlock()
}

// of returns the events of a kind so far.
func (l *eventLog) of(kind EventKind) []Event {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []Event
	for _, e := range l.events {
		if e.Kind == kind {
			out = append(out, e)
		}
	}
	return out
}

// A driven run joins bots up to the number its Driver sends, at most
// Config.Bots, and lets the last joined go down to it; a bot joining in
// the place of one let go takes its number. Every join, sync and answer
// is an event, and the syncs' events are the syncs the report counts,
// all of them once the bots have left before its end.
func TestDrivenRunFollowsItsDriver(t *testing.T) {
	if testing.Short() {
		t.Skip("a few seconds against a server")
	}
	p, err := project.Open(playersProject)
	require.NoError(t, err)
	addr, auths := authServer(t, p)
	sc, err := ReadScenario(strings.NewReader(`{"tick_hz": 30, "own": "id", "auth": "bot-$bot",
	  "calls": [{"node": "/root/Main", "method": "input", "rate_hz": 10, "args": ["$now_us", "Vector3(1, 0, 0)"],
	             "answer": {"method": "moved", "arg": 1}}]}`))
	require.NoError(t, err)
	want := make(chan int)
	var log eventLog
	var connected atomic.Int64
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var rep *Report
	var runErr error
	done := make(chan struct{})
	go func() {
		defer close(done)
		rep, runErr = Run(ctx, Config{Project: p, Scenario: sc, Addr: addr, Net: &fromproject.Net{Transport: multiplayer.WebSocket},
			Bots: 4, Duration: time.Minute, OnEvent: log.add, Driver: &Driver{Bots: want, First: 100},
			Progress: func(s Second) { connected.Store(int64(s.Connected)) }})
	}()
	joins := func(n int) func() bool { return func() bool { return len(log.of(EventJoin)) >= n } }

	want <- 3
	require.Eventually(t, joins(3), 20*time.Second, 10*time.Millisecond, "3 joins")
	want <- 1
	require.Eventually(t, func() bool { return connected.Load() == 1 }, 20*time.Second, 10*time.Millisecond, "2 let go")
	want <- 9 // over Bots: 4
	require.Eventually(t, joins(6), 20*time.Second, 10*time.Millisecond, "3 more")
	require.Eventually(t, func() bool { return connected.Load() == 4 }, 20*time.Second, 10*time.Millisecond, "4 playing")
	want <- 0 // all gone before the run's last second: no sync after it
	require.Eventually(t, func() bool { return connected.Load() == 0 }, 20*time.Second, 10*time.Millisecond, "all let go")
	cancel()
	<-done
	require.NoError(t, runErr)

	for _, e := range log.of(EventJoin) {
		assert.NoError(t, e.Err)
		assert.Equal(t, addr, e.Name)
		assert.Positive(t, e.Took)
	}
	assert.Len(t, log.of(EventJoin), 6, "no more than Bots")
	var numbers []string
	for _, n := range []int{100, 101, 102, 101, 102, 103} {
		numbers = append(numbers, fmt.Sprintf("bot-%d", n))
	}
	assert.ElementsMatch(t, numbers, auths(), "the places of the 2 let go taken again")
	assert.Equal(t, 4, rep.Bots, "the most asked for, within Bots")
	assert.Equal(t, 6, rep.Joined)
	assert.Equal(t, 6, rep.Kept, "let go, not dropped: %v", rep.Disconnects)
	assert.Empty(t, log.of(EventDrop))

	syncs := log.of(EventSync)
	require.NotEmpty(t, syncs)
	assert.EqualValues(t, len(syncs), rep.Summary().Syncs, "the report's syncs are the events'")
	ages := make([]time.Duration, len(syncs))
	for i, e := range syncs {
		assert.True(t, strings.HasPrefix(e.Name, "/root/Main/"), e.Name)
		ages[i] = e.Took
	}
	slices.Sort(ages)
	median := ages[len(ages)/2]
	assert.True(t, median > 5*time.Millisecond && median < 500*time.Millisecond, "a state's age: the 30 Hz tick's 33 ms, give or take: %v", median)
	calls := log.of(EventCall)
	require.NotEmpty(t, calls, "answers timed")
	for _, e := range calls {
		assert.NoError(t, e.Err)
		assert.Equal(t, "input", e.Name)
	}
}

// A Driver runs no segment, start or results file, numbers its bots
// from 0 to a bound, and says how many play.
func TestDriverChecked(t *testing.T) {
	p, err := project.Open(playersProject)
	require.NoError(t, err)
	ok := Config{Project: p, Scenario: &Scenario{Own: "id"}, Addr: "127.0.0.1:1", Net: &fromproject.Net{Transport: multiplayer.WebSocket},
		Bots: 10, Duration: time.Second, Driver: &Driver{Bots: make(chan int)}}
	_, err = ok.Check()
	require.NoError(t, err)
	for _, tc := range []struct {
		name  string
		set   func(*Config)
		error string
	}{
		{"no Bots", func(c *Config) { c.Driver = &Driver{} }, "a Driver with no Bots"},
		{"first below 0", func(c *Config) { c.Driver = &Driver{Bots: make(chan int), First: -1} }, "the first bot's number -1"},
		{"first past int32", func(c *Config) { c.Driver = &Driver{Bots: make(chan int), First: maxFirstBot + 1} }, "from 0 to"},
		{"a segment", func(c *Config) { c.Segment = Segment{0, 2} }, "a driven run has no segment"},
		{"a start", func(c *Config) { c.Start = time.Now().Add(time.Second) }, "a driven run has no segment"},
		{"results", func(c *Config) { c.Results = &bytes.Buffer{} }, "a driven run has no segment"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := ok
			tc.set(&c)
			_, err := c.Check()
			require.ErrorIs(t, err, ErrConfig)
			assert.ErrorContains(t, err, tc.error)
		})
	}
}

// A bot a driven run let go leaves the tally, its counts kept, once:
// the run holds the bots playing, not every one that ever joined.
func TestRetiredBotsCountedOnce(t *testing.T) {
	var tl tally
	bots := make([]*bot, 3)
	for i := range bots {
		bots[i] = &bot{}
		bots[i].syncs.Store(int64(10 * (i + 1)))
		tl.add(bots[i])
	}
	held := tl.joined()
	tl.retire(bots[1])
	tl.retire(bots[1])
	assert.Equal(t, []*bot{bots[0], bots[2]}, tl.joined())
	assert.Equal(t, []*bot{bots[0], bots[1], bots[2]}, held, "a caller's slice left as it was")
	assert.EqualValues(t, 60, tl.counts().syncs)
	bots[0].syncs.Add(5)
	assert.EqualValues(t, 65, tl.counts().syncs)
}
