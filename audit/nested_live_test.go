package audit

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The audit of a server whose players are spawned inside a spawned level
// reaches them as it reaches a first-level spawn: the victim's player's
// hit, an any_peer method that never asks the sender, is called
// (player.gd); its synchronizers' syncs are forged and replayed, and a
// player's spawn is forged through the level's spawner (all refused: the
// server's); the attacker's own input, the direction the server moves
// its player by, takes NaN and the infinities, which the server keeps,
// moves the player by, and sends on to the victim, and a length of 100.
//   - nested: the level's own spawner spawns a player for each peer;
//   - custom (as devlup-fsu/multiplayer-godot): a spawn_function builds
//     each player, whose spawns the engine sends with no scene of the
//     spawner's list: the clients declare the spawner's custom scene,
//     which they would else refuse each spawn of (multiplayer's
//     ErrUnknownScene), seeing no player.
func TestLiveNestedSpawns(t *testing.T) {
	for _, c := range []struct {
		game, levels, input string
		nan                 string // what the victim received of the attacker's NaN input
	}{
		{game: "nested", levels: "Levels", input: "Input/InputSync", nan: "the victim received Input:direction = NaN"},
		{game: "custom", levels: "Level", input: "Input"},
	} {
		t.Run(c.game, func(t *testing.T) {
			t.Parallel() // a game of its own, on a port of its own (auditTestGame)
			rep, _, err := auditTestGame(t, c.game, 4*time.Minute, Config{})
			require.NoError(t, err)
			players := "/root/Main/" + c.levels + "/*/Players/*"
			assert.Equal(t, []string{
				"high owned-scaled " + players + "." + c.input + "(Input:direction)",
				"high owned-state-relayed " + players + "." + c.input + "(Input:direction)",
				"high no-sender-check-shared " + players + ".hit res://player.gd",
				"medium owned-state-kept " + players + "." + c.input + "(Input:direction)",
				"low sync-relayed " + players + "." + c.input + "(Input:direction)",
				"low accepts-nan " + players + ".hit(amount) res://player.gd",
				"info accepts-extreme-int " + players + ".hit(amount) res://player.gd",
			}, rep.Keys(), "no not-checked: each node is reached")
			assert.Empty(t, rep.Stopped)
			victim := ""
			var forged, spawns []string
			for _, r := range rep.Results {
				switch r.Attack {
				case attackValid:
					victim = r.Node
					assert.Equal(t, Accepted, r.Outcome, "%+v", r)
					assert.Regexp(t, `^/root/Main/`+c.levels+`/Level/Players/\d+$`, r.Node)
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
					assert.Contains(t, r.Message, c.nan)
				}
			}
			assert.Equal(t, []string{"sync Sync(.:position)", "replay Sync(.:position)",
				"sync " + c.input + "(Input:direction)", "replay " + c.input + "(Input:direction)"}, forged)
			assert.Equal(t, []string{"/root/Main/LevelSpawner(res://level.tscn)", "/root/Main/" + c.levels + "/Level/PlayerSpawner(res://player.tscn)"},
				spawns, "through the main scene's spawner and the level's")
		})
	}
}
