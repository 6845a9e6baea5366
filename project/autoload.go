package project

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
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
// the main scene's, as Main::start adds them. mainScene "" is
// application/run/main_scene; a project naming none has only its
// autoloads. Its errors name the autoload or the scene at fault; the
// bounds are [Project.Tree]'s, each autoload's tree and the main scene's
// counted alike, and at most [Limits.MaxFiles] nodes in all.
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
	var out []SceneNode
	add := func(root string, nodes []SceneNode) error {
		if len(out)+len(nodes) > p.limits.MaxFiles {
			return fmt.Errorf("more than %d nodes under /root: %w", p.limits.MaxFiles, ErrTooManyFiles)
		}
		for _, n := range nodes {
			if n.Path == "." {
				n.Path = "/root/" + root
			} else {
				n.Path = "/root/" + root + "/" + n.Path
			}
			out = append(out, n)
		}
		return nil
	}
	for _, a := range autoloads {
		nodes, err := p.autoloadNodes(a)
		if err != nil {
			return nil, fmt.Errorf("autoload %s: %w", Shown(a.Name), err)
		}
		if err := add(a.Name, nodes); err != nil {
			return nil, err
		}
	}
	if mainScene == "" {
		return out, nil
	}
	nodes, err := p.Tree(mainScene)
	if err != nil {
		return nil, err
	}
	if err := add(nodes[0].Node.Name, nodes); err != nil {
		return nil, err
	}
	return out, nil
}

// autoloadNodes returns an autoload's nodes: its scene's tree, or the one
// node its script makes.
func (p *Project) autoloadNodes(a Autoload) ([]SceneNode, error) {
	if _, err := p.fromUID(a.Path); err != nil {
		return nil, err
	}
	if a.Scene {
		return p.Tree(a.Path)
	}
	native, err := p.native(a.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s: the project has no such script (%w)", Shown(a.Path), fs.ErrNotExist)
	}
	if err != nil {
		return nil, err
	}
	if !p.engine().nodes[native] {
		return nil, fmt.Errorf("%s: Failed to instantiate an autoload, script '%s' does not inherit from 'Node'", Shown(a.Path), Shown(a.Path))
	}
	return []SceneNode{{Path: ".", Type: native, Script: a.Path}}, nil
}
