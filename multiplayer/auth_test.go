package multiplayer

import (
	"context"
	"fmt"
	"github.com/gdvar/gdvar/multiplayer/mode"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/internal/testrig/godot"
)

// silentTimeout is the authentication timeout of a side whose test has
// its peer stay silent: long enough for the challenge it sends first to
// be written on a loaded machine. A side whose peer answers waits
// liveWait, so that a slow peer is never taken for a silent one.
const silentTimeout = 2 * time.Second

// authPair is a server and a client that authenticate as the live test's
// scripts do: the server sends "challenge" to each peer it holds; the
// client answers "secret" (or answer) and completes; the server completes
// for "secret" and disconnects anything else. Both sides time out after
// timeout.
type authPair struct {
	server, client                 *Multiplayer
	serverEvents, clientEvents     chan string
	serverAdmitted, clientAdmitted chan PeerID
}

func newAuthPair(t *testing.T, answer string, timeout time.Duration) *authPair {
	p := &authPair{serverEvents: make(chan string, 16), clientEvents: make(chan string, 16),
		serverAdmitted: make(chan PeerID, 4), clientAdmitted: make(chan PeerID, 4)}
	p.server = MustNew(WithAuthTimeout(timeout))
	p.server.Node("Main", echoMethods...)
	p.server.OnPeerAuthenticating(func(id PeerID) {
		p.serverEvents <- "authenticating"
		assert.NoError(t, p.server.SendAuth(id, []byte("challenge")))
	})
	p.server.OnAuth(func(id PeerID, data []byte) {
		p.serverEvents <- "auth " + string(data)
		if string(data) == "secret" {
			assert.NoError(t, p.server.CompleteAuth(id))
		} else {
			assert.NoError(t, p.server.Disconnect(id))
		}
	})
	p.server.OnPeerConnected(func(id PeerID) { p.serverAdmitted <- id })
	p.server.OnPeerAuthenticationFailed(func(PeerID) { p.serverEvents <- "failed" })
	p.client = MustNew(WithAuthTimeout(timeout))
	p.client.Node("Main", echoMethods...)
	p.client.OnAuth(func(id PeerID, data []byte) {
		p.clientEvents <- "auth " + string(data)
		if answer != "" {
			assert.NoError(t, p.client.SendAuth(id, []byte(answer)))
			assert.NoError(t, p.client.CompleteAuth(id))
		}
	})
	p.client.OnPeerConnected(func(id PeerID) { p.clientAdmitted <- id })
	p.client.OnPeerAuthenticationFailed(func(PeerID) { p.clientEvents <- "failed" })
	return p
}

// next returns the next event of ch, failing after liveWait: the first
// comes once an engine has started, which takes seconds on a loaded
// machine.
func next[T any](t *testing.T, ch chan T) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(liveWait):
		t.Fatal("no event")
		panic("unreachable")
	}
}

// Two Go sides authenticate each other over each transport: a peer is
// admitted (announced, OnPeerConnected, in Peers) only once both complete;
// a wrong answer, and no answer within the timeout, end it as a failed
// authentication on both sides, never as a connection.
func TestAuth(t *testing.T) {
	tests := []struct {
		name, answer string
		events       []string // the server's
	}{
		{"success", "secret", []string{"authenticating", "auth secret"}},
		{"failure", "wrong", []string{"authenticating", "auth wrong", "failed"}},
		{"timeout", "", []string{"authenticating", "failed"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			overTransports(t, func(t *testing.T, transport string) {
				timeout := liveWait
				if tt.answer == "" {
					timeout = silentTimeout
				}
				p := newAuthPair(t, tt.answer, timeout)
				port := serveOver(t, p.server, transport)
				ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
				defer cancel()
				if transport == "enet" {
					require.NoError(t, p.client.ConnectENet(ctx, "127.0.0.1:"+port))
				} else {
					require.NoError(t, p.client.Connect(ctx, "ws://127.0.0.1:"+port))
				}
				defer p.client.Close()
				for _, want := range tt.events {
					assert.Equal(t, want, next(t, p.serverEvents))
				}
				assert.Equal(t, "auth challenge", next(t, p.clientEvents))
				if tt.name != "success" {
					assert.Equal(t, "failed", next(t, p.clientEvents), "the client's side")
					assert.Empty(t, p.serverAdmitted)
					assert.Empty(t, p.clientAdmitted)
					assert.Empty(t, p.server.Peers())
					return
				}
				id := next(t, p.serverAdmitted)
				assert.Equal(t, p.client.ID(), id)
				assert.Equal(t, ServerID, next(t, p.clientAdmitted))
				assert.Equal(t, []PeerID{id}, p.server.Peers())
				assert.Equal(t, []PeerID{ServerID}, p.client.Peers())
			})
		})
	}
}

// While a peer is pending, only authentication goes either way: calls
// and raw packets to it fail, its packets other than authentication are
// refused, it is not among the peers, and no other peer is told of it.
func TestAuthPending(t *testing.T) {
	p := newAuthPair(t, "", liveWait) // the client never answers, nor times out here
	main := p.server.Node("Other", Method{Name: "f", Mode: mode.AnyPeer})
	errs := make(chan error, 4)
	p.server.OnError(func(err error) { errs <- err })
	port := serveOver(t, p.server, "websocket")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	require.NoError(t, p.client.Connect(ctx, "ws://127.0.0.1:"+port))
	defer p.client.Close()
	assert.Equal(t, "auth challenge", next(t, p.clientEvents))
	id := p.client.ID()
	assert.Empty(t, p.server.Peers())
	assert.Empty(t, p.client.Peers())
	assert.ErrorIs(t, main.Call(id, "f"), ErrNoPeer)
	assert.ErrorIs(t, p.server.SendBytes(id, []byte{1}), ErrNoPeer)
	assert.ErrorIs(t, p.client.SendBytes(ServerID, []byte{1}), ErrNoPeer, "the client holds the server pending too")
	assert.NoError(t, main.Call(AllPeers, "f"), "every peer: none yet")

	raw := rawConn(t, port) // a second client, which skips authentication
	require.NoError(t, raw.Write(ctx, websocket.MessageBinary, appendCall(nil, 0, "Other", 0, true, 0, nil)))
	err := next(t, errs)
	assert.ErrorIs(t, err, ErrNotAllowed, "a call before authentication")
	assert.Empty(t, p.clientEvents, "no announcement of the second client, no event")
}

// A peer admitted by CompleteAuth from another goroutine is greeted
// (OnPeerConnected) before any of its calls is handled, even when its
// call arrives while the greeting still runs.
func TestAuthGreetsFirst(t *testing.T) {
	overTransports(t, func(t *testing.T, transport string) {
		server := MustNew(WithAuthTimeout(5 * time.Second))
		smain := server.Node("Main", echoMethods...)
		var mu sync.Mutex
		var order []string
		note := func(s string) { mu.Lock(); order = append(order, s); mu.Unlock() }
		ready, entered, calls := make(chan PeerID, 1), make(chan struct{}), make(chan struct{}, 1)
		release := make(chan struct{})
		server.OnPeerAuthenticating(func(id PeerID) { assert.NoError(t, server.SendAuth(id, []byte("challenge"))) })
		server.OnAuth(func(id PeerID, data []byte) { ready <- id })
		server.OnPeerConnected(func(PeerID) {
			close(entered)
			select {
			case <-release:
			case <-time.After(5 * time.Second):
			}
			note("connected")
		})
		smain.Handle("echo", func(*Call, ...any) { note("call"); calls <- struct{}{} })
		port := serveOver(t, server, transport)

		client := MustNew()
		cmain := client.Node("Main", echoMethods...)
		client.OnAuth(func(id PeerID, data []byte) {
			assert.NoError(t, client.SendAuth(id, []byte("secret")))
			assert.NoError(t, client.CompleteAuth(id))
		})
		client.OnPeerConnected(func(id PeerID) { assert.NoError(t, cmain.Call(id, "echo")) })
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if transport == "enet" {
			require.NoError(t, client.ConnectENet(ctx, "127.0.0.1:"+port))
		} else {
			require.NoError(t, client.Connect(ctx, "ws://127.0.0.1:"+port))
		}
		defer client.Close()
		id := next(t, ready)
		go func() { assert.NoError(t, server.CompleteAuth(id)) }()
		within(t, "OnPeerConnected", entered)
		time.Sleep(300 * time.Millisecond) // time for the call to arrive: it must wait
		close(release)
		next(t, calls)
		mu.Lock()
		assert.Equal(t, []string{"connected", "call"}, order)
		mu.Unlock()
	})
}

// Against Godot 4.6's SceneMultiplayer authentication, as server and as
// client, over each transport: success admits the peer on both sides,
// a wrong answer and silence past the timeout fail it on both sides.
func TestLiveAuth(t *testing.T) {
	tests := []struct{ name, answer string }{{"success", "secret"}, {"failure", "wrong"}, {"timeout", "-"}}
	for _, tt := range tests {
		for _, goRole := range []string{"server", "client"} {
			t.Run(tt.name+"/go "+goRole, func(t *testing.T) {
				overTransports(t, func(t *testing.T, transport string) { liveAuth(t, transport, goRole, tt.answer) })
			})
		}
	}
}

func liveAuth(t *testing.T, transport, goRole, answer string) {
	engine := godot.Require(t, godot.Godot4)
	// Only the side whose peer stays silent times out soon: the Go server
	// here, or the engine's.
	goTimeout, engineTimeout := liveWait, liveWait
	if answer == "-" && goRole == "server" {
		goTimeout = silentTimeout
	} else if answer == "-" {
		engineTimeout = silentTimeout
	}
	p := newAuthPair(t, strings.TrimPrefix(answer, "-"), goTimeout)
	timeout := strconv.FormatFloat(engineTimeout.Seconds(), 'f', -1, 64)
	var proc *godot.Process
	var events chan string
	var admitted chan PeerID
	var engineSees PeerID // the Go side's id, as the engine names it
	if goRole == "server" {
		events, admitted = p.serverEvents, p.serverAdmitted
		proc = godot.Start(t, engine, "scripts/multiplayer/auth.gd", "client", serveOver(t, p.server, transport), timeout, answer)
		engineSees = ServerID
		assert.Equal(t, "authenticating", next(t, events))
	} else {
		events, admitted = p.clientEvents, p.clientAdmitted
		network := map[string]string{"websocket": "tcp", "enet": "udp"}[transport]
		port := godot.FreePort(t, network)
		proc = godot.Start(t, engine, "scripts/multiplayer/auth.gd", "server", strconv.Itoa(port), timeout)
		connectOver(t, p.client, transport, port)
		defer p.client.Close()
		engineSees = p.client.ID()
		assert.Equal(t, "auth challenge", next(t, events))
	}
	out := proc.Wait(t)
	switch answer {
	case "secret":
		if goRole == "server" {
			assert.Equal(t, "auth secret", next(t, events))
		}
		assert.NotZero(t, next(t, admitted), "admitted on the Go side")
		assert.Contains(t, out, fmt.Sprintf("ADMITTED %d", engineSees))
	default:
		if goRole == "server" && answer == "wrong" {
			assert.Equal(t, "auth wrong", next(t, events))
		}
		assert.Equal(t, "failed", next(t, events), "failed on the Go side")
		assert.Empty(t, admitted)
		assert.Contains(t, out, fmt.Sprintf("FAILED %d", engineSees))
		assert.NotContains(t, out, "ADMITTED")
	}
	if goRole == "server" {
		assert.Contains(t, out, "AUTH 1 challenge")
	} else if answer != "-" {
		assert.Contains(t, out, fmt.Sprintf("AUTH %d %s", engineSees, answer))
	}
	errs := godotErrors(out)
	if goRole == "client" && answer == "wrong" {
		// The engine's server drops the peer as it rejects it; the
		// completion the client sent with its answer then comes from no
		// peer, as a Godot client's would.
		assert.Equal(t, []string{`ERROR: Condition "!connected_peers.has(sender)" is true. Continuing.`}, errs)
		return
	}
	assert.Empty(t, errs, "the engine's errors")
}

// godotErrors returns the lines of an engine's output that report errors.
func godotErrors(out string) []string {
	var errs []string
	for line := range strings.Lines(out) {
		if strings.HasPrefix(line, "ERROR") {
			errs = append(errs, strings.TrimSpace(line))
		}
	}
	return errs
}

// A pending peer flooding the server with authentication messages is
// paced by the rate limit and disconnected at the timeout, while another
// peer authenticates and is admitted meanwhile. (Its end is reported once
// the closing handshake gives up on it, 5 s later, as for any peer that
// does not read.)
func TestAuthFlood(t *testing.T) {
	const rate, flood = 1000, 5000
	server := MustNew(WithAuthTimeout(time.Second), WithRateLimit(rate, rate))
	server.Node("Main", echoMethods...)
	var messages atomic.Int64
	server.OnPeerAuthenticating(func(id PeerID) { server.SendAuth(id, []byte("challenge")) })
	server.OnAuth(func(id PeerID, data []byte) {
		messages.Add(1)
		if string(data) == "secret" {
			server.CompleteAuth(id)
		}
	})
	failed := make(chan PeerID, 1)
	server.OnPeerAuthenticationFailed(func(id PeerID) { failed <- id })
	admitted := make(chan PeerID, 1)
	server.OnPeerConnected(func(id PeerID) { admitted <- id })
	port := serveOver(t, server, "websocket")
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()

	raw := rawConn(t, port)
	go func() {
		for range flood {
			if raw.Write(ctx, websocket.MessageBinary, []byte{cmdSys, sysAuth, 'x'}) != nil {
				return
			}
		}
	}()
	p := newAuthPair(t, "secret", liveWait) // its client only
	require.NoError(t, p.client.Connect(ctx, "ws://127.0.0.1:"+port))
	defer p.client.Close()
	assert.Equal(t, p.client.ID(), next(t, admitted), "the other client, during the flood")
	select {
	case <-failed:
	case <-ctx.Done():
		t.Fatal("the flooding peer was not dropped")
	}
	// Paced: a burst, then the rate, for the second it was pending; none
	// is read once it is closing.
	assert.Less(t, messages.Load(), int64(flood), "every message was taken")
	assert.LessOrEqual(t, messages.Load(), int64(3*rate), "messages taken in about a second")
	raw.CloseNow()
}

// The packets authentication refuses whole, and empty ones, the smallest
// a peer sends (6 bytes received with a WebSocket frame's header and
// mask, 6 or more with an ENet command), cost no allocation: each made an
// error, 136 bytes with its report, up to 23 bytes a byte received.
func TestRefusedSmallPackets(t *testing.T) {
	for _, tc := range []struct {
		name    string
		pending bool
		packet  []byte
		err     error
	}{
		{"a packet before authentication", true, []byte{cmdRaw}, ErrNotAllowed},
		{"authentication data from an admitted peer", false, []byte{cmdSys, sysAuth, 1}, ErrNotAllowed},
		{"an empty packet", false, nil, ErrMalformed},
		{"an empty packet before authentication", true, nil, ErrMalformed},
	} {
		m := MustNew(WithAuthTimeout(time.Hour))
		m.OnAuth(func(PeerID, []byte) {})
		c := fakeConn(m)
		if tc.pending {
			holdFake(m, c)
		}
		var err error
		allocs := testing.AllocsPerRun(100, func() { err = m.route(c, tc.packet, reliably) })
		assert.ErrorIs(t, err, tc.err, tc.name)
		assert.Zero(t, allocs, tc.name)
	}
}

// BenchmarkHostileAuth hands a server 1 MiB and 8 MiB of the smallest
// packets authentication takes or refuses, next to a client's ordinary
// syncs of its node (see benchmarkFloods): a pending peer's packets
// before authentication, its authentication messages (to an OnAuth that
// does nothing), and an admitted peer's authentication data.
func BenchmarkHostileAuth(b *testing.B) {
	side := func(pending bool) func() (*Multiplayer, *conn) {
		return func() (*Multiplayer, *conn) {
			m := MustNew(WithAuthTimeout(time.Hour))
			m.OnAuth(func(PeerID, []byte) {})
			c := fakeConn(m)
			if pending {
				holdFake(m, c)
			}
			return m, c
		}
	}
	benchmarkFloods(b, []benchFlood{
		ordinarySyncs(b),
		{"packets of 1 byte before authentication", side(true), func(uint32) []byte { return []byte{cmdRaw} }},
		{"authentication messages of 1 byte", side(true), func(uint32) []byte { return []byte{cmdSys, sysAuth, 1} }},
		{"authentication data from an admitted peer", side(false), func(uint32) []byte { return []byte{cmdSys, sysAuth, 1} }},
	})
}
