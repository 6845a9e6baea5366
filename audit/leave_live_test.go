package audit

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// An error the server prints every frame once a call broke it is not a
// leave's (testdata/recurring: tilt's largest int makes _process fail
// at main.gd:25 from then on), while the leave handler's own error
// (main.gd:30, a peer that left unmet) is.
func TestLiveLeaveNotBlamedForRecurring(t *testing.T) {
	t.Parallel() // a game of its own, on a port of its own (auditTestGame)
	rep, _, err := auditTestGame(t, "recurring", 3*time.Minute, Config{Wait: 5 * time.Second})
	require.NoError(t, err)
	assert.Empty(t, rep.Stopped)
	var lines []int
	for _, f := range rep.Findings {
		if f.Kind == LeaveError {
			lines = append(lines, f.Line)
			assert.Contains(t, f.Message, "Out of bounds get index", f.Key())
		}
	}
	assert.Equal(t, []int{30}, lines, "leave errors at main.gd's lines")
	if t.Failed() {
		for _, f := range rep.Findings {
			t.Logf("%s: %s (line %d)", f.Key(), f.Message, f.Line)
		}
	}
}
