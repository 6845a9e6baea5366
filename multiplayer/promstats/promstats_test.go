package promstats_test

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/multiplayer/mode"
	"github.com/gdvar/gdvar/multiplayer/promstats"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/prometheus/client_golang/prometheus/testutil"
	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var methods = []multiplayer.Method{
	{Name: "echo", Mode: mode.AnyPeer, Transfer: mode.Reliable},
	{Name: "echo_reply", Mode: mode.Authority, Transfer: mode.Reliable},
}

// server serves a match named match over WebSocket on a loopback port,
// until the test ends, and returns its URL.
func server(t *testing.T, match string) (*multiplayer.Multiplayer, string) {
	m := multiplayer.MustNew(multiplayer.WithMatch(match))
	m.Node("/root/Main", methods...).Handle("echo", func(*multiplayer.Call, ...any) {})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- m.Serve(ctx, ln) }()
	t.Cleanup(func() { cancel(); <-done })
	return m, "ws://127.0.0.1:" + strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
}

// client joins url, declaring nodes, until the test ends.
func client(t *testing.T, url string, nodes ...string) *multiplayer.Multiplayer {
	c := multiplayer.MustNew()
	for _, n := range nodes {
		c.Node(n, methods...)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	require.NoError(t, c.Connect(ctx, url))
	t.Cleanup(func() { c.Close() })
	return c
}

// scrape reads what a Prometheus server would from h, parsed by
// Prometheus' own text parser.
func scrape(t *testing.T, h http.Handler) map[string]*dto.MetricFamily {
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/metrics", nil))
	require.Equal(t, http.StatusOK, w.Code)
	p := expfmt.NewTextParser(model.UTF8Validation)
	families, err := p.TextToMetricFamilies(w.Body)
	require.NoError(t, err)
	return families
}

// value returns the value of the series of family name whose labels are
// labels, and whether there is one.
func value(families map[string]*dto.MetricFamily, name string, labels map[string]string) (float64, bool) {
	f := families[name]
	if f == nil {
		return 0, false
	}
next:
	for _, m := range f.GetMetric() {
		got := map[string]string{}
		for _, l := range m.GetLabel() {
			got[l.GetName()] = l.GetValue()
		}
		for k, v := range labels {
			if got[k] != v {
				continue next
			}
		}
		switch {
		case m.Counter != nil:
			return m.Counter.GetValue(), true
		case m.Gauge != nil:
			return m.Gauge.GetValue(), true
		case m.Histogram != nil:
			return float64(m.Histogram.GetSampleCount()), true
		}
	}
	return 0, false
}

// series counts the series of every family.
func series(families map[string]*dto.MetricFamily) int {
	n := 0
	for _, f := range families {
		n += len(f.GetMetric())
	}
	return n
}

// A scrape of two matches' server, parsed as Prometheus parses it, holds
// what they counted, under the names and labels docs/operations.md
// lists; a client's calls to names the match does not declare make no
// new series.
func TestScrape(t *testing.T) {
	m1, url1 := server(t, "m1")
	m2, _ := server(t, "m2")
	reg := prometheus.NewRegistry()
	require.NoError(t, promstats.Register(reg, promstats.Of(m1, m2)))
	h := promhttp.HandlerFor(reg, promhttp.HandlerOpts{})

	a := client(t, url1, "/root/Main", "/root/Other")
	b := client(t, url1, "/root/Main")
	require.Eventually(t, func() bool { return len(m1.Peers()) == 2 && len(a.Peers()) == 2 }, 10*time.Second, 5*time.Millisecond)
	for range 3 {
		require.NoError(t, a.Lookup("/root/Main").Call(multiplayer.ServerID, "echo", 1))
	}
	require.NoError(t, a.SendBytes(b.ID(), []byte("hi")))
	require.Eventually(t, func() bool { return m1.Stats().Relayed.Raw == 1 && m1.Stats().Calls[0].Handled == 3 },
		10*time.Second, 5*time.Millisecond)

	families := scrape(t, h)
	for _, want := range []struct {
		name   string
		labels map[string]string
		value  float64
	}{
		{"gdvar_multiplayer_peers", map[string]string{"match": "m1"}, 2},
		{"gdvar_multiplayer_peers", map[string]string{"match": "m2"}, 0},
		{"gdvar_multiplayer_joins_total", map[string]string{"match": "m1"}, 2},
		{"gdvar_multiplayer_calls_total", map[string]string{"match": "m1", "node": "/root/Main", "method": "echo", "outcome": "handled"}, 3},
		{"gdvar_multiplayer_calls_total", map[string]string{"match": "m1", "node": "/root/Main", "method": "echo_reply", "outcome": "handled"}, 0},
		{"gdvar_multiplayer_packets_relayed_total", map[string]string{"match": "m1", "kind": "raw"}, 1},
		{"gdvar_multiplayer_packets_received_total", map[string]string{"match": "m1", "kind": "call"}, 3},
		{"gdvar_multiplayer_draining", map[string]string{"match": "m1"}, 0},
	} {
		got, ok := value(families, want.name, want.labels)
		require.True(t, ok, "no series %s%v", want.name, want.labels)
		assert.Equal(t, want.value, got, "%s%v", want.name, want.labels)
	}
	in, _ := value(families, "gdvar_multiplayer_transport_bytes_total", map[string]string{"match": "m1", "transport": "ws", "direction": "in"})
	assert.Positive(t, in)
	assert.Equal(t, dto.MetricType_HISTOGRAM, families["gdvar_multiplayer_enet_rtt_seconds"].GetType())
	for name, f := range families {
		assert.Regexp(t, `^gdvar_multiplayer_`, name)
		if f.GetType() == dto.MetricType_COUNTER {
			assert.Regexp(t, `_total$`, name)
		}
	}

	before := series(families)
	for i := range 50 { // a hostile client: calls to a node the match does not declare
		require.NoError(t, a.Lookup("/root/Other").Call(multiplayer.ServerID, "echo", i))
	}
	require.Eventually(t, func() bool { return m1.Stats().CallsUnknown == 50 }, 10*time.Second, 5*time.Millisecond)
	families = scrape(t, h)
	assert.Equal(t, before, series(families), "no new series")
	got, _ := value(families, "gdvar_multiplayer_calls_unknown_total", map[string]string{"match": "m1"})
	assert.EqualValues(t, 50, got)

	require.NoError(t, b.Close())
	require.Eventually(t, func() bool { return m1.Stats().Leaves.Left == 1 }, 10*time.Second, 5*time.Millisecond)
	got, _ = value(scrape(t, h), "gdvar_multiplayer_leaves_total", map[string]string{"match": "m1", "reason": "left"})
	assert.EqualValues(t, 1, got)
}

// The metrics follow Prometheus' naming conventions, as its own linter
// (promlint) checks them.
func TestLint(t *testing.T) {
	m, _ := server(t, "lint")
	problems, err := testutil.CollectAndLint(promstats.NewCollector(promstats.Of(m)))
	require.NoError(t, err)
	assert.Empty(t, problems)
}
