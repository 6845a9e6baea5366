package fromproject

import (
	"context"
	"math/rand/v2"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/multiplayer"
)

// brb-fr__Amangas, WebSocket, the corpus's one WebSocket game: a
// dedicated host (OS.has_feature("dedicated_server")) keeps rooms on
// /root/Main (menu.gd): a client's create_game opens one, join_game
// enters one; to each, the host answers join_game and create_airship,
// adds the player under /root/Main (its MultiplayerSpawner replicates
// it; player.gd's _enter_tree hands it to its peer, whose synchronizer
// sends its position), places it with set_pos 0.25 s later, and sends
// every peer set_players; it answers ping with pong, and relays
// send_chat_packet to the room's players as chat. Its art and font were
// cut from the corpus: the copy gets placeholders (godot.Placeholders),
// which the engine loads without an error. Two unmodified clients,
// driven headless, one creating a room and one joining it by its code,
// each see both players spawn, the other walk, the rooms listed, both
// chat messages and a pong, with the Go host as with the game's own
// Godot host, and print no error the Godot host's clients do not (the
// game's own two); neither host reports an error, and the Go host takes
// in each walk.
func TestLiveCorpusRooms(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	const port = "22023" // menu.gd's PORT
	godot.HoldPort(t, "tcp", port)
	dir, hostDir := roomsCopies(t, engine)
	clients := func(url string) []string {
		start := func(name, code string) *godot.Process {
			return godot.StartWith(t, engine, "--path", dir, "-s", "res://gdvar_drivers/room.gd", "--",
				"res://menu.tscn", url, name, code, "2")
		}
		first := start("alice", "-")
		second := start("bob", first.WaitFor(t, "CODE ", liveWait))
		return []string{first.Wait(t), second.Wait(t)}
	}
	host := godot.StartWith(t, engine, "--path", hostDir)
	host.WaitFor(t, "Server hosted on port", liveWait)
	withGodot := clients("ws://127.0.0.1:" + port)
	require.NoError(t, host.Signal(os.Kill))

	g := newRoomsHost(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- g.m.Serve(ctx, ln) }()
	withGo := clients("ws://" + ln.Addr().String())
	cancel()
	require.NoError(t, <-served)

	for run, outs := range map[string][]string{"Godot host": withGodot, "Go host": withGo} {
		ids := []string{godot.Line(t, outs[0], "ID "), godot.Line(t, outs[1], "ID ")}
		code := godot.Line(t, outs[0], "CODE ")
		for i, out := range outs {
			for _, want := range []string{"DONE", "PING", "CODE " + code, "LISTED " + code, "SPAWNED " + ids[0], "SPAWNED " + ids[1], "MOVED " + ids[1-i],
				"CHAT alice:   hi from " + ids[0], "CHAT bob:   hi from " + ids[1]} {
				assert.Contains(t, out, want, "%s: client %d", run, i)
			}
			assert.Subset(t, errorLines(withGodot...), errorLines(out), "%s: errors the clients of the Godot host do not print", run)
		}
	}
	// The placeholders load: what the Godot host's clients print is the
	// game's own, join_game's send_err to the room's creator itself and
	// player.gd's make_current before its camera is in the tree.
	assert.ElementsMatch(t, []string{
		"ERROR: RPC 'send_err' on yourself is not allowed by selected mode.",
		`ERROR: Condition "!enabled || !is_inside_tree()" is true.`,
	}, errorLines(withGodot...), "the Godot host's clients")
	assert.Empty(t, errorLines(host.Output()), "the Godot host")
	assert.Empty(t, g.errors())
	g.mu.Lock()
	assert.Len(t, g.walked, 2, "the host took in each walk")
	g.mu.Unlock()
	if t.Failed() {
		t.Logf("the Godot host printed:\n%s", host.Output())
	}
}

// roomsCopies returns two imported copies of brb-fr__Amangas with
// placeholders for its cut art: the clients', with the drivers of
// scripts/multiplayer/corpus at res://gdvar_drivers, and the host's,
// whose override.cfg gives it the dedicated_server feature of an export.
func roomsCopies(t *testing.T, engine string) (dir, hostDir string) {
	dir, made := placeholderCopy(t, engine, "brb-fr__Amangas")
	require.Len(t, made, 24, "the cut art and font: %v", made)
	hostDir = filepath.Join(t.TempDir(), "host")
	require.NoError(t, os.CopyFS(hostDir, os.DirFS(dir)))
	require.NoError(t, os.WriteFile(filepath.Join(hostDir, "override.cfg"), []byte(`_custom_features="dedicated_server"`+"\n"), 0o644))
	linkDrivers(t, dir)
	return dir, hostDir
}

// placeholderCopy returns an imported copy of a corpus project with a
// placeholder for each asset it names that the corpus cut
// (godot.Placeholders), and the placeholders' paths.
func placeholderCopy(t *testing.T, engine, folder string) (dir string, made []string) {
	dir = filepath.Join(t.TempDir(), "game")
	require.NoError(t, os.CopyFS(dir, os.DirFS("../../"+corpus+folder)))
	made, missing, err := godot.Placeholders(dir)
	require.NoError(t, err)
	require.Empty(t, missing)
	godot.StartWith(t, engine, "--path", dir, "--import").Wait(t)
	return dir, made
}

// roomsHost is the Go host of brb-fr__Amangas: menu.gd's server side.
type roomsHost struct {
	*corpusGame
	main    *multiplayer.Node
	players *multiplayer.Spawner
	start   time.Time
	rooms   []room             // under mu
	spots   map[string]float64 // each player's room's spot, x = its code (under mu)
	walked  map[string]bool    // the players that walked right of their spot (under mu)
}

// room is one of menu.gd's rooms, as set_players sends it.
type room struct {
	code, host string
	hostID     multiplayer.PeerID
	players    []multiplayer.PeerID
}

// newRoomsHost declares the game's project on a new Multiplayer and
// ports menu.gd's host: create_game, join_game, ping, send_chat_packet,
// and a player's removal when its peer leaves.
func newRoomsHost(t *testing.T) *roomsHost {
	g := &roomsHost{corpusGame: newCorpusGame(t, "brb-fr__Amangas", "uid://brr8secclf31t"), start: time.Now(), walked: map[string]bool{}, spots: map[string]float64{}}
	var err error
	g.main, err = g.game.Node("/root/Main")
	require.NoError(t, err)
	g.players, err = g.game.Spawner("/root/Main/MultiplayerSpawner")
	require.NoError(t, err)
	require.NoError(t, g.game.Handle("/root/Main", "create_game", func(c *multiplayer.Call, name string) error {
		code := 100000 + rand.IntN(900000) // menu.gd: six digits of randi()
		g.mu.Lock()
		g.rooms = append(g.rooms, room{code: strconv.Itoa(code), host: name, hostID: c.From, players: []multiplayer.PeerID{c.From}})
		g.mu.Unlock()
		if err := g.main.Call(c.From, "join_game", int64(code), name, int64(c.From)); err != nil {
			return err
		}
		return g.enter(c.From, code)
	}))
	require.NoError(t, g.game.Handle("/root/Main", "join_game", func(c *multiplayer.Call, code int64, _ string) error { // the name: the player says it itself
		g.mu.Lock()
		i := slices.IndexFunc(g.rooms, func(r room) bool { return r.code == strconv.Itoa(int(code)) })
		if i >= 0 {
			g.rooms[i].players = append(g.rooms[i].players, c.From)
		}
		g.mu.Unlock()
		if i < 0 {
			return g.main.Call(c.From, "send_err", "Room not found.")
		}
		return g.enter(c.From, int(code))
	}))
	require.NoError(t, g.game.Handle("/root/Main", "ping", func(c *multiplayer.Call, sent int64) error {
		return g.main.Call(c.From, "pong", sent, time.Since(g.start).Milliseconds())
	}))
	require.NoError(t, g.game.Handle("/root/Main", "send_chat_packet", func(c *multiplayer.Call, msg string) error {
		g.mu.Lock()
		var to []multiplayer.PeerID
		for _, r := range g.rooms {
			if slices.Contains(r.players, c.From) {
				to = append(to, r.players...)
			}
		}
		g.mu.Unlock()
		for _, id := range to {
			if err := g.main.Call(id, "chat", msg); err != nil {
				return err
			}
		}
		return nil
	}))
	g.m.OnPeerDisconnected(func(id multiplayer.PeerID) {
		for _, o := range g.players.Objects() {
			if o.Name() == strconv.Itoa(int(id)) {
				assert.NoError(t, o.Despawn())
			}
		}
		g.mu.Lock()
		defer g.mu.Unlock()
		for i := range g.rooms {
			g.rooms[i].players = slices.DeleteFunc(g.rooms[i].players, func(p multiplayer.PeerID) bool { return p == id })
		}
	})
	g.players.OnSync(func(o *multiplayer.Object, from multiplayer.PeerID) {
		var at gdvar.Vector2
		if o.Get(".:position", &at) != nil {
			return
		}
		g.mu.Lock()
		defer g.mu.Unlock()
		if spot, ok := g.spots[o.Name()]; ok && at.X > spot {
			g.walked[o.Name()] = true
		}
	})
	return g
}

// enter is what create_game and join_game do for a player entering room
// code: its ship (create_airship), its player, and 0.25 s later its
// player placed at the room's spot (set_pos) and the rooms sent to every
// peer (set_players).
func (g *roomsHost) enter(id multiplayer.PeerID, code int) error {
	if err := g.main.Call(id, "create_airship", int64(code)); err != nil {
		return err
	}
	if _, err := g.players.SpawnOwned("res://player.tscn", strconv.Itoa(int(id)), id, nil); err != nil { // player.gd's _enter_tree hands it over
		return err
	}
	g.mu.Lock()
	g.spots[strconv.Itoa(int(id))] = float64(code)
	g.mu.Unlock()
	time.AfterFunc(250*time.Millisecond, func() { // menu.gd awaits a 0.25 s timer
		err := g.main.Call(id, "set_pos", int64(code))
		if err == nil {
			err = g.main.Call(multiplayer.AllPeers, "set_players", g.roomList())
		}
		if err != nil {
			g.mu.Lock()
			g.errs = append(g.errs, err)
			g.mu.Unlock()
		}
	})
	return nil
}

// roomList is the rooms as menu.gd's set_players takes them: an Array
// of Dictionaries.
func (g *roomsHost) roomList() []any {
	g.mu.Lock()
	defer g.mu.Unlock()
	list := make([]any, 0, len(g.rooms))
	for _, r := range g.rooms {
		players := make([]any, 0, len(r.players))
		for _, p := range r.players {
			players = append(players, int64(p))
		}
		list = append(list, map[string]any{"code": r.code, "host_username": r.host, "host_id": int64(r.hostID), "players": players})
	}
	return list
}
