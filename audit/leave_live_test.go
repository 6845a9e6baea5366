package audit

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A call that breaks the server for good is found (testdata/recurring:
// tilt's largest int makes _process fail at main.gd:25 every frame from
// then on), and the error it then prints every frame is not a leave's,
// while the leave handler's own error (main.gd:30, a peer that left
// unmet) is.
func TestLiveKeepsFailing(t *testing.T) {
	t.Parallel() // a game of its own, on a port of its own (auditTestGame)
	rep, _, err := auditTestGame(t, "recurring", 3*time.Minute, Config{Wait: 5 * time.Second})
	require.NoError(t, err)
	assert.Empty(t, rep.Stopped)
	var lines []int
	var broke []*Finding
	for i, f := range rep.Findings {
		switch f.Kind {
		case LeaveError:
			lines = append(lines, f.Line)
			assert.Contains(t, f.Message, "Out of bounds get index", f.Key())
		case KeepsFailing:
			broke = append(broke, &rep.Findings[i])
		case Stall, Freezes:
			t.Errorf("a failing server is not a stalled one: %s: %s", f.Key(), f.Message)
		}
	}
	assert.Equal(t, []int{30}, lines, "leave errors at main.gd's lines")
	if assert.Len(t, broke, 1, "keeps-failing findings") {
		f := broke[0]
		assert.Equal(t, "/root/Main", f.Node)
		assert.Equal(t, "tilt", f.Method)
		assert.Equal(t, "res://main.gd", f.Script)
		assert.Equal(t, 25, f.Line)
		assert.Contains(t, f.Message, "on its own")
		assert.Contains(t, f.Message, "max-int(n)")
	}
	if t.Failed() {
		for _, f := range rep.Findings {
			t.Logf("%s: %s (line %d)", f.Key(), f.Message, f.Line)
		}
	}
}
