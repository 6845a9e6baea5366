package fromproject

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/project"
)

// projectSeeds is how many random games one run serves; the first is
// played over ENet too.
const projectSeeds = 3

// TestLiveProject writes random games (newGame) and plays each against
// Godot 4.6, the Go side declared from the game's project alone
// (Declare) and given only generic behaviour: handlers that record
// calls, spawns of the plan's nodes, the plan's values and calls. The
// unmodified game runs on the engine (scripts/multiplayer/project.gd).
// With a Go server and two Godot clients, and with a Godot server and a
// Go client, every call arrives once with its arguments where its mode
// and call_local say, and nowhere else (an authority method called by a
// client is refused); every spawn appears with its spawn values; every
// replicated property reaches its final value.
func TestLiveProject(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	seed := godot.Seed(t, "GDVAR_MP_PROJECT_SEED")
	for i := range int64(projectSeeds) {
		game := newGame(seed+i, i == 0) // the game played over ENet too: reliable calls only
		dir := game.write(t)
		over := []string{"websocket"}
		if i == 0 {
			over = append(over, "enet")
		}
		for _, transport := range over {
			t.Run(fmt.Sprintf("seed %d/%s/go server", seed+i, transport), func(t *testing.T) {
				game.goServer(t, engine, dir, transport)
			})
			t.Run(fmt.Sprintf("seed %d/%s/go client", seed+i, transport), func(t *testing.T) {
				game.goClient(t, engine, dir, transport)
			})
		}
	}
}

// gameClients is how many Godot clients a Go server serves.
const gameClients = 2

// goServer serves the game to Godot clients: it spawns the plan's nodes;
// once each client made its calls, it sets the final values and calls
// each method on every client.
func (gm *randomGame) goServer(t *testing.T, engine, dir, transport string) {
	side := gm.declare(t, dir)
	port := serveOver(t, side.m, transport)
	// Serve, in its goroutine, makes m the server, which alone spawns.
	require.Eventually(t, func() bool { return side.m.ID() == multiplayer.ServerID }, liveWait, time.Millisecond)
	objects := map[string]*multiplayer.Object{}
	for _, s := range gm.spawns {
		sp, err := side.scene.Spawner(s.spawner)
		require.NoError(t, err)
		state := map[string]any{}
		for p, v := range s.spawn {
			state[".:"+p] = v
		}
		o, err := sp.Spawn(s.scene, s.name, state)
		require.NoError(t, err)
		side.handleObject(t, o)
		objects[o.Path()] = o
	}
	var clients []*godot.Process
	for range gameClients {
		args := []string{"--path", dir, "--", "client", "127.0.0.1", port}
		if transport == "enet" {
			args = append(args, "enet")
		}
		clients = append(clients, godot.StartWith(t, engine, args...))
	}
	var ids []multiplayer.PeerID
	for _, c := range clients {
		id, err := strconv.Atoi(c.WaitFor(t, "ID ", liveWait))
		require.NoError(t, err)
		ids = append(ids, multiplayer.PeerID(id))
	}
	side.waitCalls(t, gm.expected(ids, 0))

	for _, s := range gm.spawns {
		o := objects[s.path()]
		for p, v := range s.final {
			require.NoError(t, o.Set(".:"+p, v))
		}
	}
	for _, c := range gm.calls {
		node := side.node(t, c.node, objects)
		require.NoError(t, node.Call(multiplayer.AllPeers, c.method, c.args...), "%s %s", c.node, c.method)
	}
	for _, c := range clients {
		gm.checkResult(t, c.WaitFor(t, "RESULT ", liveWait), len(gm.calls), c.Output())
	}
	side.check(t, gm.expected(ids, multiplayer.ServerID))
	refused := 0
	for _, c := range gm.calls {
		if !c.anyPeer {
			refused += len(ids)
		}
	}
	side.checkRefused(t, refused)
	side.m.Close()
	for _, c := range clients {
		out := c.Wait(t)
		assert.NotContains(t, out, "ERROR", "a client's errors")
	}
}

// goClient plays the game against a Godot server: once every spawn came
// with its spawn values, it calls each method on the server, and waits
// for the server's calls and final values.
func (gm *randomGame) goClient(t *testing.T, engine, dir, transport string) {
	network := map[string]string{"websocket": "tcp", "enet": "udp"}[transport]
	port := godot.FreePort(t, network)
	args := []string{"--path", dir, "--", "server", strconv.Itoa(port), "1"}
	if transport == "enet" {
		args = append(args, "enet")
	}
	server := godot.StartWith(t, engine, args...)
	side := gm.declare(t, dir)
	var mu sync.Mutex
	objects, atSpawn := map[string]*multiplayer.Object{}, map[string]map[string]any{}
	for _, s := range gm.spawns {
		sp, err := side.scene.Spawner(s.spawner)
		require.NoError(t, err)
		sp.OnSpawn(func(o *multiplayer.Object) {
			values := map[string]any{}
			for _, w := range gm.spawns {
				if w.path() == o.Path() {
					for p := range w.spawn {
						values[p] = value(o, p)
					}
				}
			}
			side.handleObject(t, o)
			mu.Lock()
			defer mu.Unlock()
			objects[o.Path()], atSpawn[o.Path()] = o, values
		})
	}
	connectOver(t, side.m, transport, port)
	defer side.m.Close()
	require.Eventually(t, func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(objects) == len(gm.spawns)
	}, liveWait, 10*time.Millisecond, "the server's spawns")
	mu.Lock()
	for _, s := range gm.spawns {
		o := objects[s.path()]
		require.NotNil(t, o, "no spawn %s", s.path())
		assert.Equal(t, s.scene, o.Scene(), s.path())
		for p, v := range s.spawn {
			assert.Equal(t, generic(t, v), atSpawn[s.path()][p], "%s:%s at the spawn", s.path(), p)
		}
	}
	mu.Unlock()

	for _, c := range gm.calls {
		node := side.node(t, c.node, objects)
		require.NoError(t, node.Call(multiplayer.AllPeers, c.method, c.args...), "%s %s", c.node, c.method)
	}
	self := side.m.ID()
	want := gm.expected([]multiplayer.PeerID{multiplayer.ServerID}, self)
	side.waitCalls(t, want)
	for _, s := range gm.spawns {
		o := objects[s.path()]
		for p, v := range s.final {
			w := generic(t, v)
			assert.Eventually(t, func() bool { return assert.ObjectsAreEqual(w, value(o, p)) }, liveWait, 10*time.Millisecond,
				"%s:%s is %#v, not %#v", s.path(), p, value(o, p), w)
		}
	}
	side.check(t, want)
	side.m.Close()
	out := server.Wait(t)
	got, local := 0, 0
	for _, c := range gm.calls {
		if c.anyPeer {
			got++
		}
		if c.local {
			local++
		}
	}
	gm.checkResult(t, godot.Line(t, out, "RESULT "), got+local, out)
	side.checkRefused(t, 0)
	// The engine's errors are its refusals of the authority methods the
	// Go client called, one each.
	refusals := 0
	for l := range strings.Lines(out) {
		if strings.Contains(l, "ERROR") {
			assert.Contains(t, l, "is not allowed", "the server's errors")
			refusals++
		}
	}
	assert.Equal(t, len(gm.calls)-got, refusals, "the server's refusals")
}

// resultLine is what the harness prints last.
var resultLine = regexp.MustCompile(`^calls=(\d+) spawns=(\d+) values=(\d+) bad=(\d+)$`)

// checkResult checks the harness's RESULT line: no difference, calls
// calls, and every spawn and value (for a client, which checks them).
func (gm *randomGame) checkResult(t *testing.T, result string, calls int, out string) {
	t.Helper()
	f := resultLine.FindStringSubmatch(result)
	require.NotNil(t, f, "RESULT %s", result)
	assert.Equal(t, "0", f[4], "the engine's differences:\n%s", out)
	assert.Equal(t, strconv.Itoa(calls), f[1], "the calls the engine got right")
	if f[2] != "0" {
		values := 0
		for _, s := range gm.spawns {
			values += len(s.spawn) + len(s.final)
		}
		assert.Equal(t, strconv.Itoa(len(gm.spawns)), f[2], "the spawns the engine checked")
		assert.Equal(t, strconv.Itoa(values), f[3], "the values the engine checked")
	}
	t.Logf("the engine: %s", result)
}

// gameSide is the Go side of a random game: its project declared, its
// handlers recording each call.
type gameSide struct {
	m     *multiplayer.Multiplayer
	game  *randomGame
	scene *Scene
	errs  <-chan error

	mu    sync.Mutex
	calls map[string][]any // by "<node> <method> <caller>"
	twice []string
}

// declare declares the game's project, with a recording handler for each
// method of its main scene's nodes.
func (gm *randomGame) declare(t *testing.T, dir string) *gameSide {
	p, err := project.Open(dir)
	require.NoError(t, err)
	side := &gameSide{m: multiplayer.MustNew(multiplayer.WithErrorInterval(0)), game: gm, calls: map[string][]any{}} // each refusal counted
	side.errs = errorsOf(side.m)
	side.scene, err = Declare(side.m, p, "res://main.tscn")
	require.NoError(t, err)
	for _, c := range gm.calls {
		if _, err := side.scene.Node(c.node); err == nil {
			require.NoError(t, side.scene.Handle(c.node, c.method, side.record))
		}
	}
	return side
}

// handleObject gives a spawned node's methods recording handlers.
func (side *gameSide) handleObject(t *testing.T, o *multiplayer.Object) {
	for _, c := range side.game.calls {
		if c.node == o.Path() {
			o.Node().Handle(c.method, side.record)
		}
	}
}

// record is every method's handler.
func (side *gameSide) record(c *multiplayer.Call, args ...any) {
	key := fmt.Sprintf("%s %s %d", c.Node.Path(), c.Method, c.From)
	side.mu.Lock()
	defer side.mu.Unlock()
	if _, ok := side.calls[key]; ok {
		side.twice = append(side.twice, key)
	}
	side.calls[key] = append([]any{}, args...) // not nil: none is []any{}
}

// node returns the node at path: the main scene's, or a spawned one.
func (side *gameSide) node(t *testing.T, path string, objects map[string]*multiplayer.Object) *multiplayer.Node {
	if n, err := side.scene.Node(path); err == nil {
		return n
	}
	o := objects[path]
	require.NotNil(t, o, "no node %s", path)
	return o.Node()
}

// expected returns the calls a Go side should get, by key: the any_peer
// calls of each of callers, and, if self is not 0, every call from self
// that is call_local, or every call, from the server (ServerID among
// callers).
func (gm *randomGame) expected(callers []multiplayer.PeerID, self multiplayer.PeerID) map[string][]any {
	want := map[string][]any{}
	for _, c := range gm.calls {
		for _, id := range callers {
			if c.anyPeer || id == multiplayer.ServerID {
				want[fmt.Sprintf("%s %s %d", c.node, c.method, id)] = c.args
			}
		}
		if self != 0 && c.local {
			want[fmt.Sprintf("%s %s %d", c.node, c.method, self)] = c.args
		}
	}
	return want
}

// waitCalls waits until every call of want has come.
func (side *gameSide) waitCalls(t *testing.T, want map[string][]any) {
	t.Helper()
	var missing []string
	ok := assert.Eventually(t, func() bool {
		side.mu.Lock()
		defer side.mu.Unlock()
		missing = missing[:0]
		for key := range want {
			if _, ok := side.calls[key]; !ok {
				missing = append(missing, key)
			}
		}
		return len(missing) == 0
	}, liveWait, 10*time.Millisecond)
	if !ok {
		side.mu.Lock()
		defer side.mu.Unlock()
		t.Fatalf("calls missing: %q; errors: %v", missing, drain(side.errs))
	}
}

// check checks the calls that came: those of want, with their arguments,
// once each, and no other.
func (side *gameSide) check(t *testing.T, want map[string][]any) {
	t.Helper()
	side.mu.Lock()
	defer side.mu.Unlock()
	assert.Empty(t, side.twice, "calls that came twice")
	for key, args := range want {
		g := []any{}
		for _, a := range args {
			g = append(g, generic(t, a))
		}
		assert.Equal(t, g, side.calls[key], key)
	}
	for key := range side.calls {
		_, ok := want[key]
		assert.True(t, ok, "an unexpected call %s", key)
	}
	t.Logf("the Go side got %d calls right", len(want))
}

// checkRefused checks the Go side's errors: n refusals of a call, none
// else.
func (side *gameSide) checkRefused(t *testing.T, n int) {
	t.Helper()
	errs := drain(side.errs)
	for _, err := range errs {
		assert.ErrorIs(t, err, multiplayer.ErrNotAllowed)
	}
	assert.Len(t, errs, n, "the Go side's refusals: %v", errs)
}

// generic is v as a handler's any parameter receives it.
func generic(t *testing.T, v any) any {
	b, err := gdvar.Marshal(v)
	require.NoError(t, err)
	var out any
	require.NoError(t, gdvar.Unmarshal(b, &out))
	return out
}

// value is the value of a spawned node's property (by name), in its
// generic form, or the error that it has none.
func value(o *multiplayer.Object, name string) any {
	var v any
	if err := o.Get(".:"+name, &v); err != nil {
		return err
	}
	return v
}
