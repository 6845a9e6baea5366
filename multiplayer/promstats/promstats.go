// Package promstats exposes what a multiplayer server counts
// (multiplayer.Stats) to Prometheus: Register registers a collector that
// takes each match's Stats at every scrape, as metrics named under
// gdvar_multiplayer_, each labelled by its match (multiplayer.WithMatch).
// docs/operations.md lists them, with their labels and cardinality.
//
//	reg := prometheus.NewRegistry()
//	promstats.Register(reg, promstats.Of(m))
//	http.Handle("/metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
//
// Package multiplayer itself depends on no metrics library: this package
// is the only one that imports client_golang.
package promstats

import (
	"github.com/gdvar/gdvar/enet"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/prometheus/client_golang/prometheus"
)

// Register registers with reg a collector of the stats that stats returns
// at each scrape, one Stats a match (Of, or multiplayer.Matches.Stats).
func Register(reg prometheus.Registerer, stats func() []multiplayer.Stats) error {
	return reg.Register(NewCollector(stats))
}

// Of returns the stats of the given Multiplayers, for Register.
func Of(ms ...*multiplayer.Multiplayer) func() []multiplayer.Stats {
	return func() []multiplayer.Stats {
		out := make([]multiplayer.Stats, len(ms))
		for i, m := range ms {
			out[i] = m.Stats()
		}
		return out
	}
}

// NewCollector returns a collector of the stats that stats returns at
// each scrape.
func NewCollector(stats func() []multiplayer.Stats) prometheus.Collector {
	return collector{stats}
}

type collector struct{ stats func() []multiplayer.Stats }

// The metrics, each labelled by match first.
var (
	peers    = gauge("peers", "Peers connected and admitted.")
	pending  = gauge("pending_peers", "Peers connected, authenticating or being upgraded.")
	draining = gauge("draining", "1 from the moment a drain began (the server takes no new peers), else 0.")
	joins    = counter("joins_total", "Peers admitted.")
	refused  = counter("joins_refused_total", "Connections refused before they became peers, by reason: full, draining, invalid (a handshake not completed, an ENet id taken), auth (left or timed out authenticating).", "reason")
	leaves   = counter("leaves_total", "Peers that left, by reason: left (closed by the peer), timed_out, kicked (Disconnect), closed (Close or a drain), error.", "reason")
	auths    = counter("authentications_total", "Authentications (OnAuth), by outcome: started, completed, failed.", "outcome")
	calls    = counter("calls_total", "Remote calls to each declared method, by outcome: handled, refused_type (arguments that do not fit), refused_authority (the method's mode refused the caller), handler_error.", "node", "method", "outcome")
	unknown  = counter("calls_unknown_total", "Remote calls refused for naming a node or method not declared.")
	received = counter("packets_received_total", "Packets peers sent this side, by kind (call, path, raw, spawn, despawn, sync, system).", "kind")
	sent     = counter("packets_sent_total", "Packets this side sent of its own, by kind.", "kind")
	relayed  = counter("packets_relayed_total", "Copies of peers' packets a server relayed to other peers, by kind.", "kind")
	dropped  = counter("relays_dropped_total", "Relayed packets dropped, the destination's send queue being full.")
	rejected = counter("packets_refused_total", "Packets refused, by reason (malformed, unknown_node, unknown_method, not_allowed, no_peer, arguments, unknown_scene, checksum, queue_full, too_large, enet_compression, enet_too_many_peers).", "reason")
	bytes    = counter("transport_bytes_total", "Bytes on the wire: a WebSocket's message frames, ENet's UDP datagrams.", "transport", "direction")
	frames   = counter("transport_frames_total", "WebSocket messages, or ENet UDP datagrams.", "transport", "direction")
	windows  = counter("gather_windows_total", "Gather windows a server ended (WithGatherWindow).")
	writes   = counter("gather_writes_total", "Peers' queues written at a gather window's end.")
	throttle = counter("enet_throttle_dropped_total", "Unreliable packets ENet's throttle dropped rather than send.")
	rtt      = prometheus.NewDesc("gdvar_multiplayer_enet_rtt_seconds", "Round trips ENet measured, one per acknowledgement.", []string{"match"}, nil)
	suppress = counter("log_lines_suppressed_total", "Log lines not logged, over WithLogger's rate.")
)

func gauge(name, help string, labels ...string) *prometheus.Desc {
	return prometheus.NewDesc("gdvar_multiplayer_"+name, help, append([]string{"match"}, labels...), nil)
}

func counter(name, help string, labels ...string) *prometheus.Desc {
	return gauge(name, help, labels...)
}

var descs = []*prometheus.Desc{peers, pending, draining, joins, refused, leaves, auths, calls, unknown, received, sent,
	relayed, dropped, rejected, bytes, frames, windows, writes, throttle, rtt, suppress}

func (collector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range descs {
		ch <- d
	}
}

func (c collector) Collect(ch chan<- prometheus.Metric) {
	for _, s := range c.stats() {
		collect(ch, &s)
	}
}

// collect sends one match's metrics.
func collect(ch chan<- prometheus.Metric, s *multiplayer.Stats) {
	m := s.Match
	g := func(d *prometheus.Desc, v float64, labels ...string) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.GaugeValue, v, append([]string{m}, labels...)...)
	}
	c := func(d *prometheus.Desc, v uint64, labels ...string) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.CounterValue, float64(v), append([]string{m}, labels...)...)
	}
	g(peers, float64(s.Peers))
	g(pending, float64(s.Pending))
	g(draining, boolValue(s.Draining))
	c(joins, s.Joins)
	r := s.JoinsRefused
	c(refused, r.Full, "full")
	c(refused, r.Draining, "draining")
	c(refused, r.Invalid, "invalid")
	c(refused, r.Auth, "auth")
	c(refused, r.Address, "address")
	c(refused, r.Rate, "rate")
	l := s.Leaves
	c(leaves, l.Left, "left")
	c(leaves, l.TimedOut, "timed_out")
	c(leaves, l.Kicked, "kicked")
	c(leaves, l.Closed, "closed")
	c(leaves, l.Error, "error")
	c(auths, s.Auth.Started, "started")
	c(auths, s.Auth.Completed, "completed")
	c(auths, s.Auth.Failed, "failed")
	for _, k := range s.Calls {
		c(calls, k.Handled, k.Node, k.Method, "handled")
		c(calls, k.RefusedType, k.Node, k.Method, "refused_type")
		c(calls, k.RefusedAuthority, k.Node, k.Method, "refused_authority")
		c(calls, k.HandlerError, k.Node, k.Method, "handler_error")
	}
	c(unknown, s.CallsUnknown)
	for _, p := range []struct {
		d *prometheus.Desc
		n *multiplayer.PacketCounts
	}{{received, &s.Received}, {sent, &s.Sent}, {relayed, &s.Relayed}} {
		c(p.d, p.n.Calls, "call")
		c(p.d, p.n.Paths, "path")
		c(p.d, p.n.Raw, "raw")
		c(p.d, p.n.Spawns, "spawn")
		c(p.d, p.n.Despawns, "despawn")
		c(p.d, p.n.Syncs, "sync")
		c(p.d, p.n.System, "system")
	}
	c(dropped, s.RelaysDropped)
	f := s.Refused
	for _, k := range []struct {
		n    uint64
		name string
	}{{f.Malformed, "malformed"}, {f.UnknownNode, "unknown_node"}, {f.UnknownMethod, "unknown_method"},
		{f.NotAllowed, "not_allowed"}, {f.NoPeer, "no_peer"}, {f.Arguments, "arguments"}, {f.UnknownScene, "unknown_scene"},
		{f.Checksum, "checksum"}, {f.QueueFull, "queue_full"}, {f.TooLarge, "too_large"},
		{f.ENetCompression, "enet_compression"}, {f.ENetTooManyPeers, "enet_too_many_peers"}} {
		c(rejected, k.n, k.name)
	}
	for _, t := range []struct {
		name string
		n    multiplayer.TransportCounts
	}{{"ws", s.WebSocket}, {"enet", s.ENet}} {
		c(bytes, t.n.BytesIn, t.name, "in")
		c(bytes, t.n.BytesOut, t.name, "out")
		c(frames, t.n.FramesIn, t.name, "in")
		c(frames, t.n.FramesOut, t.name, "out")
	}
	c(windows, s.GatherWindows)
	c(writes, s.GatherWrites)
	c(throttle, s.ENetThrottled)
	ch <- rttHistogram(m, &s.ENetRTT)
	c(suppress, s.LogLinesSuppressed)
}

// rttHistogram is ENet's round trips as a Prometheus histogram: its
// buckets are cumulative, in seconds.
func rttHistogram(match string, h *enet.RTTHistogram) prometheus.Metric {
	buckets := make(map[float64]uint64, len(enet.RTTBounds))
	var n uint64
	for i, bound := range enet.RTTBounds {
		n += h.Buckets[i]
		buckets[bound.Seconds()] = n
	}
	return prometheus.MustNewConstHistogram(rtt, h.Count(), h.Sum.Seconds(), buckets, match)
}

func boolValue(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
