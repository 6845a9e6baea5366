package audit

import (
	"path"
	"slices"

	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/multiplayer/fromproject"
)

// spawnedNode is a node a spawner spawned on a client's side: one of
// the spawners of the main scene and the autoloads, or of a scene they
// spawned, as deep as they go.
type spawnedNode struct {
	o *multiplayer.Object
	// pattern is its path as the surface names it, each spawned node's
	// name "*": /root/Main/Levels/*/Players/*.
	pattern string
	scene   *multiplayer.SpawnableScene // its scene's declaration, its spawner config's
	order   int                         // its scene's place in its spawner's scenes, the custom ones after
	// names are the names of the spawned nodes it is under, outermost
	// first, then its own.
	names []string
}

// name is the node's own name.
func (n spawnedNode) name() string { return n.names[len(n.names)-1] }

// spawnedOn returns the nodes the spawners of a client's scene spawned,
// as it holds them now: each spawner's, by its path, in the order they
// came, each followed by those of the spawners its scene declares
// (multiplayer.Object.SpawnerAt). A scene that spawns itself is refused
// by fromproject: the walk ends.
func spawnedOn(sc *fromproject.Scene) []spawnedNode {
	n := 0 // counted first: the slice made once, not grown (five times its size, in copies)
	for _, p := range sc.Spawners() {
		sp, _ := sc.Spawner(p)
		cfg, _ := sc.SpawnerConfig(p)
		n += countSpawned(sp, cfg)
	}
	out := make([]spawnedNode, 0, n)
	for _, p := range sc.Spawners() {
		sp, _ := sc.Spawner(p)
		cfg, _ := sc.SpawnerConfig(p)
		out = appendSpawned(out, sp, cfg, cfg.SpawnPath, nil)
	}
	return out
}

// countSpawned counts the nodes appendSpawned appends (as many, unless
// the server spawns or despawns meanwhile).
func countSpawned(sp *multiplayer.Spawner, cfg multiplayer.SpawnerConfig) int {
	n := 0
	for _, o := range sp.Objects() {
		i := slices.IndexFunc(cfg.Scenes, func(s multiplayer.SpawnableScene) bool { return s.Path == o.Scene() })
		var sc *multiplayer.SpawnableScene
		switch {
		case i >= 0:
			sc = &cfg.Scenes[i]
		default:
			if i = slices.IndexFunc(cfg.Custom, func(s multiplayer.SpawnableScene) bool { return s.Path == o.Scene() }); i < 0 {
				continue
			}
			sc = &cfg.Custom[i]
		}
		n++
		for _, inner := range sc.Spawners {
			if s := o.SpawnerAt(inner.Path); s != nil {
				n += countSpawned(s, inner.SpawnerConfig)
			}
		}
	}
	return n
}

// appendSpawned appends the nodes of spawner sp, of config cfg, which
// spawns at the pattern at, under the spawned nodes named names, and
// those of the spawners they hold.
//
// A server fills a client's spawners (4 096 nodes at most, each
// spawner's limit 1 024), and the walk is made for each call: what is
// made for each node is its entry and its names alone, the pattern and
// its spawners' patterns made once for all the nodes of a spawner.
func appendSpawned(out []spawnedNode, sp *multiplayer.Spawner, cfg multiplayer.SpawnerConfig, at string, names []string) []spawnedNode {
	scenes := slices.Concat(cfg.Scenes, cfg.Custom)
	pattern := at + "/*"
	var inner [][]string // of each scene, its spawners' spawn paths' patterns, once
	for _, o := range sp.Objects() {
		i := slices.IndexFunc(scenes, func(s multiplayer.SpawnableScene) bool { return s.Path == o.Scene() })
		if i < 0 {
			continue // not a scene of its config: a client declares no other
		}
		n := spawnedNode{o: o, pattern: pattern, scene: &scenes[i], order: i, names: append(slices.Clip(names), o.Name())}
		out = append(out, n)
		if len(n.scene.Spawners) == 0 {
			continue
		}
		if inner == nil {
			inner = make([][]string, len(scenes))
		}
		if inner[i] == nil {
			for _, sc := range n.scene.Spawners {
				// Its spawn path is from the scene's root, which the
				// pattern names.
				inner[i] = append(inner[i], path.Join(pattern, sc.SpawnPath))
			}
		}
		for k, sc := range n.scene.Spawners {
			if s := o.SpawnerAt(sc.Path); s != nil {
				out = appendSpawned(out, s, sc.SpawnerConfig, inner[i][k], n.names)
			}
		}
	}
	return out
}

// pickForeign returns, of nodes, the one the attacker acts on for
// another peer, among those keep keeps: none spawned for the attacker
// (named by its id); the victim's first (spawned for it, or under a node
// that was), then one under no node of the attacker's, then any; at
// each rank, the first. It returns nil for none.
func pickForeign(nodes []spawnedNode, attacker, victim string, keep func(spawnedNode) bool) *spawnedNode {
	var pick *spawnedNode
	best := -1
	for i, n := range nodes {
		if n.name() == attacker || !keep(n) {
			continue
		}
		rank := 1
		switch {
		case victim != "" && slices.Contains(n.names, victim):
			rank = 2
		case slices.Contains(n.names, attacker):
			rank = 0
		}
		if rank > best {
			pick, best = &nodes[i], rank
		}
	}
	return pick
}

// spawnerPlace is a spawner of a client's, which forged spawns go
// through.
type spawnerPlace struct {
	// name is its path, as the surface names it: of one a spawned node
	// holds, with that node's name "*" (/root/Main/Levels/*/PlayerSpawner).
	name      string
	at        string // its path in the game
	sp        *multiplayer.Spawner
	spawnPath string // the node its nodes go under, in the game
	scenes    []multiplayer.SpawnableScene
}

// spawnersOn returns the spawners of a client's scene, by path, then
// those the spawned nodes hold, as deep as they go: of each place, the
// spawner of the node the attacker acts on for another peer
// (pickForeign, among the nodes of the scene there), none of the
// attacker's own node.
func spawnersOn(sc *fromproject.Scene, attacker, victim string) []spawnerPlace {
	var out []spawnerPlace
	for _, p := range sc.Spawners() {
		sp, _ := sc.Spawner(p)
		cfg, _ := sc.SpawnerConfig(p)
		out = append(out, spawnerPlace{name: p, at: p, sp: sp, spawnPath: cfg.SpawnPath, scenes: cfg.Scenes})
	}
	nodes := spawnedOn(sc)
	seen := map[string]bool{}
	for _, n := range nodes {
		for _, inner := range n.scene.Spawners {
			name := n.pattern + "/" + inner.Path
			if seen[name] {
				continue
			}
			seen[name] = true
			pick := pickForeign(nodes, attacker, victim, func(m spawnedNode) bool {
				return m.pattern == n.pattern && m.scene.Path == n.scene.Path
			})
			if pick == nil {
				continue
			}
			if sp := pick.o.SpawnerAt(inner.Path); sp != nil {
				out = append(out, spawnerPlace{name: name, at: pick.o.Path() + "/" + inner.Path, sp: sp,
					spawnPath: path.Join(pick.o.Path(), inner.SpawnPath), scenes: inner.Scenes})
			}
		}
	}
	return out
}
