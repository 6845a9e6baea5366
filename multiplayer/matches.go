package multiplayer

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"path"
	"slices"
	"strconv"
	"sync"
	"syscall"
	"time"

	"github.com/gdvar/gdvar/enet"
)

// Matches serves many matches from one process, each its own
// Multiplayer with its own name (WithMatch: the match label of its
// metrics and logs). Over WebSocket they share one port: a client joins
// the match its URL's path names last ("ws://host:8910/match/arena-7"),
// through ServeHTTP. Over ENet each match takes a port of a range
// (ListenENet), which a matchmaker hands its players. A match ends when
// its Multiplayer closes: the game's code closes it once a match is
// over, Drain closes every one, and one left with no peer for
// MatchesConfig.EmptyFor is closed. Stats returns every match's, for
// package promstats.
type Matches struct {
	cfg MatchesConfig

	mu       sync.Mutex
	byName   map[string]*Multiplayer
	ports    map[int]*Multiplayer // the ENet ports taken, by their match
	draining bool
	closed   bool
	closing  chan struct{}  // closed by Close
	ended    Stats          // the counts of the matches that ended (Stats)
	wg       sync.WaitGroup // each match's watch, and ENet server (ListenENet)
}

// MatchesConfig configures Matches.
type MatchesConfig struct {
	// New makes a match's Multiplayer, declared and configured, not
	// serving yet: its options are given WithMatch(name) after New's own.
	// Required.
	New func(name string, opts ...Option) (*Multiplayer, error)
	// MaxMatches bounds the matches at once (DefaultMaxMatches if 0).
	MaxMatches int
	// CreateOnJoin makes a WebSocket client that names a match not made
	// yet make it (up to MaxMatches); else it is refused with 404, and
	// matches are made by Create or ListenENet (a matchmaker's).
	CreateOnJoin bool
	// EmptyFor closes a match that has had no peer for this long, since
	// its last peer left or, if none joined, since it was made
	// (DefaultEmptyFor if 0; never if negative): a matchmaker that makes
	// matches ahead of their players sets it longer than they take.
	EmptyFor time.Duration
	// MaxPendingUpgrades bounds the connections Serve holds before their
	// WebSocket upgrade, as WithMaxPendingUpgrades a Multiplayer's
	// (DefaultMaxPendingUpgrades if 0).
	MaxPendingUpgrades int
	// ENetHost is the address ENet matches listen on ("127.0.0.1", or ""
	// for every address), and ENetPorts the range of UDP ports they take,
	// first and last; a port another program holds is passed over.
	ENetHost  string
	ENetPorts [2]int
	// ENet configures each ENet match's host beyond what its
	// Multiplayer's options set, as ListenAndServeENet's opts do (its
	// socket's buffers, its compression, which must be the clients'); the
	// enet options of a setting a Multiplayer's option makes are refused.
	ENet []enet.Option
}

// EndedMatches names, in Matches.Stats, the counts of the matches that
// ended.
const EndedMatches = "(ended)"

// The defaults of MatchesConfig.
const (
	DefaultMaxMatches = 256
	DefaultEmptyFor   = time.Minute
)

// ErrNoMatch: no such match, or no room for a new one (MaxMatches, the
// ENet ports all taken, a drain begun).
var ErrNoMatch = errors.New("multiplayer: no such match, or no room for one")

// NewMatches returns the matches of cfg, none made yet.
func NewMatches(cfg MatchesConfig) (*Matches, error) {
	if cfg.New == nil {
		return nil, errors.New("multiplayer: MatchesConfig.New is required")
	}
	if cfg.MaxMatches == 0 {
		cfg.MaxMatches = DefaultMaxMatches
	}
	if cfg.EmptyFor == 0 {
		cfg.EmptyFor = DefaultEmptyFor
	}
	if cfg.MaxPendingUpgrades == 0 {
		cfg.MaxPendingUpgrades = DefaultMaxPendingUpgrades
	}
	if p := cfg.ENetPorts; p != [2]int{} && (p[0] < 1 || p[1] < p[0] || p[1] > 65535) {
		return nil, fmt.Errorf("multiplayer: MatchesConfig.ENetPorts %d–%d is not a range of ports", p[0], p[1])
	}
	if err := refuseRestated(cfg.ENet); err != nil {
		return nil, err
	}
	return &Matches{cfg: cfg, byName: map[string]*Multiplayer{}, ports: map[int]*Multiplayer{},
		closing: make(chan struct{}), ended: Stats{Match: EndedMatches}}, nil
}

// Create makes the match name, to be served over WebSocket (ServeHTTP),
// or returns ErrNoMatch if it cannot: a name taken or not one a path
// can carry, MaxMatches reached, a drain begun.
func (ms *Matches) Create(name string) (*Multiplayer, error) {
	if !validMatchName(name) {
		return nil, fmt.Errorf("%w: %q is not a match name (1 to %d letters, digits, '-', '_', '.')", ErrNoMatch, name, maxMatchName)
	}
	ms.mu.Lock()
	defer ms.mu.Unlock()
	return ms.create(name)
}

// create makes the match name (ms.mu held).
func (ms *Matches) create(name string) (*Multiplayer, error) {
	switch {
	case ms.draining || ms.closed:
		return nil, fmt.Errorf("%w: draining", ErrNoMatch)
	case ms.byName[name] != nil:
		return nil, fmt.Errorf("%w: %q is taken", ErrNoMatch, name)
	case len(ms.byName) >= ms.cfg.MaxMatches:
		return nil, fmt.Errorf("%w: %d matches, MatchesConfig.MaxMatches", ErrNoMatch, len(ms.byName))
	}
	m, err := ms.cfg.New(name, WithMatch(name))
	if err != nil {
		return nil, err
	}
	ms.byName[name] = m
	ms.wg.Add(1)
	go ms.watch(name, m)
	return m, nil
}

// validMatchName reports whether name can name a match in a URL's path
// and a label.
func validMatchName(name string) bool {
	if name == "" || len(name) > maxMatchName || name == "." || name == ".." {
		return false
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.') {
			return false
		}
	}
	return true
}

// watch forgets a match once it has closed, and closes it once it has
// had no peer for EmptyFor.
func (ms *Matches) watch(name string, m *Multiplayer) {
	defer ms.wg.Done()
	var empty <-chan time.Time
	var timer *time.Timer
	if ms.cfg.EmptyFor > 0 {
		timer = time.NewTimer(ms.cfg.EmptyFor)
		defer timer.Stop()
		empty = timer.C
	}
	for ended := false; !ended; {
		_, left := m.connections()
		select {
		case <-m.Done():
			ended = true
		case <-left:
			if n, _ := m.connections(); timer != nil && n == 0 {
				timer.Reset(ms.cfg.EmptyFor)
			}
		case <-empty:
			if n, _ := m.connections(); n == 0 {
				m.Close()
			} else {
				timer.Reset(ms.cfg.EmptyFor)
			}
		}
	}
	ms.forget(name, m)
}

// forget forgets a match that ended: its name, if a new match has not
// taken it meanwhile, and its port.
func (ms *Matches) forget(name string, m *Multiplayer) {
	s := m.Stats()
	ms.mu.Lock()
	defer ms.mu.Unlock()
	ms.ended.addCounts(&s)
	if ms.byName[name] == m {
		delete(ms.byName, name)
	}
	for port, owner := range ms.ports {
		if owner == m {
			delete(ms.ports, port)
		}
	}
}

// Match returns the match name, or nil.
func (ms *Matches) Match(name string) *Multiplayer {
	ms.mu.Lock()
	defer ms.mu.Unlock()
	return ms.byName[name]
}

// Names returns the names of the matches, sorted.
func (ms *Matches) Names() []string {
	ms.mu.Lock()
	defer ms.mu.Unlock()
	names := make([]string, 0, len(ms.byName))
	for name := range ms.byName {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// Stats returns the stats of every match, by name (promstats.Register
// takes it), then the counts of those that ended added up, as a match
// named EndedMatches: summed over every match, the process's counters
// only grow.
func (ms *Matches) Stats() []Stats {
	ms.mu.Lock()
	all := make([]*Multiplayer, 0, len(ms.byName))
	for _, m := range ms.byName {
		all = append(all, m)
	}
	ms.mu.Unlock()
	out := make([]Stats, len(all))
	for i, m := range all {
		out[i] = m.Stats()
	}
	slices.SortFunc(out, func(a, b Stats) int { return cmp.Compare(a.Match, b.Match) })
	ms.mu.Lock()
	ended := ms.ended
	ended.Calls = slices.Clone(ms.ended.Calls)
	ms.mu.Unlock()
	return append(out, ended)
}

// ServeHTTP takes a Godot client's WebSocket upgrade to the match its
// URL's path names last (".../arena-7"), as Multiplayer.ServeHTTP does; a
// match that is not there is refused with 404 (or made, with
// CreateOnJoin), and any join during a drain with 503. Put it behind an
// http.Server of your own, with its timeouts (ReadHeaderTimeout).
func (ms *Matches) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	name := path.Base(r.URL.Path)
	ms.mu.Lock()
	m, draining := ms.byName[name], ms.draining
	var err error
	if m == nil && ms.cfg.CreateOnJoin && !draining && validMatchName(name) {
		m, err = ms.create(name)
	}
	ms.mu.Unlock()
	switch {
	case draining:
		http.Error(w, refusedText(http.StatusServiceUnavailable, "draining"), http.StatusServiceUnavailable)
	case m == nil && err != nil:
		http.Error(w, err.Error(), http.StatusServiceUnavailable)
	case m == nil:
		http.Error(w, fmt.Sprintf("no match %q here", name), http.StatusNotFound)
	default:
		m.ServeHTTP(w, r)
	}
}

// ListenENet makes the match name and serves it over ENet on the first
// free port of MatchesConfig.ENetPorts, until it ends, and returns the
// address it listens on: with ENetHost "", a wildcard ("[::]:20001"), whose
// port the matchmaker hands the players with the machine's public host.
// A port another program holds is passed over; another failure to listen
// is returned (an option of MatchesConfig.ENet out of range, matching
// enet.ErrInvalidOption; an ENetHost not of this machine).
func (ms *Matches) ListenENet(name string) (string, error) {
	if !validMatchName(name) {
		return "", fmt.Errorf("%w: %q is not a match name", ErrNoMatch, name)
	}
	if ms.cfg.ENetPorts == [2]int{} {
		return "", fmt.Errorf("%w: MatchesConfig.ENetPorts gives no ports", ErrNoMatch)
	}
	ms.mu.Lock()
	defer ms.mu.Unlock()
	m, err := ms.create(name)
	if err != nil {
		return "", err
	}
	for port := ms.cfg.ENetPorts[0]; port <= ms.cfg.ENetPorts[1]; port++ {
		if ms.ports[port] != nil {
			continue
		}
		var h *enet.Host
		h, err = enet.Listen("udp", net.JoinHostPort(ms.cfg.ENetHost, strconv.Itoa(port)), m.enetOptions(ms.cfg.ENet)...)
		if errors.Is(err, syscall.EADDRINUSE) {
			continue // taken by another process
		}
		if err != nil {
			break // no port would take it
		}
		ms.ports[port] = m
		ms.wg.Go(func() { m.ServeENet(context.Background(), h) })
		return h.Addr().String(), nil
	}
	m.Close()
	delete(ms.byName, name) // its watch finds it gone
	if err == nil || errors.Is(err, syscall.EADDRINUSE) {
		err = fmt.Errorf("%w: every port of %d–%d is taken", ErrNoMatch, ms.cfg.ENetPorts[0], ms.cfg.ENetPorts[1])
	}
	return "", err
}

// Serve serves the matches' Godot clients on ln, as Multiplayer.Serve
// serves one match's (ServeHTTP routes each to its match; a connection
// that sends no request within 3 s is closed, and those held before
// their upgrade bounded by MatchesConfig.MaxPendingUpgrades), until ctx
// is done or Close is called; it then closes every match and returns
// once their connections have ended. It closes ln when it returns.
func (ms *Matches) Serve(ctx context.Context, ln net.Listener) error {
	limits := requestLimits{max: ms.cfg.MaxPendingUpgrades, refused: func(net.Conn) {}, silent: func(net.Conn) {}}
	return serveUpgrades(ctx, ln, ms, limits, ms.closing, ms.Close)
}

// Drain drains every match at once (Multiplayer.Drain): no match is made
// and no client joins from the moment it is called; it returns once
// every match has ended, nil, or ctx's error if some were closed.
func (ms *Matches) Drain(ctx context.Context) error {
	ms.mu.Lock()
	ms.draining = true
	all := make([]*Multiplayer, 0, len(ms.byName))
	for _, m := range ms.byName {
		all = append(all, m)
	}
	ms.mu.Unlock()
	errs := make([]error, len(all))
	var wg sync.WaitGroup
	for i, m := range all {
		wg.Go(func() { errs[i] = m.Drain(ctx) })
	}
	wg.Wait()
	ms.wg.Wait()
	return errors.Join(errs...)
}

// Close closes every match, and makes no more.
func (ms *Matches) Close() {
	ms.mu.Lock()
	if !ms.closed {
		close(ms.closing)
	}
	ms.closed = true
	all := make([]*Multiplayer, 0, len(ms.byName))
	for _, m := range ms.byName {
		all = append(all, m)
	}
	ms.mu.Unlock()
	for _, m := range all {
		m.Close()
	}
	ms.wg.Wait()
}

// HealthHandler returns the handler of a liveness probe: 200 "ok" until
// Close, then 503 "closed".
func (ms *Matches) HealthHandler() http.Handler {
	return probeHandler("ok", func() string {
		ms.mu.Lock()
		defer ms.mu.Unlock()
		if ms.closed {
			return "closed"
		}
		return ""
	})
}

// ReadyHandler returns the handler of a readiness probe: 200 "ready"
// while a match can be made (fewer than MaxMatches), else 503 "full";
// 503 "draining" from the moment Drain is called, "closed" after Close.
func (ms *Matches) ReadyHandler() http.Handler {
	return probeHandler("ready", func() string {
		ms.mu.Lock()
		defer ms.mu.Unlock()
		switch {
		case ms.closed:
			return "closed"
		case ms.draining:
			return "draining"
		case len(ms.byName) >= ms.cfg.MaxMatches:
			return "full"
		}
		return ""
	})
}
