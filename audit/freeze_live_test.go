package audit

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A call that holds the server's main loop past FreezeAfter (1.5 s: the
// tests run two games at once) is a freeze, and the audit goes on
// (testdata/freeze). chat's huge String holds it 2 s, within the wait (9
// s: on a loaded machine with two cores the 1 MiB call has taken 6.5 s
// in all), twice (the call sent again, so that a busy machine is not
// taken for a freeze). work's largest int holds it 25 s, past the wait
// and ENet's timeout: a client that times the server out was not
// dropped by it, and the call is a freeze, waited for and not sent
// again. hello and yawn, called after each, are reached.
func TestLiveFreezes(t *testing.T) {
	t.Parallel() // a game of its own, on a port of its own (auditTestGame)
	rep, _, err := auditTestGame(t, "freeze", 5*time.Minute, Config{Wait: 9 * time.Second, FreezeAfter: 1500 * time.Millisecond})
	require.NoError(t, err)
	assert.Empty(t, rep.Stopped)
	byKey := map[string]Finding{}
	for _, f := range rep.Findings {
		byKey[f.Key()] = f
	}
	chat, work := byKey["high freezes /root/Main.chat"], byKey["high freezes /root/Main.work"]
	assert.Contains(t, chat.Message, "after it again")
	assert.Contains(t, chat.Message, "huge-string(text)")
	assert.Contains(t, work.Message, "max-int(ms)")
	assert.NotContains(t, work.Message, "after it again", "a call not answered within the wait is not sent again")
	assert.Regexp(t, `answered (2[5-9]|[3-5][0-9])(\.[0-9])?s after the call`, work.Message, "work holds the server 25 s: its fence came back then")
	assert.Equal(t, "res://main.gd", work.Script)
	for _, f := range rep.Findings {
		assert.False(t, f.Kind == Freezes && (f.Method == "hello" || f.Method == "yawn"), "a call that freezes nothing: %s", f.Key())
	}
	ran := map[string]bool{}
	for _, r := range rep.Results {
		ran[r.Method] = ran[r.Method] || r.Outcome == Accepted
	}
	assert.True(t, ran["hello"], "hello was called after chat froze the server")
	assert.True(t, ran["yawn"], "yawn was called after work froze the server past the wait")
	assert.Zero(t, rep.Server.Restarts, "the server answered again: it was waited for, not started again")
}
