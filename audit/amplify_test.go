package audit

import (
	"context"
	"net"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/multiplayer"
)

// victimOf returns a victim joined to a Go server over WebSocket, and
// an auditor measuring it within wait (its game never ends); root says
// the server declares a node at its root, which confirms the root paths
// sent it, as the engine does: a Go server without one never does.
func victimOf(t *testing.T, wait time.Duration, root bool) (*auditor, *client) {
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	srv := multiplayer.MustNew()
	if root {
		srv.Node(".")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	go srv.Serve(ctx, ln)
	m := multiplayer.MustNew()
	require.NoError(t, m.Connect(ctx, "ws://"+ln.Addr().String()))
	t.Cleanup(func() { m.Close() })
	v := &client{m: m, gone: make(chan struct{})}
	return &auditor{cfg: Config{Wait: wait}, victim: v, game: &debugger.Game{Session: &debugger.Session{}}}, v
}

// drain returns once the server confirmed the victim's path; it says so
// when the confirmation did not come within the call's wait, at once
// when the server dropped the victim, and when the path was not sent.
func TestDrain(t *testing.T) {
	ctx := context.Background()
	a, _ := victimOf(t, time.Minute, true)
	assert.Empty(t, a.drain(ctx), "confirmed")

	a, v := victimOf(t, 200*time.Millisecond, false)
	start := time.Now()
	assert.Equal(t, "the server did not confirm the victim's path within 200ms", a.drain(ctx))
	assert.GreaterOrEqual(t, time.Since(start), 200*time.Millisecond)

	a.cfg.Wait = time.Minute
	close(v.gone)
	start = time.Now()
	assert.Equal(t, "the server dropped the victim", a.drain(ctx))
	assert.Less(t, time.Since(start), 10*time.Second, "at once, not at the end of the wait")

	v.m.Close()
	assert.Equal(t, "the victim's path was not sent: "+multiplayer.ErrClosed.Error(), a.drain(ctx))
}
