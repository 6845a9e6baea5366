package audit

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A method whose function fails only after an await (testdata/later:
// a second of errors after each call that ran it) is audited call by
// call: the calls the engine refuses, whose handler never ran, are
// refused, whatever errors the rest of an earlier call's function made
// meanwhile (as Amangas's create_game does once, 0.25 s after the call).
// Before, each of them was a script error, the valid call's.
func TestLiveErrorsOfAnEarlierCall(t *testing.T) {
	t.Parallel() // a game of its own, on a port of its own (auditTestGame)
	rep, _, err := auditTestGame(t, "later", 4*time.Minute, Config{Duration: time.Minute})
	require.NoError(t, err)
	refused := 0
	for _, r := range rep.Results {
		if r.Method != "later" {
			continue
		}
		switch r.Attack {
		case attackMissing, attackExtra, attackWrongType:
			refused++
			assert.Equal(t, Refused, r.Outcome, "%+v", r)
			assert.Contains(t, []string{"RPC - 'Node(main.gd)::later': Method expected 1 argument(s), but called with 0",
				"RPC - 'Node(main.gd)::later': Method expected 1 argument(s), but called with 2",
				"RPC - 'Node(main.gd)::later': Cannot convert argument 1 from String to int"}, r.Message)
		}
	}
	assert.Equal(t, 3, refused, "missing, extra and wrong-type: %+v", rep.Results)
	assert.Greater(t, rep.Server.Errors, 40, "the server's errors after the awaits")
}
