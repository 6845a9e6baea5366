package multiplayer

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/gdvar/gdvar/internal/testrig/mpcases"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// upgradeRequest is what upgraded sends: a WebSocket upgrade and nothing
// more.
const upgradeRequest = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
	"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"

// upgradeStatus asks port's server for an upgrade and returns the status
// of its answer, and the connection, open until the test ends.
func upgradeStatus(t *testing.T, port string) (int, net.Conn) {
	nc := tcpConn(t, port)
	require.NoError(t, nc.SetDeadline(time.Now().Add(10*time.Second)))
	_, err := io.WriteString(nc, upgradeRequest)
	require.NoError(t, err)
	resp, err := http.ReadResponse(bufio.NewReader(nc), nil)
	require.NoError(t, err)
	require.NoError(t, nc.SetDeadline(time.Time{}))
	return resp.StatusCode, nc
}

// 1000 peers that complete the upgrade and then neither send nor read
// are told of no other peer, and no other peer of them: a peer is
// announced (ADD_PEER, both ways) once it is heard from, its first frame,
// a packet or the answer to the ping sent with its id. What each is
// answered, the upgrade's, its id and the ping, is less than it sent.
// The server announced every new peer to every other: at 1000, 999 000
// ADD_PEERs, 54.9 bytes answered a byte sent, 20.8 KiB held each.
// Clients that answer pings, as the engine's and a browser's do, still
// see each other.
func TestIdleUpgradedPeers(t *testing.T) {
	if raceDetector {
		t.Skip("the race detector allocates, and grows stacks")
	}
	const peers = 1000
	m := newEchoServer(WithMaxPeers(peers+10), WithMaxPendingUpgrades(peers+10))
	port := serve(t, m)
	hostile.Collect()
	heap0, stacks0 := heapAndStacks()
	fds := rawConnections(t, port, peers, []byte(upgradeRequest)) // no Go socket of the test's in the heap
	waitFor(t, "every peer joined", func() bool { return m.Stats().Peers == peers })
	heap, stacks := heapAndStacks()
	held := (float64(heap+stacks) - float64(heap0+stacks0)) / peers
	s := m.Stats()
	sent := peers * len(upgradeRequest)
	answered := unreadBytes(t, fds)
	t.Logf("%d idle peers: %.1f KiB held each (%.1f bytes a byte sent), %d ADD_PEERs, %.2f bytes answered a byte sent",
		peers, held/1024, held/float64(len(upgradeRequest)), s.Sent.System, float64(answered)/float64(sent))
	assert.Zero(t, s.Sent.System, "ADD_PEERs to and of peers never heard from")
	assert.Zero(t, s.WebSocket.BytesOut)
	assert.LessOrEqual(t, answered, sent, "the upgrade, the id and a ping each")
	assert.Less(t, held, 12*1024.0, "14.6–22.7 KiB each when they were announced")

	a, _, _ := testClient(t, port)
	b, _, _ := testClient(t, port)
	for _, c := range []struct {
		m    *Multiplayer
		peer PeerID
	}{{a, b.ID()}, {b, a.ID()}} {
		require.Eventually(t, func() bool { return slices.Contains(c.m.Peers(), c.peer) }, 10*time.Second, 5*time.Millisecond,
			"clients that answer pings are announced to each other")
		assert.Equal(t, 2, len(c.m.Peers()), "the server and the other client: no idle peer")
	}
}

// A server's join budget: WithMaxPeersPerAddress refuses an address's
// peers beyond it (503) until one leaves; WithJoinRate refuses joins
// beyond its burst and rate.
func TestJoinBudget(t *testing.T) {
	t.Run("per address", func(t *testing.T) {
		const most, tries = 16, 40
		m := newEchoServer(WithMaxPeersPerAddress(most))
		port := serve(t, m)
		var joined []net.Conn
		for range tries {
			if status, nc := upgradeStatus(t, port); status == http.StatusSwitchingProtocols {
				joined = append(joined, nc)
			}
		}
		assert.Len(t, joined, most)
		assert.EqualValues(t, tries-most, m.Stats().JoinsRefused.Address)
		// A place is taken as the upgrade is answered, and the peer
		// counted a moment later: all counted, one leaves.
		waitFor(t, "every peer counted", func() bool { return m.Stats().Peers == most })
		joined[0].Close()
		waitFor(t, "a peer gone", func() bool { return m.Stats().Peers == most-1 })
		status, _ := upgradeStatus(t, port)
		assert.Equal(t, http.StatusSwitchingProtocols, status, "a place freed")
	})
	t.Run("rate", func(t *testing.T) {
		const rate, burst, tries = 2, 5, 30
		m := newEchoServer(WithJoinRate(rate, burst))
		port := serve(t, m)
		start := time.Now()
		ok := 0
		for range tries {
			if status, _ := upgradeStatus(t, port); status == http.StatusSwitchingProtocols {
				ok++
			}
		}
		most := burst + int(rate*time.Since(start).Seconds()+1)
		assert.GreaterOrEqual(t, ok, burst)
		assert.LessOrEqual(t, ok, most)
		assert.EqualValues(t, tries-ok, m.Stats().JoinsRefused.Rate)
	})
	t.Run("options", func(t *testing.T) {
		for _, o := range []Option{WithMaxPeersPerAddress(-1), WithJoinRate(0, 1), WithJoinRate(1, 0), WithJoinRate(-1, 1)} {
			_, err := New(o)
			assert.Error(t, err)
		}
		_, err := New(WithMaxPeersPerAddress(0), WithJoinRate(1, 1))
		assert.NoError(t, err)
	})
}

// Godot clients that send nothing, as spectators, see every other client
// from a Go server as they do from Godot's own: a peer is announced once
// heard from, and the engine answers the ping sent with its id at once.
// 50 peers that upgraded before them and say nothing are announced to
// none of them.
func TestLiveQuietClientsSeeEachOther(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	const clients = 3
	watch := func(t *testing.T, port string) {
		var ps []*godot.Process
		for range clients {
			ps = append(ps, godot.Start(t, engine, "scripts/multiplayer/client.gd", port, "echo.gd", "watch", strconv.Itoa(clients-1)))
		}
		var ids, outs []string
		for _, p := range ps {
			out := p.Wait(t)
			require.Contains(t, out, "DONE", out)
			outs = append(outs, out)
			ids = append(ids, mpcases.Lines(out, "ID ")[0])
		}
		for i, out := range outs {
			want := []string{"1"}
			for j, id := range ids {
				if j != i {
					want = append(want, id)
				}
			}
			assert.ElementsMatch(t, want, mpcases.Lines(out, "PEER "), "the peers client %d saw", i)
		}
	}
	t.Run("godot server", func(t *testing.T) {
		port := strconv.Itoa(godot.FreePort(t, "tcp"))
		server := godot.Start(t, engine, "scripts/multiplayer/server.gd", port)
		server.WaitFor(t, "READY", liveWait)
		watch(t, port)
		assert.Contains(t, server.Wait(t), "DONE")
	})
	t.Run("go server", func(t *testing.T) {
		const idle = 50
		m, port, _, errs := relayServer(t)
		rawConnections(t, port, idle, []byte(upgradeRequest))
		waitFor(t, "the idle peers joined", func() bool { return m.Stats().Peers == idle })
		watch(t, port)
		assert.LessOrEqual(t, m.Stats().Sent.System, uint64(2*clients*(clients-1)), "ADD_PEERs and DEL_PEERs among the clients alone")
		assert.Empty(t, errs.get())
	})
}
