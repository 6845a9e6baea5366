package audit

import (
	"errors"
	"fmt"
	"io"
	"path"
	"strings"

	"github.com/gdvar/gdvar/project"
)

// Reach is how the game reaches a scene.
type Reach string

// The ways a game reaches a scene.
const (
	// ReachMain: the main scene (run/main_scene, or -scene).
	ReachMain Reach = "main"
	// ReachAutoload: an autoload's scene or script.
	ReachAutoload Reach = "autoload"
	// ReachSpawned: a spawner spawns it: one of its _spawnable_scenes,
	// one add_spawnable_scene gives it, or one its spawn_function makes.
	ReachSpawned Reach = "spawned"
	// ReachCode: a file the game reaches names it: a script on a node of
	// a scene read, or one it extends (change_scene_to_file, load or
	// preload, a constant), or a scene read, or one it instances, whose
	// node holds it in a property (a PackedScene, a String path).
	ReachCode Reach = "code"
	// ReachNone: nothing the audit reads reaches it, or only files
	// nothing reaches name it; or, of a script, no node of a scene read
	// holds it (code makes its node).
	ReachNone Reach = "not-reached"
)

// SceneReach is a scene of the project that holds @rpc methods,
// spawners or synchronizers (or an autoload's script holding methods, or
// a script of methods on no node of a scene read), and how the game
// reaches it.
type SceneReach struct {
	Path    string `json:"path"` // res://
	Reached Reach  `json:"reached"`
	// By says what reaches it: "run/main_scene", "-scene", the
	// autoload's name, the spawner (its path; the spawn_function and the
	// script and line that set it), the file and line naming it
	// ("res://lobby.gd:12 change_scene_to_file"); of one not reached, the
	// spawner or the file naming it, in a scene nothing reaches ("named
	// by res://old.tscn (node ., property level), which nothing
	// reaches"); "" for none.
	By string `json:"by,omitempty"`
	// Root is its root's path in the running game ("/root/Match"; under
	// a spawner "/root/Main/Players/*"), "*/Name" where the code decides
	// (a scene instantiated and added anywhere).
	Root          string `json:"root"`
	Methods       int    `json:"methods"`
	Spawners      int    `json:"spawners"`
	Synchronizers int    `json:"synchronizers"`
	// Note says what a live audit does not do of it: call a scene the
	// server runs only once the game loads it.
	Note string `json:"note,omitempty"`
}

// running reads the running tree, a row for each autoload and one for
// the main scene, each the nodes under its top node (/root/Name).
func (w *surfaceWalk) running(tree []project.SceneNode, mainScene string) error {
	all, err := w.p.Autoloads()
	if err != nil {
		return err
	}
	var autoloads []project.Autoload // those the engine adds, as the running tree holds them
	for _, a := range all {
		if fault := w.p.AutoloadFault(a); fault != nil {
			w.s.notChecked = append(w.s.notChecked, Finding{Kind: NotChecked, Level: Info, Node: "/root/" + a.Name, Script: a.Path,
				Message: "the engine does not add this autoload, and runs the game without it: " + firstLine(fault.Error())})
			continue
		}
		autoloads = append(autoloads, a)
	}
	main, by := mainScene, "-scene"
	if main == "" {
		if main, err = w.p.MainScene(); err != nil {
			return err
		}
		by = "run/main_scene"
	}
	w.sceneSeen[main], w.covered[main] = true, true
	for _, a := range autoloads {
		w.sceneSeen[a.Path], w.covered[a.Path] = true, true
	}
	start, k := 0, 0 // the row's first node, and the autoloads read
	for i := 1; i <= len(tree); i++ {
		if i < len(tree) && strings.Count(tree[i].Path, "/") != 2 {
			continue
		}
		r := &row{SceneReach: SceneReach{Path: main, Reached: ReachMain, By: by, Root: tree[start].Path}, live: true, origin: main}
		if name := path.Base(tree[start].Path); k < len(autoloads) && autoloads[k].Name == name {
			r.Path, r.Reached, r.By = autoloads[k].Path, ReachAutoload, name
			k++
		}
		w.read(r, tree[start:i])
		start = i
	}
	return nil
}

// fromCode reads the scenes the project's code names (SceneRefs of each
// script and scene), as code where the game runs the file naming them.
// First the files it reaches: the rows' scenes and the scripts on their
// nodes, as they are read, the scenes those scenes instance and the
// scripts those scripts extend. Then the rest in the walk's order that
// code may load (a script no scene's node holds: constants, a static
// class, what Class.new() makes; a resource). Last, the files nothing
// runs, whose scenes are not-reached: a scene not read yet, and a script
// that only nodes of such scenes hold. With -scene, the project's main
// scene is one the game reaches.
func (w *surfaceWalk) fromCode(mainScene string) {
	if main, err := w.p.MainScene(); mainScene != "" && err == nil && main != "" {
		w.enqueue(queuedScene{scene: main, parent: "/root", reached: ReachCode, by: "run/main_scene, which -scene replaced", origin: main})
		w.drain()
	}
	files, err := w.p.Files()
	if err != nil {
		w.s.notChecked = append(w.s.notChecked, Finding{Kind: NotChecked, Level: Info,
			Message: "the scenes the code loads, and those nothing reaches, were not read: " + firstLine(err.Error())})
		return
	}
	scenes, held := map[string]bool{}, map[string]bool{} // held: the scripts a scene's node holds
	for _, f := range files {
		if scenes[f] = project.IsScene(f); scenes[f] {
			if sc, err := w.p.Scene(f); err == nil {
				for _, n := range sc.Nodes {
					held[n.Script] = true
				}
			}
		}
	}
	scanned := map[string]bool{}
	var with, later []string // what a file reached brings, and the files nothing runs
	read, rest := 0, 0       // the next of w.readFiles and of files
	late := false            // the files nothing runs are being read: so are those of their scenes
	for {
		var f string
		switch {
		case read < len(w.readFiles):
			f = w.readFiles[read]
			read++
		case len(with) > 0:
			f, with = with[0], with[1:]
		case rest < len(files):
			f = files[rest]
			rest++
			if scenes[f] || held[f] {
				later = append(later, f)
				continue
			}
		case len(later) > 0:
			f, later, late = later[0], later[1:], true
		default:
			return
		}
		if f == "" || scanned[f] {
			continue
		}
		scanned[f] = true
		if !late {
			with = append(with, w.reachedWith(f)...)
		}
		for _, changes := range []bool{true, false} { // a scene change places the scene: first
			for _, ref := range w.refsOf(f).Scenes {
				change := ref.Call == "change_scene_to_file" || ref.Call == "change_scene_to_packed"
				if change != changes || !scenes[ref.Scene] || w.covered[ref.Scene] || w.sceneSeen[ref.Scene] {
					continue
				}
				q := queuedScene{scene: ref.Scene, parent: "*", reached: ReachCode, by: refText(f, ref), origin: ref.Scene}
				if change {
					q.parent = "/root"
				}
				if late {
					q.reached, q.by = ReachNone, namedBy+q.by+", which nothing reaches"
				} else {
					with = append(with, ref.Scene) // read as reached, though its tree does not read
				}
				w.enqueue(q)
			}
		}
		w.drain()
	}
}

// reachedWith returns the files the game reaches with a file it reaches:
// the scenes a scene instances and the scripts on its nodes, the scripts
// a script extends.
func (w *surfaceWalk) reachedWith(file string) []string {
	var out []string
	if project.IsScene(file) {
		if sc, err := w.p.Scene(file); err == nil {
			for _, n := range sc.Nodes {
				out = append(out, n.Instance, n.Script)
			}
		}
	} else if r, err := w.p.Resolve(file); err == nil {
		for _, k := range r.Chain[1:] {
			out = append(out, k.Script.Path)
		}
	}
	return out
}

// refsOf returns the scenes a script or scene names, read once; nothing
// for one the reader refuses, which the engine would not run either.
func (w *surfaceWalk) refsOf(file string) project.SceneRefs {
	refs, ok := w.refs[file]
	if !ok {
		refs, _ = w.p.SceneRefs(file)
		w.refs[file] = refs
	}
	return refs
}

// refText says where a file names a scene.
func refText(file string, ref project.SceneRef) string {
	if ref.Node != "" {
		return fmt.Sprintf("%s (node %s, property %s)", file, ref.Node, ref.Member)
	}
	s := file
	if ref.Line > 0 {
		s += fmt.Sprintf(":%d", ref.Line)
	}
	if ref.Call != "" {
		s += " " + ref.Call
	}
	return s
}

// notReached reads the scenes nothing reached, in the walk's order: each
// one no other of them instances, as the root of its row (those it
// instances are in its tree).
func (w *surfaceWalk) notReached() {
	files, err := w.p.Files()
	if err != nil {
		return // fromCode said so
	}
	var left []string
	instanced := map[string]bool{}
	for _, f := range files {
		if !project.IsScene(f) || w.sceneSeen[f] || w.covered[f] {
			continue
		}
		left = append(left, f)
		if sc, err := w.p.Scene(f); err == nil {
			for _, n := range sc.Nodes {
				if n.Instance != f {
					instanced[n.Instance] = true
				}
			}
		}
	}
	for _, f := range left {
		if !instanced[f] && !w.covered[f] {
			w.enqueue(queuedScene{scene: f, parent: "*", reached: ReachNone, origin: f})
			w.drain()
		}
	}
}

// unplaced lists the scripts of @rpc methods that no node of a scene
// read holds, nor extends: code may make their nodes (Class.new() and
// add_child, set_script), which the audit does not follow, or their
// scenes did not read. Their methods' findings are a node "*"'s.
func (w *surfaceWalk) unplaced() {
	files, err := w.p.Files()
	if err != nil {
		return // fromCode said so
	}
	covered := map[string]bool{}
	for _, script := range w.s.scripts {
		covered[script] = true
		if r, err := w.p.Resolve(script); err == nil {
			for _, k := range r.Chain {
				covered[k.Script.Path] = true
			}
		}
	}
	for _, f := range files {
		if ext := path.Ext(f); ext != ".gd" && ext != ".cs" || covered[f] {
			continue
		}
		rpcs, err := w.p.RPCs(f)
		if err != nil || len(rpcs) == 0 {
			continue // a script the engine refuses runs nowhere
		}
		w.s.rpcs[f] = rpcs
		w.s.scripts = append(w.s.scripts, f)
		w.s.placed = append(w.s.placed, placed{node: "*", script: f})
		w.s.methods += len(rpcs)
		w.list(&row{SceneReach: SceneReach{Path: f, Reached: ReachNone, Root: "*", Methods: len(rpcs)}})
	}
}

// list lists a row that holds methods, spawners or synchronizers: one the
// server does not run as it starts with a note saying how a live audit
// reaches it, one nothing reaches with its NotReached finding.
func (w *surfaceWalk) list(r *row) {
	switch {
	case r.Reached == ReachNone && !project.IsScene(r.Path):
		w.s.notChecked = append(w.s.notChecked, Finding{Kind: NotReached, Level: NotReached.Level(), Script: r.Path,
			Message: fmt.Sprintf("holds %s, on no node of a scene the audit read: code that makes its node (Class.new(), set_script) is not followed, or its scene did not read; its methods are audited from the script alone", r.holds())})
	case r.Reached == ReachNone:
		w.s.notChecked = append(w.s.notChecked, Finding{Kind: NotReached, Level: NotReached.Level(), Script: r.Path,
			Message: fmt.Sprintf("holds %s, which the audit did not reach: %s; -scene %s audits it", r.holds(), r.why(), r.origin)})
	case !r.live:
		r.Note = fmt.Sprintf("the server runs it once the game loads it: a live audit calls it with -scene %s", r.origin)
	}
	w.s.scenes = append(w.s.scenes, r.SceneReach)
}

// namedBy starts the By of a scene that only files nothing reaches name.
const namedBy = "named by "

// why says why nothing reaches a scene.
func (r *row) why() string {
	switch {
	case strings.HasPrefix(r.By, namedBy):
		return r.By
	case r.By != "":
		return "spawned by " + r.By
	}
	return "no main scene, autoload, spawner, script or scene of the project names it (a path the game builds as it runs is not seen)"
}

// holds says what a scene holds: "2 @rpc methods, 1 spawner".
func (s SceneReach) holds() string {
	var parts []string
	for _, c := range []struct {
		n    int
		what string
	}{{s.Methods, "@rpc method"}, {s.Spawners, "spawner"}, {s.Synchronizers, "synchronizer"}} {
		switch {
		case c.n == 1:
			parts = append(parts, "1 "+c.what)
		case c.n > 1:
			parts = append(parts, fmt.Sprintf("%d %ss", c.n, c.what))
		}
	}
	return strings.Join(parts, ", ")
}

// notCalled returns, for a live audit, a NotChecked finding of each scene
// holding methods that the server does not run as it starts.
func (s *surface) notCalled() []Finding {
	var out []Finding
	for _, sc := range s.scenes {
		if sc.Note != "" && sc.Methods > 0 {
			out = append(out, Finding{Kind: NotChecked, Level: Info, Node: sc.Root, Script: sc.Path,
				Message: fmt.Sprintf("its methods were not called (reached: %s%s): %s", sc.Reached, byText(sc.By), sc.Note)})
		}
	}
	return out
}

// byText is " by …", or "" for no one.
func byText(by string) string {
	if by == "" {
		return ""
	}
	return " by " + by
}

// maxListed is how many scenes nothing reaches the summary names.
const maxListed = 8

// writeNotReached writes, after the report's first line, how many scenes
// holding methods, spawners or synchronizers nothing reached, by name.
func writeNotReached(w io.Writer, scenes []SceneReach) {
	var none []string
	for _, sc := range scenes {
		if sc.Reached == ReachNone {
			none = append(none, sc.Path)
		}
	}
	if n := len(none); n > 0 {
		more := ""
		if n > maxListed {
			more = fmt.Sprintf(" and %d more", n-maxListed)
			none = none[:maxListed]
		}
		fmt.Fprintf(w, "%d scenes with RPCs, spawners or synchronizers not reached: %s%s\n", n, strings.Join(none, ", "), more)
	}
}

// writeScenes writes the scenes read, a row each: how the game reaches
// it, its root, what it holds, what reaches it.
func writeScenes(w io.Writer, scenes []SceneReach) {
	if len(scenes) == 0 {
		return
	}
	fmt.Fprintln(w, "\nSCENE\tREACHED\tROOT\tMETHODS\tSPAWNERS\tSYNCHRONIZERS\tBY")
	for _, sc := range scenes {
		by := sc.By
		if sc.Note != "" {
			by += "; " + sc.Note
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%d\t%d\t%d\t%s\n", project.Shown(sc.Path), sc.Reached, project.Shown(sc.Root), sc.Methods, sc.Spawners, sc.Synchronizers, oneLine(by, 160))
	}
}

// ErrCodeAdded is an audit that reached none of the project's nodes
// (ErrNotReached, which Run's error matches too) of a project whose
// scripts add the scenes holding its methods and synchronizers in code,
// where the clients cannot follow: -scene cannot name them. The error
// names the scenes.
var ErrCodeAdded = errors.New("its scripts add them in code")

// ErrNothingSent is an audit that sent nothing, the server running none
// of the project's methods and synchronizers as it starts its scene
// (ErrNotReached, which Run's error matches too): -scene names one that
// holds them.
var ErrNothingSent = errors.New("nothing was sent")

// nothingSent is the error of an audit that sent nothing, the server
// running none of the project's methods and synchronizers of rep as it
// starts its scene: ErrNotReached and ErrNothingSent, and ErrCodeAdded
// where its scripts add the scenes holding them in code.
func nothingSent(rep *Report, scene string) error {
	err := fmt.Errorf("%w: the server runs none of the project's %d methods and %d synchronizers as it starts (scene %s), so %w: give -scene the scene that holds them (the not-checked findings name it)",
		ErrNotReached, rep.Methods, rep.Synchronizers, scene, ErrNothingSent)
	if added := codeAdded(rep.Scenes); added != nil {
		err = fmt.Errorf("%w; %w", err, added)
	}
	return err
}

// codeAdded says, for an audit that reached none of the project's nodes,
// which of its scenes holding methods or synchronizers its scripts add in
// code, where the clients cannot follow (a spawner the scripts make with
// MultiplayerSpawner.new() is not read): ErrCodeAdded naming them; nil
// if none.
func codeAdded(scenes []SceneReach) error {
	var named []string
	for _, sc := range scenes {
		if sc.Reached == ReachCode && sc.Methods+sc.Synchronizers > 0 {
			by, _, _ := strings.Cut(sc.By, ";")
			named = append(named, sc.Path+" (named by "+by+")")
		}
	}
	if len(named) == 0 {
		return nil
	}
	if len(named) > 3 {
		named = append(named[:3], fmt.Sprintf("%d more", len(named)-3))
	}
	return fmt.Errorf("or %w: %s, which the clients cannot declare where no spawner of a scene spawns them (a spawner made with MultiplayerSpawner.new() is not read)",
		ErrCodeAdded, strings.Join(named, ", "))
}
