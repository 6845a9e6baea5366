package fromproject

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/enet"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/project"
)

// crocEnemies are the scenes EnemySpawner.gd's spawn_function builds, by
// the type its data names: A, B, C and the boss, D.
var crocEnemies = []string{"res://Scenes/Enemies/EnemyA/EnemyA.tscn", "res://Scenes/Enemies/EnemyB/EnemyB.tscn",
	"res://Scenes/Enemies/EnemyC/EnemyC.tscn", "res://Scenes/Enemies/FinalBoss/Boss.tscn"}

// naixsu__CROCPNG's paths: its lobby, its game (which every peer adds
// under /root once start_game is called), the scene of wave 1's enemies
// (ten slimes, Wave1.tres) and the players' scene.
const (
	crocFolder = "naixsu__CROCPNG"
	crocPort   = "8910" // MultiplayerController.gd's port
	crocLobby  = "res://Scenes/Testing/NaixTestScenes/Multiplayer.tscn"
	crocGame   = "res://Scenes/Testing/NaixTestScenes/TestMultiplayerScene.tscn"
	crocSlime  = "res://Scenes/Enemies/EnemyC/EnemyC.tscn"
	crocPlayer = "res://Scenes/Player/Player.tscn"
	crocRoot   = "/root/TestMultiplayerScene"
)

// naixsu__CROCPNG, ENet with range-coder compression on both sides, at
// most 3 players: a lobby (/root/Multiplayer) whose clients send
// send_player_information to the host, which answers every player's to
// every peer; any peer's start_game adds the game on every peer, and each
// peer instantiates a player per lobby entry, named by its peer id (not
// spawned: a node at a path only the game's code gives, whose
// synchronizer its peer owns); once every player is ready (readyState,
// synced) and a 5 s countdown ends, the host starts wave 1 and spawns its
// ten slimes through EnemySpawner, a spawn_function spawner whose
// function builds the enemy's scene from the spawn's data ([position,
// type]). Its Godot host hosts as its --server flag would; the Go host
// ports the lobby, the ready check and the wave's start, declares the
// spawner with the four scenes its function builds, and spawns the
// slimes with SpawnCustom of EnemyC.tscn. Two unmodified clients, driven headless,
// each see both players, and the first three slimes come, each at one of
// the game's enemy spawn points with its health, the first holding the
// wave's bomb (synced after the spawn), with the Go host as with the
// Godot host, and print no error the Godot host's clients do
// not; the Go host reports none.
//
// The corpus lacks Scenes/Shop/Shop.tscn (the repository's snapshot has
// no copy of it) and the game's sounds and art: the copy gets a stand-in
// shop (testdata/croc/Shop.tscn, the nodes its scripts read) and
// placeholders where godot.Placeholders has them (not for its MP3s, which
// both hosts' clients fail to load alike).
func TestLiveCorpusWaves(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	freePort(t, crocPort)
	dir := crocCopy(t, engine)
	drive := func(role, name string) *godot.Process {
		return godot.StartWith(t, engine, "--path", dir, "-s", "res://gdvar_drivers/croc.gd", "--", role, name, "2", "3")
	}
	clients := func() []string {
		a := drive("start", "alice")
		b := drive("join", "bob")
		return []string{a.Wait(t), b.Wait(t)}
	}
	host := drive("host", "gdvar")
	host.WaitFor(t, "HOST", liveWait)
	withGodot := clients()
	hostOut := host.Output()
	require.NoError(t, host.Signal(os.Kill))
	freePort(t, crocPort)

	g := newCrocHost(t, dir)
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("the Go host's errors: %v", g.errors())
		}
	})
	g.listenFixed(t, crocPort, enet.WithCompression(enet.CompressRangeCoder)) // as the game's peers compress
	withGo := clients()

	for run, outs := range map[string][]string{"Godot host": withGodot, "Go host": withGo} {
		for _, out := range outs {
			assert.Equal(t, "alice bob", godot.Line(t, out, "PLAYERS "), "%s: the players", run)
			var spawned []string
			for l := range strings.Lines(out) {
				if strings.HasPrefix(l, "SPAWNED ") {
					spawned = append(spawned, strings.TrimSpace(l))
				}
			}
			assert.Equal(t, []string{
				"SPAWNED EnemyC " + crocSlime + " spawn-point 90 idle",
				"SPAWNED EnemyC2 " + crocSlime + " spawn-point 90 idle",
				"SPAWNED EnemyC3 " + crocSlime + " spawn-point 90 idle",
			}, spawned, "%s: wave 1's first slimes", run)
			assert.Equal(t, "EnemyC", godot.Line(t, out, "BOMB "), "%s: the bomb's holder", run)
			assert.Contains(t, out, "DONE", run)
			assert.Subset(t, crocErrors(withGodot...), crocErrors(out), "%s: errors the Godot host's clients do not print", run)
		}
	}
	assert.Empty(t, g.errors())
	if t.Failed() {
		t.Logf("the Godot host:\n%s\nits clients:\n%s\nthe Go host's clients:\n%s", hostOut,
			strings.Join(withGodot, "\n----\n"), strings.Join(withGo, "\n----\n"))
	}
}

// crocErrors returns the error lines of the game's clients, each once,
// with the players' node names (their peer ids, which each run draws
// anew) as <peer>.
func crocErrors(outs ...string) []string {
	lines := errorLines(outs...)
	for i, l := range lines {
		lines[i] = crocPlayerNode.ReplaceAllString(l, "TestMultiplayerScene/<peer>")
	}
	return lines
}

// crocPlayerNode matches a player's node in a path.
var crocPlayerNode = regexp.MustCompile(`TestMultiplayerScene/[0-9]+`)

// crocCopy returns an imported copy of naixsu__CROCPNG with placeholders
// for its cut assets, the stand-in shop and the drivers.
func crocCopy(t *testing.T, engine string) string {
	dir := filepath.Join(t.TempDir(), "game")
	require.NoError(t, os.CopyFS(dir, os.DirFS("../../"+corpus+crocFolder)))
	_, missing, err := godot.Placeholders(dir)
	require.NoError(t, err)
	for _, m := range missing {
		if !strings.HasSuffix(m, ".mp3") && m != "Scenes/Shop/Shop.tscn" && !strings.HasSuffix(m, ".gd") {
			t.Errorf("no placeholder for %s", m)
		}
	}
	shop, err := os.ReadFile("testdata/croc/Shop.tscn")
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "Scenes/Shop"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "Scenes/Shop/Shop.tscn"), shop, 0o644))
	godot.StartWith(t, engine, "--path", dir, "--import").Wait(t)
	linkDrivers(t, dir)
	return dir
}

// crocHost is the Go host of naixsu__CROCPNG: MultiplayerController.gd's
// server side, TestMultiplayerScene.gd's and ReadyPrompt.gd's.
type crocHost struct {
	*corpusGame
	lobby, main, sound *multiplayer.Node
	enemies            *multiplayer.Spawner
	player             multiplayer.SpawnableScene // Player.tscn's declarations
	points             []gdvar.Vector2            // the game's EnemySpawnPoints
	mu                 sync.Mutex
	players            []int64                       // in the order they registered (under mu)
	names              map[int64]string              // (under mu)
	nodes              map[int64]*multiplayer.Object // each player's node, once the game is in (under mu)
	waved              bool                          // (under mu)
}

// newCrocHost declares the game of its copy in dir (the player's scene
// instances the stand-in shop) on a new Multiplayer, with its lobby and
// what its handlers need.
func newCrocHost(t *testing.T, dir string) *crocHost {
	enemies := crocRoot + "/EnemySpawner"
	g := &crocHost{corpusGame: newGameAt(t, dir, crocGame, WithCustomSpawn(enemies, crocEnemies...)),
		names: map[int64]string{}, nodes: map[int64]*multiplayer.Object{}}
	p, err := project.Open(dir)
	require.NoError(t, err)
	// The lobby is another scene under /root: its node's methods, as a
	// declaration of the lobby alone reads them.
	lobby, err := Declare(multiplayer.MustNew(), p, crocLobby)
	require.NoError(t, err)
	node, err := lobby.Node("/root/Multiplayer")
	require.NoError(t, err)
	g.lobby, err = g.m.DeclareNode("/root/Multiplayer", node.MethodSet())
	require.NoError(t, err)
	// A player's node is Player.tscn's root at a path of the game's own
	// making: its declarations, as a spawner of it would read them.
	players, err := Declare(multiplayer.MustNew(), p, crocGame, WithCustomSpawn(crocRoot+"/MoneySpawner", crocPlayer))
	require.NoError(t, err)
	cfg, _ := players.SpawnerConfig(crocRoot + "/MoneySpawner")
	g.player = cfg.Custom[0]

	tree, err := p.Tree(crocGame)
	require.NoError(t, err)
	for _, n := range tree {
		if strings.HasPrefix(n.Path, "EnemySpawnPoints/") {
			at, ok := n.Node.Get("position")
			require.True(t, ok, n.Path)
			g.points = append(g.points, at.(gdvar.Vector2))
		}
	}
	require.NotEmpty(t, g.points)
	g.main, err = g.game.Node(crocRoot)
	require.NoError(t, err)
	g.sound, err = g.game.Node(crocRoot + "/SoundManager")
	require.NoError(t, err)
	g.enemies, err = g.game.Spawner(enemies)
	require.NoError(t, err)
	g.lobby.Handle("send_player_information", g.register)
	g.lobby.Handle("start_game", g.startGame)
	// What each client's pre_wave calls on every peer for its sounds: a
	// server plays none.
	for _, method := range []string{"stop_start_wave", "play_pre_wave"} {
		g.sound.Handle(method, func(*multiplayer.Call) error { return nil })
	}
	return g
}

// register is send_player_information on the server: it records a new
// player and sends every player's to every peer.
func (g *crocHost) register(_ *multiplayer.Call, name string, id int64) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if _, ok := g.names[id]; !ok {
		g.names[id] = name
		g.players = append(g.players, id)
	}
	for _, pid := range g.players {
		if err := g.lobby.Call(multiplayer.AllPeers, "send_player_information", g.names[pid], pid); err != nil {
			return err
		}
	}
	return nil
}

// startGame is start_game on the server: the game comes in with a player
// per registered peer, whose synchronizer its peer owns (Player.gd's
// _ready), and TestMultiplayerScene.gd's _ready calls pre_wave.
func (g *crocHost) startGame(*multiplayer.Call) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, id := range g.players {
		if g.nodes[id] != nil { // start_game again
			continue
		}
		at := crocRoot + "/" + strconv.FormatInt(id, 10)
		n := g.m.Node(at, g.player.Methods...)
		// Player.gd's update_hud, which the clients call on every peer:
		// the server has no HUD to update.
		n.Handle("update_hud", func(*multiplayer.Call) error { return nil })
		o := g.m.Synchronized(at, g.player.Synchronizers...)
		if err := o.SetAuthorityAt("MultiplayerSynchronizer", multiplayer.PeerID(id)); err != nil {
			return err
		}
		o.Spawner().OnSync(func(*multiplayer.Object, multiplayer.PeerID) { g.readyCheck() })
		g.nodes[id] = o
	}
	if err := g.sound.Call(multiplayer.AllPeers, "stop_start_wave"); err != nil {
		return err
	}
	return g.sound.Call(multiplayer.AllPeers, "play_pre_wave")
}

// readyCheck is ReadyPrompt.gd's check_all_ready: once every player is
// ready, the wave starts when the countdown (its WaveCountdown, 5 s)
// ends.
func (g *crocHost) readyCheck() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.waved || len(g.nodes) < len(g.players) {
		return
	}
	for _, o := range g.nodes {
		var ready bool
		if o.Get(".:readyState", &ready) != nil || !ready {
			return
		}
	}
	g.waved = true
	time.AfterFunc(5*time.Second, g.startWave)
}

// startWave is TestMultiplayerScene.gd's start_wave for wave 1: ten
// slimes, one every 0.4 s, each at a random enemy spawn point.
func (g *crocHost) startWave() {
	for _, call := range []struct {
		node   *multiplayer.Node
		method string
	}{{g.main, "add_wave"}, {g.main, "clear_money"}, {g.sound, "stop_pre_wave"}, {g.main, "reset_player_health"}, {g.sound, "play_start_wave"}} {
		if err := call.node.Call(multiplayer.AllPeers, call.method); err != nil {
			g.fail(err)
		}
	}
	for i := range 10 {
		time.Sleep(300 * time.Millisecond)
		name := "EnemyC"
		if i > 0 {
			name += strconv.Itoa(i + 1)
		}
		at := g.points[rand.IntN(len(g.points))]
		// EnemyA.gd's _ready: Slime.tres's health, the idle animation.
		state := map[string]any{".:position": at, ".:health": int64(90), ".:dead": false,
			"AnimatedSprite2D:animation": gdvar.StringName("idle"), "Label:text": "", ".:hasBomb": false, "bloodsplash:emitting": false}
		slime, err := g.enemies.SpawnCustom(crocSlime, name, []any{at, "C"}, state)
		if err != nil {
			g.fail(err)
			return
		}
		if err := g.main.Call(multiplayer.AllPeers, "add_enemy"); err != nil {
			g.fail(err)
		}
		time.Sleep(100 * time.Millisecond)
		if i == 0 { // the wave's bomb, held by its first enemy
			if err := slime.Set(".:hasBomb", true); err != nil {
				g.fail(err)
			}
		}
	}
}

// fail records an error of the host's own making.
func (g *crocHost) fail(err error) {
	g.corpusGame.mu.Lock()
	defer g.corpusGame.mu.Unlock()
	g.errs = append(g.errs, err)
}
