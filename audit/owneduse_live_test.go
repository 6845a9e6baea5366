package audit

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The owned state attacked by its use (testdata/input): the server moves
// the player by its peer's direction scaled by its speed with no bound
// (player.gd:17), so a direction held at length 100 moves it about 100
// times as far as one of length 1 (a wall at x = 0, where it starts,
// lets it move left alone: held right, it moves nothing): owned-scaled;
// the aim, clamped to length 1 (:25), moves it as fast at 100: not
// owned-scaled; it adds a shot every
// frame the peer holds firing (:19): owned-held; it keeps an emote of
// control characters (:21): owned-state-kept. Before the attacks, the
// client gives each property of the synchronizer the server's value:
// its syncs carry them all, and none while one has none (firing and
// emote, spawn off, are never sent by the server). The server relays
// each of the attacker's syncs to the victim (server_relay, the default)
// as fast as it sends them: about a byte received for each two sent (a
// copy to the server, one to the victim through it), the victim's quiet
// traffic taken off: sync-relayed.
func TestLiveOwnedUse(t *testing.T) {
	t.Parallel() // a game of its own, on a port of its own (auditTestGame)
	rep, _, err := auditTestGame(t, "input", 4*time.Minute, Config{})
	require.NoError(t, err)
	byKey := map[string]Finding{}
	for _, f := range rep.Findings {
		byKey[f.Key()] = f
	}
	const input = "/root/Main/Players/*.Input/InputSync"
	scaled := byKey["high owned-scaled "+input+"(Input:direction)"]
	assert.Regexp(t, `held at length 100, the server moved the attacker's node [0-9]+× as fast as at length 1`, scaled.Message, "%v", rep.Keys())
	assert.Contains(t, byKey["medium owned-held "+input+"(Input:firing)"].Message, "it acts on every frame the peer holds it")
	assert.Contains(t, byKey["medium owned-state-kept "+input+"(Input:emote)"].Message, "owned-control")
	relay := byKey["low sync-relayed "+input+"(Input:direction)"].Message
	assert.Regexp(t, `as fast as it sent them: [0-9]+ a second \(a Godot client sends 60\), 0\.[4-9][0-9] bytes received per byte sent`, relay, "%v", rep.Keys())
	for _, k := range rep.Keys() {
		assert.NotContains(t, k, "owned-scaled "+input+"(Input:firing)", "a bool is held, not scaled")
		assert.NotContains(t, k, "owned-scaled "+input+"(Input:aim)", "a clamped input moves as fast")
	}
}
