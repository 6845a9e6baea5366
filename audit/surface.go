package audit

import (
	"fmt"
	"iter"
	"path"
	"slices"
	"strings"

	"github.com/gdvar/gdvar/multiplayer/mode"
	"github.com/gdvar/gdvar/project"
)

// maxScenes bounds the spawnable scenes a surface reads, nested
// spawners' included: as package fromproject declares at most 4096 scenes
// a spawner.
const maxScenes = 4096

// endpoint is an @rpc method of a node the game runs.
type endpoint struct {
	node   string // absolute; a spawned scene's name is "*"
	script string // the script set on the node
	rpc    project.NamedRPC
}

// surface is what a project's running game declares for the high-level
// multiplayer: its nodes with scripts of @rpc methods (each script's
// methods kept once, however many nodes hold it: endpoints gives each
// node's), its spawners and synchronizers, what could not be read, and
// the scripts its nodes hold.
type surface struct {
	placed        []placed
	rpcs          map[string][]project.NamedRPC // by script; nil when refused
	methods       int                           // the endpoints
	notChecked    []Finding
	scripts       []string // each once, in the order met
	spawners      int
	synchronizers int
}

// placed is a node holding a script of @rpc methods.
type placed struct{ node, script string }

// endpoints yields each @rpc method of each node, in the order met.
func (s *surface) endpoints() iter.Seq[endpoint] {
	return func(yield func(endpoint) bool) {
		for _, n := range s.placed {
			for _, r := range s.rpcs[n.script] {
				if !yield(endpoint{node: n.node, script: n.script, rpc: r}) {
					return
				}
			}
		}
	}
}

// surfaceOf reads the surface of p's running game: the autoloads and
// mainScene ("" is the project's), the scenes its spawners spawn, as
// deep as they go, and each script on their nodes. A script the reader
// refuses, or a spawnable scene it cannot read, is a NotChecked
// finding; a main scene it cannot read, the error.
func surfaceOf(p *project.Project, mainScene string) (*surface, error) {
	tree, err := p.RunningTree(mainScene)
	if err != nil {
		return nil, err
	}
	s := &surface{rpcs: map[string][]project.NamedRPC{}}
	w := surfaceWalk{p: p, s: s, scriptSeen: map[string]bool{}, sceneSeen: map[string]bool{}}
	w.nodes(tree, "")
	for len(w.queue) > 0 {
		q := w.queue[0]
		w.queue = w.queue[1:]
		nodes, err := p.Tree(q.scene)
		if err != nil {
			s.notChecked = append(s.notChecked, Finding{Kind: NotChecked, Level: Info, Node: q.at,
				Message: fmt.Sprintf("spawnable scene %s: %v", project.Shown(q.scene), err)})
			continue
		}
		w.nodes(nodes, q.at)
	}
	return s, nil
}

// surfaceWalk reads a surface: each script's RPCs once, each spawnable
// scene once, queued as its spawner is met.
type surfaceWalk struct {
	p          *project.Project
	s          *surface
	scriptSeen map[string]bool
	sceneSeen  map[string]bool
	queue      []queuedScene
}

// queuedScene is a spawnable scene to read, its root at at.
type queuedScene struct{ scene, at string }

// nodes reads a tree's nodes: from the root of the running game when
// base is "" (their paths absolute), else a spawned scene's, its root at
// base.
func (w *surfaceWalk) nodes(tree []project.SceneNode, base string) {
	w.s.placed = slices.Grow(w.s.placed, len(tree)) // append's growth of a long list allocates five times its size
	for _, n := range tree {
		abs := n.Path
		if base != "" {
			abs = base
			if n.Path != "." {
				abs = base + "/" + n.Path
			}
		}
		if n.Synchronizer != nil {
			w.s.synchronizers++
		}
		if sp := n.Spawner; sp != nil {
			w.s.spawners++
			at := path.Join(abs, sp.SpawnPath) + "/*"
			for _, sc := range sp.Scenes {
				if w.sceneSeen[sc] {
					continue
				}
				w.sceneSeen[sc] = true
				if len(w.sceneSeen) > maxScenes {
					w.s.notChecked = append(w.s.notChecked, Finding{Kind: NotChecked, Level: Info, Node: abs,
						Message: fmt.Sprintf("spawnable scene %s: past the %d scenes an audit reads", project.Shown(sc), maxScenes)})
					continue
				}
				w.queue = append(w.queue, queuedScene{sc, at})
			}
		}
		if n.Script == "" {
			continue
		}
		if !w.scriptSeen[n.Script] {
			w.scriptSeen[n.Script] = true
			w.s.scripts = append(w.s.scripts, n.Script)
			rpcs, err := w.p.RPCs(n.Script)
			if err != nil {
				w.s.notChecked = append(w.s.notChecked, Finding{Kind: NotChecked, Level: Info, Node: abs, Script: n.Script,
					Message: firstLine(err.Error())})
				rpcs = nil
			}
			w.s.rpcs[n.Script] = rpcs
		}
		if rpcs := w.s.rpcs[n.Script]; len(rpcs) > 0 {
			w.s.placed = append(w.s.placed, placed{abs, n.Script})
			w.s.methods += len(rpcs)
		}
	}
}

// firstLine is s up to its first line break, at most 512 bytes.
func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	if len(s) > 512 {
		s = s[:512] + "…"
	}
	return s
}

// anyPeer says a method takes calls from any peer.
func (e endpoint) anyPeer() bool { return e.rpc.RPC.Mode == mode.AnyPeer }
