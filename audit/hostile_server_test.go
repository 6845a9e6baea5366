package audit

import (
	"bufio"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/multiplayer/fromproject"
	"github.com/gdvar/gdvar/project"
)

// The audit against a hostile server: the server its clients join,
// and the game its debugger talks to, are a Go program of this test's
// (hostileGameMain, the test binary started again as the "engine"),
// with no engine: a game of the project hostileProject, its nodes and
// spawns served by package multiplayer behind a proxy at Config.Addr,
// and a debugger that answers as a game's does (its tree, its nodes'
// properties, the errors that name the audit's fences), each made
// hostile as hostileSpec says. The audit runs in this process alone,
// so that what it allocates, and the goroutines it leaves, are its own.

// hostileGameEnv, set, makes the test binary the hostile game of its
// value, a hostileSpec in JSON (TestMain).
const hostileGameEnv = "GDVAR_AUDIT_HOSTILE_GAME"

// TestMain is the hostile game (hostileGameMain) when hostileGameEnv is
// set, and the package's tests otherwise.
func TestMain(m *testing.M) {
	if spec := os.Getenv(hostileGameEnv); spec != "" {
		os.Exit(hostileGameMain(spec))
	}
	os.Exit(m.Run())
}

// hostileSpec is a hostile game: its project, where it serves, and what
// it does wrong.
type hostileSpec struct {
	Project string // the project's folder
	Addr    string // the proxy's address: where the audit's clients join
	Server  string // the Go server's, behind the proxy
	Out     string // a file the game keeps the bytes it sent the audit in
	// NoFences: the debugger reports no fence. The server the clients
	// join is not the game the debugger talks to (another process holds
	// the port).
	NoFences bool
	// SilentAt: from the fence of this number on (1 the first), the
	// proxy forwards nothing either way, and closes nothing; the debugger
	// reports no more fences (the server's main loop is stuck). 0: never.
	SilentAt int
	// Mute: the proxy takes each connection and sends nothing, ever.
	Mute bool
	// CloseEvery: each client's connection is closed this long after it
	// was accepted, and the proxy's listener is closed for as long after
	// each connection it accepted, then opened again. 0: never.
	CloseEvery time.Duration
	// GarbageAt: from the fence of this number on, each client gets
	// GarbageBytes of Garbage ("frames": binary frames of random bytes;
	// "huge": a frame saying it holds 2^62 bytes) between the server's
	// frames, once a connection. 0: never.
	GarbageAt    int
	Garbage      string
	GarbageBytes int
	// Spawns players more are spawned for each peer that joins, named
	// by NameBytes digits, each with Items items in its own spawner.
	Spawns, NameBytes, Items int
	// LabelBytes: each player's label, synced on change, is a String of
	// this many bytes, new every 5 ms. 0: "".
	LabelBytes int
	// ExitAfter: the game ends this long after it started, as a crash
	// does (exit status 3). 0: never.
	ExitAfter time.Duration
	// Stops: the game stops in its debug loop at the first breakpoint
	// set, and then, at each continue, "again": leaves it and stops again
	// at once; "stuck": never leaves it.
	Stops string
}

// The hostile game's project: a WebSocket server's main scene, two
// any_peer methods, and a spawner of players, each with a synchronizer
// (its label first, the property a forged sync sends) and a spawner of
// items.
var hostileProject = map[string]string{
	"main.gd": `extends Node

func _ready() -> void:
	var peer := WebSocketMultiplayerPeer.new()
	peer.create_server(int(OS.get_cmdline_user_args()[0]))
	multiplayer.multiplayer_peer = peer

@rpc("any_peer", "reliable")
func hit(amount: int) -> void:
	pass

@rpc("any_peer", "reliable")
func say(text: String) -> void:
	pass
`,
	"main.tscn": `[gd_scene format=3]

[ext_resource type="Script" path="res://main.gd" id="1"]

[node name="Main" type="Node"]
script = ExtResource("1")

[node name="Players" type="Node" parent="."]

[node name="PlayerSpawner" type="MultiplayerSpawner" parent="."]
_spawnable_scenes = PackedStringArray("res://player.tscn")
spawn_path = NodePath("../Players")
`,
	"player.gd": `extends Node2D

var label := ""

@rpc("any_peer", "reliable")
func jump(height: float) -> void:
	pass
`,
	"player.tscn": `[gd_scene format=3]

[ext_resource type="Script" path="res://player.gd" id="1"]

[sub_resource type="SceneReplicationConfig" id="c"]
properties/0/path = NodePath(".:label")
properties/0/spawn = true
properties/0/replication_mode = 2
properties/1/path = NodePath(".:position")
properties/1/spawn = true
properties/1/replication_mode = 1

[node name="Player" type="Node2D"]
script = ExtResource("1")

[node name="Sync" type="MultiplayerSynchronizer" parent="."]
replication_config = SubResource("c")

[node name="Items" type="Node" parent="."]

[node name="ItemSpawner" type="MultiplayerSpawner" parent="."]
_spawnable_scenes = PackedStringArray("res://item.tscn")
spawn_path = NodePath("../Items")
`,
	"item.gd": `extends Node

@rpc("any_peer", "reliable")
func take() -> void:
	pass
`,
	"item.tscn": `[gd_scene format=3]

[ext_resource type="Script" path="res://item.gd" id="1"]

[node name="Item" type="Node"]
script = ExtResource("1")
`,
}

// hostileGameMain is the hostile game of spec (hostileSpec's JSON),
// started by debugger.Launch: it serves until the debugger's connection
// ends, and returns the process's exit code.
func hostileGameMain(spec string) int {
	var s hostileSpec
	if err := json.Unmarshal([]byte(spec), &s); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	var debug string
	for i, a := range os.Args {
		if a == "--remote-debug" && i+1 < len(os.Args) {
			debug = strings.TrimPrefix(os.Args[i+1], "tcp://")
		}
	}
	g, err := startHostileGame(s, debug)
	if err != nil {
		fmt.Fprintln(os.Stderr, "hostile game:", err)
		return 1
	}
	g.serveDebugger()
	return 0
}

// hostileGame is a running hostile game.
type hostileGame struct {
	spec    hostileSpec
	dbg     *debugger.Conn
	dbgMu   sync.Mutex // the debugger's writes
	srv     *multiplayer.Multiplayer
	players *multiplayer.Spawner
	sent    atomic.Int64 // bytes sent the audit: to its clients, and through the debugger
	fence   atomic.Int64 // the last fence reported
	silent  atomic.Bool
	garbage atomic.Bool
	stopped atomic.Bool // in the debug loop (spec.Stops)

	mu  sync.Mutex
	ids map[string]int64 // the tree's nodes' instance ids, by path
}

// countedConn counts the bytes written to it in sent.
type countedConn struct {
	net.Conn
	sent *atomic.Int64
}

func (c countedConn) Write(b []byte) (int, error) {
	n, err := c.Conn.Write(b)
	c.sent.Add(int64(n))
	return n, err
}

// startHostileGame connects to the debugger at debug, says its process
// id, and starts the game's server and its proxy.
func startHostileGame(s hostileSpec, debug string) (*hostileGame, error) {
	g := &hostileGame{spec: s, ids: map[string]int64{}}
	c, err := net.Dial("tcp", debug)
	if err != nil {
		return nil, err
	}
	g.dbg = debugger.NewConn(countedConn{c, &g.sent}, gdvar.Godot4)
	if err := g.dbg.Write("set_pid", 1, []any{int64(os.Getpid())}); err != nil {
		return nil, err
	}
	p, err := project.Open(s.Project)
	if err != nil {
		return nil, err
	}
	g.srv = multiplayer.MustNew(multiplayer.WithErrorInterval(0),
		multiplayer.WithCodec(gdvar.MustCodec(gdvar.AllowObjects(true))), multiplayer.WithMaxPacketSize(1<<20))
	sc, err := fromproject.Declare(g.srv, p, "res://main.tscn")
	if err != nil {
		return nil, err
	}
	if g.players, err = sc.Spawner("/root/Main/PlayerSpawner"); err != nil {
		return nil, err
	}
	g.srv.OnError(g.onServerError)
	g.srv.OnPeerConnected(g.spawnPlayers)
	g.srv.OnPeerDisconnected(func(id multiplayer.PeerID) {
		for _, o := range g.players.Objects() {
			if o.Authority() == id || o.Name() == strconv.Itoa(int(id)) {
				o.Despawn()
			}
		}
	})
	ln, err := net.Listen("tcp", s.Server)
	if err != nil {
		return nil, err
	}
	go g.srv.Serve(context.Background(), ln)
	pub, err := net.Listen("tcp", s.Addr)
	if err != nil {
		return nil, err
	}
	go g.serveProxy(pub)
	go g.keepCount()
	if s.ExitAfter > 0 {
		time.AfterFunc(s.ExitAfter, func() { os.Exit(3) })
	}
	if s.LabelBytes > 0 {
		go g.churnLabels()
	}
	return g, nil
}

// keepCount writes the bytes sent to spec.Out, as they grow.
func (g *hostileGame) keepCount() {
	last := int64(-1)
	for range time.Tick(5 * time.Millisecond) {
		if n := g.sent.Load(); n != last {
			os.WriteFile(g.spec.Out+".tmp", []byte(strconv.FormatInt(n, 10)), 0o644)
			os.Rename(g.spec.Out+".tmp", g.spec.Out)
			last = n
		}
	}
}

// spawnPlayers spawns the player of a peer that joined, and
// spec.Spawns more, each with spec.Items items.
func (g *hostileGame) spawnPlayers(id multiplayer.PeerID) {
	state := map[string]any{".:label": "", ".:position": gdvar.Vector2{}}
	if o, err := g.players.Spawn("res://player.tscn", strconv.Itoa(int(id)), state); err == nil {
		g.spawnItems(o)
	}
	for i := range g.spec.Spawns {
		name := fmt.Sprintf("%0*d", max(g.spec.NameBytes, 1), i)
		if o, err := g.players.Spawn("res://player.tscn", fmt.Sprintf("%s%d", name, id%1000), state); err == nil {
			g.spawnItems(o)
		}
	}
}

// spawnItems spawns spec.Items items in player o's spawner.
func (g *hostileGame) spawnItems(o *multiplayer.Object) {
	sp := o.SpawnerAt("ItemSpawner")
	for i := range g.spec.Items {
		if sp == nil {
			return
		}
		sp.Spawn("res://item.tscn", fmt.Sprintf("%0*d", max(g.spec.NameBytes, 1), i), nil)
	}
}

// churnLabels sets each player's label to a new String of
// spec.LabelBytes every 5 ms.
func (g *hostileGame) churnLabels() {
	b := []byte(strings.Repeat("x", g.spec.LabelBytes))
	for i := 0; ; i++ {
		time.Sleep(5 * time.Millisecond)
		copy(b, strconv.Itoa(i))
		for _, o := range g.players.Objects() {
			o.Set(".:label", string(b))
		}
	}
}

// onServerError reports, through the debugger, each fence the server
// refused (the first error naming it), as the engine does, unless the
// game is silent or reports none.
func (g *hostileGame) onServerError(err error) {
	n, ok := fenceOf(err.Error())
	if !ok || g.spec.NoFences || g.silent.Load() || int64(n) <= g.fence.Load() {
		return
	}
	g.fence.Store(int64(n))
	g.writeDebugger("error", []any{int64(0), int64(0), int64(1), int64(0), "modules/multiplayer/scene_rpc_interface.cpp",
		"_process_rpc", int64(1), fmt.Sprintf("Failed to get path from RPC: %s.", fenceName(n)), "", false, int64(0)})
	if g.spec.SilentAt > 0 && n >= g.spec.SilentAt {
		g.silent.Store(true)
	}
	if g.spec.GarbageAt > 0 && n >= g.spec.GarbageAt {
		g.garbage.Store(true)
	}
}

// writeDebugger sends a message through the debugger.
func (g *hostileGame) writeDebugger(name string, data []any) {
	g.dbgMu.Lock()
	defer g.dbgMu.Unlock()
	g.dbg.Write(name, 1, data)
}

// serveDebugger answers the debugger's requests as a game does: its
// tree, its nodes' properties, breakpoints and continues (spec.Stops);
// evaluates and the rest go unanswered. It returns when the debugger's
// connection ends.
func (g *hostileGame) serveDebugger() {
	for {
		m, err := g.dbg.Read()
		if errors.Is(err, debugger.ErrMalformed) {
			continue
		}
		if err != nil {
			return
		}
		switch m.Name {
		case "scene:request_scene_tree":
			g.writeDebugger("scene:scene_tree", g.tree())
		case "scene:inspect_objects":
			ids, _ := m.Data[0].([]any)
			if len(ids) > 0 {
				id, _ := ids[0].(int64)
				g.writeDebugger("scene:inspect_objects", []any{[]any{id, "Node2D", g.properties(id)}})
			}
		case "breakpoint":
			if g.spec.Stops != "" && g.stopped.CompareAndSwap(false, true) {
				g.writeDebugger("debug_enter", []any{true, "Breakpoint", true, int64(1)})
			}
		case "get_stack_dump":
			g.writeDebugger("stack_dump", []any{int64(3), "res://main.gd", int64(1), "_process"})
		case "continue":
			switch g.spec.Stops {
			case "again":
				g.writeDebugger("debug_exit", []any{})
				g.writeDebugger("debug_enter", []any{true, "Breakpoint", true, int64(1)})
			case "":
				g.writeDebugger("debug_exit", []any{})
			}
		}
	}
}

// id returns the instance id of the node at path.
func (g *hostileGame) id(path string) int64 {
	g.mu.Lock()
	defer g.mu.Unlock()
	id, ok := g.ids[path]
	if !ok {
		id = int64(len(g.ids) + 2)
		g.ids[path] = id
	}
	return id
}

// tree returns the game's scene tree, as scene:scene_tree gives it:
// /root/Main, its players and their items.
func (g *hostileGame) tree() []any {
	node := func(children int, name, typ, path string) []any {
		return []any{int64(children), name, typ, g.id(path), "", int64(0)}
	}
	players := g.players.Objects()
	out := append(node(1, "root", "Window", "/root"), node(2, "Main", "Node", "/root/Main")...)
	out = append(out, node(len(players), "Players", "Node", "/root/Main/Players")...)
	for _, p := range players {
		out = append(out, node(0, p.Name(), "Node2D", p.Path())...)
	}
	return append(out, node(0, "PlayerSpawner", "MultiplayerSpawner", "/root/Main/PlayerSpawner")...)
}

// properties returns the properties of the node of instance id, as
// scene:inspect_objects gives them: its path, and a player's label and
// position.
func (g *hostileGame) properties(id int64) []any {
	g.mu.Lock()
	path := ""
	for p, i := range g.ids {
		if i == id {
			path = p
		}
	}
	g.mu.Unlock()
	props := []any{[]any{"Node/path", int64(22), int64(0), "", int64(0), gdvar.ParseNodePath(path)}}
	if strings.HasPrefix(path, "/root/Main/Players/") {
		props = append(props, []any{"label", int64(4), int64(0), "", int64(4102), ""},
			[]any{"position", int64(5), int64(0), "", int64(4102), gdvar.Vector2{}})
	}
	return props
}

// serveProxy takes the audit's clients at spec.Addr, each proxied to
// the Go server, closing them and itself as spec.CloseEvery says.
func (g *hostileGame) serveProxy(ln net.Listener) {
	for {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		go g.proxy(c)
		if d := g.spec.CloseEvery; d > 0 {
			time.AfterFunc(d, func() { c.Close() })
			ln.Close()
			time.Sleep(d)
			for {
				if ln, err = net.Listen("tcp", g.spec.Addr); err == nil {
					break
				}
				time.Sleep(10 * time.Millisecond)
			}
		}
	}
}

// proxy forwards client c's bytes to the Go server, and the server's to
// c a frame at a time, counted, with spec's garbage between frames; a
// silent game forwards nothing more.
func (g *hostileGame) proxy(c net.Conn) {
	defer c.Close()
	if g.silent.Load() || g.spec.Mute {
		io.Copy(io.Discard, c) // taken, never answered
		return
	}
	s, err := net.Dial("tcp", g.spec.Server)
	if err != nil {
		return
	}
	defer s.Close()
	go func() {
		defer s.Close()
		buf := make([]byte, 32<<10)
		for {
			n, err := c.Read(buf)
			if err != nil {
				return
			}
			if !g.silent.Load() {
				if _, err := s.Write(buf[:n]); err != nil {
					return
				}
			}
		}
	}()
	out := countedConn{c, &g.sent}
	r := bufio.NewReaderSize(s, 64<<10)
	for { // the upgrade's answer
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		out.Write([]byte(line))
		if line == "\r\n" {
			break
		}
	}
	sentGarbage := false
	frame := make([]byte, 0, 64<<10)
	for {
		frame = frame[:0]
		head := make([]byte, 2, 10)
		if _, err := io.ReadFull(r, head); err != nil {
			return
		}
		n := int(head[1] & 0x7f)
		switch n {
		case 126:
			head = head[:4]
			io.ReadFull(r, head[2:])
			n = int(binary.BigEndian.Uint16(head[2:]))
		case 127:
			head = head[:10]
			io.ReadFull(r, head[2:])
			n = int(binary.BigEndian.Uint64(head[2:]))
		}
		frame = append(frame, head...)
		frame = append(frame, make([]byte, n)...)
		if _, err := io.ReadFull(r, frame[len(head):]); err != nil {
			return
		}
		if g.silent.Load() {
			continue
		}
		if g.garbage.Load() && !sentGarbage {
			sentGarbage = true
			if _, err := out.Write(g.garbageBytes()); err != nil {
				return
			}
		}
		if _, err := out.Write(frame); err != nil {
			return
		}
	}
}

// garbageBytes returns what spec.Garbage sends.
func (g *hostileGame) garbageBytes() []byte {
	if g.spec.Garbage == "huge" {
		return []byte{0x82, 127, 0x40, 0, 0, 0, 0, 0, 0, 0} // binary, 2^62 bytes
	}
	rnd := rand.New(rand.NewPCG(1, 2))
	var out []byte
	for len(out) < g.spec.GarbageBytes {
		n := 1 + rnd.IntN(1<<14)
		out = append(out, 0x82, 126, byte(n>>8), byte(n))
		for range n {
			out = append(out, byte(rnd.Uint32()))
		}
	}
	return out
}

// hostileRun is what an audit of a hostile game did: its report and
// error, how long it took, what it allocated, what the game sent it.
type hostileRun struct {
	rep   *Report
	err   error
	took  time.Duration
	alloc uint64
	sent  int64
}

// auditHostile audits the hostile game of spec (its project, addresses
// and file filled in here) with cfg (its Project, Addr, Godot, Args set
// here), and checks the bounds every audit keeps: it returns within
// cfg.Duration and a margin, and leaves no goroutine.
func auditHostile(t *testing.T, spec hostileSpec, cfg Config) hostileRun {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	dir := t.TempDir()
	files := map[string]string{}
	for k, v := range hostileProject {
		files[k] = v
	}
	cfg.Project = writeProject(t, files)
	spec.Project = cfg.Project.Dir
	port := strconv.Itoa(godot.FreePort(t, "tcp"))
	spec.Addr = "127.0.0.1:" + port
	spec.Server = "127.0.0.1:" + strconv.Itoa(godot.FreePort(t, "tcp"))
	spec.Out = dir + "/sent"
	b, err := json.Marshal(spec)
	require.NoError(t, err)
	w := godot.ShownOnFailure(t, "the hostile game")
	cfg.Addr, cfg.Godot, cfg.Args = spec.Addr, os.Args[0], []string{"--", port}
	cfg.LaunchOptions = append(cfg.LaunchOptions, debugger.WithEnv(append(os.Environ(), hostileGameEnv+"="+string(b))),
		debugger.WithInputHelper(false), debugger.WithStdout(w), debugger.WithStderr(w))
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	var run hostileRun
	run.rep, run.err = Run(context.Background(), cfg)
	run.took = time.Since(start)
	runtime.ReadMemStats(&after)
	run.alloc = after.TotalAlloc - before.TotalAlloc
	if s, err := os.ReadFile(spec.Out); err == nil {
		run.sent, _ = strconv.ParseInt(string(s), 10, 64)
	}
	require.NotNil(t, run.rep)
	t.Logf("took %s; allocated %.1f MiB; the game sent %.1f MiB; error: %v; stopped: %q; %d calls; findings %q",
		run.took.Round(time.Millisecond), float64(run.alloc)/(1<<20), float64(run.sent)/(1<<20), run.err, run.rep.Stopped,
		run.rep.Calls, run.rep.Keys())
	assert.Less(t, run.took, cfg.Duration+hostileMargin, "the audit's time, and a margin")
	if run.err != nil {
		assert.LessOrEqual(t, len(run.err.Error()), 300, "%s", run.err)
	}
	assert.LessOrEqual(t, len(run.rep.Stopped), 300, "%s", run.rep.Stopped)
	return run
}

// hostileMargin is how long past its Duration an audit may take: the
// server's end, and the last call's.
const hostileMargin = 5 * time.Second

// hostileConfig is the tests' Config: its Duration d, a wait of 2 s a
// call (the machine may be busy), calls as fast as they come.
func hostileConfig(d time.Duration) Config {
	return Config{Duration: d, Wait: 2 * time.Second, Rate: 1000}
}

// allocBound checks what an audit allocated: at most perByte bytes a
// byte the game sent it, besides base, an audit's own (4 MiB of the
// honest game's, its calls and their huge arguments).
func allocBound(t *testing.T, run hostileRun, perByte float64) {
	t.Helper()
	const base = 16 << 20
	t.Logf("%.2f bytes allocated a byte sent (%.2f past %d MiB)", float64(run.alloc)/float64(max(run.sent, 1)),
		max(0, float64(run.alloc)-base)/float64(max(run.sent, 1)), base>>20)
	assert.LessOrEqual(t, float64(run.alloc), base+perByte*float64(run.sent), "allocated %d, sent %d", run.alloc, run.sent)
}

// kinds returns the kinds of a report's findings.
func kinds(rep *Report) []Kind {
	var out []Kind
	for _, f := range rep.Findings {
		out = append(out, f.Kind)
	}
	return out
}

// The honest game, as hostileGame is when it does nothing wrong, is
// audited whole, with no finding of the calls: the harness the hostile
// tests stand on. Its debugger never sends the game's monitors: the
// audit waits a second for them at its end. Before, it waited the
// debugger's request timeout, 30 s, past its Duration (38 s for 20).
func TestHostileServerHonest(t *testing.T) {
	run := auditHostile(t, hostileSpec{}, hostileConfig(20*time.Second))
	require.NoError(t, run.err)
	assert.Empty(t, run.rep.Stopped)
	assert.Greater(t, run.rep.Calls, 20)
	assert.Less(t, run.took, 15*time.Second, "its work done, it ends")
	for _, k := range []Kind{Crash, Disconnected, Freezes, ScriptError} {
		assert.NotContains(t, kinds(run.rep), k)
	}
}

// A server at the address that is not the game launched (another
// program holds the port: here the debugger reports none of the fences)
// takes the clients, and no call of theirs ever comes back: the audit
// could not audit it, and says so, within its Duration. Before, it
// took the first call for a freeze, waited for the server to answer
// until its time was over, and returned no error: a clean report.
func TestHostileServerNotTheGame(t *testing.T) {
	run := auditHostile(t, hostileSpec{NoFences: true}, hostileConfig(8*time.Second))
	require.ErrorIs(t, run.err, ErrJoin)
	assert.Contains(t, run.err.Error(), "took the clients, but the game launched reported none of their calls")
	assert.Equal(t, StatusCouldNotAudit, run.rep.Status())
	assert.Zero(t, run.rep.Calls)
}

// A server that takes each connection and answers nothing is a join
// that failed, saying so. Before, its error was "context deadline
// exceeded".
func TestHostileServerMute(t *testing.T) {
	run := auditHostile(t, hostileSpec{Mute: true}, hostileConfig(8*time.Second))
	require.ErrorIs(t, run.err, ErrJoin)
	assert.NotErrorIs(t, run.err, ErrMismatch)
	assert.Contains(t, run.err.Error(), "no answer to a join within")
}

// A server that falls silent for good after a few calls (its proxy
// takes connections and forwards nothing more, its debugger reports
// nothing) holds the audit no longer than its time: the call's wait, the
// wait for it to answer again (its clients time it out after 20 s), the
// joins it answers no more.
func TestHostileServerFallsSilent(t *testing.T) {
	run := auditHostile(t, hostileSpec{SilentAt: 3}, hostileConfig(25*time.Second))
	require.NoError(t, run.err)
	assert.Equal(t, "the audit's time is over (25s)", run.rep.Stopped)
	assert.Contains(t, run.rep.Keys(), "info not-checked /root/Main.say", "not called, and said")
}

// A frozen server the audit started again answered nothing: the freeze
// says so. Before, it said the server answered, after as long.
func TestFreezeStartedAgain(t *testing.T) {
	assert.Equal(t, "answered 2.3s", answered(2345*time.Millisecond, false))
	assert.Equal(t, "answered nothing for 1m0s (started again)", answered(time.Minute, true))
}

// A server that drops each client 1.5 s after it joined, closing its
// port as long after each, is joined again and again; the calls during
// which it dropped one are sent again, and none is a disconnected
// finding. Before, the call in flight was (low disconnected
// /root/Main.hit), and the attacks after the drop sent nothing
// ("not sent: multiplayer: no such peer"), silently.
func TestHostileServerDropsItsClients(t *testing.T) {
	run := auditHostile(t, hostileSpec{CloseEvery: 1500 * time.Millisecond}, hostileConfig(20*time.Second))
	require.NoError(t, run.err)
	assert.NotContains(t, kinds(run.rep), Disconnected)
	for _, r := range run.rep.Results {
		if unsent(r) {
			said := slices.ContainsFunc(run.rep.Findings, func(f Finding) bool {
				return f.Kind == NotChecked && strings.Contains(f.Message, r.Message)
			})
			assert.True(t, said, "an attack not sent is a not-checked finding: %+v", r)
		}
	}
}

// A server that sends what the clients refuse ends their connections:
// a frame saying it holds 2^62 bytes, refused at once (1009), or 16 MiB
// of frames of random bytes to each client, between its own frames. The
// connection's failure is said as such, never a drop of the server's
// (was: disconnected, "the server dropped the client"), and what the
// audit allocates is a small part of what it was sent.
func TestHostileServerGarbage(t *testing.T) {
	t.Run("huge", func(t *testing.T) {
		run := auditHostile(t, hostileSpec{GarbageAt: 3, Garbage: "huge"}, hostileConfig(15*time.Second))
		require.NoError(t, run.err)
		assert.NotContains(t, kinds(run.rep), Disconnected)
		failed := false
		for _, r := range run.rep.Results {
			failed = failed || strings.Contains(r.Message, "the connection failed") && strings.Contains(r.Message, "1009")
		}
		assert.True(t, failed, "a result says the connection failed")
		assert.Contains(t, run.rep.Stopped, "back no more")
	})
	t.Run("frames", func(t *testing.T) {
		run := auditHostile(t, hostileSpec{GarbageAt: 3, Garbage: "frames", GarbageBytes: 16 << 20}, hostileConfig(20*time.Second))
		require.NoError(t, run.err)
		assert.Greater(t, run.sent, int64(32<<20))
		assert.NotContains(t, kinds(run.rep), Disconnected)
		allocBound(t, run, 0.5)
	})
}

// A server that spawns for each client that joins 63 players more, each
// holding 63 items (the clients take 4 096 nodes at most), named by 100
// digits: the audit walks them for each call, and allocates a few bytes
// a byte of the spawns (the clients' own costs most); its debugger
// answers no question of whose a synchronizer is: the audit asks once,
// not once a synchronizer (64 waits), and ends within its time.
func TestHostileServerSpawnFlood(t *testing.T) {
	run := auditHostile(t, hostileSpec{Spawns: 63, Items: 63, NameBytes: 100}, hostileConfig(40*time.Second))
	require.NoError(t, run.err)
	assert.Empty(t, run.rep.Stopped, "its work done within its time")
	assert.Contains(t, run.rep.Keys(), "info not-checked (owned-state)")
	allocBound(t, run, 8)
}

// A server that syncs each player's label anew every 5 ms, a 60 000
// byte String: what the audit allocates is a small multiple of it.
func TestHostileServerLabels(t *testing.T) {
	run := auditHostile(t, hostileSpec{LabelBytes: 60000}, hostileConfig(20*time.Second))
	require.NoError(t, run.err)
	assert.Greater(t, run.sent, int64(16<<20))
	allocBound(t, run, 4)
}

// A game whose debugger stops at the audit's first breakpoint and never
// leaves its debug loop holds each call the debugger's request timeout
// (here 1 s) at most, as the debugger's time, not the game's: no freeze,
// no restart, and the report says the outcomes are not known. Before,
// the resume's time was the game's: the call froze it, the audit waited
// for it to answer, then started it again, each call a freeze. One
// that stops again at once after each continue is audited whole.
func TestHostileDebuggerStops(t *testing.T) {
	t.Run("stuck", func(t *testing.T) {
		cfg := hostileConfig(15 * time.Second)
		cfg.LaunchOptions = []debugger.Option{debugger.WithRequestTimeout(time.Second)}
		run := auditHostile(t, hostileSpec{Stops: "stuck"}, cfg)
		require.NoError(t, run.err)
		assert.GreaterOrEqual(t, run.rep.Calls, 4, "a request timeout each")
		assert.Contains(t, run.rep.Keys(), "info not-checked (breakpoints)")
		assert.NotContains(t, kinds(run.rep), Freezes)
		assert.Zero(t, run.rep.Server.Restarts)
	})
	t.Run("again", func(t *testing.T) {
		run := auditHostile(t, hostileSpec{Stops: "again"}, hostileConfig(30*time.Second))
		require.NoError(t, run.err)
		assert.Empty(t, run.rep.Stopped)
		assert.NotContains(t, kinds(run.rep), Freezes)
	})
}

// A game that ends 4 s after each start, between calls or during one,
// is started again each time, as -restarts allows.
func TestHostileServerRestarts(t *testing.T) {
	run := auditHostile(t, hostileSpec{ExitAfter: 4 * time.Second}, hostileConfig(40*time.Second))
	require.NoError(t, run.err)
	assert.Positive(t, run.rep.Server.Restarts)
}

// The walk of a client's spawned nodes, made for each call, allocates
// for each node its entry and its names alone, in a slice made once:
// 4 033 nodes (a client takes 4 096 at most), 63 players holding 63
// items each, named by 100 digits: 115 bytes a node. Before, each node's
// pattern, its spawners', a copy of its scene's declaration, and the
// slice grown node by node took 738, the most of what a spawn flood
// cost the audit itself.
func TestSpawnedOnAllocs(t *testing.T) {
	files := map[string]string{}
	for k, v := range hostileProject {
		files[k] = v
	}
	p := writeProject(t, files)
	m := multiplayer.MustNew()
	t.Cleanup(func() { m.Close() })
	sc, err := fromproject.Declare(m, p, "res://main.tscn")
	require.NoError(t, err)
	players, err := sc.Spawner("/root/Main/PlayerSpawner")
	require.NoError(t, err)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	go m.Serve(context.Background(), ln) // only a server spawns; Close ends it
	state := map[string]any{".:label": "", ".:position": gdvar.Vector2{}}
	require.Eventually(t, func() bool {
		_, err := players.Spawn("res://player.tscn", "Probe", state)
		return err == nil
	}, 10*time.Second, time.Millisecond, "serving")
	for i := range 63 {
		o, err := players.Spawn("res://player.tscn", fmt.Sprintf("%0100d", i), state)
		require.NoError(t, err)
		for k := range 63 {
			_, err := o.SpawnerAt("ItemSpawner").Spawn("res://item.tscn", fmt.Sprintf("%0100d", k), nil)
			require.NoError(t, err)
		}
	}
	n := len(spawnedOn(sc))
	require.Equal(t, 1+63+63*63, n)
	perNode := float64(hostile.AllocatedLeast(5, func() { spawnedOn(sc) })) / float64(n)
	t.Logf("%d nodes: %.0f bytes allocated a node a walk", n, perNode)
	assert.Less(t, perNode, 160.0)
}

// A Godot server that requires authentication (auth_callback) refuses
// each packet of the audit's clients, which do not authenticate, and
// drops them at its auth_timeout: the audit could not audit it, and says
// why, at once. Before, each call was a disconnected finding of its
// method, and nothing behind the login was audited.
func TestLiveServerRequiresAuth(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	p := writeProject(t, map[string]string{
		"main.gd": `extends Node

func _ready() -> void:
	var peer := ENetMultiplayerPeer.new()
	peer.create_server(int(OS.get_cmdline_user_args()[0]))
	var api := multiplayer as SceneMultiplayer
	api.auth_callback = func(_id: int, _data: PackedByteArray) -> void:
		pass
	api.auth_timeout = 3.0
	multiplayer.multiplayer_peer = peer

@rpc("any_peer", "reliable")
func hit(amount: int) -> void:
	print("hit ", amount)
`,
		"main.tscn": "[gd_scene format=3]\n\n[ext_resource type=\"Script\" path=\"res://main.gd\" id=\"1\"]\n\n[node name=\"Main\" type=\"Node\"]\nscript = ExtResource(\"1\")\n",
	})
	port := strconv.Itoa(godot.FreePort(t, "udp"))
	w := godot.ShownOnFailure(t, "the server")
	start := time.Now()
	rep, err := Run(context.Background(), Config{Project: p, Addr: "127.0.0.1:" + port, Godot: engine, Duration: 2 * time.Minute,
		Args:          []string{"--headless", "--path", p.Dir, "--", port},
		LaunchOptions: []debugger.Option{debugger.WithStdout(w), debugger.WithStderr(w)}})
	require.ErrorIs(t, err, ErrJoin)
	assert.Contains(t, err.Error(), "it requires authentication (auth_callback)")
	assert.LessOrEqual(t, len(err.Error()), 300)
	assert.Equal(t, StatusCouldNotAudit, rep.Status())
	assert.Zero(t, rep.Calls)
	assert.Less(t, time.Since(start), time.Minute, "the server's start, a join, its auth_timeout")
}

// A join's own wait that ran out, within the audit's time, stops the
// audit: its clients are gone. Before, stopFor took any deadline for
// the audit's time, left Stopped unset, and the calls went on with no
// attacker: a nil dereference in reach (seen once, auditing
// valenvalita/OverFarming on a busy machine; callAll now stops too when
// the attacker is gone, whatever left it so).
func TestStopForJoinDeadline(t *testing.T) {
	a := &auditor{rep: &Report{}}
	a.stopFor(context.Background(), fmt.Errorf("the server took a client back no more after it froze: joining the server at 127.0.0.1:7070: %w", context.DeadlineExceeded))
	assert.Contains(t, a.rep.Stopped, "took a client back no more")
	ended, cancel := context.WithCancel(context.Background())
	cancel()
	a.rep.Stopped = ""
	a.stopFor(ended, fmt.Errorf("joining: %w", context.Canceled))
	assert.Empty(t, a.rep.Stopped, "the audit's own end: Run says it")
}
