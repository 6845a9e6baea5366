package audit

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/project"
)

// The engine's refusals of a call to a node its multiplayer root lacks
// are told from its other refusals.
func TestNodeMissing(t *testing.T) {
	for _, c := range []struct {
		res     Result
		missing bool
	}{
		{Result{Outcome: Refused, Message: `Node not found: "Main/Chat" (relative to "/root/Main").`}, true},
		{Result{Outcome: Refused, Message: "Failed to get path from RPC: Main/Chat."}, true},
		{Result{Outcome: Refused, Message: `Parameter "node" is null.`}, true},
		{Result{Outcome: Refused, Message: "Invalid packet received. Unabled to find requested cached node ID: 3."}, true},
		{Result{Outcome: Refused, Message: "RPC - 'Node(chat.gd)::say': Method expected 1 argument(s), but called with 0"}, false},
		{Result{Outcome: ScriptFailed, Message: `Node not found: "Label" (relative to "/root/Main").`}, false}, // the handler's own
		{Result{Outcome: NoEffect}, false},
	} {
		assert.Equal(t, c.missing, nodeMissing(c.res), c.res.Message)
	}
}

// The roots tried are the nodes whose script calls set_multiplayer with
// a value the reader cannot tell (get_path()), then their children (a
// root built of the path and a child's name), then the tree's own,
// those tried left out.
func TestRootCandidates(t *testing.T) {
	p, err := project.Open("testdata/branch")
	require.NoError(t, err)
	a := &auditor{cfg: Config{Project: p}}
	assert.Equal(t, []string{"/root/Main", "/root/Main/Chat", ""}, a.rootCandidates(nil))
	assert.Equal(t, []string{"/root/Main", "/root/Main/Chat"}, a.rootCandidates([]string{""}))
	assert.Equal(t, []string{"/root, /root/Main"}, []string{shownRoots([]string{"", "/root/Main"})})
}
