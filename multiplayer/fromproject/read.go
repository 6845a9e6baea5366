package fromproject

import (
	"errors"
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gdvar/gdvar/internal/ordered"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/multiplayer/mode"
	"github.com/gdvar/gdvar/project"
)

// declarations are what a project's autoloads and main scene declare,
// read from their files before anything is declared.
type declarations struct {
	scene, root string // the main scene's res:// path; its root's absolute path
	nodes       []nodeDecl
	spawners    []spawnerDecl
	// The synchronizers of the autoloads' and the main scene's own nodes,
	// by the node's absolute path.
	statics ordered.Map[[]multiplayer.Synchronizer]
	skipped []Skip // what the engine runs the game without
}

// nodeDecl is a node with a script, at its absolute path.
type nodeDecl struct {
	path    string
	script  *scriptDecl
	methods *multiplayer.MethodSet
}

// scriptDecl is a script's @rpc methods, its bases' included, and where
// each one's function is, shared by the nodes of the script.
type scriptDecl struct {
	path    string
	methods []multiplayer.Method
	places  []place // in the order of methods
}

// place is where the function of an @rpc method is: its file (the
// script's or a base's; "" if not known) and line, formatted only for an
// error (Scene.Handle), as a project may declare thousands of methods.
type place struct {
	file string
	line int
}

// placeOf returns where the function of the script's method is, as
// file:line, or the script's path, where it is not known.
func (s *scriptDecl) placeOf(method string) string {
	for i, m := range s.methods {
		if m.Name == method && s.places[i].file != "" {
			return project.Shown(s.places[i].file) + ":" + strconv.Itoa(s.places[i].line)
		}
	}
	return project.Shown(s.path)
}

// spawnerDecl is a MultiplayerSpawner, at its absolute path.
type spawnerDecl struct {
	path string
	cfg  multiplayer.SpawnerConfig
}

// treeRoot is the node the main scene's root and the autoloads are
// children of, as when the game runs it.
const treeRoot = "/root"

// read reads what the autoloads of p, its main scene and the scenes and
// scripts they name declare, at their paths once the game runs
// ([project.Project.RunningTree]), with the custom scenes opts name; an
// error names the file it comes from.
func read(p *project.Project, mainScene string, opts ...Option) (*declarations, error) {
	o := optionsOf(opts)
	autoloads, err := p.Autoloads()
	if err != nil {
		return nil, err
	}
	files := map[string]string{} // a root's absolute path: its file
	var skipped []Skip
	for _, a := range autoloads {
		if err := p.AutoloadFault(a); err != nil {
			skipped = append(skipped, Skip{File: a.Path, Node: treeRoot + "/" + a.Name, Err: err})
			continue
		}
		files[treeRoot+"/"+a.Name] = a.Path
	}
	scene, err := p.Tree(mainScene)
	if err != nil {
		return nil, err
	}
	if len(scene) == 0 {
		return nil, fmt.Errorf("%s: a scene without nodes", mainScene)
	}
	tree, err := p.RunningTree(mainScene)
	if err != nil {
		return nil, err
	}
	// The main scene's nodes come last, its root where the engine puts it:
	// beside an autoload of its name, renamed.
	main := sceneRoot(tree[len(tree)-1].Path)
	rpcs := newScriptRPCs(p)
	scenes := newSpawnables(p, rpcs)
	scenes.custom = o.customIn
	d := &declarations{scene: mainScene, root: main, skipped: skipped}
	for _, n := range tree {
		if n.ScriptFault != nil && !scenes.unloaded[n.ScriptFault.Error()] {
			scenes.unloaded[n.ScriptFault.Error()] = true
			d.skipped = append(d.skipped, Skip{File: faultFile(n.ScriptFault), Node: n.Path, Err: n.ScriptFault})
		}
		abs := n.Path
		root := sceneRoot(abs)
		file, ok := files[root]
		if !ok {
			file = mainScene
		}
		if n.Spawner != nil {
			cfg, err := spawnerConfig(scenes, file, abs, n.Spawner)
			if err != nil {
				return nil, err
			}
			d.spawners = append(d.spawners, spawnerDecl{abs, cfg})
		}
		if s := n.Synchronizer; s != nil {
			at := path.Join(abs, s.RootPath)
			if at != root && !strings.HasPrefix(at, root+"/") {
				return nil, fmt.Errorf("%s: synchronizer %s: root_path %s leaves the scene", file, project.Shown(abs), project.Shown(s.RootPath))
			}
			sy, err := synchronizerOf(relPath(at, abs), s)
			if err != nil {
				return nil, fmt.Errorf("%s: synchronizer %s: %w", file, project.Shown(abs), err)
			}
			list, _ := d.statics.Get(at)
			d.statics.Set(at, append(list, sy), false)
		}
		if n.Script == "" {
			continue
		}
		script, err := rpcs.read(n.Script)
		if err != nil {
			return nil, err
		}
		methods := script.methods
		if n.Spawner != nil {
			if len(methods) > 0 {
				return nil, fmt.Errorf("%s: spawner %s: its script %s declares @rpc methods, which a spawner here cannot have", file, project.Shown(abs), project.Shown(n.Script))
			}
			continue
		}
		t, err := rpcs.table(n.Script, methods)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", project.Shown(n.Script), err)
		}
		d.nodes = append(d.nodes, nodeDecl{abs, script, t})
	}
	if err := d.applyCustom(scenes, o); err != nil {
		return nil, err
	}
	d.skipped = append(d.skipped, scenes.skipped...)
	return d, nil
}

// faultFile is the script a node's ScriptFault is of, "" if it does not
// say.
func faultFile(err error) string {
	var se *project.ScriptError
	if errors.As(err, &se) {
		return se.Path
	}
	return ""
}

// sceneRoot returns the root of the scene, or autoload, a node at abs
// (under /root) is of: "/root/Main" for "/root/Main/Players/Spawner".
func sceneRoot(abs string) string {
	rest := strings.TrimPrefix(abs, treeRoot+"/")
	name, _, _ := strings.Cut(rest, "/")
	return treeRoot + "/" + name
}

// relPath returns the path of node to from node from, both paths from
// one node (the scene's root, or the tree's).
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

// newScriptRPCs returns the @rpc methods of p's scripts, none read yet.
func newScriptRPCs(p *project.Project) scriptRPCs {
	return scriptRPCs{p: p, scripts: map[string]*scriptDecl{}, tables: map[string]*multiplayer.MethodSet{}}
}

// scriptRPCs are the @rpc methods of the scripts of a project, each
// script resolved once: a scene may set one script on thousands of nodes,
// each extending a chain of a hundred others.
type scriptRPCs struct {
	p       *project.Project
	scripts map[string]*scriptDecl            // by path
	tables  map[string]*multiplayer.MethodSet // by script, shared by its nodes
}

// of returns the @rpc methods of a script and its bases, as Methods. They
// are shared: [multiplayer.NewMethodSet] copies them.
func (s scriptRPCs) of(script string) ([]multiplayer.Method, error) {
	d, err := s.read(script)
	if err != nil {
		return nil, err
	}
	return d.methods, nil
}

// read returns a script's declarations, read once.
func (s scriptRPCs) read(script string) (*scriptDecl, error) {
	if d, ok := s.scripts[script]; ok {
		return d, nil
	}
	d, err := scriptMethods(s.p, script)
	if err != nil {
		return nil, err
	}
	s.scripts[script] = d
	return d, nil
}

// table returns the method set of a script's nodes, whose methods (from
// of) are given, made once.
func (s scriptRPCs) table(script string, methods []multiplayer.Method) (*multiplayer.MethodSet, error) {
	if t, ok := s.tables[script]; ok {
		return t, nil
	}
	t, err := multiplayer.NewMethodSet(methods...)
	if err != nil {
		return nil, err
	}
	s.tables[script] = t
	return t, nil
}

// scriptMethods returns the @rpc methods of a script and its bases, as
// Methods, and where each one's function is.
func scriptMethods(p *project.Project, script string) (*scriptDecl, error) {
	rpcs, err := p.RPCs(script)
	if err != nil {
		return nil, err
	}
	var out []multiplayer.Method
	var scratch []multiplayer.Param
	places := make([]place, 0, len(rpcs))
	for _, rpc := range rpcs {
		if rpc.RPC.Channel < 0 || rpc.RPC.Channel > multiplayer.MaxChannel {
			return nil, fmt.Errorf("%s: method %s: channel %d (0 to %d here)", project.Shown(script), project.Shown(rpc.Name), rpc.RPC.Channel, multiplayer.MaxChannel)
		}
		out = append(out, multiplayer.Method{
			Name:      rpc.Name,
			Mode:      rpc.RPC.Mode,
			CallLocal: rpc.RPC.CallLocal,
			Transfer:  rpc.RPC.Transfer,
			Channel:   uint8(rpc.RPC.Channel),
			Params:    params(p, rpc, &scratch),
		})
		file, line, _ := rpc.Where()
		places = append(places, place{file, line})
	}
	return &scriptDecl{script, out, places}, nil
}

// spawnerConfig reads a spawner of scene at abs and each of its
// spawnable scenes, with the spawners they declare.
func spawnerConfig(scenes *spawnables, scene, abs string, s *project.SpawnerSettings) (multiplayer.SpawnerConfig, error) {
	cfg, weight, err := scenes.config(abs, s)
	if err == nil && weight > maxSceneWeight {
		err = fmt.Errorf("its scenes, with their spawners' scenes, are %d scenes to declare (at most %d)", weight, maxSceneWeight)
	}
	if err != nil {
		return multiplayer.SpawnerConfig{}, fmt.Errorf("%s: spawner %s: %w", scene, project.Shown(abs), err)
	}
	return cfg, nil
}

// fromRoot returns a property's path (".:position", "Arm:rotation"),
// relative to its synchronizer's root_path node at (from the scene's
// root), relative to the scene's root: "Inputs:direction" for
// ".:direction" of a synchronizer of the node Inputs. The scene's
// properties are one list, by these paths (Object.Get, Set): two
// synchronizers of different nodes may replicate properties of the same
// name. Only the properties' order goes on the wire.
func fromRoot(at, property string) string {
	node, sub, _ := strings.Cut(property, ":")
	return path.Join(at, node) + ":" + sub
}

// sortTreeOrder sorts a scene's synchronizers into the order of its
// tree (its nodes as [project.Project.Tree] lists them), in which the spawn
// numbers them: depth first, siblings in the file's order. A file may list a
// node after a later sibling's children (the editor does not write one so, a
// hand or a tool may).
func sortTreeOrder(tree []project.SceneNode, syncs []multiplayer.Synchronizer) {
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
	slices.SortStableFunc(syncs, func(a, b multiplayer.Synchronizer) int { return slices.Compare(key(a.Path), key(b.Path)) })
}

// synchronizerOf returns a synchronizer as declared, at a path from its
// root node, its intervals in whole microseconds as the engine keeps
// them; more OnChange properties than a DELTA names
// ([multiplayer.MaxOnChange]) are an
// error.
func synchronizerOf(at string, s *project.SynchronizerSettings) (multiplayer.Synchronizer, error) {
	out := multiplayer.Synchronizer{
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
		out.Properties = append(out.Properties, multiplayer.Property{Path: r.Path, Spawn: r.Spawn, Replicate: r.Mode})
	}
	if watched > multiplayer.MaxOnChange {
		return multiplayer.Synchronizer{}, fmt.Errorf("%d properties replicated on change (at most %d)", watched, multiplayer.MaxOnChange)
	}
	return out, nil
}
