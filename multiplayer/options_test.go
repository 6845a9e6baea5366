package multiplayer

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/stretchr/testify/assert"
)

// An option out of range fails Connect, Serve and ServeHTTP at once,
// before any connection could make use of it; Serve closes its listener,
// as it does whenever it returns.
func TestOptionsOutOfRange(t *testing.T) {
	for _, c := range []struct {
		name string
		opt  gdvar.Option
	}{
		{"max packet size", WithMaxPacketSize(15)},
		{"rate", WithRateLimit(0, 1)},
		{"burst", WithRateLimit(1, 0)},
		{"send queue", WithSendQueue(DefaultMaxPacket - 1)},
		{"write timeout", WithWriteTimeout(0)},
		{"max peers", WithMaxPeers(0)},
		{"idle timeout", WithIdleTimeout(0)},
		{"idle timeout too short to ping in", WithIdleTimeout(time.Nanosecond)},
		{"read timeout", WithReadTimeout(-time.Second)},
	} {
		m := New(c.opt)
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		assert.ErrorContains(t, m.Connect(ctx, "ws://127.0.0.1:1"), "out of range", c.name)
		ln := mustListen(t)
		assert.ErrorContains(t, m.Serve(ctx, ln), "out of range", c.name)
		assert.ErrorIs(t, ln.Close(), net.ErrClosed, "%s: Serve closed the listener", c.name)
		cancel()
		w := httptest.NewRecorder()
		m.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/", nil))
		assert.Equal(t, http.StatusInternalServerError, w.Code, c.name)
	}
}

// The defaults carry a game of 100 players at 60 Hz: each client sends a
// sync to the server and a relay to each other peer every tick, and a
// call, and the rate never makes the server wait to read it, for ten
// seconds of the game's time (the old default, 2000 a second, did after
// one). Each relayed sync fits the peer's send queue for over a second.
func TestDefaultsFitAGame(t *testing.T) {
	const players, hz, seconds = 100, 60, 10
	m := New()
	c := m.newConn(2)
	c.paced = time.NewTimer(time.Hour) // pace would Reset it to wait
	for tick := range seconds * hz {
		c.last = time.Now().Add(-time.Second / hz) // a tick went by
		for range players + 1 {
			assert.True(t, c.pace())
		}
		if !assert.GreaterOrEqual(t, c.tokens, 0.0, "tick %d", tick) {
			break
		}
	}
	assert.True(t, c.paced.Stop(), "never reset: the rate never waited")
	sync := make([]byte, sysSize+40) // a relayed sync of a Vector3 and a float
	assert.Greater(t, int64(m.cfg.sendQueue)/queueCost(sync), int64(players*hz))
}
