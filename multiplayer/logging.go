package multiplayer

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"
)

// WithLogger's bound: lines a second on average, and at once.
const (
	DefaultLogRate  = 20
	DefaultLogBurst = 100
)

// logLimiter is a Multiplayer's logger (WithLogger) and its rate: a token
// bucket, as a peer's packets have, shared by every line.
type logLimiter struct {
	l *slog.Logger

	mu      sync.Mutex
	tokens  float64
	last    time.Time
	dropped uint64 // not logged since the last line that was

	suppressed atomic.Uint64 // not logged, in all (Stats)
}

// newLogLimiter returns the limiter of l, whose lines name the match if
// it has a name.
func newLogLimiter(l *slog.Logger, match string) *logLimiter {
	if match != "" {
		l = l.With(slog.String("match", match))
	}
	return &logLimiter{l: l, tokens: DefaultLogBurst, last: time.Now()}
}

// log logs a line, unless it is over the rate: then it is counted.
func (g *logLimiter) log(level slog.Level, msg string, attrs ...slog.Attr) {
	if g == nil || !g.l.Enabled(context.Background(), level) {
		return
	}
	g.mu.Lock()
	now := time.Now()
	g.tokens = min(DefaultLogBurst, g.tokens+now.Sub(g.last).Seconds()*DefaultLogRate)
	g.last = now
	need := 1.0
	if g.dropped > 0 {
		need = 2 // the line saying how many were not logged, first
	}
	if g.tokens < need {
		g.dropped++
		g.mu.Unlock()
		g.suppressed.Add(1)
		return
	}
	g.tokens -= need
	dropped := g.dropped
	g.dropped = 0
	g.mu.Unlock()
	if dropped > 0 {
		g.l.LogAttrs(context.Background(), slog.LevelWarn, "multiplayer: log lines suppressed over the rate",
			slog.Uint64("suppressed", dropped), slog.Int("per_second", DefaultLogRate))
	}
	g.l.LogAttrs(context.Background(), level, msg, attrs...)
}

// joined logs a peer that joined.
func (g *logLimiter) joined(c *conn) {
	if g != nil {
		g.log(slog.LevelInfo, "multiplayer: peer joined", slog.Int("peer", int(c.id)), slog.String("transport", c.transportName()))
	}
}

// left logs a peer that left, why, and the error that ended it if any.
func (g *logLimiter) left(c *conn, reason string, cause error) {
	if g == nil {
		return
	}
	attrs := []slog.Attr{slog.Int("peer", int(c.id)), slog.String("transport", c.transportName()), slog.String("reason", reason)}
	if cause != nil && !normalEnd(cause) {
		attrs = append(attrs, slog.String("error", cause.Error()))
	}
	g.log(slog.LevelInfo, "multiplayer: peer left", attrs...)
}

// drain logs a drain's start or end, with the peers connected.
func (g *logLimiter) drain(msg string, peers int) {
	if g != nil {
		g.log(slog.LevelInfo, msg, slog.Int("peers", peers))
	}
}

// refusedJoin logs a connection refused before it joined.
// remote is the connection's address (a string, or a net.Addr, which is
// made a string only if the line is logged), or nil.
func (g *logLimiter) refusedJoin(transport string, remote any, reason string) {
	if g == nil {
		return
	}
	attrs := []slog.Attr{slog.String("transport", transport), slog.String("reason", reason)}
	if remote != nil {
		attrs = append(attrs, slog.Any("remote", remote))
	}
	g.log(slog.LevelWarn, "multiplayer: join refused", attrs...)
}

// peerError logs an error OnError gets, but a connection's end, which
// left logs: a packet refused, with its kind, or a handler's error.
func (g *logLimiter) peerError(peer PeerID, err error) {
	if g == nil || errors.Is(err, ErrDisconnected) {
		return
	}
	attrs := []slog.Attr{slog.Int("peer", int(peer))}
	level, kind := slog.LevelWarn, "handler"
	if k := kindOf(err); k >= 0 {
		kind = refusedNames[k]
	}
	if ce, ok := errors.AsType[*CallError](err); ok {
		attrs = append(attrs, slog.String("node", ce.Node), slog.String("method", ce.Method))
	} else if ae, ok := errors.AsType[*ArgError](err); ok {
		attrs = append(attrs, slog.String("node", ae.Node), slog.String("method", ae.Method))
	}
	if kind == "handler" {
		level = slog.LevelError
	}
	attrs = append(attrs, slog.String("kind", kind))
	if re, ok := errors.AsType[*RepeatedError](err); ok {
		attrs = append(attrs, slog.Int("repeated", re.Count))
	}
	attrs = append(attrs, slog.String("error", err.Error()))
	g.log(level, "multiplayer: peer error", attrs...)
}

// refusedNames name limitedKinds, as logs and metrics label them.
var refusedNames = [len(limitedKinds)]string{"malformed", "unknown_node", "unknown_method", "not_allowed", "no_peer",
	"arguments", "unknown_scene", "checksum", "queue_full", "too_large", "enet_compression", "enet_too_many_peers"}

// transportName names the connection's transport, as logs and metrics do.
func (c *conn) transportName() string {
	if _, ok := c.link.(*enetLink); ok {
		return "enet"
	}
	return "ws"
}
