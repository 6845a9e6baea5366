// Package livecorpus audits games of the real-world corpus against their
// unmodified Godot 4.6.3 hosts, as package audit's Run does for a user: a
// package of its own, so that its games, two at a time, run beside
// audit's own live tests and within go test's time for a package.
package livecorpus

import (
	"cmp"
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/audit"
	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/project"
)

// corpus is the real-world corpus's folder.
const corpus = "../../testdata/projects/"

// liveGame is a corpus game whose Godot host the live tests audit: its
// folder, the scene its clients declare, its port and transport, and the
// arguments that start its host (after --path DIR).
type liveGame struct {
	folder, scene, port, transport string
	host                           []string
	dedicated                      bool // the host needs the dedicated_server feature of an export
	forged                         int  // the forged and replayed syncs the audit sends
	spawns                         int  // the forged spawns the audit sends
	// extra are files the corpus cut, by their path in the game, and the
	// stand-ins copied there.
	extra map[string]string
	// beside says liveFindings lists its findings beside the static
	// audit's alone.
	beside bool
	// maybe are findings a busy machine may add: a measure the server
	// did not confirm within the wait, a note then says so. They are left
	// out when there.
	maybe []string
	// freeze is its FreezeAfter, if not corpusFreeze; maxPayload its
	// MaxPayload, if not the default.
	freeze     time.Duration
	maxPayload int
	// transient are parts of the paths of nodes that live a moment (a
	// projectile): whether the audit meets one is a matter of timing.
	// Their findings are left out, and their results not counted, but
	// checked to be refused or of no effect.
	transient []string
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
	for at, from := range g.extra {
		b, err := os.ReadFile(from)
		require.NoError(t, err)
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, at)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, at), b, 0o644))
	}
	if g.dedicated {
		require.NoError(t, os.WriteFile(filepath.Join(dir, "override.cfg"), []byte(`_custom_features="dedicated_server"`+"\n"), 0o644))
	}
	godot.StartWith(t, engine, "--path", dir, "--import").Wait(t)
	// Linked after the import, which would write the drivers' .uid files
	// into the repository's folder.
	drivers, err := filepath.Abs("../../scripts/multiplayer/corpus")
	require.NoError(t, err)
	require.NoError(t, os.Symlink(drivers, filepath.Join(dir, "gdvar_drivers")))
	return dir
}

// auditLiveIn audits a corpus game's Godot host and returns the report,
// calling copied with the game's copy before the audit; on failure it
// shows what the host printed.
func auditLiveIn(t *testing.T, g liveGame, copied func(dir string), watch ...audit.Watch) *audit.Report {
	engine := godot.Require(t, godot.Godot4)
	network := "udp" // ENet's
	if g.transport == "ws" {
		network = "tcp"
	}
	// The game's fixed port, against the other test processes that run
	// games on it (package fromproject's Go and Godot hosts of these games).
	godot.HoldPort(t, network, g.port)
	dir := gameCopy(t, engine, g)
	if copied != nil {
		copied(dir)
	}
	p, err := project.Open(dir)
	require.NoError(t, err)
	w := godot.ShownOnFailure(t, "the host")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	rep, err := audit.Run(ctx, audit.Config{Project: p, Scene: g.scene, Addr: "127.0.0.1:" + g.port, FreezeAfter: cmp.Or(g.freeze, corpusFreeze), MaxPayload: g.maxPayload,
		Godot: engine, Args: append([]string{"--headless", "--path", dir}, g.host...), Watch: watch,
		LaunchOptions: []debugger.Option{debugger.WithStdout(w), debugger.WithStderr(w)}})
	require.NoError(t, err)
	return rep
}

// corpusFreeze is the corpus games' FreezeAfter: a huge String some of
// them put in a Label takes the server about a second, and a busy
// machine's second is not a game's; their exact findings need a freeze
// well past it (TestLiveFreezes tests the default).
const corpusFreeze = 5 * time.Second

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
	// does, staying 10 minutes in the game), on ENet 55667; its Globals
	// autoload keeps the score.
	{folder: "luiz734__godot-multiplayer-soccer", scene: "res://src/join_menu.tscn", port: "55667", transport: "enet",
		host: []string{"-s", "res://gdvar_drivers/lobby.gd", "--", "res://src/join_menu.tscn",
			"Main/UI/Network/UIComponents/Nickname", "host", "Main/UI/Network/UIComponents/Buttons/ButtonHost", "Game", "600"}},
	// A host pressing Host Game (the driver inputs.gd), on ENet 8080: it
	// spawns a ship per peer, whose PlayerInput the peer owns. The
	// projectiles its ship's own spawner spawns (the audit's calls of its
	// Weapon's _spawn_projectile fire them) live about a second, until
	// they leave the screen: the syncs and spawns forged of them, when
	// one is there, are transient.
	{folder: "BatteryAcid__godot-authority-2", scene: "res://scenes/game.tscn", port: "8080", transport: "enet",
		host: []string{"-s", "res://gdvar_drivers/inputs.gd", "--", "HostGame", "3"}, forged: 4, spawns: 3,
		transient: []string{"/Projectiles/", "/ProjectileSpawner"}},
	// A host its --host flag starts (main.gd), on ENet 9999, which its
	// scripts do not tell: it spawns a player per peer, whose position the
	// peer owns and syncs.
	{folder: "Ultraegern__godot-multiplayer-example", port: "9999", transport: "enet", host: []string{"--host"}, forged: 2, spawns: 1},
	// The lobby its --server flag hosts (MultiplayerController.gd), on
	// ENet 8910 compressed with the range coder; start_game loads the
	// match, whose player scene instances the shop the corpus cut (a
	// stand-in: package fromproject's).
	{folder: "naixsu__CROCPNG", scene: "res://Scenes/Testing/NaixTestScenes/Multiplayer.tscn", port: "8910", transport: "enet",
		host:  []string{"res://Scenes/Testing/NaixTestScenes/Multiplayer.tscn", "--server", "gdvar"},
		extra: map[string]string{"Scenes/Shop/Shop.tscn": "../../multiplayer/fromproject/testdata/croc/Shop.tscn"}, beside: true},
	// A listen server its player hosts (Create Server, then Join: the
	// driver host.gd presses both), on ENet 9876: a chat any peer
	// appends to, and players whose InputSynchronizer (a direction the
	// host scales by its speed) their peers own. Its huge arguments are
	// cut to 64 KiB: a 1 MiB chat message holds the host over a minute,
	// and every later message as long (the label keeps it), which would
	// take this test past go test's time.
	{folder: "devlup-fsu__club-pangolin", port: "9876", transport: "enet",
		host: []string{"-s", "res://gdvar_drivers/host.gd", "--", "res://Scenes/Game/game.tscn",
			"/root/Game/StartMenu/ButtonContainer/CreateServerButton", "/root/Game/PlayerSelectScreen/VBoxContainer/JoinButton"},
		maxPayload: 64 << 10, forged: 4, spawns: 1},
	// A listen server (Host Server) on ENet 4433, whose level, spawned,
	// holds the spawner of the players (a spawn function): each peer owns
	// its player's InputSynchronizer, a direction the host scales.
	{folder: "devlup-fsu__multiplayer-godot", port: "4433", transport: "enet",
		host: []string{"-s", "res://gdvar_drivers/host.gd", "--", "res://Scenes/Game/game.tscn",
			"/root/Game/StartScreen/VBoxContainer/HostServerButton"}, forged: 4, spawns: 2},
	// A 3D listen server (Host) on ENet 9999, whose players any peer adds
	// and removes by an RPC.
	{folder: "Linko-3D__Godot-Simple-Online-Multiplayer-Networking", port: "9999", transport: "enet",
		host: []string{"-s", "res://gdvar_drivers/host.gd", "--", "res://main.tscn",
			"/root/Main/Menu/MarginContainer/VBoxContainer/HostButton"}, forged: 2, spawns: 1,
		// Each add_player makes a 3D player, which slows the host: with
		// two games running, what the amplification's calls made it send
		// may not be confirmed within the wait. So with crouch's, once
		// crouch broke it (an error every physics frame, keeps-failing).
		maybe: []string{"info not-checked /root/Main.add_player(id)", "info not-checked /root/Main.remove_player(id)",
			"info not-checked /root/Main/Players/*.crouch(value) res://player/player.gd"}},
	// A listen server for two (Host Server, create_server's max_clients
	// 1: the attacker alone joins) on ENet 9999, whose lobby loads the
	// level once the client is in: its spawner spawns a player per peer,
	// whose PlayerInput the peer owns (a direction the host scales by its
	// speed, a fire button it acts on every 0.05 s while held). Its PNGs
	// and MP3s are Git LFS pointers, not kept: placeholders stand in. Its
	// crop plots grow crops as time goes (PlotManager's spawner spawns
	// them): whether one has grown when the audit gets there is a matter
	// of timing, so the plots are transient.
	{folder: "dlameter__InvasiveSpecies", port: "9999", transport: "enet",
		host: []string{"-s", "res://gdvar_drivers/host.gd", "--", "res://main.tscn",
			"/root/Main/CanvasLayer/StartMenu/Menu/MarginContainer/VBoxContainer/HostButton"}, forged: 8, spawns: 3,
		transient: []string{"/PlotManager"},
		// Each join loads the level anew (Lobby.gd:24: two players or
		// more, which every join makes): with two hogs on the machine's
		// two cores, the peer joined after the leave once waited more
		// than the wait for its fence, in 1 run of 3.
		maybe: []string{"high stall /root/Main/Level/*/Players/*/PlayerInput.clear_dig"}},
	// A 3D listen server (Host) on ENet 42069 whose startup scene's
	// spawner spawns the level, whose own spawner spawns a player per
	// peer; each peer owns its player's InputSynchron (a synchronizer
	// whose root is itself): a jump the host acts on while it is true, a
	// direction, a mouse motion it turns by. Its .material files (binary)
	// are not kept: placeholders stand in.
	{folder: "banane42__godot_spawn_sync", port: "42069", transport: "enet",
		host: []string{"-s", "res://gdvar_drivers/host.gd", "--", "res://scenes/startup.tscn",
			"/root/Startup/UI/VBoxContainer/HostButton"}, forged: 4, spawns: 2},
	// A WebSocket server its --server flag starts (main.gd) on 50000,
	// which spawns a player per peer, whose synchronizer (position, scale,
	// and its ChatLabel's text and visibility: a chat shown over the
	// player) the peer owns.
	// Its scripts make ENet and WebSocket peers both: the audit finds
	// which by trying.
	{folder: "joshuafolkken__godot-multiplayer", port: "50000", transport: "ws", host: []string{"--server"}, forged: 2, spawns: 1},
	// A lobby its player hosts (Host) on ENet 5409, with a debug overlay
	// any peer adds a Label to (an autoload): a 1 MiB one holds the host
	// 5 to 6 s, which corpusFreeze would not tell from a busy machine.
	{folder: "valenvalita__OverFarming", scene: "res://scenes/ui/lobby.tscn", port: "5409", transport: "enet",
		host: []string{"-s", "res://gdvar_drivers/host.gd", "--", "res://scenes/ui/lobby.tscn",
			"/root/Lobby/PanelContainer/Menus/StartMenu/HBoxContainer/Host"}, beside: true, freeze: 2500 * time.Millisecond},
}
