package audit

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"path"
	"strings"
	"time"

	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/multiplayer/fromproject"
	"github.com/gdvar/gdvar/project"
)

// Config is an audit of a running server: the project, how to start
// its server, where it listens, and the audit's bounds.
type Config struct {
	Project *project.Project
	// Scene is the main scene the server runs ("" is the project's):
	// the clients declare it, and its nodes are called.
	Scene string
	// Addr is the server's address, host:port (a host alone where the
	// project's create_server tells the port; over WebSocket a ws:// URL
	// too): the only one the audit sends to.
	Addr string
	// Net is how the clients join the server: its transport, the
	// WebSocket subprotocols it requires, its ENet compression ("NONE"
	// for none, said; "" for none, or not told: the clients then try
	// each mode the server may use), the multiplayer root. nil is what
	// the project's scripts say (fromproject.NetOf).
	Net *fromproject.Net
	// Root, if set, is the server's multiplayer root, where a branch of
	// its tree has its own API (SceneTree.set_multiplayer(api,
	// "/root/Main")): it is Net's root, said. Unset, when the calls under
	// Net's root reach none of their nodes, the audit tries the roots the
	// project's scripts give set_multiplayer, then the tree's own.
	Root string
	// Godot and Args start the server under the remote debugger, as gdvar
	// debug does (debugger.Launch adds --remote-debug): the engine's
	// binary, a debug build, or a command that hands its arguments to one.
	Godot string
	Args  []string
	// LaunchOptions are more options for debugger.Launch (WithStdout,
	// WithEnv, …); the audit sets OnError and OnOutput itself.
	LaunchOptions []debugger.Option
	// Duration bounds the audit, the server's start included (default 5
	// minutes, at most a day); what is left when it ends is reported as
	// not checked.
	Duration time.Duration
	// Rate is the most calls sent a second (default 20; 0.01 to 1000).
	Rate float64
	// Wait bounds the wait for one call's outcome (default 10 s; 100 ms
	// to 10 minutes): a call whose fence has not come back by then has
	// no effect seen.
	Wait time.Duration
	// MaxPayload is the size of the huge arguments, within the server's
	// packet limit: 60 KiB over WebSocket (the engine's buffer is 64 KiB),
	// 1 MiB over ENet, unless given (64 bytes to 32 MiB). Its default is
	// the transport's the clients joined with, one found by trying too.
	MaxPayload int
	// Watch are properties that must not change: each is read through the
	// debugger after each call, and a change is a WatchedChanged finding.
	Watch []Watch
	// FreezeAfter is how long the server may take to answer a call
	// (its fence back, the time stopped at the audit's breakpoints not
	// counted) before the call froze it (default 1 s; 100 ms to Wait):
	// longer than a game's players would bear.
	FreezeAfter time.Duration
	// Restarts bounds how often the server is started again after it
	// ended (default 3; -1 none).
	Restarts int
	// Scenario, if set, says how the game's match starts and goes: the
	// lifecycle attack leaves at each of its points too.
	Scenario *Scenario
	// Progress, if set, is given each call's result as it comes.
	Progress func(Result)
}

// Watch is a property of a node that no peer's call should change
// (another player's health): Node is its absolute path, in which
// "{victim}" stands for the victim client's peer id.
type Watch struct {
	Node, Property string
}

// ErrConfig is a Config the audit cannot run.
var ErrConfig = errors.New("audit: invalid config")

// The defaults and bounds of a Config.
const (
	defaultDuration = 5 * time.Minute
	defaultRate     = 20
	defaultWait     = 10 * time.Second
	defaultRestarts = 3
	// defaultFreezeAfter is a freeze's least length: a game's players
	// notice a second without an answer.
	defaultFreezeAfter = time.Second
	wsPayload          = 60 << 10
	enetPayload        = 1 << 20
	maxPayload         = 32 << 20
)

// withDefaults returns c with its zero fields set to their defaults (but
// MaxPayload's, which depends on the transport: see payload), its
// Net a copy (the project's, if nil) and its Addr with a port, or an
// error naming the field that is out of its range.
func (c Config) withDefaults() (Config, error) {
	bad := func(format string, args ...any) (Config, error) {
		return c, fmt.Errorf("%w: %s", ErrConfig, fmt.Sprintf(format, args...))
	}
	switch {
	case c.Project == nil:
		return bad("no Project")
	case c.Addr == "":
		return bad("no Addr: the server's host:port")
	case c.Net != nil && c.Net.Transport != multiplayer.ENet && c.Net.Transport != multiplayer.WebSocket:
		return bad("Net.Transport %d: ENet or WebSocket", c.Net.Transport)
	case c.Godot == "":
		return bad("no Godot: the command that starts the server (Static audits a project alone)")
	case c.Duration < 0 || c.Duration > 24*time.Hour:
		return bad("Duration %s: at most 24h", c.Duration)
	case math.IsNaN(c.Rate) || c.Rate != 0 && (c.Rate < 0.01 || c.Rate > 1000):
		return bad("Rate %g: 0.01 to 1000 calls a second", c.Rate)
	case c.Wait != 0 && (c.Wait < 100*time.Millisecond || c.Wait > 10*time.Minute):
		return bad("Wait %s: 100ms to 10m", c.Wait)
	case c.MaxPayload != 0 && (c.MaxPayload < 64 || c.MaxPayload > maxPayload):
		return bad("MaxPayload %d: 64 bytes to 32 MiB", c.MaxPayload)
	case c.FreezeAfter < 0 || c.FreezeAfter > 0 && (c.FreezeAfter < 100*time.Millisecond || c.FreezeAfter > cmp.Or(c.Wait, defaultWait)):
		return bad("FreezeAfter %s: 100ms to Wait", c.FreezeAfter)
	case c.Root != "" && (c.Root != multiplayer.DefaultRoot && !strings.HasPrefix(c.Root, multiplayer.DefaultRoot+"/") || path.Clean(c.Root) != c.Root):
		return bad("Root %.80q: %s", c.Root, errNoRoot)
	case c.Restarts < -1:
		return bad("Restarts %d: -1 (none) or more", c.Restarts)
	}
	if c.Scenario != nil {
		if err := c.Scenario.Check(); err != nil {
			return c, fmt.Errorf("%w: %w", ErrConfig, err)
		}
	}
	for _, w := range c.Watch {
		if w.Node == "" || w.Property == "" {
			return bad("Watch %q:%q: a node's path and a property", w.Node, w.Property)
		}
	}
	if c.Duration == 0 {
		c.Duration = defaultDuration
	}
	if c.Rate == 0 {
		c.Rate = defaultRate
	}
	if c.Wait == 0 {
		c.Wait = defaultWait
	}
	if c.FreezeAfter == 0 {
		c.FreezeAfter = min(defaultFreezeAfter, c.Wait)
	}
	if c.Restarts == 0 {
		c.Restarts = defaultRestarts
	} else if c.Restarts == -1 {
		c.Restarts = 0
	}
	var err error
	if c.Net, c.Addr, err = netOf(c); err != nil {
		return c, err
	}
	if c.Root != "" {
		c.Net.Root = c.Root
		if c.Root == multiplayer.DefaultRoot {
			c.Net.Root = "" // the tree's own
		}
	}
	return c, nil
}

// payload is the size of the huge arguments over transport t:
// MaxPayload, or t's default. MaxPayload stays 0 until used, so that the
// default follows the transport a join finds.
func (c Config) payload(t multiplayer.Transport) int {
	switch {
	case c.MaxPayload != 0:
		return c.MaxPayload
	case t == multiplayer.ENet:
		return enetPayload
	}
	return wsPayload
}
