package promload_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gdvar/gdvar/internal/testrig/playersgame"
	"github.com/gdvar/gdvar/loadtest"
	"github.com/gdvar/gdvar/loadtest/loadtesttest"
	"github.com/gdvar/gdvar/loadtest/promload"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/multiplayer/fromproject"
	"github.com/gdvar/gdvar/project"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Each kind of event moves its metric, and only its own.
func TestEventCounts(t *testing.T) {
	tests := []struct {
		name  string
		event loadtest.Event
		want  string // a metric's series, and its value 1
	}{
		{"join", loadtest.Event{Kind: loadtest.EventJoin}, `gdvar_load_joins_total{outcome="joined"}`},
		{"join failed", loadtest.Event{Kind: loadtest.EventJoin, Err: errors.New("refused")}, `gdvar_load_joins_total{outcome="failed"}`},
		{"sync", loadtest.Event{Kind: loadtest.EventSync, Name: "/root/Main/1", Took: 33 * time.Millisecond}, `gdvar_load_syncs_received_total`},
		{"answer", loadtest.Event{Kind: loadtest.EventCall, Name: "input", Took: 2 * time.Millisecond}, `gdvar_load_calls_total{method="input",outcome="answered"}`},
		{"no answer", loadtest.Event{Kind: loadtest.EventCall, Name: "input", Err: loadtest.ErrNoAnswer}, `gdvar_load_calls_total{method="input",outcome="unanswered"}`},
		{"not sent", loadtest.Event{Kind: loadtest.EventCall, Name: "input", Err: errors.New("closed")}, `gdvar_load_calls_total{method="input",outcome="failed"}`},
		{"drop", loadtest.Event{Kind: loadtest.EventDrop, Err: errors.New("timed out")}, `gdvar_load_drops_total`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			reg := prometheus.NewPedanticRegistry()
			m, err := promload.New(reg)
			require.NoError(t, err)
			m.Event(tt.event)
			got := series(t, reg)
			assert.Equal(t, 1.0, got[tt.want], "%v", got)
			for s, v := range got {
				if s != tt.want && !strings.Contains(s, "_seconds_count") { // a histogram's, beside its event's counter
					assert.Zero(t, v, "%s moved too", s)
				}
			}
		})
	}
}

// series gathers reg's metrics as series names with their labels (as
// Prometheus writes them) and their values; a histogram's count as
// NAME_count.
func series(t *testing.T, reg *prometheus.Registry) map[string]float64 {
	mfs, err := reg.Gather()
	require.NoError(t, err)
	out := map[string]float64{}
	for _, mf := range mfs {
		for _, m := range mf.GetMetric() {
			name := mf.GetName()
			var labels []string
			for _, l := range m.GetLabel() {
				labels = append(labels, l.GetName()+`="`+l.GetValue()+`"`)
			}
			if len(labels) > 0 {
				name += "{" + strings.Join(labels, ",") + "}"
			}
			switch {
			case m.Counter != nil:
				out[name] = m.Counter.GetValue()
			case m.Gauge != nil:
				out[name] = m.Gauge.GetValue()
			case m.Histogram != nil:
				out[mf.GetName()+"_count"+strings.TrimPrefix(name, mf.GetName())] = float64(m.Histogram.GetSampleCount())
			}
		}
	}
	return out
}

// The metrics follow Prometheus' conventions, as its linter checks them.
func TestLint(t *testing.T) {
	reg := prometheus.NewPedanticRegistry()
	_, err := promload.New(reg)
	require.NoError(t, err)
	problems, err := testutil.GatherAndLint(reg)
	require.NoError(t, err)
	assert.Empty(t, problems)
}

// A run's metrics are its report's: 4 bots of the players game against
// a Go server, each sync they received counted once, as the report
// counts them (and those of its last moments, after its last whole second), its answers and joins too; a config's own OnEvent and
// Progress are still given theirs.
func TestRunCountsAsItsReport(t *testing.T) {
	if testing.Short() {
		t.Skip("4 s against a server")
	}
	p, err := project.Open("../../scripts/bench/players")
	require.NoError(t, err)
	m := multiplayer.MustNew()
	require.NoError(t, playersgame.Declare(m, p))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	loadtesttest.Serve(t, func(ctx context.Context) error { return m.Serve(ctx, ln) })
	sc, err := loadtest.ReadScenario(strings.NewReader(`{"tick_hz": 30, "own": "id",
	  "calls": [{"node": "/root/Main", "method": "input", "rate_hz": 10, "args": ["$now_us", "Vector3(1, 0, 0)"],
	             "answer": {"method": "moved", "arg": 1}}]}`))
	require.NoError(t, err)

	reg := prometheus.NewPedanticRegistry()
	metrics, err := promload.New(reg)
	require.NoError(t, err)
	var events, seconds atomic.Int64
	cfg := metrics.Instrument(loadtest.Config{Project: p, Scenario: sc, Addr: ln.Addr().String(),
		Net: &fromproject.Net{Transport: multiplayer.WebSocket}, Bots: 4, Duration: 4 * time.Second,
		OnEvent: func(loadtest.Event) { events.Add(1) }, Progress: func(loadtest.Second) { seconds.Add(1) }})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	rep, err := loadtest.Run(ctx, cfg)
	require.NoError(t, err)
	s := rep.Summary()

	got := series(t, reg)
	// The report counts the syncs of its whole seconds; the metrics also
	// those of the moments between the last second's end and the bots'
	// leaving.
	// Those moments are under a second on a quiet machine (within 1%),
	// longer where other processes take the cores (2.4% seen): less than
	// two of its fastest seconds' syncs, whatever the load, where a sync
	// counted twice would be a whole run's more.
	synced := got["gdvar_load_syncs_received_total"]
	assert.GreaterOrEqual(t, synced, float64(s.Syncs), "%v", got)
	fastest := 0.0
	for _, sec := range s.Seconds {
		fastest = max(fastest, sec.SyncsPerS)
	}
	assert.Less(t, synced-float64(s.Syncs), 2*fastest, "syncs past the report's whole seconds: %v", got)
	assert.Equal(t, synced, got["gdvar_load_sync_age_seconds_count"])
	assert.Equal(t, float64(s.Joined), got[`gdvar_load_joins_total{outcome="joined"}`])
	assert.Equal(t, 4.0, got["gdvar_load_bots_joined"])
	assert.Positive(t, got[`gdvar_load_calls_total{method="input",outcome="answered"}`])
	assert.Equal(t, got[`gdvar_load_calls_total{method="input",outcome="answered"}`], got[`gdvar_load_call_round_trip_seconds_count{method="input"}`])
	assert.Zero(t, got["gdvar_load_drops_total"])
	assert.Positive(t, events.Load(), "the config's own OnEvent")
	assert.Positive(t, seconds.Load(), "the config's own Progress")
}

// What a server sends names no series: 10 000 syncs of nodes each named
// anew, drops and failed joins each with a reason of its own, and calls
// unanswered or failed with errors each their own leave the series those
// of one event of each kind. Only the scenario's methods label a series.
func TestServerNamesNoSeries(t *testing.T) {
	reg := prometheus.NewPedanticRegistry()
	m, err := promload.New(reg)
	require.NoError(t, err)
	events := func(n int) {
		for i := range n {
			why := fmt.Errorf("read tcp 127.0.0.1:%d: connection reset by peer", 40000+i)
			m.Event(loadtest.Event{Kind: loadtest.EventSync, Name: "/root/Main/Players/" + strconv.Itoa(i), Took: time.Duration(i) * time.Millisecond})
			m.Event(loadtest.Event{Kind: loadtest.EventDrop, Name: "127.0.0.1:8910", Err: why})
			m.Event(loadtest.Event{Kind: loadtest.EventJoin, Name: "127.0.0.1:8910", Err: why})
			m.Event(loadtest.Event{Kind: loadtest.EventCall, Name: "input", Err: why})
			m.Event(loadtest.Event{Kind: loadtest.EventCall, Name: "input", Err: fmt.Errorf("%w (%d)", loadtest.ErrNoAnswer, i)})
			m.Event(loadtest.Event{Kind: loadtest.EventCall, Name: "input", Took: time.Duration(i) * time.Microsecond})
		}
	}
	events(1)
	one := len(series(t, reg))
	events(10000)
	all := series(t, reg)
	assert.Len(t, all, one, "%v", all)
	assert.Equal(t, 10001.0, all["gdvar_load_syncs_received_total"])
}
