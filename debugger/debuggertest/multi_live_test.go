package debuggertest_test

import (
	"bytes"
	"path/filepath"
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/debugger/debuggertest"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The corpus's server-authoritative 2D shooter: its main menu's buttons,
// and where the game puts the players (the host's first, then each
// client's as it joins; a client's ship moves where the host moves it, as
// the client's input, synchronized to the host, says).
const (
	hostButton = "/root/MainMenu/Panel/VBoxContainer/HostGame"
	joinButton = "/root/MainMenu/Panel/VBoxContainer/JoinGame"
	players    = `get_node("SpawnPath")`
)

// One host and two clients of a stock multiplayer game in one test, each
// held from its first frame, stepped in lockstep, recorded: Host pressed
// on one, Join on the others (their buttons' pressed signal, as a click
// emits it), one client's ship moved by its input for 30 frames, and the
// host and the other client seeing it where that client sees it within
// the replication interval. The recording replays to the same state at
// every check. A ship is named by its peer's id, which the engine draws
// from the wall clock (MultiplayerPeer.generate_unique_id), so the checks
// find the ships by their place among the players.
func TestLiveHostAndClients(t *testing.T) {
	godot.HoldPort(t, "udp", "8080") // the game's host's ENet port (network_manager.gd), which other tests' hosts of it take
	dir := debuggertest.Project(t, filepath.Join("..", "..", "testdata", "projects", "BatteryAcid__godot-authority-2"))
	start := time.Now()
	var file bytes.Buffer
	rec := debugger.NewRecorder(&file)
	games := make([]*debuggertest.Game, 3)
	for i, name := range []string{"host", "client1", "client2"} {
		games[i] = debuggertest.Start(t, dir, debuggertest.Args("--fixed-fps", "60"), debuggertest.HoldFromStart(int64(i+1)))
		games[i].Record(rec, name)
	}
	host, mover, watcher := games[0], games[1], games[2]

	host.Call(hostButton, "emit_signal", "pressed")
	debuggertest.Lockstep(t, 10, games...)
	for i, client := range []*debuggertest.Game{mover, watcher} {
		client.Call(joinButton, "emit_signal", "pressed")
		joined := func() bool { return host.Evaluate(players+".get_child_count()") == int64(i+2) }
		for range 60 {
			if debuggertest.Lockstep(t, 1, games...); joined() {
				break
			}
		}
		require.True(t, joined(), "client %d joined", i+1)
	}
	debuggertest.Lockstep(t, 30, games...)
	ship := players + ".get_child(1).position" // the first client's, everywhere
	before := shipAt(t, host, ship)
	for _, g := range games {
		assert.Equal(t, before, shipAt(t, g, ship), "every game sees the ship where the host put it")
	}

	mover.Action("right", debugger.Down)
	debuggertest.Lockstep(t, 30, games...)
	mover.Action("right", debugger.Up)
	moved := shipAt(t, host, ship)
	assert.Greater(t, moved.X, before.X+100, "the host moved it, as its client's input said")
	frames := 0
	for ; frames < 10 && shipAt(t, watcher, ship) != shipAt(t, host, ship); frames++ {
		debuggertest.Lockstep(t, 1, games...)
	}
	t.Logf("the other client saw the ship where the host has it %d frames later", frames)
	assert.LessOrEqual(t, frames, 3, "within the replication interval: every network frame")
	debuggertest.Lockstep(t, 20, games...)
	at := shipAt(t, host, ship)
	for _, g := range games {
		assert.Equal(t, at, shipAt(t, g, ship))
	}
	require.NoError(t, rec.Close())
	t.Logf("recorded in %v: %d steps, %d bytes", time.Since(start), rec.Steps(), file.Len())
	for _, g := range games {
		g.Game.Close() // the host's port, for the replay's
	}

	start = time.Now()
	replayed := debuggertest.Replay(t, dir, &file, debuggertest.Args("--fixed-fps", "60"))
	t.Logf("replayed in %v", time.Since(start))
	for _, name := range []string{"host", "client1", "client2"} {
		assert.Equal(t, at, shipAt(t, replayed[name], ship), name)
	}
}

// shipAt evaluates a ship's position in a game.
func shipAt(t *testing.T, g *debuggertest.Game, expr string) gdvar.Vector2 {
	t.Helper()
	v, ok := g.Evaluate(expr).(gdvar.Vector2)
	require.True(t, ok, "%s is no position", expr)
	return v
}
