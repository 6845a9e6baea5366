package multiplayer

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// probe returns what a probe handler answers: its status and body.
func probe(h http.Handler) (int, string) {
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/readyz", nil))
	return w.Code, w.Body.String()
}

// A drain refuses new clients at once and makes the server not ready,
// while the match in progress goes on; it ends as its last peer leaves.
func TestDrainWaitsForTheMatch(t *testing.T) {
	for _, transport := range []string{"websocket", "enet"} {
		t.Run(transport, func(t *testing.T) {
			m := statsServer(t)
			code, _ := probe(m.ReadyHandler())
			assert.Equal(t, http.StatusServiceUnavailable, code, "not serving yet")
			port := serveOver(t, m, transport)
			code, body := probe(m.ReadyHandler())
			require.Equal(t, http.StatusOK, code, body)
			a := MustNew()
			a.Node("/root/Main", statsMethods...)
			require.NoError(t, connectSide(a, transport, port))
			waitFor(t, "a joined", func() bool { return len(m.Peers()) == 1 })

			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			drained := make(chan error, 1)
			go func() { drained <- m.Drain(ctx) }()
			waitFor(t, "not ready", func() bool { code, _ := probe(m.ReadyHandler()); return code == http.StatusServiceUnavailable })
			_, body = probe(m.ReadyHandler())
			assert.Equal(t, "draining\n", body)
			code, _ = probe(m.HealthHandler())
			assert.Equal(t, http.StatusOK, code, "a drain is alive")

			b := MustNew()
			b.Node("/root/Main", statsMethods...)
			started := time.Now()
			err := connectSide(b, transport, port)
			if err == nil { // over ENet the connect completes, then the server disconnects it
				waitFor(t, "b disconnected", func() bool { return b.ID() == 0 })
			} else if transport == "websocket" {
				assert.ErrorIs(t, err, ErrHandshake)
				assert.ErrorContains(t, err, "503")
			}
			assert.Less(t, time.Since(started), 5*time.Second, "refused at once, not left to time out")
			assert.NotContains(t, m.Peers(), b.ID())
			b.Close()

			require.NoError(t, a.Lookup("/root/Main").Call(ServerID, "echo", 1))
			waitFor(t, "the match goes on", func() bool { return m.Stats().Calls[0].Handled == 1 })
			select {
			case err := <-drained:
				t.Fatalf("Drain returned %v with a peer still playing", err)
			default:
			}
			require.NoError(t, a.Close())
			select {
			case err := <-drained:
				require.NoError(t, err)
			case <-time.After(10 * time.Second):
				t.Fatal("Drain did not end once the last peer left")
			}
			within(t, "Done", m.Done())
			s := m.Stats()
			assert.True(t, s.Draining)
			assert.True(t, s.Closed)
			assert.EqualValues(t, 1, s.JoinsRefused.Draining)
			assert.Equal(t, Leaves{Left: 1}, s.Leaves)
			code, body = probe(m.HealthHandler())
			assert.Equal(t, http.StatusServiceUnavailable, code)
			assert.Equal(t, "closed\n", body)
		})
	}
}

// A drain whose time runs out closes the peers still playing, a
// WebSocket client told why in its close frame (1001, going away).
func TestDrainTimesOut(t *testing.T) {
	m := statsServer(t)
	port := serve(t, m)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws://127.0.0.1:"+port, nil)
	require.NoError(t, err)
	defer ws.CloseNow()
	_, id, err := ws.Read(ctx)
	require.NoError(t, err)
	require.Len(t, id, 4, "the peer id")
	waitFor(t, "joined", func() bool { return len(m.Peers()) == 1 })

	short, stop := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer stop()
	drained := make(chan error, 1)
	go func() { drained <- m.Drain(short) }()
	_, _, err = ws.Read(ctx)
	var closed websocket.CloseError
	require.True(t, errors.As(err, &closed), "%v", err)
	assert.Equal(t, websocket.StatusGoingAway, closed.Code)
	assert.Equal(t, drainReason, closed.Reason)
	select {
	case err := <-drained:
		assert.ErrorIs(t, err, context.DeadlineExceeded)
	case <-time.After(10 * time.Second):
		t.Fatal("Drain did not return")
	}
	assert.Equal(t, Leaves{Closed: 1}, m.Stats().Leaves)
}

// A Godot 4.6 client that tries to join a draining Go server learns at
// once that it cannot: over WebSocket its connection fails (503), over
// ENet the server disconnects it, where the engine's own refusal would
// leave it to time out after 30 s.
func TestLiveGodotClientRefusedByDrain(t *testing.T) {
	overTransports(t, func(t *testing.T, transport string) {
		engine := godot.Require(t, godot.Godot4)
		m := MustNew()
		m.Node("/root/Main", echoMethods...)
		port := serveOver(t, m, transport)
		playing := MustNew()
		playing.Node("/root/Main", echoMethods...)
		require.NoError(t, connectSide(playing, transport, port))
		defer playing.Close()
		waitFor(t, "the player in the match", func() bool { return len(m.Peers()) == 1 })
		ctx, cancel := context.WithCancel(context.Background())
		drained := make(chan error, 1)
		go func() { drained <- m.Drain(ctx) }()
		defer func() { cancel(); <-drained }()
		waitFor(t, "draining", func() bool { return m.Stats().Draining })

		started := time.Now()
		p := godot.Start(t, engine, "scripts/multiplayer/client.gd", port, "echo.gd", "leave")
		var told string
		for deadline := time.Now().Add(liveWait); told == ""; time.Sleep(20 * time.Millisecond) {
			out := p.Output()
			for _, line := range []string{"FAILED: no connection", "SERVER GONE", "ID "} {
				if strings.Contains(out, line) {
					told = line
				}
			}
			if time.Now().After(deadline) {
				t.Fatalf("the client said nothing within %v:\n%s", liveWait, out)
			}
		}
		assert.Equal(t, "FAILED: no connection", told, "connection_failed, not a join")
		assert.Less(t, time.Since(started), 20*time.Second, "told at once, the engine's start included, not after ENet's 30 s timeout")
		assert.NotContains(t, m.Peers(), PeerID(0))
		assert.Len(t, m.Peers(), 1, "only the player in the match")
		assert.EqualValues(t, 1, m.Stats().JoinsRefused.Draining)
		t.Logf("%s client: %q after %v", transport, told, time.Since(started).Round(time.Millisecond))
	})
}
