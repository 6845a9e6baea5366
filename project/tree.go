package project

import (
	"errors"
	"fmt"
	"io/fs"
	"path"

	"github.com/gdvar/gdvar/resource"
)

// Tree returns the nodes of the scene at resPath as the engine's tree
// holds them once the scene is instanced: each instance's nodes follow
// it, at their paths from this scene's root, and so on down. An instance
// takes its scene's root's class, script, spawner and synchronizer,
// unless the instancing scene sets its script; a node inside an instance
// that the scene overrides (editable children) takes the script the
// override sets, and a MultiplayerSpawner's or MultiplayerSynchronizer's
// settings the override sets. A model the engine imports as a scene
// (.glb, .gltf, .dae, .blend, .fbx…) is read through its .import file:
// the imported scene where the project has it, else the root its import
// settings make, marked Partial, as are the nodes an instancing scene
// overrides under it. A scene the project lacks is an error that says so. A scene that
// instances itself, through others or not, is an error ([ErrCycle]), as
// in the engine. A node whose class cannot hold its script is an error,
// as the engine refuses to attach that script (see checkScripts). A
// script that does not load (a parse error, a file the project lacks)
// costs only its nodes, which the engine runs without it: their Script
// is "", their ScriptFault why. The tree holds at most
// [Limits.MaxFiles] nodes ([ErrTooManyFiles]) and [Limits.TreeBytesPerByte]
// bytes a byte of the scenes read ([ErrBudget]), and nests at most
// [Limits.MaxDepth] instances ([ErrTooDeep]): what it holds is counted
// from its scenes before a node is made, and refused then past a bound.
// Its errors are *SceneErrors.
func (p *Project) Tree(resPath string) ([]SceneNode, error) {
	w := p.newTreeWalk()
	if err := w.plan(resPath, ""); err != nil {
		return nil, err
	}
	w.make()
	if err := w.tree(resPath, ""); err != nil {
		return nil, err
	}
	return w.out, nil
}

// treeFloor is what a question's trees may hold besides
// [Limits.TreeBytesPerByte] a byte of their scenes, and nodeBytes what
// it counts for a node besides its path: what a node takes, 104 bytes of
// [SceneNode] and its entry in treeWalk.at, with room to spare.
const (
	treeFloor = 320 << 10
	nodeBytes = 256
)

// treeWalk makes the trees of one question (a [Project.Tree], or each of
// a [Project.RunningTree]'s), depth first, within one budget: the scenes
// read, by path, and what their trees hold; the nodes made so far, the
// place of each by its path, the instances being walked.
type treeWalk struct {
	p       *Project
	scenes  map[string]*Scene
	binary  map[*resource.Node]bool // the nodes of binary scenes
	extents map[string]extent
	out     []SceneNode
	at      map[string]int // places in out, by path
	root    string         // the scene (or script) whose tree is being made
	stack   []instance
	budget  budget // the bytes of the scenes read, and of the nodes made
	// planned are the nodes of the trees planned, and their bytes.
	planned, plannedBytes int64
}

func (p *Project) newTreeWalk() *treeWalk {
	return &treeWalk{p: p, scenes: map[string]*Scene{}, binary: map[*resource.Node]bool{}, extents: map[string]extent{},
		budget: budget{perByte: p.limits.TreeBytesPerByte, floor: treeFloor}}
}

// instance is a scene being walked, and its node whose instance is being
// walked.
type instance struct{ scene, node string }

// tree adds the nodes of the tree of scene res, its root at prefix ("",
// or /root/Name under [Project.RunningTree]), and checks their scripts.
func (w *treeWalk) tree(res, prefix string) error {
	w.root = res
	start := len(w.out)
	if err := w.walk(res, prefix); err != nil {
		return err
	}
	return w.checkScripts(res, w.out[start:])
}

// walk adds the nodes of scene res, instanced at prefix ("" for the scene
// asked for), after the nodes of the instances it makes.
func (w *treeWalk) walk(res, prefix string) error {
	if file, err := w.p.fromUID(res); err == nil {
		res = file // a loop through uid:// is met as the scene it names
	}
	for _, in := range w.stack {
		if in.scene == res {
			return w.errorAt(res, "", ErrCycle)
		}
	}
	if len(w.stack) > w.p.limits.MaxDepth {
		return w.errorAt(res, "", fmt.Errorf("instances nested past %d: %w", w.p.limits.MaxDepth, ErrTooDeep))
	}
	sc, err := w.scene(res)
	if err != nil {
		return w.errorAt(res, "", err)
	}
	w.stack = append(w.stack, instance{scene: res})
	defer func() { w.stack = w.stack[:len(w.stack)-1] }()
	start := len(w.out) // this scene's nodes are those from start on
	for _, n := range sc.Nodes {
		at := n.Path
		switch {
		case prefix != "" && n.Path == ".":
			at = prefix
		case prefix != "":
			at = path.Clean(prefix + "/" + n.Path) // path.Join, but made once
		}
		if i, ok := w.at[at]; ok && i >= start && n.Type == "" && n.Instance == "" {
			w.override(&w.out[i], n, sc)
			continue
		}
		if n.Instance == "" {
			if n.Type == "" && n.Path != "." {
				n.Partial = w.partialAbove(at)
			}
			n.Path = at
			if err := w.add(n); err != nil {
				return err
			}
			continue
		}
		w.stack[len(w.stack)-1].node = n.Path
		root := len(w.out)
		if err := w.walk(n.Instance, at); err != nil {
			return err
		}
		if root == len(w.out) {
			return w.errorAt(n.Instance, "", errors.New("a scene without nodes"))
		}
		r := &w.out[root]
		r.Path, r.Instance, r.Node = at, n.Instance, n.Node
		w.at[at] = root
		w.override(r, n, sc)
	}
	return nil
}

// scene reads scene res, counting its bytes in the budget once.
func (w *treeWalk) scene(res string) (*Scene, error) {
	if sc := w.scenes[res]; sc != nil {
		return sc, nil
	}
	r := w.p.scene(res)
	if errors.Is(r.err, fs.ErrNotExist) {
		return nil, fmt.Errorf("the project has no such scene (%w)", fs.ErrNotExist)
	} else if r.err != nil {
		return nil, r.err
	}
	sc := r.scene
	w.scenes[res] = sc
	w.budget.read += int64(r.size)
	if path.Ext(res) != ".tscn" { // the engine picks the loader by the extension
		for _, n := range sc.File.Nodes {
			w.binary[n] = true
		}
	}
	return sc, nil
}

// add adds a node, within [Limits.MaxFiles] and the budget.
func (w *treeWalk) add(n SceneNode) error {
	if len(w.out) == w.p.limits.MaxFiles {
		return w.treeError(w.root, fmt.Errorf("more than %d nodes with its instances: %w", w.p.limits.MaxFiles, ErrTooManyFiles))
	}
	if !w.budget.take(nodeBytes + int64(len(n.Path))) {
		return w.treeError(w.root, w.budget.refused("its nodes take"))
	}
	w.at[n.Path] = len(w.out)
	w.out = appendDoubling(w.out, n)
	return nil
}

// override applies what the scene walked (sc) sets on a node an instance
// made: its script, and a spawner's or synchronizer's settings, on a
// copy, as the scene read is shared.
func (w *treeWalk) override(dst *SceneNode, n SceneNode, sc *Scene) {
	if n.Script != "" {
		dst.Script = n.Script
	}
	if dst.Spawner != nil {
		s := *dst.Spawner
		w.p.setSpawner(&s, n.Node.Properties)
		dst.Spawner = &s
	}
	if dst.Synchronizer != nil {
		s := *dst.Synchronizer
		setSynchronizer(&s, sc.ids, n.Node.Properties)
		dst.Synchronizer = &s
	}
}

// partialAbove returns the Partial of the nearest node above path at
// that the tree holds, when one is: a node overridden under an imported
// scene whose nodes are not known.
func (w *treeWalk) partialAbove(at string) string {
	for dir := path.Dir(at); dir != "." && dir != "/"; dir = path.Dir(dir) {
		if i, ok := w.at[dir]; ok {
			return w.out[i].Partial
		}
	}
	return ""
}

// treeError returns err, a bound of the whole tree, as a *[SceneError] of
// the scene (or script) whose tree is refused.
func (w *treeWalk) treeError(res string, err error) error {
	return &SceneError{Chain: []string{res}, Err: err}
}

// errorAt returns err as a *[SceneError] at node (or "") of the scene
// walked; next, if not "", is the scene its node instances, not walked.
func (w *treeWalk) errorAt(next, node string, err error) error {
	chain := make([]string, 0, 2*len(w.stack)+1)
	for i, in := range w.stack {
		chain = append(chain, in.scene)
		if i < len(w.stack)-1 || next != "" {
			chain = append(chain, in.node)
		}
	}
	if next != "" {
		chain = append(chain, next)
	}
	return &SceneError{Chain: chain, Node: node, Err: err}
}
