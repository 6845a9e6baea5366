package multiplayer

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Hostile peers cannot make a server with WithLogger log without bound:
// 40 clients each joining, sending a thousand packets the server refuses
// (of several kinds, to nodes and methods not declared), and leaving,
// make at most the burst and the rate's lines, the rest counted.
func TestHostileLogFlood(t *testing.T) {
	w := &lineWriter{}
	m := statsServer(t, WithLogger(slog.New(slog.NewJSONHandler(w, nil))), WithErrorInterval(0))
	port := serve(t, m)
	started := time.Now()
	var wg sync.WaitGroup
	var mu sync.Mutex
	var clients []*Multiplayer
	for i := range 40 {
		wg.Go(func() {
			c := MustNew()
			c.Node("/root/Main", statsMethods...)
			c.Node(fmt.Sprintf("/root/Nowhere%d", i), statsMethods...)
			if !assert.NoError(t, connectSide(c, "websocket", port)) {
				return
			}
			mu.Lock()
			clients = append(clients, c)
			mu.Unlock()
			for j := range 1000 {
				switch j % 3 {
				case 0:
					c.Lookup("/root/Main").Call(ServerID, "echo_reply") // not allowed
				case 1:
					c.Lookup(fmt.Sprintf("/root/Nowhere%d", i)).Call(ServerID, "echo") // unknown node
				default:
					c.Lookup("/root/Main").Call(ServerID, "fails") // a handler's error
				}
			}
		})
	}
	wg.Wait()
	waitFor(t, "every call handled", func() bool { return m.Stats().Received.Calls == 40*1000 })
	for _, c := range clients {
		c.Close()
	}
	waitFor(t, "every peer left", func() bool { return m.Stats().Leaves.Left == 40 })
	elapsed := time.Since(started)
	lines := len(w.get())
	bound := DefaultLogBurst + int(elapsed.Seconds()*DefaultLogRate) + 1
	s := m.Stats()
	t.Logf("%d lines logged, %d suppressed, in %v (bound %d)", lines, s.LogLinesSuppressed, elapsed.Round(time.Millisecond), bound)
	assert.LessOrEqual(t, lines, bound)
	assert.Positive(t, s.LogLinesSuppressed)
	assert.EqualValues(t, 40*334, s.Calls[1].RefusedAuthority, "every refusal still counted")
	assert.EqualValues(t, 40*333, s.Calls[2].HandlerError)
	assert.EqualValues(t, 40*333, s.CallsUnknown)
}

// Clients naming matches at will make at most MaxMatches of them, each
// closed once empty; one naming a match not made, without CreateOnJoin,
// makes nothing.
func TestHostileMatchNames(t *testing.T) {
	for _, create := range []bool{false, true} {
		t.Run(fmt.Sprintf("CreateOnJoin=%v", create), func(t *testing.T) {
			ms, err := NewMatches(MatchesConfig{New: newStatsMatch(t), MaxMatches: 4, CreateOnJoin: create, EmptyFor: 50 * time.Millisecond})
			require.NoError(t, err)
			url := serveMatches(t, ms)
			most, refused := 0, 0
			for i := range 300 {
				ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
				ws, resp, err := websocket.Dial(ctx, fmt.Sprintf("%s/m%d", url, i), nil)
				cancel()
				if err == nil {
					ws.CloseNow()
				} else if resp != nil && resp.StatusCode >= http.StatusBadRequest {
					refused++
				}
				most = max(most, len(ms.Names()))
			}
			assert.LessOrEqual(t, most, 4)
			if !create {
				assert.Zero(t, most)
				assert.Equal(t, 300, refused, "404 each")
			} else {
				assert.Positive(t, refused, "503 past MaxMatches")
			}
			require.Eventually(t, func() bool { return len(ms.Names()) == 0 }, 10*time.Second, 10*time.Millisecond, "the empty matches closed")
		})
	}
}

// Matches.Serve holds at most MaxPendingUpgrades connections that have
// not sent their request; the others are closed at once.
func TestHostileMatchesPendingUpgrades(t *testing.T) {
	ms, err := NewMatches(MatchesConfig{New: newStatsMatch(t), MaxPendingUpgrades: 2})
	require.NoError(t, err)
	url := serveMatches(t, ms)
	var conns []net.Conn
	for range 10 {
		c, err := net.Dial("tcp", strings.TrimPrefix(url, "ws://"))
		require.NoError(t, err)
		defer c.Close()
		conns = append(conns, c)
	}
	closed := 0
	for _, c := range conns {
		c.SetReadDeadline(time.Now().Add(time.Second))
		if _, err := c.Read(make([]byte, 1)); err == io.EOF {
			closed++
		}
	}
	assert.Equal(t, 8, closed, "all but MaxPendingUpgrades closed at once")
}
