package multiplayer

import (
	"fmt"
	"path"
	"strings"
)

// noPeer is the side that spawned a node no spawner made: no peer, so
// that no side spawns or despawns it, even before it has its id.
const noPeer PeerID = -1

// Synchronized declares a node of the game's own scene, one no spawner
// made, that MultiplayerSynchronizers replicate, each Synchronizer's Path
// relative to the node ("Sync", or "../BallSync" for a sibling whose
// root_path is "../Ball"). As in the engine, such synchronizers have no
// net ids: they are named by their paths' cache ids, and each syncs to
// every peer it is visible to once the peer has confirmed its path, from
// the node's authority (the server until Object.SetAuthority). Shown to
// a peer again, or to a peer that joins, a synchronizer sends it every
// OnChange property in its next DELTA, as the engine. A node
// declared with Node before keeps its methods. The Object's Spawner is
// the node's own, which spawns nothing: its OnSync and
// SetVisibilityFilter serve this node. It panics if the declaration is
// invalid, as Spawner does.
func (m *Multiplayer) Synchronized(nodePath string, syncs ...Synchronizer) *Object {
	rel, ok := relativePath(nodePath)
	if !ok || rel == "" {
		panic(fmt.Sprintf("multiplayer: synchronized node path %q is not under %s", nodePath, rootPath))
	}
	sc := newScene(nodePath, SpawnableScene{Synchronizers: syncs}, customScene)
	paths := []string{rel}
	for _, d := range sc.syncs {
		p := path.Join(rel, d.Path)
		if p == "." || p == ".." || strings.HasPrefix(p, "../") || path.IsAbs(d.Path) {
			panic(fmt.Sprintf("multiplayer: node %s: synchronizer %q is not under %s", nodePath, d.Path, rootPath))
		}
		paths = append(paths, p)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	nodes := make([]*Node, len(paths))
	for i, p := range paths {
		nodes[i] = m.nodes[p]
		if nodes[i] == nil {
			nodes[i], _ = newNode(m, p, noMethods) // p is under the root, as checked
			m.nodes[p] = nodes[i]
		}
	}
	s := &Spawner{m: m, node: nodes[0], spawnPath: rel}
	o := &Object{spawner: s, scene: sc, name: path.Base(rel), node: nodes[0], values: make([][]byte, len(sc.props)),
		from: noPeer, authority: ServerID, public: !sc.private}
	o.node.object = o
	for i, d := range sc.syncs {
		sy := &objectSync{obj: o, decl: d, node: nodes[i+1], changed: make([]uint64, len(d.watch))}
		sy.node.object, sy.node.sync = o, sy
		o.syncs = append(o.syncs, sy)
	}
	s.objects.Set(o.name, o, false)
	m.spawners = append(m.spawners, s)
	return o
}
