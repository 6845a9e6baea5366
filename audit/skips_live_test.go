package audit

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The server of testdata/skips runs without what Godot 4.6 cannot load
// (TestStaticSkips, TestLiveAutoloadFaults in package project): the
// audit, whose clients declare the rest, calls the main scene's methods;
// what it skipped is a not-checked finding each. Before, the audit could
// not audit (exit 3), the project unread.
func TestLiveSkips(t *testing.T) {
	t.Parallel() // a game of its own, on a port of its own (auditTestGame)
	rep, _, err := auditTestGame(t, "skips", 4*time.Minute, Config{Duration: time.Minute})
	require.NoError(t, err)
	ran := map[string]bool{}
	for _, r := range rep.Results {
		if r.Attack == attackValid {
			ran[r.Node+"."+r.Method] = r.Outcome == Accepted
		}
	}
	assert.Equal(t, map[string]bool{"/root/Main.first": true, "/root/Main.say": true}, ran, "the main scene's methods, called")
	notChecked := map[string]bool{}
	for _, f := range rep.Findings {
		if f.Kind == NotChecked && f.Method == "" {
			notChecked[f.Node] = true
		}
	}
	for _, node := range []string{"/root/Nakama", "/root/Data", "/root/Main/Old", "/root/Main/Players/*"} {
		assert.True(t, notChecked[node], "%s: not-checked", node)
	}
}
