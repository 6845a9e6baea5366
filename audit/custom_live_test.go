package audit

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/project"
)

// The surface notes the spawners whose spawn_function a script sets, and
// the scenes it makes (a member holding the scene, player_spawner.gd),
// for the clients to declare as their custom scenes: here the level's
// PlayerSpawner, below the spawned level's root.
func TestCustomSpawnsDeclared(t *testing.T) {
	p, err := project.Open("testdata/custom")
	require.NoError(t, err)
	s, err := surfaceOf(p, "")
	require.NoError(t, err)
	assert.Equal(t, []customSpawn{{scene: "res://level.tscn", spawner: "PlayerSpawner", scenes: []string{"res://player.tscn"}}}, s.custom)
	assert.Len(t, declareCustom(p, "res://main.tscn", s.custom), 1)
	// One the clients cannot declare is left out, and the rest kept.
	bad := append([]customSpawn{{scene: "res://player.tscn", spawner: "Nope", scenes: []string{"res://player.tscn"}}}, s.custom...)
	assert.Len(t, declareCustom(p, "res://main.tscn", bad), 1)
}

// The audit of a server whose players a spawn_function builds inside a
// spawned level (testdata/custom, as devlup-fsu/multiplayer-godot: the
// engine sends these spawns with no scene of the spawner's list) reaches
// them: the clients declare the spawner's custom scene, which they
// would else refuse each spawn of (multiplayer's ErrUnknownScene),
// seeing no player. The victim's player's hit is called, its syncs
// forged, a player's spawn forged through the level's spawner, and the
// attacker's own input, which the server moves its player by, attacked.
func TestLiveCustomNestedSpawns(t *testing.T) {
	t.Parallel() // a game of its own, on a port of its own (auditTestGame)
	rep, _, err := auditTestGame(t, "custom", 4*time.Minute, Config{})
	require.NoError(t, err)
	assert.Equal(t, []string{
		"high owned-scaled /root/Main/Level/*/Players/*.Input(Input:direction)",
		"high owned-state-relayed /root/Main/Level/*/Players/*.Input(Input:direction)",
		"high no-sender-check-shared /root/Main/Level/*/Players/*.hit res://player.gd",
		"medium owned-state-kept /root/Main/Level/*/Players/*.Input(Input:direction)",
		"low sync-relayed /root/Main/Level/*/Players/*.Input(Input:direction)",
		"low accepts-nan /root/Main/Level/*/Players/*.hit(amount) res://player.gd",
		"info accepts-extreme-int /root/Main/Level/*/Players/*.hit(amount) res://player.gd",
	}, rep.Keys(), "no not-checked: each player is reached")
	assert.Empty(t, rep.Stopped)
	victim := ""
	var forged, spawns []string
	for _, r := range rep.Results {
		switch r.Attack {
		case attackValid:
			victim = r.Node
			assert.Equal(t, Accepted, r.Outcome, "%+v", r)
			assert.Regexp(t, `^/root/Main/Level/Level/Players/\d+$`, r.Node)
		case attackSync, attackReplay:
			assert.Equal(t, Refused, r.Outcome, "%+v", r)
			assert.Equal(t, victim, r.Node, "the victim's player: %+v", r)
			forged = append(forged, r.Attack+" "+r.Method+"("+r.Param+")")
		case attackSpawn:
			assert.Equal(t, Refused, r.Outcome, "%+v", r)
			spawns = append(spawns, r.Node+"("+r.Param+")")
		case attackOwned + "-" + attackNaN:
			assert.Equal(t, Accepted, r.Outcome, "%+v", r)
			assert.NotEqual(t, victim, r.Node, "the attacker's own player")
		}
	}
	assert.Equal(t, []string{"sync Sync(.:position)", "replay Sync(.:position)", "sync Input(Input:direction)", "replay Input(Input:direction)"}, forged)
	assert.Equal(t, []string{"/root/Main/LevelSpawner(res://level.tscn)", "/root/Main/Level/Level/PlayerSpawner(res://player.tscn)"},
		spawns, "through the main scene's spawner and the level's")
}
