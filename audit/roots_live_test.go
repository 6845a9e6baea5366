package audit

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A server whose main scene's root has its own multiplayer API, named by
// get_path() (testdata/branch), refuses every call sent under the
// tree's root (Node not found): the audit tries the nodes whose script
// calls set_multiplayer, finds /root/Main, says so, and audits there:
// its children and the root itself, whose path the packets give as ".".
// Given a root the server does not have, it reaches nothing, and says so
// with ErrNotReached, naming -root and -scene: never 0 findings. A
// server whose menu holds none of the game's methods (testdata/menu)
// is sent nothing: ErrNotReached too, naming -scene.
func TestLiveBranchRoot(t *testing.T) {
	t.Run("found", func(t *testing.T) {
		t.Parallel() // a game of its own, on a port of its own (auditTestGame)
		rep, _, err := auditTestGame(t, "branch", 3*time.Minute, Config{})
		require.NoError(t, err)
		assert.Equal(t, "/root/Main", rep.Net.Root)
		assert.Contains(t, rep.Keys(), "medium no-sender-check /root/Main/Chat.say")
		assert.Contains(t, rep.Keys(), "low accepts-huge /root/Main/Chat.say(text)", "the calls reached say")
		assert.Contains(t, rep.Keys(), "info accepts-extreme-int /root/Main.ping(n)", "and ping, on the root itself")
		var found string
		for _, f := range rep.Findings {
			if f.Kind == NotChecked && f.Param == "(root)" {
				found = f.Message
			}
			assert.NotContains(t, f.Message, "the server has no node", "a note of the root tried first is dropped: %s", f.Key())
		}
		assert.Equal(t, "the multiplayer root /root/Main, found by trying /root, /root/Main: give it with -root", found)
	})
	t.Run("given wrong", func(t *testing.T) {
		t.Parallel() // a game of its own, on a port of its own (auditTestGame)
		rep, _, err := auditTestGame(t, "branch", 3*time.Minute, Config{Root: "/root/Nowhere"})
		require.ErrorIs(t, err, ErrNotReached)
		require.ErrorIs(t, err, ErrCouldNotAudit)
		assert.Contains(t, err.Error(), "tried (/root/Nowhere)")
		assert.Contains(t, err.Error(), "-root")
		assert.Contains(t, err.Error(), "-scene")
		assert.Equal(t, err.Error(), rep.Error)
	})
	t.Run("nothing sent", func(t *testing.T) {
		t.Parallel() // a game of its own, on a port of its own (auditTestGame)
		rep, _, err := auditTestGame(t, "menu", 3*time.Minute, Config{})
		require.ErrorIs(t, err, ErrNotReached)
		assert.Contains(t, err.Error(), "nothing was sent: give -scene")
		assert.Zero(t, rep.Calls)
		assert.Contains(t, rep.Keys(), "medium not-reached res://game.tscn", "the scene that holds the method, named")
	})
}
