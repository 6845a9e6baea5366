package audit

import (
	"errors"
	"fmt"
	"iter"
	"path"
	"slices"
	"strings"

	"github.com/gdvar/gdvar/multiplayer/mode"
	"github.com/gdvar/gdvar/project"
)

// maxScenes bounds the scenes a surface reads besides the running tree:
// spawned, named in code or reached by nothing, nested spawners' included;
// as package fromproject declares at most 4096 scenes a spawner.
const maxScenes = 4096

// endpoint is an @rpc method of a node the game runs.
type endpoint struct {
	node   string // absolute; a spawned scene's name is "*"
	script string // the script set on the node
	rpc    project.NamedRPC
}

// surface is what a project declares for the high-level multiplayer, in
// every scene read (see reach.go for which and how): its nodes with
// scripts of @rpc methods (each script's methods kept once, however many
// nodes hold it: endpoints gives each node's), its spawners and
// synchronizers, what could not be read or reached, the scripts its
// nodes hold, and the scenes with how the game reaches each.
type surface struct {
	placed        []placed
	rpcs          map[string][]project.NamedRPC // by script; nil when refused
	methods       int                           // the endpoints
	notChecked    []Finding                     // NotChecked and NotReached
	scripts       []string                      // each once, in the order met
	spawners      int
	synchronizers int
	synced        map[string]bool // the properties synchronizers replicate, "node:property" (addSynced)
	scenes        []SceneReach    // those holding methods, spawners or synchronizers
	custom        []customSpawn   // the spawners whose spawn_function makes scenes (codeSpawns)
}

// placed is a node holding a script of @rpc methods.
type placed struct {
	node, script string
	live         bool // the server runs it as it starts: a live audit calls it
}

// endpoints yields each @rpc method of each node, in the order met.
func (s *surface) endpoints() iter.Seq[endpoint] { return s.nodeMethods(false) }

// liveEndpoints yields those of the nodes the server runs as it starts:
// the main scene's, the autoloads', and those their spawners spawn.
func (s *surface) liveEndpoints() iter.Seq[endpoint] { return s.nodeMethods(true) }

func (s *surface) nodeMethods(liveOnly bool) iter.Seq[endpoint] {
	return func(yield func(endpoint) bool) {
		for _, n := range s.placed {
			if liveOnly && !n.live {
				continue
			}
			for _, r := range s.rpcs[n.script] {
				if !yield(endpoint{node: n.node, script: n.script, rpc: r}) {
					return
				}
			}
		}
	}
}

// surfaceOf reads the surface of p's game: the running tree (the
// autoloads and mainScene, "" the project's), the scenes the spawners of
// what is read spawn, as deep as they go, then the scenes the project's
// code names, then those nothing reaches and the scripts of RPCs no node
// holds (reach.go), each script on their nodes read once. A script the
// reader refuses, an autoload the engine does not add, a node whose
// script does not load (the engine runs it without), or a scene past the
// running tree it cannot read, is a NotChecked finding; a scene or script
// nothing reaches, a NotReached one; a running tree it cannot read, the
// error.
func surfaceOf(p *project.Project, mainScene string) (*surface, error) {
	tree, err := p.RunningTree(mainScene)
	if err != nil {
		return nil, err
	}
	s := &surface{rpcs: map[string][]project.NamedRPC{}, scenes: []SceneReach{}} // "scenes": [] in JSON, never null
	w := &surfaceWalk{p: p, s: s, scriptSeen: map[string]bool{}, sceneSeen: map[string]bool{}, covered: map[string]bool{},
		placedOnce: map[string]bool{}, faultSeen: map[string]bool{}, refs: map[string]project.SceneRefs{}}
	if err := w.running(tree, mainScene); err != nil {
		return nil, err
	}
	w.drain()
	w.fromCode(mainScene)
	w.notReached()
	w.unplaced()
	if w.past > 0 {
		s.notChecked = append(s.notChecked, Finding{Kind: NotChecked, Level: Info, Script: w.firstPast,
			Message: fmt.Sprintf("%d scenes past the %d an audit reads were not read, the first %s", w.past, maxScenes, project.Shown(w.firstPast))})
	}
	return s, nil
}

// surfaceWalk reads a surface: each script's RPCs and scene references
// once, each scene once, queued as what reaches it is met.
type surfaceWalk struct {
	p          *project.Project
	s          *surface
	scriptSeen map[string]bool
	sceneSeen  map[string]bool // queued or read as a row's root
	covered    map[string]bool // instanced within a tree read
	placedOnce map[string]bool // scripts placed on a node
	faultSeen  map[string]bool // the scripts' faults noted, by their text
	readFiles  []string        // the rows' scenes and their nodes' scripts, in the order read
	refs       map[string]project.SceneRefs
	queue      []queuedScene
	queued     int    // the scenes queued, against maxScenes
	past       int    // the scenes past maxScenes, not read
	firstPast  string // the first of them
}

// queuedScene is a scene to read, and how the game reaches it.
type queuedScene struct {
	scene  string
	parent string // the path its root is under: a spawn path, /root, or * where the code decides
	// spawned says its root is named "*", as a spawner names a node it
	// spawns; else by its name in the scene.
	spawned bool
	reached Reach
	by      string
	live    bool
	origin  string // the scene a -scene runs to reach it
}

// enqueue queues a scene not seen yet, within maxScenes.
func (w *surfaceWalk) enqueue(q queuedScene) {
	if w.sceneSeen[q.scene] {
		return
	}
	w.sceneSeen[q.scene] = true
	if w.queued == maxScenes {
		if w.past == 0 {
			w.firstPast = q.scene
		}
		w.past++
		return
	}
	w.queued++
	w.queue = append(w.queue, q)
}

// drain reads the queued scenes, and those their spawners spawn.
func (w *surfaceWalk) drain() {
	for len(w.queue) > 0 {
		q := w.queue[0]
		w.queue = w.queue[1:]
		nodes, err := w.p.Tree(q.scene)
		root := q.parent + "/*"
		if !q.spawned {
			root = q.parent + "/" + rootName(q.scene, nodes)
		}
		if err != nil {
			w.s.notChecked = append(w.s.notChecked, Finding{Kind: NotChecked, Level: Info, Node: root,
				Message: fmt.Sprintf("scene %s (%s%s): %v", project.Shown(q.scene), q.reached, byText(q.by), err)})
			continue
		}
		w.read(&row{SceneReach: SceneReach{Path: q.scene, Reached: q.reached, By: q.by, Root: root}, base: root, live: q.live, origin: q.origin}, nodes)
	}
}

// rootName is the name of a scene's root in its tree, or its file's.
func rootName(scene string, nodes []project.SceneNode) string {
	if len(nodes) > 0 && nodes[0].Node != nil && nodes[0].Node.Name != "" {
		return nodes[0].Node.Name
	}
	return strings.TrimSuffix(path.Base(scene), path.Ext(scene))
}

// row is a scene being read: its listing, and what its nodes hand on.
type row struct {
	SceneReach
	base   string // its root's path; "" for the running tree's, whose paths are absolute
	live   bool
	origin string
	// spawners are its spawners by absolute path; first its nodes'
	// scripts, each the first node holding it, to look up spawners by.
	spawners map[string]*project.SpawnerSettings
	first    []placed
	// byName are its spawners by name (for %Name), nodeRefs its scene's
	// references by node: made once a row, when asked.
	byName   map[string]string
	nodeRefs map[string][]project.SceneRef
	// instances are the scenes its nodes instance, by the node's
	// absolute path: a node of one is set in that scene's file.
	instances map[string]string
}

// read reads a row's nodes (of the running tree when its base is "":
// their paths absolute; else a scene's, its root at base), counts them,
// queues what its spawners and scripts spawn, and lists it if it holds
// methods, spawners or synchronizers.
func (w *surfaceWalk) read(r *row, tree []project.SceneNode) {
	if r.live {
		w.s.placed = slices.Grow(w.s.placed, len(tree)) // append's growth of a long list allocates five times its size
	}
	r.spawners = map[string]*project.SpawnerSettings{}
	w.readFiles = append(w.readFiles, r.Path)
	for _, n := range tree {
		abs := r.abs(n.Path)
		if n.Instance != "" {
			w.covered[n.Instance] = true
			if r.instances == nil {
				r.instances = map[string]string{}
			}
			r.instances[abs] = n.Instance
		}
		if n.Synchronizer != nil {
			r.Synchronizers++
			w.s.addSynced(abs, n.Synchronizer)
		}
		if sp := n.Spawner; sp != nil {
			r.Spawners++
			r.spawners[abs] = sp
			at := path.Join(abs, sp.SpawnPath)
			for _, sc := range sp.Scenes {
				w.enqueue(r.spawn(sc, at, "spawner "+abs))
			}
		}
		if n.ScriptFault != nil {
			w.unloaded(abs, n.ScriptFault)
		}
		if n.Script == "" {
			continue
		}
		if !w.scriptSeen[n.Script] {
			w.scriptSeen[n.Script] = true
			w.s.scripts = append(w.s.scripts, n.Script)
			w.readFiles = append(w.readFiles, n.Script)
			r.first = append(r.first, placed{node: abs, script: n.Script})
			rpcs, err := w.p.RPCs(n.Script)
			if err != nil {
				w.s.notChecked = append(w.s.notChecked, Finding{Kind: NotChecked, Level: Info, Node: abs, Script: n.Script,
					Message: firstLine(err.Error())})
				rpcs = nil
			}
			w.s.rpcs[n.Script] = rpcs
		}
		if rpcs := w.s.rpcs[n.Script]; len(rpcs) > 0 {
			r.Methods += len(rpcs)
			// A node no live audit calls matters for its script's
			// findings alone: the first holding it.
			if r.live || !w.placedOnce[n.Script] {
				w.placedOnce[n.Script] = true
				w.s.placed = append(w.s.placed, placed{abs, n.Script, r.live})
			}
		}
	}
	w.codeSpawns(r)
	w.s.methods += r.Methods
	w.s.spawners += r.Spawners
	w.s.synchronizers += r.Synchronizers
	if r.Methods+r.Spawners+r.Synchronizers > 0 {
		w.list(r)
	}
}

// unloaded notes a node the engine runs without its script, which does
// not load (a parse error, a file the project lacks): a NotChecked
// finding naming the script and the line, once a fault. The node has no
// methods, and no authority its script would set.
func (w *surfaceWalk) unloaded(node string, fault error) {
	text := fault.Error()
	if w.faultSeen[text] {
		return
	}
	w.faultSeen[text] = true
	f := Finding{Kind: NotChecked, Level: Info, Node: node,
		Message: "the engine runs the node without its script, which does not load: " + firstLine(text)}
	var se *project.ScriptError
	if errors.As(fault, &se) {
		f.Script, f.Line = se.Path, se.Line
	}
	w.s.notChecked = append(w.s.notChecked, f)
}

// abs is the absolute path of a node of the row's tree.
func (r *row) abs(p string) string {
	switch {
	case r.base == "":
		return p
	case p == ".":
		return r.base
	}
	return r.base + "/" + p
}

// spawn is a scene a spawner of the row spawns under at.
func (r *row) spawn(scene, at, by string) queuedScene {
	reached := ReachSpawned
	if r.Reached == ReachNone {
		reached, by = ReachNone, by+", in "+r.Path+", which nothing reaches"
	}
	return queuedScene{scene: scene, parent: at, spawned: true, reached: reached, by: by, live: r.live, origin: r.origin}
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
