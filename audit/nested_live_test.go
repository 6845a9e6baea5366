package audit

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The audit of a server whose players are spawned inside a spawned
// level (testdata/nested: the main scene's spawner spawns the level,
// whose own spawner spawns a player for each peer) reaches them as it
// reaches a first-level spawn: the victim's player's hit, an any_peer
// method that never asks the sender, is called (player.gd:21); its
// synchronizers' syncs are forged and replayed, and a player's spawn is
// forged through the level's spawner (all refused: the server's); the
// attacker's own input, the direction the server moves its player by
// (player.gd:16), takes NaN and the infinities, which the server keeps,
// moves the player by, and sends on to the victim.
func TestLiveNestedSpawns(t *testing.T) {
	t.Parallel() // a game of its own, on a port of its own (auditTestGame)
	rep, _, err := auditTestGame(t, "nested", 4*time.Minute, Config{})
	require.NoError(t, err)
	assert.Equal(t, []string{
		"high owned-scaled /root/Main/Levels/*/Players/*.Input/InputSync(Input:direction)",
		"high owned-state-relayed /root/Main/Levels/*/Players/*.Input/InputSync(Input:direction)",
		"high no-sender-check-shared /root/Main/Levels/*/Players/*.hit res://player.gd",
		"medium owned-state-kept /root/Main/Levels/*/Players/*.Input/InputSync(Input:direction)",
		"low sync-relayed /root/Main/Levels/*/Players/*.Input/InputSync(Input:direction)",
		"low accepts-nan /root/Main/Levels/*/Players/*.hit(amount) res://player.gd",
		"info accepts-extreme-int /root/Main/Levels/*/Players/*.hit(amount) res://player.gd",
	}, rep.Keys(), "no not-checked: each node is reached")
	assert.Empty(t, rep.Stopped)
	victim := ""
	var forged, spawns []string
	for _, r := range rep.Results {
		switch r.Attack {
		case attackValid:
			victim = r.Node
			assert.Equal(t, Accepted, r.Outcome, "%+v", r)
			assert.Regexp(t, `^/root/Main/Levels/Level/Players/\d+$`, r.Node)
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
			assert.Contains(t, r.Message, "the victim received Input:direction = NaN")
		}
	}
	assert.Equal(t, []string{"sync Sync(.:position)", "replay Sync(.:position)",
		"sync Input/InputSync(Input:direction)", "replay Input/InputSync(Input:direction)"}, forged)
	assert.Equal(t, []string{"/root/Main/LevelSpawner(res://level.tscn)", "/root/Main/Levels/Level/PlayerSpawner(res://player.tscn)"},
		spawns, "through the main scene's spawner and the level's")
}
