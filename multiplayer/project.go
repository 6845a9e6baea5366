package multiplayer

import (
	"fmt"
	"github.com/gdvar/gdvar/multiplayer/mode"
	"path"
	"slices"
	"strings"
	"time"

	"github.com/gdvar/gdvar/internal/ordered"
	"github.com/gdvar/gdvar/project"
)

// ProjectScene is a Godot project's main scene as DeclareProject declared
// it: its nodes with @rpc methods, its spawners and its synchronized
// nodes, found by their paths.
type ProjectScene struct {
	m        *Multiplayer
	scene    string                 // the main scene's res:// path
	nodes    map[string]projectNode // by absolute path
	spawners map[string]*Spawner    // by absolute path
	synced   map[string]*Object     // by absolute path
}

// projectNode is a declared node of the main scene and the script that
// declares its methods.
type projectNode struct {
	node   *Node
	script string
}

// DeclareProject declares what a Godot 4 project's main scene (a res://
// or uid:// path) and its scripts declare, as Node, Spawner and
// Synchronized would by hand. The main scene's root is /root/<its name>,
// as when the game runs it. The scenes it instances are read with it, at
// their nodes' full paths (project.Project.Tree). It declares:
//   - each node that has a script (its own, an instanced scene's root's,
//     or an editable child's override) with the script's @rpc methods,
//     its bases' included, as the engine numbers and checksums them;
//   - each MultiplayerSpawner, with its spawn_path, spawn_limit and
//     spawnable scenes in order; each scene with its root's @rpc methods
//     and the MultiplayerSynchronizers whose root_path is its root, in
//     tree order, with their replication configs, intervals and
//     public_visibility;
//   - each MultiplayerSynchronizer of the main scene's own nodes, on the
//     node its root_path names (Synchronized), in tree order.
//
// What the game decides only while it runs (Node.rpc_config, spawn
// functions, configs changed in code) is not in the files: declare it by
// hand, on paths DeclareProject leaves free. An error names the file it
// comes from: a script the engine would refuse, or refuse to attach to
// its node's class (project.Project.Tree), a scene the project lacks, a channel past 253, or what this package cannot serve (@rpc
// methods below a spawned scene's root, a synchronizer of a spawned scene
// whose root_path is not the scene's root, more than 64 OnChange
// properties in a synchronizer). The Go code then supplies the
// behaviour: Handle, Spawner's Spawn, Node's and Object's SetAuthority.
func (m *Multiplayer) DeclareProject(p *project.Project, mainScene string) (*ProjectScene, error) {
	tree, err := p.Tree(mainScene)
	if err != nil {
		return nil, err
	}
	rpcs := scriptRPCs{p: p, methods: map[string][]Method{}, tables: map[string]*methodTable{}}
	if len(tree) == 0 {
		return nil, fmt.Errorf("%s: a scene without nodes", mainScene)
	}
	d := &ProjectScene{m: m, scene: mainScene, nodes: map[string]projectNode{}, spawners: map[string]*Spawner{}, synced: map[string]*Object{}}
	root := rootPath + "/" + tree[0].Node.Name
	type nodeDecl struct {
		path, script string
		methods      *methodTable
	}
	type spawnerDecl struct {
		path string
		cfg  SpawnerConfig
	}
	var nodes []nodeDecl
	var spawners []spawnerDecl
	var statics ordered.Map[[]Synchronizer] // by the node's path from the scene's root
	for _, n := range tree {
		abs := path.Join(root, n.Path)
		if n.Spawner != nil {
			cfg, err := spawnerConfig(p, rpcs, mainScene, abs, n.Spawner)
			if err != nil {
				return nil, err
			}
			spawners = append(spawners, spawnerDecl{abs, cfg})
		}
		if s := n.Synchronizer; s != nil {
			at := path.Join(n.Path, s.RootPath)
			if at == ".." || strings.HasPrefix(at, "../") {
				return nil, fmt.Errorf("%s: synchronizer %s: root_path %s leaves the scene", mainScene, project.Shown(abs), project.Shown(s.RootPath))
			}
			sy, err := synchronizerOf(relPath(at, n.Path), s)
			if err != nil {
				return nil, fmt.Errorf("%s: synchronizer %s: %w", mainScene, project.Shown(abs), err)
			}
			list, _ := statics.Get(at)
			statics.Set(at, append(list, sy), false)
		}
		if n.Script == "" {
			continue
		}
		methods, err := rpcs.of(n.Script)
		if err != nil {
			return nil, err
		}
		if n.Spawner != nil {
			if len(methods) > 0 {
				return nil, fmt.Errorf("%s: spawner %s: its script %s declares @rpc methods, which a spawner here cannot have", mainScene, project.Shown(abs), project.Shown(n.Script))
			}
			continue
		}
		t, err := rpcs.table(n.Script, methods)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", project.Shown(n.Script), err)
		}
		nodes = append(nodes, nodeDecl{abs, n.Script, t})
	}
	// Declare only once everything was read, so that a mistake leaves m
	// as it was; a path declared already is an error, not Node's panic.
	// A synchronized node may be one of the nodes with a script.
	paths := map[string]bool{}
	for _, n := range nodes {
		paths[n.path] = true
	}
	for _, s := range spawners {
		paths[s.path] = true
	}
	for at, syncs := range statics.All() {
		abs := path.Join(root, at)
		paths[abs] = true
		for _, sy := range syncs {
			paths[path.Join(abs, sy.Path)] = true
		}
	}
	m.mu.Lock()
	for abs := range paths {
		if m.nodes[mustRelative(abs)] != nil {
			m.mu.Unlock()
			return nil, fmt.Errorf("%s: node %s is declared already", mainScene, project.Shown(abs))
		}
	}
	m.mu.Unlock()
	for _, n := range nodes {
		d.nodes[n.path] = projectNode{m.declare(n.path, n.methods), n.script}
	}
	for _, s := range spawners {
		d.spawners[s.path] = m.Spawner(s.path, s.cfg)
	}
	for at, syncs := range statics.All() {
		abs := path.Join(root, at)
		d.synced[abs] = m.Synchronized(abs, syncs...)
	}
	return d, nil
}

// relPath returns the path of node to from node from, both paths from
// the scene's root.
func relPath(from, to string) string {
	split := func(p string) []string {
		if p == "." {
			return nil
		}
		return strings.Split(p, "/")
	}
	f, t := split(from), split(to)
	i := 0
	for i < len(f) && i < len(t) && f[i] == t[i] {
		i++
	}
	parts := append(slices.Repeat([]string{".."}, len(f)-i), t[i:]...)
	if len(parts) == 0 {
		return "."
	}
	return strings.Join(parts, "/")
}

// mustRelative is relativePath of a path made under /root.
func mustRelative(abs string) string {
	rel, _ := relativePath(abs)
	return rel
}

// scriptRPCs are the @rpc methods of the scripts of a project, each
// script resolved once: a scene may set one script on thousands of nodes,
// each extending a chain of a hundred others.
type scriptRPCs struct {
	p       *project.Project
	methods map[string][]Method     // by script
	tables  map[string]*methodTable // by script, shared by its nodes
}

// of returns the @rpc methods of a script and its bases, as Methods. They
// are shared: newMethodTable copies them.
func (s scriptRPCs) of(script string) ([]Method, error) {
	if methods, ok := s.methods[script]; ok {
		return methods, nil
	}
	methods, err := scriptMethods(s.p, script)
	if err != nil {
		return nil, err
	}
	s.methods[script] = methods
	return methods, nil
}

// table returns the method table of a script's nodes, whose methods
// (from of) are given, made once.
func (s scriptRPCs) table(script string, methods []Method) (*methodTable, error) {
	if t, ok := s.tables[script]; ok {
		return t, nil
	}
	t, err := newMethodTable(script, methods)
	if err != nil {
		return nil, err
	}
	s.tables[script] = t
	return t, nil
}

// scriptMethods returns the @rpc methods of a script and its bases, as
// Methods.
func scriptMethods(p *project.Project, script string) ([]Method, error) {
	rpcs, err := p.RPCs(script)
	if err != nil {
		return nil, err
	}
	var out []Method
	for _, rpc := range rpcs {
		if rpc.RPC.Channel < 0 || rpc.RPC.Channel > maxChannel {
			return nil, fmt.Errorf("%s: method %s: channel %d (0 to %d here)", project.Shown(script), project.Shown(rpc.Name), rpc.RPC.Channel, maxChannel)
		}
		out = append(out, Method{
			Name:      rpc.Name,
			Mode:      rpc.RPC.Mode,
			CallLocal: rpc.RPC.CallLocal,
			Transfer:  rpc.RPC.Transfer,
			Channel:   uint8(rpc.RPC.Channel),
		})
	}
	return out, nil
}

// spawnerConfig reads a spawner of scene at abs and each of its
// spawnable scenes.
func spawnerConfig(p *project.Project, rpcs scriptRPCs, scene, abs string, s *project.SpawnerSettings) (SpawnerConfig, error) {
	if s.SpawnPath == "" {
		return SpawnerConfig{}, fmt.Errorf("%s: spawner %s has no spawn_path", scene, project.Shown(abs))
	}
	if s.Limit < 0 || len(s.Scenes) >= customScene {
		return SpawnerConfig{}, fmt.Errorf("%s: spawner %s: spawn_limit %d, %d scenes", scene, project.Shown(abs), s.Limit, len(s.Scenes))
	}
	cfg := SpawnerConfig{SpawnPath: path.Join(abs, s.SpawnPath), Limit: int(s.Limit)}
	for _, res := range s.Scenes {
		sc, err := spawnable(p, rpcs, res)
		if err != nil {
			return SpawnerConfig{}, fmt.Errorf("%s: spawner %s: %w", scene, project.Shown(abs), err)
		}
		cfg.Scenes = append(cfg.Scenes, sc)
	}
	return cfg, nil
}

// spawnable reads a spawnable scene: its root's methods and the
// synchronizers rooted at its root.
func spawnable(p *project.Project, rpcs scriptRPCs, res string) (SpawnableScene, error) {
	tree, err := p.Tree(res)
	if err != nil {
		return SpawnableScene{}, err
	}
	out := SpawnableScene{Path: res}
	for _, n := range tree {
		if n.Script != "" {
			methods, err := rpcs.of(n.Script)
			if err != nil {
				return SpawnableScene{}, err
			}
			if n.Path == "." {
				out.Methods = methods
			} else if len(methods) > 0 {
				return SpawnableScene{}, fmt.Errorf("%s: node %s: @rpc methods below a spawned scene's root are not served", project.Shown(res), project.Shown(n.Path))
			}
		}
		if s := n.Synchronizer; s != nil {
			if path.Join(n.Path, s.RootPath) != "." {
				return SpawnableScene{}, fmt.Errorf("%s: synchronizer %s: root_path %s is not the scene's root, which alone is served", project.Shown(res), project.Shown(n.Path), project.Shown(s.RootPath))
			}
			sy, err := synchronizerOf(n.Path, s)
			if err != nil {
				return SpawnableScene{}, fmt.Errorf("%s: synchronizer %s: %w", project.Shown(res), project.Shown(n.Path), err)
			}
			out.Synchronizers = append(out.Synchronizers, sy)
		}
	}
	sortTreeOrder(tree, out.Synchronizers)
	return out, nil
}

// sortTreeOrder sorts a scene's synchronizers into the order of its
// tree (its nodes as Tree lists them), in which the spawn numbers them:
// depth first, siblings in the file's order. A file may list a node after
// a later sibling's children (the editor does not write one so, a hand
// or a tool may).
func sortTreeOrder(tree []project.SceneNode, syncs []Synchronizer) {
	place := map[string]int{}
	for i, n := range tree {
		place[n.Path] = i
	}
	key := func(p string) []int { // the places of p's ancestors and p
		var out []int
		parts := strings.Split(p, "/")
		for i := range parts {
			out = append(out, place[strings.Join(parts[:i+1], "/")])
		}
		return out
	}
	slices.SortStableFunc(syncs, func(a, b Synchronizer) int { return slices.Compare(key(a.Path), key(b.Path)) })
}

// synchronizerOf returns a synchronizer as declared, at a path from its
// root node, its intervals in whole microseconds as the engine keeps
// them; more OnChange properties than a DELTA's 64 bits name are an
// error.
func synchronizerOf(at string, s *project.SynchronizerSettings) (Synchronizer, error) {
	out := Synchronizer{
		Path:          at,
		Interval:      time.Duration(uint64(s.ReplicationInterval*1e6)) * time.Microsecond,
		DeltaInterval: time.Duration(uint64(s.DeltaInterval*1e6)) * time.Microsecond,
		Private:       !s.PublicVisibility,
	}
	watched := 0
	for _, r := range s.Properties {
		if r.Mode == mode.ReplicateOnChange {
			watched++
		}
		out.Properties = append(out.Properties, Property{Path: r.Path, Spawn: r.Spawn, Replicate: r.Mode})
	}
	if watched > 64 {
		return Synchronizer{}, fmt.Errorf("%d properties replicated on change (at most 64)", watched)
	}
	return out, nil
}

// Synchronized returns the synchronized node at an absolute path
// ("/root/Main/Ball"): a node of the main scene that a
// MultiplayerSynchronizer of it replicates.
func (d *ProjectScene) Synchronized(path string) (*Object, error) {
	o, ok := d.synced[path]
	if !ok {
		return nil, fmt.Errorf("%s has no node %s that a MultiplayerSynchronizer replicates", d.scene, path)
	}
	return o, nil
}

// Node returns the declared node at an absolute path ("/root/Main/Player").
func (d *ProjectScene) Node(path string) (*Node, error) {
	n, ok := d.nodes[path]
	if !ok {
		return nil, fmt.Errorf("%s has no node %s with a script", d.scene, path)
	}
	return n.node, nil
}

// Spawner returns the spawner at an absolute path ("/root/Main/Spawner").
func (d *ProjectScene) Spawner(path string) (*Spawner, error) {
	s, ok := d.spawners[path]
	if !ok {
		return nil, fmt.Errorf("%s has no MultiplayerSpawner %s", d.scene, path)
	}
	return s, nil
}

// Handle makes fn the handler of method of the node at path, as
// Node.Handle does. A node the scene lacks, a method its script does not
// declare with @rpc, or an fn that is no handler is an error naming the
// file.
func (d *ProjectScene) Handle(path, method string, fn any) error {
	n, ok := d.nodes[path]
	if !ok {
		return fmt.Errorf("%s has no node %s with a script", d.scene, path)
	}
	if n.node.byName(method) == nil {
		return fmt.Errorf("%s (node %s of %s) declares no @rpc method %q", project.Shown(n.script), path, d.scene, method)
	}
	if err := n.node.handle(method, fn); err != nil {
		return fmt.Errorf("%s: %w", project.Shown(n.script), err)
	}
	return nil
}
