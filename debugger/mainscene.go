package debugger

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/gdvar/gdvar/project"
)

// gameProject is what Launch knows of the project a game runs: its folder
// (from --path, else the working directory), its autoloads' names, and
// its main scene.
type gameProject struct {
	dir       string
	autoloads map[string]bool
	// waits says a main scene is to come: the project names one, or the
	// command line does, and no --script replaces it.
	waits bool
	// The command line names a scene to run (the main scene then), or
	// runs a script or the editor instead of a scene; main is the
	// project's main scene (res://), "" if unknown.
	scene, script bool
	main          string
}

// readGameProject reads what Launch needs of the project godot's args
// run: where project.godot is not there or not readable (an exported
// game, a --main-pack), nothing is known, and nothing waited for.
func readGameProject(args []string) gameProject {
	var gp gameProject
	scene := false
	for i, a := range args {
		switch {
		case (a == "--path") && i+1 < len(args):
			gp.dir = args[i+1]
		case a == "-s" || a == "--script" || a == "-e" || a == "--editor" || a == "-p" || a == "--project-manager":
			return gameProject{script: true} // no main scene comes
		case a == "--scene" || strings.HasSuffix(a, ".tscn") || strings.HasSuffix(a, ".scn"):
			scene = true
		}
	}
	gp.scene = scene
	if gp.dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			return gameProject{}
		}
		gp.dir = wd
	}
	p, err := project.Open(gp.dir)
	if err != nil {
		return gameProject{scene: scene}
	}
	gp.main, _ = p.MainScene()
	autoloads, err := p.Autoloads()
	if err != nil {
		return gp
	}
	gp.autoloads = map[string]bool{}
	for _, a := range autoloads {
		gp.autoloads[a.Name] = true
	}
	gp.waits = scene || gp.main != ""
	return gp
}

// waitMainScene asks for the tree until /root has a child that is not an
// autoload: the main scene, which the engine adds after the autoloads.
// The tree the game sends before it holds /root and the autoloads alone.
func (s *Session) waitMainScene(ctx context.Context, autoloads map[string]bool) error {
	for {
		root, err := s.Tree(ctx)
		if err != nil {
			return err
		}
		for _, c := range root.Children {
			if !autoloads[c.Name] {
				return nil
			}
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-s.done:
			return s.err
		case <-time.After(pollEvery):
		}
	}
}

// errNoMainScene is a launch whose game's main scene never came.
var errNoMainScene = errors.New("debugger: the main scene was not in the tree")

// mainSceneError says why Launch gave up on the main scene.
func mainSceneError(err error) error {
	if errors.Is(err, ErrExited) {
		return fmt.Errorf("debugger: the game ended before its main scene was in the tree: %w", err)
	}
	return fmt.Errorf("%w: %w", errNoMainScene, err)
}
