package multiplayer

import (
	"context"
	"net"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/enet"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// newStatsMatch is a MatchesConfig.New: a match whose node counts calls.
func newStatsMatch(t *testing.T) func(string, ...Option) (*Multiplayer, error) {
	return func(_ string, opts ...Option) (*Multiplayer, error) { return statsServer(t, opts...), nil }
}

// serveMatches serves ms's WebSocket matches on a loopback port
// (Matches.Serve) until the test ends, and returns the URL its paths go
// after.
func serveMatches(t *testing.T, ms *Matches) string {
	ln := mustListen(t)
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- ms.Serve(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		assert.NoError(t, <-served)
	})
	return "ws://" + ln.Addr().String()
}

// join connects a client declaring the stats node to url.
func join(t *testing.T, url string) (*Multiplayer, error) {
	c := MustNew()
	c.Node("/root/Main", statsMethods...)
	t.Cleanup(func() { c.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return c, c.Connect(ctx, url)
}

// Matches on one port: each client reaches the match its path names,
// each match counts its own, a match not made is refused, and a match
// whose game closes it is forgotten.
func TestMatchesOverWebSocket(t *testing.T) {
	ms, err := NewMatches(MatchesConfig{New: newStatsMatch(t), MaxMatches: 2})
	require.NoError(t, err)
	url := serveMatches(t, ms)
	for _, name := range []string{"arena-1", "arena-2"} {
		_, err := ms.Create(name)
		require.NoError(t, err)
	}
	_, err = ms.Create("arena-3")
	assert.ErrorIs(t, err, ErrNoMatch, "over MaxMatches")
	_, err = ms.Create("../x")
	assert.ErrorIs(t, err, ErrNoMatch, "not a name")

	for i, name := range []string{"arena-1", "arena-1", "arena-2"} {
		c, err := join(t, url+"/match/"+name)
		require.NoError(t, err, "client %d", i)
		require.NoError(t, c.Lookup("/root/Main").Call(ServerID, "echo", i))
	}
	_, err = join(t, url+"/match/nowhere")
	assert.ErrorIs(t, err, ErrHandshake)
	assert.ErrorContains(t, err, "404")

	require.Eventually(t, func() bool {
		s := ms.Stats()
		return len(s) == 3 && s[0].Calls[0].Handled == 2 && s[1].Calls[0].Handled == 1
	}, 10*time.Second, 5*time.Millisecond)
	s := ms.Stats()
	assert.Equal(t, "arena-1", s[0].Match)
	assert.Equal(t, 2, s[0].Peers)
	assert.Equal(t, "arena-2", s[1].Match)
	assert.Equal(t, 1, s[1].Peers)
	assert.Equal(t, Stats{Match: EndedMatches}, s[2], "no match ended yet")

	ms.Match("arena-2").Close() // the game's match is over
	require.Eventually(t, func() bool { return len(ms.Names()) == 1 }, 10*time.Second, 5*time.Millisecond)
	assert.Equal(t, []string{"arena-1"}, ms.Names())
	s = ms.Stats()
	require.Len(t, s, 2)
	ended := s[1]
	assert.Equal(t, EndedMatches, ended.Match)
	assert.Zero(t, ended.Peers, "gauges are not added up")
	assert.EqualValues(t, 1, ended.Joins, "arena-2's counts kept")
	assert.EqualValues(t, 1, ended.Leaves.Closed)
	assert.Equal(t, CallCounts{Node: "/root/Main", Method: "echo", Handled: 1}, ended.Calls[0])
	assert.EqualValues(t, 3, s[0].Joins+ended.Joins, "summed over matches, the counters only grow")
	_, err = ms.Create("arena-2")
	assert.NoError(t, err, "a place freed")
}

// With CreateOnJoin a client makes the match it names, up to MaxMatches;
// a match no one is in closes after EmptyFor.
func TestMatchesCreateOnJoin(t *testing.T) {
	ms, err := NewMatches(MatchesConfig{New: newStatsMatch(t), MaxMatches: 1, CreateOnJoin: true, EmptyFor: 100 * time.Millisecond})
	require.NoError(t, err)
	url := serveMatches(t, ms)
	c, err := join(t, url+"/a")
	require.NoError(t, err)
	assert.Equal(t, []string{"a"}, ms.Names())
	_, err = join(t, url+"/b")
	assert.ErrorContains(t, err, "503", "over MaxMatches")
	code, body := probe(ms.ReadyHandler())
	assert.Equal(t, http.StatusServiceUnavailable, code)
	assert.Equal(t, "full\n", body)
	time.Sleep(300 * time.Millisecond)
	assert.Equal(t, []string{"a"}, ms.Names(), "a match with a peer stays")
	c.Close()
	require.Eventually(t, func() bool { return len(ms.Names()) == 0 }, 10*time.Second, 5*time.Millisecond, "an empty match closes")
}

// ENet matches take ports of a range, a match each, and give them back
// as they end; a drain drains every match.
func TestMatchesOverENet(t *testing.T) {
	first := godot.FreePort(t, "udp")
	second := first + 1
	if conn, err := net.ListenPacket("udp", "127.0.0.1:"+strconv.Itoa(second)); err != nil {
		t.Skipf("port %d is taken: %v", second, err)
	} else {
		conn.Close()
	}
	ms, err := NewMatches(MatchesConfig{New: newStatsMatch(t), ENetHost: "127.0.0.1", ENetPorts: [2]int{first, second}})
	require.NoError(t, err)
	defer ms.Close()
	ctx := context.Background()
	var addrs []string
	for _, name := range []string{"e1", "e2"} {
		addr, err := ms.ListenENet(name)
		require.NoError(t, err)
		addrs = append(addrs, addr)
	}
	assert.Equal(t, []string{"127.0.0.1:" + strconv.Itoa(first), "127.0.0.1:" + strconv.Itoa(second)}, addrs)
	_, err = ms.ListenENet("e3")
	assert.ErrorIs(t, err, ErrNoMatch, "every port taken")
	assert.Equal(t, []string{"e1", "e2"}, ms.Names(), "the match that found no port is not kept")

	c := MustNew()
	c.Node("/root/Main", statsMethods...)
	defer c.Close()
	cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	require.NoError(t, c.ConnectENet(cctx, addrs[1]))
	require.Eventually(t, func() bool { return ms.Match("e2").Stats().Peers == 1 }, 10*time.Second, 5*time.Millisecond)

	dctx, stop := context.WithTimeout(ctx, 200*time.Millisecond)
	defer stop()
	assert.ErrorIs(t, ms.Drain(dctx), context.DeadlineExceeded, "e2's peer was still playing")
	assert.Empty(t, ms.Names())
	_, err = ms.ListenENet("e4")
	assert.ErrorIs(t, err, ErrNoMatch, "draining")
}

// MatchesConfig.ENet configures each ENet match's host: an option a
// Multiplayer's own makes is refused at once, one out of range fails
// ListenENet as itself (not as every port taken), and one in range
// applies (here a second peer from the one address goes unanswered).
func TestMatchesENetOptions(t *testing.T) {
	newMatches := func(opts ...enet.Option) (*Matches, error) {
		port := godot.FreePort(t, "udp")
		return NewMatches(MatchesConfig{New: newStatsMatch(t), ENetHost: "127.0.0.1", ENetPorts: [2]int{port, port}, ENet: opts})
	}
	_, err := newMatches(enet.WithMaxPeers(8))
	assert.ErrorIs(t, err, gdvar.ErrInvalidOption)
	assert.ErrorContains(t, err, "multiplayer.WithMaxPeers")

	ctx := context.Background()
	ms, err := newMatches(enet.WithMTU(100))
	require.NoError(t, err)
	defer ms.Close()
	_, err = ms.ListenENet("e1")
	assert.ErrorIs(t, err, enet.ErrInvalidOption)
	assert.NotErrorIs(t, err, ErrNoMatch)
	assert.Empty(t, ms.Names())

	ms, err = newMatches(enet.WithDuplicatePeers(1))
	require.NoError(t, err)
	defer ms.Close()
	addr, err := ms.ListenENet("e1")
	require.NoError(t, err)
	connect := func(wait time.Duration) error {
		c := MustNew()
		c.Node("/root/Main", statsMethods...)
		t.Cleanup(func() { c.Close() })
		cctx, cancel := context.WithTimeout(ctx, wait)
		defer cancel()
		return c.ConnectENet(cctx, addr)
	}
	require.NoError(t, connect(10*time.Second))
	assert.ErrorIs(t, connect(time.Second), context.DeadlineExceeded, "a second peer from 127.0.0.1")
	assert.Equal(t, 1, ms.Match("e1").Stats().Peers)
}
