package project

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"

	"github.com/gdvar/gdvar/resource"
)

// Tree returns the nodes of the scene at resPath as the engine's tree
// holds them once the scene is instanced: each instance's nodes follow
// it, at their paths from this scene's root, and so on down. An instance
// takes its scene's root's class, script, spawner and synchronizer,
// unless the instancing scene sets its script; a node inside an instance
// that the scene overrides (editable children) takes the script the
// override sets. An override of a MultiplayerSpawner's or
// MultiplayerSynchronizer's other settings is an error: it is not read.
// A scene the project lacks is an error that says so. A scene that
// instances itself, through others or not, is an error, as
// in the engine. A node whose class cannot hold its script is an error,
// as the engine refuses to attach that script (see checkScripts); so is
// a script the engine would refuse. The tree holds at most
// Limits.MaxFiles nodes (ErrTooManyFiles) and nests at most
// Limits.MaxDepth instances (ErrTooDeep).
func (p *Project) Tree(resPath string) ([]SceneNode, error) {
	w := &treeWalk{p: p, scenes: map[string]*Scene{}, binary: map[*resource.Node]bool{}}
	nodes, err := w.nodes(resPath, nil)
	if err != nil {
		return nil, err
	}
	if err := w.checkScripts(resPath, nodes); err != nil {
		return nil, err
	}
	return nodes, nil
}

// treeWalk is a Tree being made: the scenes read, by path, and the nodes
// made so far.
type treeWalk struct {
	p      *Project
	scenes map[string]*Scene
	count  int
	binary map[*resource.Node]bool // the nodes of binary scenes
}

// nodes returns the nodes of scene res, instanced by the scenes of stack.
func (w *treeWalk) nodes(res string, stack []string) ([]SceneNode, error) {
	if len(stack) > w.p.limits.MaxDepth {
		return nil, fmt.Errorf("%s: instances nested past %d: %w", res, w.p.limits.MaxDepth, ErrTooDeep)
	}
	if slices.Contains(stack, res) {
		return nil, fmt.Errorf("%s instances itself, through %v", res, stack)
	}
	sc := w.scenes[res]
	if sc == nil {
		var err error
		if sc, err = w.p.Scene(res); errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s: the project has no such scene: %w", res, err)
		} else if err != nil {
			return nil, err
		}
		w.scenes[res] = sc
		// The engine picks the loader by the extension.
		if file, err := w.p.fromUID(res); err == nil && path.Ext(file) != ".tscn" {
			for _, n := range sc.File.Nodes {
				w.binary[n] = true
			}
		}
	}
	var out []SceneNode
	at := map[string]int{} // places in out, by path
	add := func(n SceneNode) error {
		if w.count++; w.count > w.p.limits.MaxFiles {
			return fmt.Errorf("%s: more than %d nodes with its instances: %w", stack[0], w.p.limits.MaxFiles, ErrTooManyFiles)
		}
		at[n.Path] = len(out)
		out = append(out, n)
		return nil
	}
	if stack == nil {
		stack = []string{res}
	} else {
		stack = append(slices.Clip(stack), res)
	}
	for _, n := range sc.Nodes {
		if i, ok := at[n.Path]; ok && n.Type == "" && n.Instance == "" {
			if err := override(res, &out[i], n); err != nil {
				return nil, err
			}
			continue
		}
		if n.Instance == "" {
			if err := add(n); err != nil {
				return nil, err
			}
			continue
		}
		sub, err := w.nodes(n.Instance, stack)
		if err != nil {
			return nil, fmt.Errorf("%s: node %s: %w", res, n.Path, err)
		}
		root := sub[0]
		root.Path, root.Instance, root.Node = n.Path, n.Instance, n.Node
		if err := override(res, &root, n); err != nil {
			return nil, err
		}
		if err := add(root); err != nil {
			return nil, err
		}
		for _, s := range sub[1:] {
			s.Path = path.Join(n.Path, s.Path)
			if err := add(s); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// override applies what scene res sets on a node an instance made: its
// script, and nothing else of a spawner or synchronizer.
func override(res string, dst *SceneNode, n SceneNode) error {
	if n.Script != "" {
		dst.Script = n.Script
	}
	if dst.Spawner == nil && dst.Synchronizer == nil {
		return nil
	}
	for _, prop := range n.Node.Properties {
		if prop.Name != "script" {
			return fmt.Errorf("%s: node %s: %s of its instanced %s is overridden, which is not read", res, n.Path, prop.Name, dst.Type)
		}
	}
	return nil
}
