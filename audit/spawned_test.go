package audit

import (
	"context"
	"net"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/multiplayer/fromproject"
	"github.com/gdvar/gdvar/project"
)

// nestedSpawns declares testdata/nested on a Go server and spawns two
// levels, each through the main scene's spawner, and players through
// each level's own spawner: 2 and 3 in Level, 4 in Arena (after Probe,
// which tells the server serves).
func nestedSpawns(t *testing.T) *fromproject.Scene {
	p, err := project.Open("testdata/nested")
	require.NoError(t, err)
	m := multiplayer.MustNew()
	t.Cleanup(func() { m.Close() })
	game, err := fromproject.Declare(m, p, "res://main.tscn")
	require.NoError(t, err)
	levels, err := game.Spawner("/root/Main/LevelSpawner")
	require.NoError(t, err)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	go m.Serve(context.Background(), ln) // only a server spawns; Close ends it
	require.Eventually(t, func() bool {
		_, err := levels.Spawn("res://level.tscn", "Probe", nil)
		return err == nil
	}, 10*time.Second, time.Millisecond, "serving")
	for _, level := range []struct {
		name    string
		players []string
	}{{"Level", []string{"2", "3"}}, {"Arena", []string{"4"}}} {
		o, err := levels.Spawn("res://level.tscn", level.name, nil)
		require.NoError(t, err)
		for _, name := range level.players {
			_, err := o.SpawnerAt("PlayerSpawner").Spawn("res://player.tscn", name, map[string]any{".:position": nil})
			require.NoError(t, err)
		}
	}
	return game
}

// The nodes spawned inside spawned nodes are walked, as deep as they go,
// each named by the surface's pattern.
func TestSpawnedOn(t *testing.T) {
	var got []string
	for _, n := range spawnedOn(nestedSpawns(t)) {
		got = append(got, n.pattern+" "+n.o.Path())
	}
	assert.Equal(t, []string{
		"/root/Main/Levels/* /root/Main/Levels/Probe",
		"/root/Main/Levels/* /root/Main/Levels/Level",
		"/root/Main/Levels/*/Players/* /root/Main/Levels/Level/Players/2",
		"/root/Main/Levels/*/Players/* /root/Main/Levels/Level/Players/3",
		"/root/Main/Levels/* /root/Main/Levels/Arena",
		"/root/Main/Levels/*/Players/* /root/Main/Levels/Arena/Players/4",
	}, got, "each spawner's in the order they came, each followed by those it holds")
}

// An endpoint of a scene spawned inside a spawned scene is reached on a
// node that is not the attacker's, the victim's first; or it says why
// not.
func TestSpawnedTarget(t *testing.T) {
	nodes := spawnedOn(nestedSpawns(t))
	players := "/root/Main/Levels/*/Players/*"
	for _, c := range []struct {
		name, pattern, child, method, attacker, victim string
		want, why                                      string
	}{
		{name: "the victim's", pattern: players, method: "hit", attacker: "2", victim: "4", want: "/root/Main/Levels/Arena/Players/4"},
		{name: "not the attacker's", pattern: players, method: "hit", attacker: "2", want: "/root/Main/Levels/Level/Players/3"},
		{name: "no victim there", pattern: players, method: "hit", attacker: "3", victim: "9", want: "/root/Main/Levels/Level/Players/2"},
		{name: "no other method", pattern: players, method: "heal", attacker: "2", why: "the node spawned there is of another scene"},
		{name: "a child without methods", pattern: players, child: "Input", method: "hit", attacker: "2", why: "the node spawned there is of another scene"},
		{name: "no such spawn", pattern: "/root/Main/Levels/*/Crates/*", method: "hit", attacker: "2", why: "no node was spawned there for the clients"},
	} {
		t.Run(c.name, func(t *testing.T) {
			n, why := spawnedTarget(nodes, c.pattern, c.child, c.method, c.attacker, c.victim)
			assert.Equal(t, c.why, why)
			if c.want != "" && assert.NotNil(t, n) {
				assert.Equal(t, c.want, n.Path())
			}
		})
	}
}

// The node picked for another peer: never the attacker's own, the
// victim's or one under it first, then one under no node of the
// attacker's, then one under the attacker's.
func TestPickForeign(t *testing.T) {
	node := func(names ...string) spawnedNode { return spawnedNode{names: names} }
	all := func(spawnedNode) bool { return true }
	for _, c := range []struct {
		name  string
		nodes []spawnedNode
		want  int // -1: none
	}{
		{"only the attacker's", []spawnedNode{node("L", "2")}, -1},
		{"the victim's", []spawnedNode{node("L", "5"), node("L", "3")}, 1},
		{"under the victim's", []spawnedNode{node("L", "5"), node("3", "Gun"), node("L", "3")}, 1},
		{"not under the attacker's", []spawnedNode{node("2", "Gun"), node("L", "5")}, 1},
		{"under the attacker's, at last", []spawnedNode{node("2", "Gun")}, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := pickForeign(c.nodes, "2", "3", all)
			if c.want < 0 {
				assert.Nil(t, got)
				return
			}
			assert.Same(t, &c.nodes[c.want], got)
		})
	}
}

// The spawners forged spawns go through: the main scene's, then one of
// each place the spawned nodes hold one, found in the game where that
// node is.
func TestSpawnersOn(t *testing.T) {
	var got []string
	for _, p := range spawnersOn(nestedSpawns(t), "2", "") {
		got = append(got, p.name+" "+p.at+" "+p.spawnPath)
	}
	assert.Equal(t, []string{
		"/root/Main/LevelSpawner /root/Main/LevelSpawner /root/Main/Levels",
		"/root/Main/Levels/*/PlayerSpawner /root/Main/Levels/Probe/PlayerSpawner /root/Main/Levels/Probe/Players",
	}, got)
}
