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
// autoloads. Its errors name the autoload or the scene at fault; the
// bounds are [Project.Tree]'s, for all its trees together: autoloads
// naming one scene again and again make it again and again, and are
// refused as a scene instanced as often is, before a node is made.
func (p *Project) RunningTree(mainScene string) ([]SceneNode, error) {
	autoloads, err := p.Autoloads()
	if err != nil {
		return nil, err
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
// script makes.
func (w *treeWalk) autoload(a Autoload) error {
	p := w.p
	if _, err := p.fromUID(a.Path); err != nil {
		return err
	}
	if a.Scene {
		return w.tree(a.Path, "/root/"+a.Name)
	}
	native, err := p.native(a.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%s: the project has no such script (%w)", Shown(a.Path), fs.ErrNotExist)
	}
	if err != nil {
		return err
	}
	if !p.engine().nodes[native] {
		return fmt.Errorf("%s: Failed to instantiate an autoload, script '%s' does not inherit from 'Node'", Shown(a.Path), Shown(a.Path))
	}
	w.root = a.Path
	return w.add(SceneNode{Path: "/root/" + a.Name, Type: native, Script: a.Path})
}
