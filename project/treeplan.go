package project

import (
	"fmt"

	"github.com/gdvar/gdvar/resource"
)

// A tree is planned before it is made: what it holds is read from its
// scenes, each counted once however often instanced, so that a tree past
// the budget is refused having made no node, and one within it is made
// to its size.

// extent is what the tree of a scene holds as its scenes say, before it
// is made: its nodes, and the bytes of their paths from its root. It is
// not known where a scene is missing or refused, nests deeper than
// [Limits.MaxDepth] or instances itself: the walk says why. Past
// [Limits.MaxFiles] nodes, it counts no further.
type extent struct {
	nodes, paths int64
	known        bool
}

// extent returns what the tree of scene res holds, each scene's counted
// once: a node counts once, an instance as its scene's tree under its
// path, and a node without a type under an instance not at all, as it
// overrides a node of the instance (editable children).
func (w *treeWalk) extent(res string, depth int) extent {
	if file, err := w.p.fromUID(res); err == nil {
		res = file
	}
	if e, ok := w.extents[res]; ok {
		return e
	}
	w.extents[res] = extent{} // met again within itself: a cycle
	sc, err := w.scene(res)
	if err != nil || depth > w.p.limits.MaxDepth {
		return extent{}
	}
	e := extent{known: true}
	var inside map[string]bool // the paths of its instances, and of the nodes under them
	for _, n := range sc.Nodes {
		switch {
		case n.Instance != "":
			sub := w.extent(n.Instance, depth+1)
			if !sub.known {
				return sub
			}
			e.nodes += sub.nodes
			e.paths += sub.paths + sub.nodes*int64(len(n.Path)+1)
			if inside == nil {
				inside = map[string]bool{}
			}
			inside[n.Path] = true
		case n.Type == "" && n.Path != "." && inside[parentPath(n.Node)]:
			inside[n.Path] = true
		default:
			e.nodes++
			e.paths += int64(len(n.Path))
		}
		if e.nodes > int64(w.p.limits.MaxFiles) {
			break
		}
	}
	w.extents[res] = e
	return e
}

// parentPath is the path of a node's parent from its scene's root.
func parentPath(n *resource.Node) string {
	if n.Parent == "." {
		return "."
	}
	return n.Parent
}

// plan reads the scenes of the tree of scene res, its root at prefix, and
// counts what it holds with the trees planned before it: past
// [Limits.MaxFiles] nodes or the budget, it is refused before a node is
// made.
func (w *treeWalk) plan(res, prefix string) error {
	e := w.extent(res, 0)
	if !e.known {
		return nil
	}
	w.planned += e.nodes
	w.plannedBytes += e.nodes*nodeBytes + e.paths
	if prefix != "" {
		w.plannedBytes += e.nodes * int64(len(prefix)+1)
	}
	switch {
	case w.plannedBytes > w.budget.limit():
		return w.treeError(res, w.budget.refused("its nodes take"))
	case w.planned > int64(w.p.limits.MaxFiles):
		return w.treeError(res, fmt.Errorf("more than %d nodes with its instances: %w", w.p.limits.MaxFiles, ErrTooManyFiles))
	}
	return nil
}

// make makes room for the nodes planned.
func (w *treeWalk) make() {
	w.out = make([]SceneNode, 0, w.planned)
	w.at = make(map[string]int, w.planned)
}
