package loadtest

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/debugger/debuggertest"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/multiplayer/fromproject"
	"github.com/gdvar/gdvar/project"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// exampleGame is a game of the real-world corpus: a player for each
// peer, named by its id, which owns it (set_multiplayer_authority in
// _enter_tree) and syncs its position Always, every frame. Its server
// listens over ENet.
const exampleGame = "../testdata/projects/Ultraegern__godot-multiplayer-example"

// standInIcon is a 64-pixel square, the size of the game's icon.
const standInIcon = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#478cbf"/></svg>`

// godotExampleServer runs the corpus game's own server (--host),
// headless, until the test ends. Its script fixes its port, 9999: the
// test's copy has a free one instead, so that tests run side by side.
func godotExampleServer(t *testing.T) string {
	engine := godot.Require(t, godot.Godot4)
	port := godot.FreePort(t, "udp")
	// The corpus keeps the game's text alone: its player scene's sprite,
	// icon.svg, is given a stand-in, without which the scene fails to load.
	src := t.TempDir()
	require.NoError(t, os.CopyFS(src, os.DirFS(exampleGame)))
	require.NoError(t, os.WriteFile(filepath.Join(src, "icon.svg"), []byte(standInIcon), 0o644))
	script := filepath.Join(src, "scripts", "main.gd")
	b, err := os.ReadFile(script)
	require.NoError(t, err)
	const fixed = "const PORT: int = 9999"
	require.Contains(t, string(b), fixed)
	b = bytes.Replace(b, []byte(fixed), []byte("const PORT: int = "+strconv.Itoa(port)), 1)
	require.NoError(t, os.WriteFile(script, b, 0o644))
	dir := debuggertest.Project(t, src)
	srv := godot.StartWith(t, engine, "--path", dir, "--host")
	srv.WaitFor(t, "Started ENet server on port", time.Minute)
	return "127.0.0.1:" + strconv.Itoa(port)
}

// goExampleServer serves the corpus game with a Go server built from its
// project: a player spawned for each peer, named by its id and handed to
// it, as its main.gd does.
func goExampleServer(t *testing.T, p *project.Project) string {
	m := multiplayer.MustNew()
	game, err := fromproject.Declare(m, p, "res://scenes/main.tscn")
	require.NoError(t, err)
	players, err := game.Spawner("/root/Main/MultiplayerSpawner")
	require.NoError(t, err)
	cfg, _ := game.SpawnerConfig("/root/Main/MultiplayerSpawner")
	m.OnPeerConnected(func(id multiplayer.PeerID) {
		player, err := players.Spawn(cfg.Scenes[0].Path, strconv.Itoa(int(id)), map[string]any{".:position": gdvar.Vector2{}})
		if err != nil {
			t.Error(err)
			return
		}
		player.SetAuthority(id)
	})
	port := godot.FreePort(t, "udp")
	addr := "127.0.0.1:" + strconv.Itoa(port)
	serveUntilEnd(t, func(ctx context.Context) error { return m.ListenAndServeENet(ctx, addr) })
	return addr
}

// TestLiveCorpusGame has 3 bots play a game of the real-world corpus
// over ENet for 5 s against its own Godot 4 server and a Go server of
// its project: all join and stay, and each receives its peers' syncs
// near the 60 a second the game promises of each peer's player.
// Its server hands each player to its peer before the spawn goes
// (set_multiplayer_authority in _enter_tree), so the spawn carries no
// state of it (the engine's spawn has the synchronizers the server owns
// alone): the scenario's "set" gives each bot's player its position.
func TestLiveCorpusGame(t *testing.T) {
	if testing.Short() {
		t.Skip("5 s a server")
	}
	p, err := project.Open(exampleGame)
	require.NoError(t, err)
	f, err := os.Open("testdata/multiplayer-example.json")
	require.NoError(t, err)
	defer f.Close()
	sc, err := ReadScenario(f)
	require.NoError(t, err)
	for _, server := range []string{"go", "godot"} {
		t.Run(server, func(t *testing.T) {
			var addr string
			if server == "go" {
				addr = goExampleServer(t, p)
			} else {
				addr = godotExampleServer(t)
			}
			const bots = 3
			scenario := *sc
			rep, err := Run(context.Background(), Config{Project: p, Scenario: &scenario, Addr: addr, Net: &fromproject.Net{Transport: multiplayer.ENet},
				Bots: bots, Duration: 5 * time.Second})
			require.NoError(t, err)
			assert.Equal(t, bots, rep.Joined, "joined: %v", rep.JoinErrors)
			assert.Equal(t, bots, rep.Kept, "kept: %v", rep.Disconnects)
			r := steadyRates(t, rep, bots)
			assert.InDelta(t, bots*(bots-1)*60, r.MostPromised, 1, "each bot is promised its 2 peers' 60 a second")
			assert.Greater(t, r.Syncs, 0.8*r.Promised, "syncs received")
		})
	}
}
