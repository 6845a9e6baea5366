package multiplayer

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A branch's root itself may hold RPCs (its script's): it is declared by
// its path, named "." in the packets, as the engine's rel_path_to of a
// node to itself, and found again by either.
func TestRootNodeItself(t *testing.T) {
	const root = "/root/Main"
	m := MustNew(WithRoot(root))
	set, err := NewMethodSet(Method{Name: "ping"})
	require.NoError(t, err)
	n, err := m.DeclareNode(root, set)
	require.NoError(t, err)
	assert.Equal(t, root, n.Path())
	assert.Same(t, n, m.Lookup(root))
	assert.Same(t, n, m.Lookup("."))
	_, err = m.DeclareNode("/root/Other", set)
	assert.Error(t, err, "a node outside the root")
}
