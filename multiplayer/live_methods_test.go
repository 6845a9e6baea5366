package multiplayer

import (
	"context"
	"fmt"
	"github.com/gdvar/gdvar/multiplayer/mode"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/internal/testrig/godot"
)

// modesMethods are the methods of scripts/multiplayer/modes.gd.
var modesMethods = []Method{
	{Name: "cfg_ping", Mode: mode.AnyPeer, Transfer: mode.Reliable, Channel: 2, Config: true},
	{Name: "cfg_pong", Mode: mode.AnyPeer, Transfer: mode.Reliable, Config: true},
	{Name: "local_note", Mode: mode.AnyPeer, CallLocal: true, Transfer: mode.Reliable},
	{Name: "ordered", Mode: mode.AnyPeer, Transfer: mode.UnreliableOrdered, Channel: 3},
	{Name: "ch5", Mode: mode.AnyPeer, Transfer: mode.Reliable, Channel: 5},
}

// Against Godot 4.6, as server and as client, over each transport: calls
// of rpc_config methods (ids 0x8000 | place) reach the right method both
// ways, a call_local call runs on its caller and reaches the other side,
// and calls on channels 3 and 5, unreliable-ordered and reliable, arrive
// both ways; the engine reports no error.
func TestLiveMethodModes(t *testing.T) {
	for _, goRole := range []string{"server", "client"} {
		t.Run("go "+goRole, func(t *testing.T) {
			overTransports(t, func(t *testing.T, transport string) { liveMethodModes(t, transport, goRole) })
		})
	}
}

func liveMethodModes(t *testing.T, transport, goRole string) {
	engine := godot.Require(t, godot.Godot4)
	godotRole := map[string]string{"server": "client", "client": "server"}[goRole]
	m := MustNew()
	main := m.Node("/root/Main", modesMethods...)
	got := make(chan string, 16)
	note := func(name string) func(*Call, string) {
		return func(c *Call, arg string) { got <- fmt.Sprintf("%s %s %d", name, arg, c.From) }
	}
	main.Handle("cfg_pong", note("cfg_pong"))
	main.Handle("local_note", note("local_note"))
	main.Handle("ch5", note("ch5"))
	main.Handle("cfg_ping", func(c *Call, arg string) error {
		note("cfg_ping")(c, arg)
		return c.Reply("cfg_pong", arg)
	})
	main.Handle("ordered", func(c *Call, arg string) error {
		note("ordered")(c, arg)
		return c.Reply("ch5", arg)
	})
	var errs errorLog
	m.OnError(errs.add)
	callOut := func(peer PeerID) {
		assert.NoError(t, main.Call(peer, "cfg_ping", "go-cfg"))
		assert.NoError(t, main.Call(peer, "ordered", "go-ord"))
		assert.NoError(t, main.Call(AllPeers, "local_note", "go-local"))
	}
	var engineProc *godot.Process
	if goRole == "server" {
		m.OnPeerConnected(func(id PeerID) { go callOut(id) })
		engineProc = godot.Start(t, engine, "scripts/multiplayer/methods.gd", "client", serveOver(t, m, transport))
	} else {
		network := map[string]string{"websocket": "tcp", "enet": "udp"}[transport]
		port := godot.FreePort(t, network)
		engineProc = godot.Start(t, engine, "scripts/multiplayer/methods.gd", "server", strconv.Itoa(port))
		connectOver(t, m, transport, port)
		defer m.Close()
		callOut(ServerID)
	}
	var calls []string
	ctx, cancel := context.WithTimeout(context.Background(), liveWait)
	defer cancel()
	for len(calls) < 6 {
		select {
		case c := <-got:
			calls = append(calls, c)
		case <-ctx.Done():
			t.Fatalf("calls so far: %q", calls)
		}
	}
	// Read once the calls came: Serve, in its goroutine, may not have made
	// m the server when the engine started.
	self, other := m.ID(), PeerID(0)
	if goRole == "server" {
		other = PeerID(must(strconv.Atoi(strings.Fields(calls[slices.IndexFunc(calls, func(c string) bool {
			return strings.HasPrefix(c, "cfg_ping")
		})])[2])))
	} else {
		other = ServerID
	}
	want := []string{
		fmt.Sprintf("cfg_ping %s-cfg %d", godotRole, other),
		fmt.Sprintf("ordered %s-ord %d", godotRole, other),
		fmt.Sprintf("local_note %s-local %d", godotRole, other),
		fmt.Sprintf("cfg_pong go-cfg %d", other),
		fmt.Sprintf("ch5 go-ord %d", other),
		fmt.Sprintf("local_note go-local %d", self),
	}
	assert.ElementsMatch(t, want, calls, "what the Go side got")

	if goRole == "client" {
		// The server quits when its client leaves, which it must not do
		// before its last replies are out.
		require.True(t, waitUntil(ctx, func() bool { return strings.Contains(engineProc.Output(), "DONE") }),
			"the engine got its six calls")
		m.Close()
	}
	engineProc.Wait(t)
	out := engineProc.Output()
	require.Contains(t, out, "DONE", "the engine got its six calls")
	for _, line := range []string{
		fmt.Sprintf("GOT cfg_ping go-cfg %d", self),
		fmt.Sprintf("GOT ordered go-ord %d", self),
		fmt.Sprintf("GOT local_note go-local %d", self),
		fmt.Sprintf("GOT cfg_pong %s-cfg %d", godotRole, self),
		fmt.Sprintf("GOT ch5 %s-ord %d", godotRole, self),
		fmt.Sprintf("GOT local_note %s-local %d", godotRole, other),
	} {
		assert.Contains(t, out, line)
	}
	assert.NotContains(t, out, "ERROR", "the engine's errors")
	assert.Empty(t, errs.get())
}

// must returns v, or panics with err: for values a test has just checked.
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
