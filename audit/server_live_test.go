package audit

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The audit of a server written to be at fault (testdata/server, whose
// methods each fail one way) finds each fault, through every path of
// the audit: an untyped parameter that takes a Dictionary, an Object
// and NaN, and makes script errors (damage); a watched property another
// peer changes (health, which damage assigns without a sender check); object decoding on (hold); an authority method
// the game gave the attacker (Door.open); a crash on the largest int,
// after which the server is started again and the audit goes on; a
// drop of the caller (after its handler ran with the huge String), after
// which it joins again (kick); script errors
// with their file and line (fail); a spawn of a shot the engine takes,
// whose spawner the game gave the attacker, and one of a box it refuses,
// whose spawner is the server's. When Run returns, the server is gone.
func TestLiveServerFaults(t *testing.T) {
	t.Parallel() // a game of its own, on a port of its own (auditTestGame)
	rep, _, err := auditTestGame(t, "server", 5*time.Minute, Config{Watch: []Watch{{Node: "/root/Main", Property: "health"}}})
	require.NoError(t, err)
	assert.Equal(t, []string{
		"high object-decoding res://main.gd",
		"high crash /root/Main.crash",
		"high accepts-object /root/Main.damage(amount)",
		"high no-sender-check-shared /root/Main.damage",
		"high watched-changed /root/Main.damage",
		"high accepts-object /root/Main.hold(thing)",
		"high authority-bypass /root/Main/Door.open",
		"high spawn-accepted /root/Main/ShotSpawner(res://shot.tscn)",
		"medium no-sender-check /root/Main.crash",
		"medium accepts-wrong-type /root/Main.damage(amount)",
		"medium script-error /root/Main.damage",
		"medium untyped-param /root/Main.damage(amount)",
		"medium no-sender-check /root/Main.fail",
		"medium script-error /root/Main.fail",
		"low accepts-nan /root/Main.crash(code)",
		"low accepts-deep /root/Main.damage(amount)",
		"low accepts-huge /root/Main.damage(amount)",
		"low accepts-nan /root/Main.damage(amount)",
		"low accepts-nan /root/Main.fail(index)",
		"low accepts-huge /root/Main.kick(reason)",
		"low disconnected /root/Main.kick",
		"info not-checked (owned-state)",
		"info accepts-extreme-int /root/Main.crash(code)",
		"info accepts-extreme-int /root/Main.damage(amount)",
		"info accepts-extreme-int /root/Main.fail(index)",
	}, rep.Keys())
	assert.Equal(t, 1, rep.Server.Restarts, "after the crash")
	assert.Empty(t, rep.Stopped)
	byKey := map[string]Finding{}
	for _, f := range rep.Findings {
		byKey[f.Key()] = f
	}
	fail := byKey["medium script-error /root/Main.fail"]
	assert.Equal(t, []any{"res://main.gd", 44}, []any{fail.Script, fail.Line}, "where the script error was raised")
	assert.Contains(t, byKey["high watched-changed /root/Main.damage"].Message, "/root/Main:health changed from 100 to 99")
	var spawns, syncs []Result
	for _, r := range rep.Results {
		r.took = 0 // how long the server took, which varies
		switch r.Attack {
		case attackSpawn:
			spawns = append(spawns, r)
		case attackSync, attackReplay:
			syncs = append(syncs, r)
		}
	}
	assert.Equal(t, []Result{
		{Node: "/root/Main/BoxSpawner", Attack: attackSpawn, Param: "res://box.tscn", Args: "(Vector2)", Outcome: Refused,
			Message: `Condition "p_from != spawner->get_multiplayer_authority()" is true. Returning: ERR_UNAUTHORIZED`},
		{Node: "/root/Main/ShotSpawner", Attack: attackSpawn, Param: "res://shot.tscn", Args: "()", Outcome: Accepted,
			Message: "the server added /root/Main/Shots/gdvar_forged_spawn_2"},
	}, spawns, "the box's spawner is the server's; the shots' the attacker's")
	require.Len(t, syncs, 2, "the box's forged and replayed syncs")
	for _, r := range syncs {
		assert.Equal(t, Refused, r.Outcome, "%+v", r)
	}
	var after []Result
	for _, r := range rep.Results {
		if r.Method == "fail" || r.Method == "hold" {
			after = append(after, r)
		}
	}
	require.NotEmpty(t, after, "the calls after the crash")
	assert.Equal(t, Accepted, after[0].Outcome, "fail's valid call, to the server started again")
}

// running says a process's command line names dir.
func running(dir string) bool {
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err == nil && strings.Contains(string(b), dir) {
			return true
		}
	}
	return false
}
