package audit

import (
	"testing"

	"github.com/gdvar/gdvar/debugger"
	"github.com/stretchr/testify/assert"
)

// treeNode builds a tree node of id with children.
func treeNode(id int64, children ...*debugger.Node) *debugger.Node {
	return &debugger.Node{ID: id, Children: children}
}

// What a hold added to the server's tree counts each node added under
// one that was there once, its children with it: a shot instanced from
// a scene of six nodes is one (InvasiveSpecies's water, which counted
// as six, made its cooldown's ten shots in a hold look like one a frame).
func TestAdded(t *testing.T) {
	shot := func(id int64) *debugger.Node {
		return treeNode(id, treeNode(id+1), treeNode(id+2), treeNode(id+3), treeNode(id+4), treeNode(id+5))
	}
	tests := []struct {
		name          string
		before, after *debugger.Node
		want          int
	}{
		{"nothing", treeNode(1, treeNode(2)), treeNode(1, treeNode(2)), 0},
		{"a node", treeNode(1, treeNode(2)), treeNode(1, treeNode(2, treeNode(3))), 1},
		{"two shots of six nodes", treeNode(1, treeNode(2)), treeNode(1, treeNode(2, shot(10), shot(20))), 2},
		{"one freed, one added", treeNode(1, treeNode(2), treeNode(3)), treeNode(1, treeNode(2, treeNode(4))), 1},
		{"all freed", treeNode(1, treeNode(2, treeNode(3), treeNode(4))), treeNode(1, treeNode(2)), 0},
		{"under a node added, not again", treeNode(1), treeNode(1, treeNode(2, treeNode(3, treeNode(4)))), 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, added(tt.before, tt.after))
		})
	}
}
