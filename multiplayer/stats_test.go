package multiplayer

import (
	"errors"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gdvar/gdvar/multiplayer/mode"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// statsMethods are the methods of the node the stats tests call: one
// that works, one only its authority (the server) may call, one whose
// handler takes an int, and one whose handler fails.
var statsMethods = []Method{
	{Name: "echo", Mode: mode.AnyPeer, Transfer: mode.Reliable},
	{Name: "echo_reply", Mode: mode.Authority, Transfer: mode.Reliable},
	{Name: "fails", Mode: mode.AnyPeer, Transfer: mode.Reliable},
	{Name: "typed", Mode: mode.AnyPeer, Transfer: mode.Reliable},
}

var errHandlerFailed = errors.New("the handler failed")

// statsServer returns a server whose node counts each outcome of a call.
func statsServer(t *testing.T, opts ...Option) *Multiplayer {
	m := MustNew(opts...)
	main := m.Node("/root/Main", statsMethods...)
	main.Handle("echo", func(c *Call, _ ...any) {})
	main.Handle("echo_reply", func(c *Call, _ ...any) {})
	main.Handle("fails", func(c *Call) error { return errHandlerFailed })
	Handle1(main, "typed", func(c *Call, n int64) error { return nil })
	return m
}

// Stats counts what a server sees: peers, calls by outcome, packets
// received and relayed, a transport's bytes, and each peer that leaves
// by why.
func TestStatsCounts(t *testing.T) {
	for _, transport := range []string{"websocket", "enet"} {
		t.Run(transport, func(t *testing.T) {
			errs := &errorLog{}
			m := statsServer(t, WithMatch("arena-1"))
			m.OnError(errs.add)
			port := serveOver(t, m, transport)
			a, b := MustNew(), MustNew()
			for _, c := range []*Multiplayer{a, b} {
				c.Node("/root/Main", statsMethods...)
				c.Node("/root/Nowhere", statsMethods...)
				require.NoError(t, connectSide(c, transport, port))
			}
			waitFor(t, "both clients joined", func() bool { return len(m.Peers()) == 2 })
			raw := make(chan []byte, 1)
			b.OnPacket(func(_ PeerID, data []byte) { raw <- slices.Clone(data) })
			waitFor(t, "a knows b", func() bool { return slices.Contains(a.Peers(), b.ID()) })

			main := a.Lookup("/root/Main")
			for _, call := range []struct {
				method string
				args   []any
			}{
				{"echo", []any{1}}, {"echo", []any{"two"}},
				{"echo_reply", nil},
				{"fails", nil},
				{"typed", []any{"not an int"}},
				{"typed", []any{7}},
			} {
				require.NoError(t, main.Call(ServerID, call.method, call.args...))
			}
			require.NoError(t, a.Lookup("/root/Nowhere").Call(ServerID, "echo"))
			require.NoError(t, a.SendBytes(b.ID(), []byte("relayed")))
			select {
			case got := <-raw:
				assert.Equal(t, "relayed", string(got))
			case <-time.After(10 * time.Second):
				t.Fatal("the relayed packet did not come")
			}
			waitFor(t, "every call handled", func() bool { return m.Stats().CallsUnknown == 1 })

			s := m.Stats()
			assert.Equal(t, "arena-1", s.Match)
			assert.True(t, s.Server)
			assert.Equal(t, 2, s.Peers)
			assert.EqualValues(t, 2, s.Joins)
			byMethod := map[string]CallCounts{}
			for _, c := range s.Calls {
				assert.Equal(t, "/root/Main", c.Node)
				byMethod[c.Method] = c
			}
			assert.Equal(t, map[string]CallCounts{
				"echo":       {Node: "/root/Main", Method: "echo", Handled: 2},
				"echo_reply": {Node: "/root/Main", Method: "echo_reply", RefusedAuthority: 1},
				"fails":      {Node: "/root/Main", Method: "fails", HandlerError: 1},
				"typed":      {Node: "/root/Main", Method: "typed", Handled: 1, RefusedType: 1},
			}, byMethod)
			assert.EqualValues(t, 7, s.Received.Calls, "the calls the server handled, the unknown node's too")
			assert.EqualValues(t, 1, s.Received.Raw, "the relayed packet, received to be relayed")
			assert.EqualValues(t, 1, s.Relayed.Raw)
			assert.Positive(t, s.Sent.System, "peers announced")
			assert.EqualValues(t, 1, s.Refused.NotAllowed)
			assert.EqualValues(t, 1, s.Refused.Arguments)
			assert.EqualValues(t, 2, s.Refused.UnknownNode, "the unknown node's path, and the call")
			traffic := s.WebSocket
			if transport == "enet" {
				traffic = s.ENet
				assert.Positive(t, s.ENetRTT.Count(), "round trips measured")
				assert.Zero(t, s.WebSocket)
			} else {
				assert.Zero(t, s.ENet)
			}
			assert.Positive(t, traffic.FramesIn)
			assert.Greater(t, traffic.BytesIn, traffic.FramesIn)
			assert.Positive(t, traffic.FramesOut)
			assert.Greater(t, traffic.BytesOut, traffic.FramesOut)

			var handlerErr *CallError
			for _, err := range errs.get() {
				if errors.Is(err, errHandlerFailed) {
					require.ErrorAs(t, err, &handlerErr)
				}
			}
			require.NotNil(t, handlerErr, "OnError got the handler's error: %v", errs.get())
			assert.Equal(t, CallError{Node: "/root/Main", Method: "fails", Err: errHandlerFailed}, *handlerErr)

			bID := b.ID()
			require.NoError(t, b.Close())
			waitFor(t, "b left", func() bool { return m.Stats().Leaves.Left == 1 })
			require.NoError(t, m.Disconnect(a.ID()))
			waitFor(t, "a kicked", func() bool { return m.Stats().Leaves.Kicked == 1 })
			s = m.Stats()
			assert.Zero(t, s.Peers)
			assert.Equal(t, Leaves{Left: 1, Kicked: 1}, s.Leaves)
			assert.EqualValues(t, 7, s.Received.Calls, "the counts of peers that left are kept")
			assert.NotContains(t, m.Peers(), bID)
		})
	}
}

// A spawned scene's calls are counted under the scene's label, however
// many of it are spawned: a peer cannot make a new series.
func TestStatsLabelSpawnedNodes(t *testing.T) {
	m := MustNew()
	sp := m.Spawner("/root/Main/Spawner", SpawnerConfig{SpawnPath: "/root/Main/Players", Scenes: []SpawnableScene{{
		Path:    "res://player.tscn",
		Methods: []Method{{Name: "jump", Mode: mode.AnyPeer}},
		Nodes:   []SpawnedNode{{Path: "Gun", Methods: []Method{{Name: "fire", Mode: mode.AnyPeer}}}},
	}}})
	serve(t, m)
	for _, name := range []string{"p1", "p2", "p3"} {
		_, err := sp.Spawn("res://player.tscn", name, nil)
		require.NoError(t, err)
	}
	var labels []string
	for _, c := range m.Stats().Calls {
		labels = append(labels, c.Node+" "+c.Method)
	}
	assert.Equal(t, []string{"res://player.tscn:. jump", "res://player.tscn:Gun fire"}, labels)
}

// The log limiter logs a burst, then counts what comes over the rate,
// and says how many it did not log once it logs again.
func TestLogLimiter(t *testing.T) {
	w := &lineWriter{}
	g := newLogLimiter(slog.New(slog.NewTextHandler(w, nil)), "m1")
	started := time.Now()
	for range 1000 {
		g.log(slog.LevelInfo, "a line")
	}
	lines := w.get()
	bound := DefaultLogBurst + int(time.Since(started).Seconds()*DefaultLogRate) + 1
	assert.LessOrEqual(t, len(lines), bound, "a burst, and what the rate earned meanwhile, the notes of those not logged included")
	assert.GreaterOrEqual(t, len(lines), DefaultLogBurst)
	logged := 0
	for _, l := range lines {
		if strings.Contains(l, "a line") {
			logged++
		}
	}
	assert.EqualValues(t, 1000-logged, g.suppressed.Load())
	time.Sleep(3 * time.Second / DefaultLogRate)
	n := len(lines)
	g.log(slog.LevelInfo, "after")
	lines = w.get()
	require.Len(t, lines, n+2)
	assert.Contains(t, lines[n], "log lines suppressed")
	assert.Contains(t, lines[n], "suppressed=")
	assert.Contains(t, lines[n+1], "after")
	assert.Contains(t, lines[n+1], "match=m1")
}

// lineWriter keeps what a slog handler writes, a line each.
type lineWriter struct {
	mu    sync.Mutex
	lines []string
}

func (w *lineWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.lines = append(w.lines, strings.TrimSuffix(string(p), "\n"))
	return len(p), nil
}

func (w *lineWriter) get() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return slices.Clone(w.lines)
}

// A project of more declared methods than maxCallCounters has them
// counted by label up to the bound, and the rest together, by method,
// under "(other)": the series stay bounded however many nodes a game
// declares.
func TestStatsCallLabelsBounded(t *testing.T) {
	m := MustNew()
	methods := []Method{{Name: "a", Mode: mode.AnyPeer}, {Name: "b", Mode: mode.AnyPeer}}
	for i := range maxCallCounters {
		m.Node("/root/N"+strconv.Itoa(i), methods...)
	}
	calls := m.Stats().Calls
	assert.Len(t, calls, maxCallCounters+2)
	assert.Equal(t, CallCounts{Node: "/root/N0", Method: "a"}, calls[0])
	assert.Equal(t, CallCounts{Node: "/root/N2047", Method: "b"}, calls[maxCallCounters-1])
	assert.Equal(t, []CallCounts{{Node: otherCalls, Method: "a"}, {Node: otherCalls, Method: "b"}}, calls[maxCallCounters:])
}
