package audit

import (
	"context"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/project"
)

// liveGame is a corpus game whose Godot host the live tests audit: its
// folder, the scene its clients declare, its port and transport, and the
// arguments that start its host (after --path DIR).
type liveGame struct {
	folder, scene, port, transport string
	host                           []string
	dedicated                      bool // the host needs the dedicated_server feature of an export
	forged                         int  // the forged and replayed syncs the audit sends
	spawns                         int  // the forged spawns the audit sends
}

// gameCopy returns an imported copy of a corpus game with placeholders
// for the assets the corpus cut and the drivers of
// scripts/multiplayer/corpus at res://gdvar_drivers; a dedicated host's
// copy has an override.cfg giving it the dedicated_server feature, as
// its export would have.
func gameCopy(t *testing.T, engine string, g liveGame) string {
	dir := filepath.Join(t.TempDir(), "game")
	require.NoError(t, os.CopyFS(dir, os.DirFS(corpus+g.folder)))
	_, _, err := godot.Placeholders(dir) // of the assets it has none for (MP3s), both hosts' clients fail to load alike
	require.NoError(t, err)
	if g.dedicated {
		require.NoError(t, os.WriteFile(filepath.Join(dir, "override.cfg"), []byte(`_custom_features="dedicated_server"`+"\n"), 0o644))
	}
	godot.StartWith(t, engine, "--path", dir, "--import").Wait(t)
	// Linked after the import, which would write the drivers' .uid files
	// into the repository's folder.
	drivers, err := filepath.Abs("../scripts/multiplayer/corpus")
	require.NoError(t, err)
	require.NoError(t, os.Symlink(drivers, filepath.Join(dir, "gdvar_drivers")))
	return dir
}

// freePort waits until port on the loopback is free (an engine just
// killed held it), or skips the test if another program holds it.
func freePort(t *testing.T, network, port string) {
	var err error
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		var probe io.Closer
		if network == "udp" {
			probe, err = net.ListenPacket(network, "127.0.0.1:"+port)
		} else {
			probe, err = net.Listen(network, "127.0.0.1:"+port)
		}
		if err == nil {
			probe.Close()
			return
		}
	}
	t.Skipf("%s port %s, which the game uses, is in use: %v", network, port, err)
}

// auditLiveIn audits a corpus game's Godot host and returns the report,
// calling copied with the game's copy before the audit; on failure it
// shows what the host printed.
func auditLiveIn(t *testing.T, g liveGame, copied func(dir string), watch ...Watch) *Report {
	engine := godot.Require(t, godot.Godot4)
	network := "udp"
	if g.transport == "ws" {
		network = "tcp"
	}
	freePort(t, network, g.port)
	dir := gameCopy(t, engine, g)
	if copied != nil {
		copied(dir)
	}
	p, err := project.Open(dir)
	require.NoError(t, err)
	var out strings.Builder
	w := &lockedBuilder{b: &out}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("the host printed:\n%s", w.String())
		}
	})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	rep, err := Run(ctx, Config{Project: p, Scene: g.scene, Addr: "127.0.0.1:" + g.port, Transport: g.transport,
		Godot: engine, Args: append([]string{"--headless", "--path", dir}, g.host...), Watch: watch,
		LaunchOptions: []debugger.Option{debugger.WithStdout(w), debugger.WithStderr(w)}})
	require.NoError(t, err)
	return rep
}

// liveGames are the corpus games whose unmodified Godot hosts the live
// tests audit.
var liveGames = []liveGame{
	// An ENet server whose main scene listens on 7070 (main.gd).
	{folder: "jonathanhecl__ENetMultiplayer-server-godot4", port: "7070", transport: "enet"},
	// The corpus's WebSocket game: a dedicated host (menu.gd) on 22023.
	// Its host adds a player (with a synchronizer) for the id a client's
	// create_game gives, 1 in the audit's valid call.
	{folder: "brb-fr__Amangas", port: "22023", transport: "ws", dedicated: true, forged: 2, spawns: 1},
	// A lobby whose host is a player pressing Host (the driver lobby.gd
	// does), on ENet 55667; its Globals autoload keeps the score.
	{folder: "luiz734__godot-multiplayer-soccer", scene: "res://src/join_menu.tscn", port: "55667", transport: "enet",
		host: []string{"-s", "res://gdvar_drivers/lobby.gd", "--", "res://src/join_menu.tscn",
			"Main/UI/Network/UIComponents/Nickname", "host", "Main/UI/Network/UIComponents/Buttons/ButtonHost", "Game", "6"}},
	// A host pressing Host Game (the driver inputs.gd), on ENet 8080: it
	// spawns a ship per peer, whose PlayerInput the peer owns.
	{folder: "BatteryAcid__godot-authority-2", scene: "res://scenes/game.tscn", port: "8080", transport: "enet",
		host: []string{"-s", "res://gdvar_drivers/inputs.gd", "--", "HostGame", "3"}, forged: 4, spawns: 3},
}
