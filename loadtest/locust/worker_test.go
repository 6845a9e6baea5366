package locust

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/gdvar/gdvar/loadtest"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/multiplayer/fromproject"
	"github.com/gdvar/gdvar/project"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A worker's Run, as it returns.
type ran struct {
	rep  *loadtest.Report
	err  error
	took time.Duration
	log  []string
	// joins are the joins the Config's own OnEvent was given.
	joins int64
}

// startWorker runs a worker of at most bots bots of the players game
// against the server at addr, as a worker of the master at master, until
// ctx is done; its Run's return comes on the channel.
func startWorker(t *testing.T, ctx context.Context, master, addr string, bots int) <-chan ran {
	p, err := project.Open(playersProject)
	require.NoError(t, err)
	sc, err := loadtest.ReadScenario(strings.NewReader(playersScenario))
	require.NoError(t, err)
	done := make(chan ran, 1)
	logs := make(chan string, 100)
	var joins atomic.Int64
	w := &Worker{Master: master, Config: loadtest.Config{Project: p, Scenario: sc, Addr: addr,
		Net: &fromproject.Net{Transport: multiplayer.WebSocket}, Bots: bots, Duration: time.Minute,
		OnEvent: func(e loadtest.Event) {
			if e.Kind == loadtest.EventJoin && e.Err == nil {
				joins.Add(1)
			}
		}},
		Log: func(s string) {
			select {
			case logs <- s:
			default:
			}
		}}
	go func() {
		began := time.Now()
		rep, err := w.Run(ctx)
		r := ran{rep: rep, err: err, took: time.Since(began), joins: joins.Load()}
		close(logs)
		for l := range logs {
			r.log = append(r.log, l)
		}
		done <- r
	}()
	return done
}

// wait waits at most limit for the worker's Run to return.
func wait(t *testing.T, done <-chan ran, limit time.Duration) ran {
	t.Helper()
	select {
	case r := <-done:
		return r
	case <-time.After(limit):
		t.Fatalf("the worker did not end within %v", limit)
		return ran{}
	}
}

// A worker runs the users its master asks for, within its Bots, numbered
// from its index's range; drops a stale spawn; says once it runs fewer
// than asked; leaves on stop and is ready again; and on quit sends its
// last stats and ends with its report.
func TestWorkerFollowsItsMaster(t *testing.T) {
	if testing.Short() {
		t.Skip("a few seconds of bots")
	}
	p, err := project.Open(playersProject)
	require.NoError(t, err)
	addr, auths := slowPlayersServer(t, p)
	master := newFakeMaster(t)
	done := startWorker(t, context.Background(), master.addr(), addr, 3)
	m := master.acked(t, 2)

	m.spawn(10, 2)
	assert.Equal(t, map[string]any{"user_classes_count": map[string]any{"Bot": int64(2)}, "user_count": int64(2)}, m.expect("spawning_complete"))
	m.spawn(5, 3) // stale
	m.spawn(20, 1<<31)
	exception := m.expect("exception").(map[string]any)
	assert.Contains(t, exception["msg"], "runs at most 3 bots (gdvar load -bots): the master asked it for 2147483648")
	assert.Equal(t, map[string]any{"user_classes_count": map[string]any{"Bot": int64(3)}, "user_count": int64(3)}, m.expect("spawning_complete"),
		"the stale spawn dropped, and the next held to Bots")
	m.spawn(30, 1<<40)
	m.expect("spawning_complete") // no exception again
	joins := 0
	for joins < 3 {
		stats := m.expect("stats").(map[string]any)
		assert.EqualValues(t, 3, stats["user_count"])
		for _, e := range stats["stats"].([]any) {
			if e := e.(map[string]any); e["method"] == "join" {
				joins += int(e["num_requests"].(int64))
				assert.EqualValues(t, 0, e["num_failures"])
			}
		}
	}
	m.send("stop", nil)
	assert.Nil(t, m.expect("client_stopped"))
	assert.EqualValues(t, -1, m.expect("client_ready"), "ready for the next test")
	m.send("quit", nil)
	m.expect("stats")
	r := wait(t, done, 30*time.Second)
	require.NoError(t, r.err)
	assert.Equal(t, 3, r.rep.Bots, "the most asked for, within Bots")
	assert.Equal(t, 3, r.rep.Joined)
	assert.Equal(t, 3, r.rep.Kept)
	assert.EqualValues(t, 3, r.joins, "the Config's own OnEvent given each join too")
	assert.ElementsMatch(t, []string{"bot-20000", "bot-20001", "bot-20002"}, auths(), "worker 2's numbers")
	assert.Contains(t, r.log, "the master quit: the bots leave")
}

// A worker whose context is done (SIGTERM, Ctrl-C) stops its bots, sends
// its last stats and says it quits, and returns its report.
func TestWorkerLeavesInGoodOrder(t *testing.T) {
	if testing.Short() {
		t.Skip("a few seconds of bots")
	}
	p, err := project.Open(playersProject)
	require.NoError(t, err)
	addr, _ := slowPlayersServer(t, p)
	master := newFakeMaster(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := startWorker(t, ctx, master.addr(), addr, 2)
	m := master.acked(t, 0)
	m.spawn(1, 2)
	m.expect("spawning_complete")
	m.expect("stats")
	cancel()
	stats := m.expect("stats").(map[string]any)
	assert.NotNil(t, stats["stats_total"])
	assert.Nil(t, m.expect("quit"))
	r := wait(t, done, 30*time.Second)
	require.NoError(t, r.err)
	assert.Equal(t, 2, r.rep.Joined)
}

// arrayOfNested is a message [type, data, node_id] whose data is depth
// arrays deep.
func arrayOfNested(depth int) []byte {
	return append(append([]byte{0x93, 0xa4}, "spam"...), append(nested(depth), 0xa1, 'w')...)
}

// A master that is not there, is not Locust 2's, breaks the protocol or
// goes away ends the worker within seconds with an error of its kind,
// one line of at most 300 bytes naming what to check, and the report of
// what ran.
func TestHostileMaster(t *testing.T) {
	if testing.Short() {
		t.Skip("up to 10 s a master")
	}
	const bots = 3
	for _, tc := range []struct {
		name  string
		play  func(t *testing.T, f *fakeMaster) // nil: nothing listens
		kind  error
		error string
		limit time.Duration
	}{
		{"nothing listens", nil, ErrNoMaster, "nothing listens there (connection refused for 5s)", connectWait + 3*time.Second},
		{"silent", func(t *testing.T, f *fakeMaster) { f.accept(t) }, ErrNoMaster, "no ZeroMQ handshake within 5s", connectWait + 3*time.Second},
		{"a web server", func(t *testing.T, f *fakeMaster) {
			f.accept(t).Write([]byte("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"))
		}, ErrMaster, "does not greet as ZeroMQ does", 3 * time.Second},
		{"no ack", func(t *testing.T, f *fakeMaster) { f.router(t).recv() }, ErrNoMaster, "no ack of this worker's client_ready within 5s", connectWait + 3*time.Second},
		{"an index past the bound", func(t *testing.T, f *fakeMaster) { f.acked(t, 1<<40) }, ErrMaster, "it gave this worker the index 1099511627776, over 200000", 3 * time.Second},
		{"a frame of 2^62 bytes", func(t *testing.T, f *fakeMaster) {
			f.acked(t, 0).z.c.Write(binary8(flagLong, 1<<62))
		}, ErrMaster, "a message of 4611686018427387904 bytes, over the bound", 3 * time.Second},
		{"not msgpack", func(t *testing.T, f *fakeMaster) { f.acked(t, 0).raw([]byte{0xc1}) }, ErrMaster, "not msgpack", 3 * time.Second},
		{"a message 1000 deep", func(t *testing.T, f *fakeMaster) { f.acked(t, 0).raw(arrayOfNested(1000)) }, ErrMaster, "nested over 32 deep", 3 * time.Second},
		{"a spawn of Locust 1", func(t *testing.T, f *fakeMaster) {
			f.acked(t, 0).send("spawn", map[string]any{"num_users": 16, "spawn_rate": 8, "host": "", "stop_timeout": nil})
		}, ErrMaster, "Locust 1's protocol", 3 * time.Second},
		{"users of 65 classes", func(t *testing.T, f *fakeMaster) {
			users := map[string]any{}
			for i := range 65 {
				users[hostile.Name(i)] = 1
			}
			f.acked(t, 0).send("spawn", map[string]any{"timestamp": 1.0, "user_classes_count": users})
		}, ErrMaster, "65 user classes, over 64", 3 * time.Second},
		{"reconnect", func(t *testing.T, f *fakeMaster) { f.acked(t, 0).send("reconnect", nil) }, ErrMaster, "asked this worker to reconnect", 3 * time.Second},
		{"gone", func(t *testing.T, f *fakeMaster) { f.acked(t, 0).z.close() }, ErrMasterGone, "its connection closed", 3 * time.Second},
		{"silent once acked", func(t *testing.T, f *fakeMaster) { f.acked(t, 0) }, ErrMasterGone, "it sent nothing for 10s, not even ZeroMQ's answer to a PING", silence + 3*time.Second},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			f := newFakeMaster(t)
			addr := f.addr()
			if tc.play == nil {
				f.ln.Close()
			}
			done := startWorker(t, context.Background(), addr, "127.0.0.1:1", bots)
			if tc.play != nil {
				tc.play(t, f)
			}
			r := wait(t, done, tc.limit+5*time.Second)
			require.ErrorIs(t, r.err, tc.kind)
			var e *Error
			require.True(t, errors.As(r.err, &e), "an *Error")
			assert.ErrorContains(t, r.err, tc.error)
			assert.LessOrEqual(t, len(r.err.Error()), maxError)
			assert.NotContains(t, r.err.Error(), "\n")
			assert.Less(t, r.took, tc.limit)
			require.NotNil(t, r.rep, "the report of what ran")
			assert.Zero(t, r.rep.Joined)
			assert.Equal(t, loadtest.VerdictNothing, r.rep.Verdict(), "its summary: nothing was measured")
			t.Logf("%v: %v", r.took.Round(time.Millisecond), r.err)
		})
	}
}

// binary8 is a frame's head of flags and a size of 8 bytes.
func binary8(flags byte, size uint64) []byte {
	b := []byte{flags}
	for i := 7; i >= 0; i-- {
		b = append(b, byte(size>>(8*i)))
	}
	return b
}

// A master that floods a worker with spawns of 2^31 users at a spawn
// rate of 1e9 has it run at most its Bots, answer each spawn with two
// small messages, and hold no more than it did before.
func TestSpawnFlood(t *testing.T) {
	if testing.Short() {
		t.Skip("100 000 spawns")
	}
	master := newFakeMaster(t)
	done := startWorker(t, context.Background(), master.addr(), "127.0.0.1:1", 5)
	m := master.acked(t, 0)
	before := hostile.HeapInUse()
	spawns := 100_000
	if raceDetector { // ten times slower
		spawns = 10_000
	}
	sent := make(chan int, 1)
	go func() {
		n := 0
		for i := range spawns {
			msg := encodeMessage("spawn", map[string]any{"timestamp": float64(i + 1), "user_classes_count": map[string]any{"Bot": int64(1) << (i % 32)},
				"parsed_options": map[string]any{"spawn_rate": 1e9}}, "w")
			if _, err := m.z.c.Write(frameOf(0, msg)); err != nil {
				break
			}
			n++
		}
		sent <- n
	}()
	completes := 0
	var last map[string]any
	for completes < spawns {
		typ, data, err := m.next()
		if err != nil {
			r := wait(t, done, 30*time.Second)
			t.Fatalf("after %d spawns answered: %v; the worker: %v", completes, err, r.err)
		}
		if typ == "spawning_complete" {
			completes++
			last = data.(map[string]any)
		}
	}
	require.Equal(t, spawns, <-sent)
	held := int64(hostile.HeapInUse()) - int64(before)
	assert.Less(t, held, int64(16<<20), "bytes held after the flood")
	assert.EqualValues(t, 5, last["user_count"], "held to Bots")
	m.send("quit", nil)
	r := wait(t, done, 30*time.Second)
	require.NoError(t, r.err)
	assert.Equal(t, 5, r.rep.Bots)
	t.Logf("%d spawns answered; %d KiB held more", spawns, held>>10)
}
