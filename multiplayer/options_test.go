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
