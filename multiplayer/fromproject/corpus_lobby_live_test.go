package fromproject

import (
	"os"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/multiplayer"
)

// luiz734__godot-multiplayer-soccer, ENet, two players: its lobby's
// players live in the autoload Globals (/root/Globals, whose any_peer
// call_local add_player_*_score count goals), its lobby calls on the join
// menu (/root/Main/UI): a joining client sends send_player_info to the
// host, which answers every player's to every peer and, at two, calls
// enter_game, after which each peer adds the game. Its Godot host is a
// player pressing Host; the Go host ports the lobby (register players,
// start the game) and scores a goal for the client, as the Godot host's
// goal would. An unmodified client, driven headless, sees the host's
// nickname, enters the game and counts the goal, and prints no error the
// Godot host's client does not.
func TestLiveCorpusLobbyAutoload(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	const port, folder = "55667", "luiz734__godot-multiplayer-soccer"
	const menu, network = "res://src/join_menu.tscn", "Main/UI/Network/UIComponents/"
	freePort(t, port)
	dir := corpusCopy(t, folder)
	player := func(name, button, stay string) *godot.Process {
		return godot.StartWith(t, engine, "--path", dir, "-s", "res://gdvar_drivers/lobby.gd", "--",
			menu, network+"Nickname", name, network+"Buttons/"+button, "Game", stay)
	}
	host := player("host", "ButtonHost", "6")
	host.WaitFor(t, "ID 1", liveWait)
	withGodot := player("guest", "ButtonJoin", "2").Wait(t)
	hostOut := host.Output()
	require.NoError(t, host.Signal(os.Kill))
	freePort(t, port)

	g := newCorpusGame(t, folder, menu)
	ui, err := g.game.Node("/root/Main/UI")
	require.NoError(t, err)
	globals, err := g.game.Node("/root/Globals")
	require.NoError(t, err, "the autoload is declared")
	var mu sync.Mutex
	players := map[int64]string{1: "host"} // Globals.players: the host plays
	require.NoError(t, g.game.Handle("/root/Main/UI", "send_player_info", func(c *multiplayer.Call, id int64, name string) error {
		mu.Lock()
		defer mu.Unlock()
		if _, ok := players[id]; !ok {
			players[id] = name
		}
		for pid, name := range players {
			if err := ui.Call(multiplayer.AllPeers, "send_player_info", pid, name); err != nil {
				return err
			}
		}
		if len(players) == 2 {
			if err := ui.Call(multiplayer.AllPeers, "enter_game"); err != nil {
				return err
			}
			// A goal for player two, once the game is in (3 s of prematch).
			return globals.Call(c.From, "add_player_two_score")
		}
		return nil
	}))
	g.listenFixed(t, port)
	withGo := player("guest", "ButtonJoin", "2").Wait(t)
	// The Godot host scores when the puck enters a goal (physics the
	// headless client does not play); the Go host scored one.
	goals := map[string]string{"Godot host": "0", "Go host": "1"}

	for run, out := range map[string]string{"Godot host": withGodot, "Go host": withGo} {
		id := godot.Line(t, out, "ID ")
		globals := godot.Line(t, out, "GLOBALS ")
		assert.Contains(t, out, "IN Game", "%s: the game entered", run)
		assert.Contains(t, globals, `1: {&"player_id": 1,&"player_nickname": "host",`, "%s: the host registered", run)
		assert.Contains(t, globals, id+`: {&"player_id": `+id+`,&"player_nickname": "guest",&"player_score": `+goals[run]+"}", "%s: itself registered", run)
		assert.Subset(t, errorLines(withGodot), errorLines(out), "%s: errors the Godot host's client does not print", run)
	}
	assert.Empty(t, g.errors())
	if t.Failed() {
		t.Logf("the Godot host:\n%s\nits client:\n%s\nthe Go host's client:\n%s", hostOut, withGodot, withGo)
	}
}
