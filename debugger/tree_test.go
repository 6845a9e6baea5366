package debugger

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// chainTree is the scene_tree data of a root, a chain of depth nodes each
// the only child of the one before, and leaves children of the deepest;
// and the deepest node's path.
func chainTree(depth, leaves int) ([]any, string) {
	data := []any{int64(1), "root", "Window", int64(1), "", int64(0)}
	path := []string{"", "root"}
	for i := range depth {
		children := int64(1)
		if i == depth-1 {
			children = int64(leaves)
		}
		name := fmt.Sprint("N", i)
		data = append(data, children, name, "Node", int64(2+i), "", int64(0))
		path = append(path, name)
	}
	for i := range leaves {
		data = append(data, int64(0), fmt.Sprint("L", i), "Node", int64(1<<34+i), "", int64(0))
	}
	return data, strings.Join(path, "/")
}

// A deep scene_tree costs what it was sent, not the square of its depth:
// a chain of 10 000 nodes, and a chain of 5 000 whose last node has 5 000
// children, read and searched for their deepest node.
func TestDeepTreeIsLinear(t *testing.T) {
	for _, c := range []struct {
		name          string
		depth, leaves int
	}{
		{"a chain of 10 000", 10_000, 0},
		{"a comb of 5 000 and 5 000", 5_000, 5_000},
		{"a flat tree of 10 000", 1, 10_000},
	} {
		t.Run(c.name, func(t *testing.T) {
			data, deepest := chainTree(c.depth, c.leaves)
			frame, err := gdvar.Marshal([]any{"scene:scene_tree", int64(1), data})
			require.NoError(t, err)
			var root, found *Node
			alloc := hostile.Allocated(func() {
				m, err := ParseMessage(frame, 0)
				require.NoError(t, err)
				root, err = ParseTree(m)
				require.NoError(t, err)
				found = root.Find(deepest)
			})
			t.Logf("%d bytes: %.1f allocated a byte", len(frame), float64(alloc)/float64(len(frame)))
			require.NotNil(t, found, deepest)
			assert.Equal(t, int64(2+c.depth-1), found.ID)
			assert.LessOrEqual(t, alloc, uint64(maxTreePerByte*len(frame)))
		})
	}
}

// maxTreePerByte bounds what reading a scene_tree and finding a node in
// it allocate, a byte of the message: the message's values and the nodes.
const maxTreePerByte = 16

// Within goes down as deep as it is told, depth first in child order.
func TestNodeWithin(t *testing.T) {
	c := &Node{Name: "C"}
	b := &Node{Name: "B", Children: []*Node{c}}
	d := &Node{Name: "D"}
	root := &Node{Name: "root", Children: []*Node{{Name: "A", Children: []*Node{b}}, d}}
	for _, tc := range []struct {
		depth int
		want  []string
	}{
		{0, []string{"0 root"}},
		{1, []string{"0 root", "1 A", "1 D"}},
		{2, []string{"0 root", "1 A", "2 B", "1 D"}},
		{-1, []string{"0 root", "1 A", "2 B", "3 C", "1 D"}},
	} {
		var got []string
		for level, n := range root.Within(tc.depth) {
			got = append(got, fmt.Sprintf("%d %s", level, n.Name))
		}
		assert.Equal(t, tc.want, got, "depth %d", tc.depth)
	}
}

// dropChildren takes the freed children out, with the nodes under them,
// and leaves the others in their order.
func TestNodeDropChildren(t *testing.T) {
	tree, _ := chainTree(2, 4) // root, N0, N1 with leaves L0…L3
	root, err := ParseTree(Message{Name: "scene:scene_tree", Thread: 1, Data: tree})
	require.NoError(t, err)
	names := func() []string {
		var got []string
		for n := range root.All() {
			got = append(got, n.Name)
		}
		return got
	}
	named := func(names ...string) func(*Node) bool {
		return func(n *Node) bool { return slices.Contains(names, n.Name) }
	}
	n1 := root.Find("/root/N0/N1")
	require.NotNil(t, n1)
	l1 := n1.Children[1]
	n1.dropChildren(named("L1", "L3"))
	assert.Equal(t, []string{"root", "N0", "N1", "L0", "L2"}, names(), "leaves")
	assert.Nil(t, root.Find("/root/N0/N1/L1"))
	assert.Nil(t, l1.parent)
	n1.dropChildren(named("L1")) // dropped already: nothing more
	assert.Equal(t, []string{"root", "N0", "N1", "L0", "L2"}, names())
	root.Children[0].dropChildren(named("N1"))
	assert.Equal(t, []string{"root", "N0"}, names(), "a node with the nodes under it")
}
