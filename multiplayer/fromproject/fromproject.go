// Package fromproject declares on a [multiplayer.Multiplayer] what a Godot 4
// project's autoloads, main scene and scripts declare for the high-level
// multiplayer: the nodes with @rpc methods, the MultiplayerSpawners with
// their scenes, the MultiplayerSynchronizers with their replication
// configs. The Go program then supplies only the behaviour: handlers,
// spawns, authority.
//
//	p, err := project.Open("game")
//	m, err := multiplayer.New()
//	game, err := fromproject.Declare(m, p, "res://main.tscn") // the root is /root/Main
//	err = game.Handle("/root/Main", "chat", func(c *multiplayer.Call, text string) error {
//		return c.Reply("chat_seen")
//	})
//	players, err := game.Spawner("/root/Main/Spawner")
//
// It stands apart from package multiplayer so that a server declared by
// hand links none of the file formats (project, resource, vartext and
// their compressors): only a program built from a project pays for
// reading one. It reads the project with package project, whose
// SpawnerSettings, SynchronizerSettings and PropertySettings are what
// the scenes save, and declares package multiplayer's Spawner,
// Synchronizer and Property; the modes of both are package
// multiplayer/mode's.
package fromproject

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/gdvar/gdvar/internal/ordered"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/project"
)

// Scene is a Godot project's main scene as Declare declared it: its nodes
// with @rpc methods, its spawners and its synchronized nodes, found by
// their absolute paths.
type Scene struct {
	scene    string                          // the main scene's res:// path
	nodes    map[string]scriptNode           // by absolute path
	spawners map[string]*multiplayer.Spawner // by absolute path
	configs  map[string]multiplayer.SpawnerConfig
	synced   map[string]*multiplayer.Object // by absolute path
	skipped  []Skip
}

// scriptNode is a declared node of the main scene and the script that
// declares its methods.
type scriptNode struct {
	node   *multiplayer.Node
	script *scriptDecl
}

// Declare declares on m what a Godot 4 project's autoloads, its main
// scene (a res:// or uid:// path) and their scripts declare, as
// multiplayer's Node, Spawner and Synchronized would by hand. Each node
// is at its path once the game runs ([project.Project.RunningTree]): an
// autoload at /root/<its name> (a script's node, or a scene's nodes),
// the main scene's root at /root/<its name>; the scenes they instance
// are read with them, at their nodes' full paths. It declares:
//   - each node that has a script (its own, an instanced scene's root's,
//     or an editable child's override) with the script's @rpc methods,
//     its bases' included, as the engine numbers and checksums them, the
//     nodes of one script sharing one multiplayer.MethodSet;
//   - each MultiplayerSpawner, with its spawn_path, spawn_limit and
//     spawnable scenes in order; each scene with its root's @rpc methods
//     and its MultiplayerSynchronizers, in tree order, with their
//     replication configs, intervals and public_visibility, each
//     property named from the scene's root ("Inputs:direction" for
//     ".:direction" of a synchronizer whose root_path is Inputs), its
//     Root the node its root_path names; and its own MultiplayerSpawners
//     (multiplayer.SceneSpawner), their spawn_path from the scene's root,
//     with their scenes, as deep as they go, for Object.SpawnerAt;
//   - each MultiplayerSynchronizer of the autoloads' and the main
//     scene's own nodes, on the node its root_path names (Synchronized),
//     in tree order.
//
// What the engine leaves out and runs the rest without costs only itself,
// listed by [Scene.Skipped]: an autoload it does not add
// ([project.Project.AutoloadFault]), a node whose script does not load
// (a parse error, a file the project lacks: the node has no methods), a
// spawnable scene that does not read (a scene it instances the project
// lacks: the spawner's scene keeps its place, declared empty).
//
// What the game decides only while it runs (Node.rpc_config, configs
// changed in code) is not in the files: declare it by hand, on paths
// Declare leaves free; a spawner's spawn_function, by [WithCustomSpawn] (or
// [WithCustomSpawnIn], of a spawner in a spawned scene). An error names the
// file it comes from: a script the engine would refuse to attach to its
// node's class ([project.Project.Tree]), a main scene that does not read,
// a bound of the project reader passed, a channel past [multiplayer.MaxChannel], or what package multiplayer
// cannot serve (a synchronizer whose root_path leaves its scene, more than
// [multiplayer.MaxOnChange] OnChange properties in a synchronizer, a scene
// that spawns itself through its spawners' scenes, a spawner whose
// scenes and theirs make more than 4096 declarations), or a
// path m declares already; then nothing is declared.
func Declare(m *multiplayer.Multiplayer, p *project.Project, mainScene string, opts ...Option) (*Scene, error) {
	d, err := read(p, mainScene, opts...)
	if err != nil {
		return nil, err
	}
	return d.declare(m)
}

// declare declares what was read on m, once it has checked that m
// declares none of its paths yet, so that a mistake leaves m as it was.
// A synchronized node may be one of the nodes with a script.
func (d *declarations) declare(m *multiplayer.Multiplayer) (*Scene, error) {
	d.keepUnder(m.Root())
	for _, p := range d.paths() {
		if m.Lookup(p) != nil {
			return nil, fmt.Errorf("%s: node %s is declared already", d.scene, project.Shown(p))
		}
	}
	s := &Scene{scene: d.scene, nodes: map[string]scriptNode{}, spawners: map[string]*multiplayer.Spawner{},
		configs: map[string]multiplayer.SpawnerConfig{}, synced: map[string]*multiplayer.Object{}, skipped: d.skipped}
	for _, n := range d.nodes {
		node, err := m.DeclareNode(n.path, n.methods)
		if err != nil {
			return nil, err // declared meanwhile, by another goroutine
		}
		s.nodes[n.path] = scriptNode{node, n.script}
	}
	for _, sp := range d.spawners {
		s.spawners[sp.path] = m.Spawner(sp.path, sp.cfg)
		s.configs[sp.path] = sp.cfg
	}
	for at, syncs := range d.statics.All() {
		s.synced[at] = m.Synchronized(at, syncs...)
	}
	return s, nil
}

// keepUnder keeps what is below root, the multiplayer root of the API
// being declared ([multiplayer.WithRoot]): a branch's API serves its nodes
// alone, as the engine's SceneTree.set_multiplayer gives it them.
func (d *declarations) keepUnder(root string) {
	if root == treeRoot {
		return
	}
	under := func(p string) bool { return p == root || strings.HasPrefix(p, root+"/") } // the root's own script's RPCs too
	d.nodes = slices.DeleteFunc(d.nodes, func(n nodeDecl) bool { return !under(n.path) })
	d.spawners = slices.DeleteFunc(d.spawners, func(s spawnerDecl) bool { return !under(s.path) || !under(s.cfg.SpawnPath) })
	var kept ordered.Map[[]multiplayer.Synchronizer]
	for at, syncs := range d.statics.All() {
		if under(at) {
			kept.Set(at, syncs, false)
		}
	}
	d.statics = kept
}

// paths returns every path declare declares.
func (d *declarations) paths() []string {
	var paths []string
	for _, n := range d.nodes {
		paths = append(paths, n.path)
	}
	for _, s := range d.spawners {
		paths = append(paths, s.path)
	}
	for at, syncs := range d.statics.All() {
		paths = append(paths, at)
		for _, sy := range syncs {
			paths = append(paths, path.Join(at, sy.Path))
		}
	}
	return paths
}

// Synchronized returns the synchronized node at an absolute path
// ("/root/Main/Ball"): a node of the main scene that a
// MultiplayerSynchronizer of it replicates.
func (s *Scene) Synchronized(path string) (*multiplayer.Object, error) {
	o, ok := s.synced[path]
	if !ok {
		return nil, fmt.Errorf("%s has no node %s that a MultiplayerSynchronizer replicates", s.scene, path)
	}
	return o, nil
}

// Node returns the declared node at an absolute path ("/root/Main/Player").
func (s *Scene) Node(path string) (*multiplayer.Node, error) {
	n, ok := s.nodes[path]
	if !ok {
		return nil, fmt.Errorf("%s has no node %s with a script", s.scene, path)
	}
	return n.node, nil
}

// Spawner returns the spawner at an absolute path ("/root/Main/Spawner").
func (s *Scene) Spawner(path string) (*multiplayer.Spawner, error) {
	sp, ok := s.spawners[path]
	if !ok {
		return nil, fmt.Errorf("%s has no MultiplayerSpawner %s", s.scene, path)
	}
	return sp, nil
}

// Handle makes fn the handler of method of the node at path, as
// [multiplayer.Node.Handle] does. A node the scene lacks, a method its
// script does not declare with @rpc, or an fn that is no handler is an
// error naming the file; an fn whose parameters do not take what the
// function's declared parameters receive (a bool for an int: every call
// would fail to decode) is one matching [multiplayer.ErrHandlerParams],
// naming the function's file:line, the parameter, its declared type, the
// Go type given and one that fits ([multiplayer.Node.HandlerType] gives
// a whole handler's).
func (s *Scene) Handle(path, method string, fn any) error {
	n, ok := s.nodes[path]
	if !ok {
		return fmt.Errorf("%s has no node %s with a script", s.scene, path)
	}
	declared := func(m multiplayer.Method) bool { return m.Name == method }
	if !slices.ContainsFunc(n.node.MethodSet().Methods(), declared) {
		return fmt.Errorf("%s (node %s of %s) declares no @rpc method %q", project.Shown(n.script.path), path, s.scene, method)
	}
	if err := n.node.SetHandler(method, fn); err != nil {
		return fmt.Errorf("%s: %w", n.script.placeOf(method), err)
	}
	return nil
}
