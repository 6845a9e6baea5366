package project

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
)

// Autoload is an entry of project.godot's [autoload] section: a node the
// engine adds under /root, named Name, before the main scene, as
// Main::start does for every entry, enabled as a global name or not.
type Autoload struct {
	Name string // the node's name: /root/Name
	// Path is the res:// path of its scene or script, as written, or the
	// res:// path a uid:// one names (a uid:// path no file of the
	// project has is left as written).
	Path string
	// Singleton says the path starts with "*": scripts may name the node
	// by Name, as a global (the editor's "Global Variable"). Without it,
	// the node is added all the same.
	Singleton bool
	// Scene says the path is a scene (a .tscn or .scn, or a model
	// imported as one), which the engine instances; otherwise it is a
	// script, set on a new object of its engine class.
	Scene bool
}

// Autoloads returns project.godot's autoloads in the section's order,
// the order in which the engine adds them under /root.
func (p *Project) Autoloads() ([]Autoload, error) {
	f, err := p.settingsFile()
	if err != nil {
		return nil, err
	}
	var out []Autoload
	for _, name := range f.Keys("autoload") {
		v, _ := f.Get("autoload", name)
		s, ok := v.(string)
		if !ok {
			return nil, fmt.Errorf("res://project.godot: autoload %s: not a path", Shown(name))
		}
		a := Autoload{Name: name}
		a.Path, a.Singleton = strings.CutPrefix(s, "*")
		if path, err := p.fromUID(a.Path); err == nil {
			a.Path = path // else left as written, for RunningTree to refuse
		}
		a.Scene = p.isScene(a.Path)
		out = append(out, a)
	}
	return out, nil
}

// isScene says the engine loads a path as a PackedScene: a .tscn or .scn
// file, or one its .import file imports as a scene.
func (p *Project) isScene(resPath string) bool {
	switch path.Ext(resPath) {
	case ".tscn", ".scn":
		return true
	}
	im, err := p.readImport(resPath)
	return err == nil && im.importer == "scene"
}

// RunningTree returns the nodes under /root once the game has started,
// at their paths from the root of the tree ("/root/Lobby/Board"): each
// autoload, in project.godot's order, a scene's nodes as [Project.Tree]
// gives them or a script's node (of its engine class, with the script), then
// the main scene's, as Main::start adds them. A main scene's root whose
// name an autoload holds (the autoload's own scene too: the engine makes
// it twice) is at /root/@Class@2, Class its engine class: the name
// add_child gives a child whose name a sibling holds, numbered from 2 as
// the process goes, this the first it gives. mainScene "" is
// application/run/main_scene; a project naming none has only its
// autoloads. An autoload the engine does not add ([Project.AutoloadFault])
// is left out, as the engine leaves it out and runs the rest. Its errors
// name the autoload or the scene at fault; the
// bounds are [Project.Tree]'s, for all its trees together: autoloads
// naming one scene again and again make it again and again, and are
// refused as a scene instanced as often is, before a node is made.
func (p *Project) RunningTree(mainScene string) ([]SceneNode, error) {
	all, err := p.Autoloads()
	if err != nil {
		return nil, err
	}
	var autoloads []Autoload // those the engine adds
	for _, a := range all {
		if err := p.autoloadFault(a); isBound(err) {
			return nil, fmt.Errorf("autoload %s: %w", Shown(a.Name), err)
		} else if err == nil {
			autoloads = append(autoloads, a)
		}
	}
	if mainScene == "" {
		if mainScene, err = p.MainScene(); err != nil {
			return nil, err
		}
	}
	w := p.newTreeWalk()
	for _, a := range autoloads {
		if !a.Scene {
			continue
		}
		if err := w.plan(a.Path, "/root/"+a.Name); err != nil {
			return nil, fmt.Errorf("autoload %s: %w", Shown(a.Name), err)
		}
	}
	main := "/root/" + w.rootName(mainScene)
	if mainScene != "" {
		if err := w.plan(mainScene, main); err != nil {
			return nil, err
		}
	}
	w.make()
	for _, a := range autoloads {
		if err := w.autoload(a); err != nil {
			return nil, fmt.Errorf("autoload %s: %w", Shown(a.Name), err)
		}
	}
	if mainScene != "" {
		start := len(w.out)
		if err := w.tree(mainScene, main); err != nil {
			return nil, err
		}
		if slices.ContainsFunc(autoloads, func(a Autoload) bool { return "/root/"+a.Name == main }) {
			renamed := "/root/@" + w.out[start].Type + "@2"
			for i := start; i < len(w.out); i++ {
				w.out[i].Path = renamed + w.out[i].Path[len(main):]
			}
		}
	}
	return w.out, nil
}

// rootName is the name of a scene's root, or "" where there is no scene
// or it does not read (its walk says why).
func (w *treeWalk) rootName(res string) string {
	if res == "" {
		return ""
	}
	if file, err := w.p.fromUID(res); err == nil {
		res = file
	}
	if sc, err := w.scene(res); err == nil && len(sc.Nodes) > 0 {
		return sc.Nodes[0].Node.Name
	}
	return ""
}

// autoload adds an autoload's nodes: its scene's tree, or the one node its
// script makes (autoloadFault found none at fault).
func (w *treeWalk) autoload(a Autoload) error {
	if a.Scene {
		return w.tree(a.Path, "/root/"+a.Name)
	}
	native, err := w.p.native(a.Path)
	if err != nil {
		return err
	}
	w.root = a.Path
	return w.add(SceneNode{Path: "/root/" + a.Name, Type: native, Script: a.Path})
}

// ErrNotANode: an autoload's script does not make a Node, which the
// engine does not add: it extends another class, or does not load (the
// engine then finds no base: "does not inherit from 'Node'" too). Its
// text ends the engine's message.
var ErrNotANode = errors.New("does not inherit from 'Node'")

// AutoloadFault says why the engine does not add an autoload, or returns
// nil where it does. Main::start skips the autoload (ERR_CONTINUE, "Failed
// to instantiate an autoload") and runs the game without it where its
// file is not in the project (fs.ErrNotExist: a uid:// path no file has,
// a scene or script the project lacks, as an addon left out of a
// repository), or its script makes no Node ([ErrNotANode]; a script that
// does not load is a *[ScriptError] too). A file past a bound of the
// reader ([ErrTooLarge], [ErrNotRegular]…) is no fault of the engine's:
// [Project.RunningTree] refuses it. The error names the autoload.
func (p *Project) AutoloadFault(a Autoload) error {
	err := p.autoloadFault(a)
	if err == nil || isBound(err) {
		return nil
	}
	return fmt.Errorf("autoload %s: %w", Shown(a.Name), err)
}

// autoloadFault returns why the engine does not add an autoload, or a
// bound its file passes, or nil.
func (p *Project) autoloadFault(a Autoload) error {
	if _, err := p.fromUID(a.Path); err != nil {
		return err
	}
	if a.Scene {
		if err := p.scene(a.Path).err; errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("%s: the project has no such scene (%w)", Shown(a.Path), fs.ErrNotExist)
		}
		return nil // a scene that does not read is the tree's error
	}
	native, err := p.native(a.Path)
	switch {
	case isBound(err):
		return err
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("%s: the project has no such script (%w)", Shown(a.Path), fs.ErrNotExist)
	case err != nil:
		return fmt.Errorf("%w: not loaded, so it %w", err, ErrNotANode)
	case !p.engine().nodes[native]:
		return fmt.Errorf("%s: Failed to instantiate an autoload, script '%s' %w", Shown(a.Path), Shown(a.Path), ErrNotANode)
	}
	return nil
}

// isBound says err is a bound of the reader passed, or a file it does not
// read: no fault the engine would find.
func isBound(err error) bool {
	for _, b := range []error{ErrTooLarge, ErrTooManyFiles, ErrTooDeep, ErrBudget, ErrNotRegular, ErrUnreadable} {
		if errors.Is(err, b) {
			return true
		}
	}
	return false
}
