package multiplayer

import (
	"fmt"
	"path"
	"strings"
)

// noPeer is the side that spawned a node no spawner made: no peer, so
// that no side spawns or despawns it, even before it has its id.
const noPeer PeerID = -1

// synchronized declares a synchronized node (Synchronized).
func (r *replLayer) synchronized(nodePath string, syncs []Synchronizer) *Object {
	rel, ok := r.cfg.relative(nodePath)
	if !ok || rel == "" {
		panic(fmt.Sprintf("multiplayer: synchronized node path %q is not under %s", nodePath, r.cfg.root))
	}
	sc := newScene(nodePath, SpawnableScene{Synchronizers: syncs}, customScene)
	paths := []string{rel}
	for _, d := range sc.syncs {
		p := path.Join(rel, d.Path)
		if p == "." || p == ".." || strings.HasPrefix(p, "../") || path.IsAbs(d.Path) {
			panic(fmt.Sprintf("multiplayer: node %s: synchronizer %q is not under %s", nodePath, d.Path, r.cfg.root))
		}
		paths = append(paths, p)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.rpc.mu.Lock()
	defer r.rpc.mu.Unlock()
	nodes := make([]*Node, len(paths))
	for i, p := range paths {
		nodes[i] = r.rpc.nodes[p]
		if nodes[i] == nil {
			nodes[i], _ = newNode(r.rpc, p, noMethods) // p is under the root, as checked
			r.rpc.nodes[p] = nodes[i]
		}
	}
	s := &Spawner{r: r, node: nodes[0], spawnPath: rel}
	o := &Object{spawner: s, scene: sc, name: path.Base(rel), node: nodes[0], values: make([][]byte, len(sc.props)),
		from: noPeer, authority: ServerID, public: !sc.hidden}
	r.mayOwn()
	o.node.role = o
	for i, d := range sc.syncs {
		sy := &objectSync{obj: o, decl: d, node: nodes[i+1], authority: ServerID, public: !d.Private, changed: make([]uint64, len(d.watch))}
		sy.node.role = sy
		o.syncs = append(o.syncs, sy)
	}
	s.objects.Set(o.name, o, false)
	r.spawners = append(r.spawners, s)
	r.active.Store(true)
	return o
}
