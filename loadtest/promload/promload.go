// Package promload exposes what a load test's bots see to Prometheus, as
// it happens: Metrics.Event counts each loadtest.Event (joins, syncs,
// calls' answers, drops) and Metrics.Second sets the gauges of each
// second's figures. docs/operations.md lists the metrics, named under
// gdvar_load_.
//
//	reg := prometheus.NewRegistry()
//	m, err := promload.New(reg)
//	cfg = m.Instrument(cfg)
//	http.Handle("/metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
//	rep, err := loadtest.Run(ctx, cfg)
//
// A sync's node is never a label: the server names the nodes. A call's
// method is, and the scenario names those: their series are the
// scenario's calls whose answers it names.
package promload

import (
	"errors"

	"github.com/gdvar/gdvar/loadtest"
	"github.com/prometheus/client_golang/prometheus"
)

// Metrics are a load test's metrics, registered with a Registerer.
type Metrics struct {
	connected, joined, promised prometheus.Gauge
	joins                       *prometheus.CounterVec
	syncs, drops                prometheus.Counter
	syncAge                     prometheus.Histogram
	calls                       *prometheus.CounterVec
	answers                     *prometheus.HistogramVec
}

// Buckets are the bounds, in seconds, of the histograms of syncs' ages
// and calls' round trips: from a millisecond, below a game's frame, to
// 10 s, when a call's answer is given up (loadtest.ErrNoAnswer).
var Buckets = []float64{.001, .0025, .005, .01, .017, .025, .034, .05, .1, .25, .5, 1, 2.5, 5, 10}

// New returns the metrics of a load test, registered with reg.
func New(reg prometheus.Registerer) (*Metrics, error) {
	m := &Metrics{
		connected: gauge("bots_connected", "Bots connected to the server, at the last second's end."),
		joined:    gauge("bots_joined", "Bots that joined since the start, at the last second's end."),
		promised:  gauge("syncs_promised_per_second", "Syncs a second the bots would receive in the last second if none were lost: each node's rate times the bots that see it."),
		joins:     counterVec("joins_total", "Bots' joins, by outcome: joined, failed.", "outcome"),
		syncs:     counter("syncs_received_total", "States of nodes (syncs) the bots received."),
		drops:     counter("drops_total", "Bots the server let go, or whose connection failed, before they left."),
		syncAge: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "gdvar_load_sync_age_seconds",
			Help: "The time since each sync's node's previous state (or its spawn): the game's interval, and the way's jitter and losses.", Buckets: Buckets}),
		calls: counterVec("calls_total", "Calls whose answers the scenario names, by method and outcome: answered, unanswered (none within 10 s), failed (not sent).", "method", "outcome"),
		answers: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "gdvar_load_call_round_trip_seconds",
			Help: "The round trip of each call's answer, by method.", Buckets: Buckets}, []string{"method"}),
	}
	for _, c := range []prometheus.Collector{m.connected, m.joined, m.promised, m.joins, m.syncs, m.drops, m.syncAge, m.calls, m.answers} {
		if err := reg.Register(c); err != nil {
			return nil, err
		}
	}
	for _, outcome := range []string{"joined", "failed"} { // both series from the start, for rate()
		m.joins.WithLabelValues(outcome)
	}
	return m, nil
}

// Instrument returns cfg with its OnEvent and Progress also given to m,
// after cfg's own if it has them.
func (m *Metrics) Instrument(cfg loadtest.Config) loadtest.Config {
	onEvent, progress := cfg.OnEvent, cfg.Progress
	cfg.OnEvent = m.Event
	if onEvent != nil {
		cfg.OnEvent = func(e loadtest.Event) { onEvent(e); m.Event(e) }
	}
	cfg.Progress = m.Second
	if progress != nil {
		cfg.Progress = func(s loadtest.Second) { progress(s); m.Second(s) }
	}
	return cfg
}

// Event counts e: a Config's OnEvent. It is safe for concurrent use.
func (m *Metrics) Event(e loadtest.Event) {
	switch e.Kind {
	case loadtest.EventJoin:
		m.joins.WithLabelValues(outcome(e.Err, "joined")).Inc()
	case loadtest.EventSync:
		m.syncs.Inc()
		m.syncAge.Observe(e.Took.Seconds())
	case loadtest.EventCall:
		m.calls.WithLabelValues(e.Name, outcome(e.Err, "answered")).Inc()
		if e.Err == nil {
			m.answers.WithLabelValues(e.Name).Observe(e.Took.Seconds())
		}
	case loadtest.EventDrop:
		m.drops.Inc()
	}
}

// outcome names an event's outcome: ok if err is nil.
func outcome(err error, ok string) string {
	switch {
	case err == nil:
		return ok
	case errors.Is(err, loadtest.ErrNoAnswer):
		return "unanswered"
	}
	return "failed"
}

// Second sets the gauges of a second's figures: a Config's Progress.
func (m *Metrics) Second(s loadtest.Second) {
	m.connected.Set(float64(s.Connected))
	m.joined.Set(float64(s.Joined))
	m.promised.Set(s.PromisedPerS)
}

func gauge(name, help string) prometheus.Gauge {
	return prometheus.NewGauge(prometheus.GaugeOpts{Name: "gdvar_load_" + name, Help: help})
}

func counter(name, help string) prometheus.Counter {
	return prometheus.NewCounter(prometheus.CounterOpts{Name: "gdvar_load_" + name, Help: help})
}

func counterVec(name, help string, labels ...string) *prometheus.CounterVec {
	return prometheus.NewCounterVec(prometheus.CounterOpts{Name: "gdvar_load_" + name, Help: help}, labels)
}
