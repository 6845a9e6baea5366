package promstats_test

import (
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/gdvar/gdvar/internal/testrig/promserver"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/multiplayer/promstats"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A real Prometheus (Debian's 2.42) scraping a Go server every second
// reads what it counts: its peers, its calls by method and outcome, its
// bytes, and ENet's round trips as a histogram its functions take.
func TestLivePrometheusScrapes(t *testing.T) {
	m, url := server(t, "live")
	reg := prometheus.NewRegistry()
	require.NoError(t, promstats.Register(reg, promstats.Of(m)))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	srv := &http.Server{Handler: promhttp.HandlerFor(reg, promhttp.HandlerOpts{}), ReadHeaderTimeout: 5 * time.Second}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	prom := promserver.Start(t, promserver.Target{Job: "server", Addr: ln.Addr().String(), Labels: map[string]string{"test": "t1"}})

	var clients []*multiplayer.Multiplayer
	for range 3 {
		clients = append(clients, client(t, url, "/root/Main"))
	}
	for i, c := range clients {
		for range i + 1 {
			require.NoError(t, c.Lookup("/root/Main").Call(multiplayer.ServerID, "echo", i))
		}
	}
	query := func(expr string, want float64) {
		t.Helper()
		var got float64
		var ok bool
		require.Eventually(t, func() bool { got, ok = prom.Value(expr); return ok && got == want }, 30*time.Second, 100*time.Millisecond,
			"%s: %v (found: %v)", expr, got, ok)
	}
	query(`gdvar_multiplayer_peers{match="live",test="t1"}`, 3)
	query(`sum by (match) (gdvar_multiplayer_calls_total{method="echo",outcome="handled"})`, 6)
	query(`gdvar_multiplayer_joins_total{job="server"}`, 3)
	query(`count(gdvar_multiplayer_calls_total)`, 8) // echo and echo_reply, four outcomes each
	bytes, ok := prom.Value(`gdvar_multiplayer_transport_bytes_total{transport="ws",direction="in"}`)
	assert.True(t, ok)
	assert.Positive(t, bytes)
	q, err := prom.Query(`histogram_quantile(0.99, gdvar_multiplayer_enet_rtt_seconds_bucket)`)
	require.NoError(t, err, "the histogram's buckets, as Prometheus takes them")
	assert.Len(t, q, 1)
}
