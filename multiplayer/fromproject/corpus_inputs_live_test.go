package fromproject

import (
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/multiplayer"
)

// The scenes of BatteryAcid__godot-authority-2 that its host spawns.
const (
	inputsFolder     = "BatteryAcid__godot-authority-2"
	inputsPlayer     = "res://scenes/player.tscn"
	inputsProjectile = "res://scenes/projectile.tscn"
)

// BatteryAcid__godot-authority-2, ENet port 8080, per-peer input
// synchronizers: its host (the main menu's Host Game) spawns a ship per
// peer under /root/Game/SpawnPath, named by its id and kept by the host
// (position, ship, health), whose PlayerInput the peer takes in the
// ship's _enter_tree; the PlayerInput's private synchronizer sends its
// input_dir to the host alone, and the host moves the ship by it. The
// host's own ship "1" is spawned first; on each peer's connect the host
// calls the MatchManager autoload's _play_again on every peer; a ship's
// Weapon asks the host to fire (_spawn_projectile), and the host spawns
// a projectile through the ship's own ProjectileSpawner (a spawner of
// the spawned scene, which Declare declares with it). Its images were
// cut from the corpus: the copy gets placeholders. Two unmodified
// clients, driven headless by their Join Game button, each see the three
// ships spawn with their ship and health, both clients' ships moved by
// their input, the restart and both projectiles, with the Go host as
// with the game's own Godot host, and print no error the Godot host's
// clients do not (they print none); neither host reports an error (but
// ENet's, at times, of the Godot host sending to a peer that is leaving),
// and the Go host took in each client's input.
func TestLiveCorpusInputs(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	const port = "8080" // network_manager.gd's SERVER_PORT
	freePort(t, port)
	dir, made := placeholderCopy(t, engine, inputsFolder)
	require.Len(t, made, 16, "the cut images: %v", made)
	linkDrivers(t, dir)
	drive := func(button string) *godot.Process {
		return godot.StartWith(t, engine, "--path", dir, "-s", "res://gdvar_drivers/inputs.gd", "--", button, "3")
	}
	clients := func() []string {
		a, b := drive("JoinGame"), drive("JoinGame")
		return []string{a.Wait(t), b.Wait(t)}
	}
	host := drive("HostGame")
	host.WaitFor(t, "HOST", liveWait)
	withGodot := clients()
	hostOut := host.Output()
	require.NoError(t, host.Signal(os.Kill))
	freePort(t, port)

	g := newInputsHost(t)
	g.listenFixed(t, port)
	require.Eventually(t, func() bool { return g.m.ID() == multiplayer.ServerID }, liveWait, 5*time.Millisecond)
	require.NoError(t, g.spawn(1))
	withGo := clients()

	for run, outs := range map[string][]string{"Godot host": withGodot, "Go host": withGo} {
		ids := []string{godot.Line(t, outs[0], "ID "), godot.Line(t, outs[1], "ID ")}
		for i, out := range outs {
			for _, want := range []string{"DONE", "RESTARTED", "SPAWNED 1 default 5", "SPAWNED " + ids[0] + " ship2 5", "SPAWNED " + ids[1] + " ship2 5",
				"MOVED " + ids[0], "MOVED " + ids[1], "SHOT " + ids[0], "SHOT " + ids[1]} {
				assert.Contains(t, out, want, "%s: client %d", run, i)
			}
			assert.NotContains(t, out, "MOVED 1\n", "%s: the host's own ship stays", run)
			assert.Subset(t, errorLines(withGodot...), errorLines(out), "%s: errors the clients of the Godot host do not print", run)
		}
	}
	assert.Empty(t, errorLines(withGodot...), "the Godot host's clients")
	// At times the engine sends to a peer that is leaving.
	assert.Subset(t, []string{"ERROR: Unable to send packet on channel 0, max channels: 0"}, errorLines(hostOut), "the Godot host")
	assert.Empty(t, g.errors())
	g.mu.Lock()
	assert.Len(t, g.steered, 2, "the host took in each client's input")
	g.mu.Unlock()
	if t.Failed() {
		t.Logf("the Godot host printed:\n%s", hostOut)
	}
}

// inputsHost is the Go host of BatteryAcid__godot-authority-2: what
// spawn_manager.gd, player.gd, weapon.gd and projectile.gd do on the host.
type inputsHost struct {
	*corpusGame
	players *multiplayer.Spawner
	match   *multiplayer.Node
	steered map[string]bool // the ships whose input came (under mu)
}

// inputsShots is the ProjectileSpawner of a ship, player.tscn's own.
const inputsShots = "Weapon/ProjectileSpawner"

// newInputsHost declares the game's scene on a new Multiplayer and ports
// its host: a ship per peer, its PlayerInput the peer's, and the match
// restarted; each ship moved by its input and each projectile flown every
// 1/60 s, as their _physics_process; a projectile for each
// _spawn_projectile; a ship despawned when its peer leaves, and with it
// its projectiles.
func newInputsHost(t *testing.T) *inputsHost {
	g := &inputsHost{corpusGame: newCorpusGame(t, inputsFolder, "res://scenes/game.tscn"), steered: map[string]bool{}}
	var err error
	g.players, err = g.game.Spawner("/root/Game/MultiplayerSpawner")
	require.NoError(t, err)
	g.match, err = g.game.Node("/root/MatchManager")
	require.NoError(t, err, "the autoload is declared")
	g.m.OnPeerConnected(func(id multiplayer.PeerID) { // spawn_manager.gd's _peer_connected
		assert.NoError(t, g.spawn(id))
		assert.NoError(t, g.match.Call(multiplayer.AllPeers, "_play_again")) // MatchManager.restart_match
	})
	g.m.OnPeerDisconnected(func(id multiplayer.PeerID) { // _peer_disconnected: the ship, its projectiles with it
		name := strconv.Itoa(int(id))
		for _, o := range g.players.Objects() {
			if o.Name() == name {
				assert.NoError(t, o.Despawn())
			}
		}
	})
	g.players.Handle(inputsPlayer, "Weapon", "_spawn_projectile", g.fire)
	go g.tick()
	return g
}

// spawn is spawn_manager.gd's _add_player_to_game: the ship of peer id,
// the host's on the left and the others' on the right at random, its
// PlayerInput the peer's (player.gd's _enter_tree).
func (g *inputsHost) spawn(id multiplayer.PeerID) error {
	name := strconv.Itoa(int(id))
	at, ship := gdvar.Vector2{X: float64(75 + rand.IntN(201)), Y: float64(50 + rand.IntN(521))}, "default"
	if id != multiplayer.ServerID {
		at, ship = gdvar.Vector2{X: float64(1400 + rand.IntN(201)), Y: at.Y}, "ship2"
	}
	state := map[string]any{".:position": at, ".:selected_ship": ship, "AttributeComponent:health": int64(5)}
	if id == multiplayer.ServerID {
		state["PlayerInput:input_dir"] = gdvar.Vector2{}
		_, err := g.players.Spawn(inputsPlayer, name, state)
		return err
	}
	_, err := g.players.SpawnWithOwners(inputsPlayer, name, multiplayer.Owners{"PlayerInput": id}, state)
	return err
}

// fire is weapon.gd's _spawn_projectile on the host: a projectile below
// the ship, 18 px under it, tagged with its name, flying left but for
// the host's own ship.
func (g *inputsHost) fire(c *multiplayer.Call) error {
	for _, o := range g.players.Objects() {
		if o.Child("Weapon") != c.Node {
			continue
		}
		var at gdvar.Vector2
		if err := o.Get(".:position", &at); err != nil {
			return err
		}
		flip := int64(1)
		if o.Name() != "1" {
			flip = -1
		}
		weapon := o.SpawnerAt(inputsShots)
		_, err := weapon.Spawn(inputsProjectile, "Projectile"+strconv.Itoa(len(weapon.Objects())+1), map[string]any{
			".:position": gdvar.Vector2{X: at.X, Y: at.Y + 18}, ".:flip_dir": flip, "PlayerTagged:tagged_player_name": o.Name()})
		return err
	}
	return nil
}

// tick moves each ship by its input at 600 px/s (player.gd: stopped
// without input) and each projectile at 700 px/s (projectile.gd), 60
// times a second, until the host closes.
func (g *inputsHost) tick() {
	const dt = 1.0 / 60
	tick := time.NewTicker(time.Second / 60)
	defer tick.Stop()
	for {
		select {
		case <-g.m.Done():
			return
		case <-tick.C:
		}
		for _, o := range g.players.Objects() {
			var dir, at gdvar.Vector2
			if o.Get("PlayerInput:input_dir", &dir) != nil || o.Get(".:position", &at) != nil {
				continue
			}
			g.mu.Lock()
			if dir != (gdvar.Vector2{}) {
				g.steered[o.Name()] = true
			}
			g.mu.Unlock()
			if dir != (gdvar.Vector2{}) { // player.gd stops a ship without input at once
				g.report(o.Set(".:position", gdvar.Vector2{X: at.X + dir.X*600*dt, Y: at.Y + dir.Y*600*dt}))
			}
			for _, shot := range o.SpawnerAt(inputsShots).Objects() {
				var flip int64
				if shot.Get(".:position", &at) == nil && shot.Get(".:flip_dir", &flip) == nil {
					g.report(shot.Set(".:position", gdvar.Vector2{X: at.X + float64(flip)*700*dt, Y: at.Y}))
				}
			}
		}
	}
}

// report records an error of the host's own.
func (g *inputsHost) report(err error) {
	if err != nil {
		g.mu.Lock()
		g.errs = append(g.errs, err)
		g.mu.Unlock()
	}
}
