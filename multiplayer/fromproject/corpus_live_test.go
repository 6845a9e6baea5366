package fromproject

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/debugger/debuggertest"
	"github.com/gdvar/gdvar/enet"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/project"
)

// corpus is the folder of the real-world corpus's projects.
const corpus = "testdata/projects/"

// corpusGame is a corpus game's Go host, serving its unmodified Godot
// clients: the project read from the corpus, the game's host logic
// ported as far as its traffic needs.
type corpusGame struct {
	m    *multiplayer.Multiplayer
	game *Scene
	errs []error
	mu   sync.Mutex
}

// newCorpusGame declares the project folder of the corpus (relative to
// the repository) on a new Multiplayer, recording its errors.
func newCorpusGame(t *testing.T, folder, mainScene string, opts ...Option) *corpusGame {
	return newGameAt(t, "../../"+corpus+folder, mainScene, opts...)
}

// newGameAt declares the project in dir on a new Multiplayer, recording
// its errors.
func newGameAt(t *testing.T, dir, mainScene string, opts ...Option) *corpusGame {
	p, err := project.Open(dir)
	require.NoError(t, err)
	g := &corpusGame{m: multiplayer.MustNew()}
	g.game, err = Declare(g.m, p, mainScene, opts...)
	require.NoError(t, err)
	g.m.OnError(func(err error) {
		g.mu.Lock()
		defer g.mu.Unlock()
		g.errs = append(g.errs, err)
	})
	return g
}

// errors returns what the host reported.
func (g *corpusGame) errors() []error {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]error(nil), g.errs...)
}

// listenFixed serves g over ENet, with opts, on the fixed port a corpus
// game's clients connect to, until the test ends (see freePort).
func (g *corpusGame) listenFixed(t *testing.T, port string, opts ...enet.Option) {
	freePort(t, port)
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- g.m.ListenAndServeENet(ctx, "127.0.0.1:"+port, opts...) }()
	t.Cleanup(func() {
		cancel()
		assert.NoError(t, <-served)
	})
}

// corpusCopy returns a copy of a corpus project, imported as the editor
// would (its uid:// paths resolve, its assets load), with the drivers of
// scripts/multiplayer/corpus at res://gdvar_drivers.
func corpusCopy(t *testing.T, folder string) string {
	dir := debuggertest.Project(t, "../../"+corpus+folder)
	linkDrivers(t, dir)
	return dir
}

// linkDrivers links the drivers of scripts/multiplayer/corpus into the
// project in dir, as res://gdvar_drivers.
func linkDrivers(t *testing.T, dir string) {
	drivers, err := filepath.Abs("../../scripts/multiplayer/corpus")
	require.NoError(t, err)
	require.NoError(t, os.Symlink(drivers, filepath.Join(dir, "gdvar_drivers")))
}

// walkers runs two clients of a corpus game's copy in dir, each driven by
// scripts/multiplayer/corpus/walk.gd (see its arguments), and returns
// what each printed.
func walkers(t *testing.T, engine, dir, scene, container, action, button string, players, others int) []string {
	args := []string{"--path", dir, "-s", "res://gdvar_drivers/walk.gd", "--",
		scene, container, action, button, strconv.Itoa(players), strconv.Itoa(others)}
	a, b := godot.StartWith(t, engine, args...), godot.StartWith(t, engine, args...)
	return []string{a.Wait(t), b.Wait(t)}
}

// errorLines returns the error lines of engines' outputs, each once.
func errorLines(outs ...string) []string {
	seen := map[string]bool{}
	var lines []string
	for _, out := range outs {
		for l := range strings.Lines(out) {
			l = strings.TrimSpace(l)
			if (strings.HasPrefix(l, "ERROR") || strings.HasPrefix(l, "SCRIPT ERROR")) && !seen[l] {
				seen[l] = true
				lines = append(lines, l)
			}
		}
	}
	return lines
}

// freePort holds UDP port, which a corpus game serves on, for the test
// (godot.HoldPort): against the other test processes that run the games
// on it, and then until an engine that served on it let it go.
func freePort(t *testing.T, port string) { godot.HoldPort(t, "udp", port) }

// BoQsc__godot-multiplayerspawner-research, ENet: a spawner of players,
// each handed to its peer in _enter_tree from its name, its position and
// color replicated on change. Its Godot host spawns its own green player
// "1" and one per peer that joins; the Go host does the same (SpawnOwned
// for a peer's). Two unmodified clients, driven headless, each see the
// three players spawn, the host's green, and the other client's player
// walk; the host takes in each walk; no side prints an error.
func TestLiveCorpusSpawnerResearch(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	const scene = "res://entity_scene.tscn"
	freePort(t, "4443")
	dir := corpusCopy(t, "BoQsc__godot-multiplayerspawner-research")
	clients := func() []string {
		return walkers(t, engine, dir, "res://main_scene.tscn", "Node2D/SpawnContainer", "ui_right", "-", 3, 1)
	}
	// The game's own Godot host, for the errors its clients print anyway
	// (the corpus cut its icon.svg).
	host := godot.StartWith(t, engine, "--path", dir, "--server")
	host.WaitFor(t, "Creating server", liveWait)
	withGodot := clients()
	require.NoError(t, host.Signal(os.Kill))
	freePort(t, "4443")

	g := newCorpusGame(t, "BoQsc__godot-multiplayerspawner-research", "uid://dslh1c7rihy52")
	spawner, err := g.game.Spawner("/root/Node2D/MultiplayerSpawner")
	require.NoError(t, err)
	_, err = spawner.Spawn(scene, "1", map[string]any{".:position": gdvar.Vector2{}, "ColorRect:color": gdvar.Color{G: 1, A: 1}})
	require.ErrorIs(t, err, multiplayer.ErrNotAllowed, "only a server spawns: after it serves")
	g.m.OnPeerConnected(func(id multiplayer.PeerID) {
		_, err := spawner.SpawnOwned(scene, strconv.Itoa(int(id)), id, nil) // entity_scene's _enter_tree hands it over
		assert.NoError(t, err)
	})
	g.m.OnPeerDisconnected(func(id multiplayer.PeerID) {
		for _, o := range spawner.Objects() {
			if o.Name() == strconv.Itoa(int(id)) {
				assert.NoError(t, o.Despawn())
			}
		}
	})
	walked := map[string]bool{}
	var mu sync.Mutex
	spawner.OnSync(func(o *multiplayer.Object, from multiplayer.PeerID) {
		var at gdvar.Vector2
		if o.Get(".:position", &at) == nil && at.X > 0 {
			mu.Lock()
			walked[o.Name()] = true
			mu.Unlock()
		}
	})
	g.listenFixed(t, "4443")
	require.Eventually(t, func() bool { return g.m.ID() == multiplayer.ServerID }, liveWait, 5*time.Millisecond)
	_, err = spawner.Spawn(scene, "1", map[string]any{".:position": gdvar.Vector2{}, "ColorRect:color": gdvar.Color{G: 1, A: 1}})
	require.NoError(t, err)

	outs := clients()
	ids := []string{godot.Line(t, outs[0], "ID "), godot.Line(t, outs[1], "ID ")}
	for i, out := range outs {
		assert.Contains(t, out, "DONE")
		assert.Equal(t, "00ff00", godot.Line(t, out, "SPAWNED 1 "), "the host's own player, green")
		assert.Contains(t, out, "MOVED "+ids[1-i], "the other client's player walks")
		assert.Subset(t, errorLines(withGodot...), errorLines(out), "errors the clients of the Godot host do not print")
	}
	for _, out := range withGodot {
		assert.Contains(t, out, "DONE", "with the Godot host")
	}
	mu.Lock()
	assert.Equal(t, map[string]bool{ids[0]: true, ids[1]: true}, walked, "the host took in each walk")
	mu.Unlock()
	assert.Empty(t, g.errors())
}

// Ultraegern__godot-multiplayer-example, ENet: a dedicated host (--host)
// adds a player per peer under /root/Main, which its MultiplayerSpawner
// replicates; the player's _enter_tree hands it to its peer, whose
// position syncs every frame. Two unmodified clients join by their Join
// button, and each sees both players spawn and the other walk, with the
// Go host as with the Godot host, printing no error the Godot host's
// clients do not.
func TestLiveCorpusMultiplayerExample(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	const port, scene = "9999", "res://scenes/player.tscn"
	freePort(t, port)
	dir := corpusCopy(t, "Ultraegern__godot-multiplayer-example")
	clients := func() []string {
		return walkers(t, engine, dir, "res://scenes/main.tscn", "Main", "right",
			"Main/Ui/JoinUi/PanelContainer/MarginContainer/VBoxContainer/Join", 2, 1)
	}
	host := godot.StartWith(t, engine, "--path", dir, "--host")
	host.WaitFor(t, "Started ENet server", liveWait)
	withGodot := clients()
	require.NoError(t, host.Signal(os.Kill))

	g := newCorpusGame(t, "Ultraegern__godot-multiplayer-example", "uid://cmepfssdlqa1h")
	spawner, err := g.game.Spawner("/root/Main/MultiplayerSpawner")
	require.NoError(t, err)
	g.m.OnPeerConnected(func(id multiplayer.PeerID) { // main.gd's add_player
		_, err := spawner.SpawnOwned(scene, strconv.Itoa(int(id)), id, nil) // player.gd's _enter_tree hands it over
		assert.NoError(t, err)
	})
	g.m.OnPeerDisconnected(func(id multiplayer.PeerID) { // remove_player
		for _, o := range spawner.Objects() {
			if o.Name() == strconv.Itoa(int(id)) {
				assert.NoError(t, o.Despawn())
			}
		}
	})
	g.listenFixed(t, port)
	outs := clients()
	ids := []string{godot.Line(t, outs[0], "ID "), godot.Line(t, outs[1], "ID ")}
	for i, out := range outs {
		assert.Contains(t, out, "DONE")
		assert.Contains(t, out, "MOVED "+ids[1-i], "the other client's player walks")
		assert.Subset(t, errorLines(withGodot...), errorLines(out), "errors the clients of the Godot host do not print")
	}
	for _, out := range withGodot {
		assert.Contains(t, out, "DONE", "with the Godot host")
	}
	assert.Empty(t, g.errors())
}

// jonathanhecl's ENet client and server, RPCs: the server greets each
// client that connects (send_message_to_client), and broadcasts each
// client's send_message_to_server to every client; the client's call goes
// to every peer, the server relaying it to the others. The Go host,
// declared from the server's project, ports those two: each of two
// unmodified clients, connected by its Connect button, gets the greeting
// and its own message back, as with the Godot host, and prints no error the Godot
// host's clients do not; the Go host reports what the Godot host prints,
// once per client: the client's own player's synchronizer, a node the
// server's project lacks.
func TestLiveCorpusMessages(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	const port = "7070"
	freePort(t, port)
	client := corpusCopy(t, "jonathanhecl__ENetMultiplayer-client-godot4")
	clients := func() []string {
		args := []string{"--path", client, "-s", "res://gdvar_drivers/press.gd", "--", "res://scenes/main.tscn", "Main/Connect"}
		first := godot.StartWith(t, engine, append(args, "6")...)
		first.WaitFor(t, "ID ", liveWait)
		second := godot.StartWith(t, engine, append(args, "2")...)
		return []string{first.Wait(t), second.Wait(t)}
	}
	host := godot.StartWith(t, engine, "--path", corpusCopy(t, "jonathanhecl__ENetMultiplayer-server-godot4"))
	time.Sleep(time.Second) // it prints nothing when it listens
	withGodot := clients()
	require.NoError(t, host.Signal(os.Kill))
	// Each client syncs its own player (a node the server's project lacks)
	// by path: the Godot host says once per client that it has no such node.
	assert.Equal(t, 2, strings.Count(host.Output(), `ERROR: Node not found: "Main/`), "%s", host.Output())
	freePort(t, port)

	g := newCorpusGame(t, "jonathanhecl__ENetMultiplayer-server-godot4", "res://scenes/main.tscn")
	main, err := g.game.Node("/root/Main")
	require.NoError(t, err)
	g.m.OnPeerConnected(func(id multiplayer.PeerID) { // _on_client_connect
		assert.NoError(t, main.Call(id, "send_message_to_client", "Hola Cliente, soy don Server"))
	})
	require.NoError(t, g.game.Handle("/root/Main", "send_message_to_server", func(c *multiplayer.Call, message string) error {
		return main.Call(multiplayer.AllPeers, "send_message_to_client", message)
	}))
	g.listenFixed(t, port)
	for run, outs := range map[string][]string{"Godot host": withGodot, "Go host": clients()} {
		ids := []string{godot.Line(t, outs[0], "ID "), godot.Line(t, outs[1], "ID ")}
		for i, out := range outs {
			assert.Contains(t, out, "send_message_to_client: Hola Cliente, soy don Server", "%s: the greeting", run)
			assert.Contains(t, out, "send_message_to_client: Hola Server, soy "+ids[i], "%s: its own message, broadcast", run)
			assert.Subset(t, errorLines(withGodot...), errorLines(out), "%s: errors the clients of the Godot host do not print", run)
		}
	}
	errs := g.errors()
	assert.Len(t, errs, 2, "as the Godot host, once per client: %v", errs)
	for _, err := range errs {
		assert.ErrorIs(t, err, multiplayer.ErrUnknownNode)
		assert.ErrorContains(t, err, `/MultiplayerSynchronizer"`)
	}
}
