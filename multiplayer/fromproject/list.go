package fromproject

import (
	"maps"
	"slices"

	"github.com/gdvar/gdvar/multiplayer"
)

// Nodes returns the absolute paths of the declared nodes with a script,
// sorted: what a program that drives any game (a load test) calls and
// handles.
func (s *Scene) Nodes() []string { return slices.Sorted(maps.Keys(s.nodes)) }

// Spawners returns the absolute paths of the MultiplayerSpawners, sorted.
func (s *Scene) Spawners() []string { return slices.Sorted(maps.Keys(s.spawners)) }

// SpawnerConfig returns what was declared of the spawner at an absolute
// path: its scenes, their synchronizers and intervals. ok is false if
// the scene has no such spawner.
func (s *Scene) SpawnerConfig(path string) (cfg multiplayer.SpawnerConfig, ok bool) {
	cfg, ok = s.configs[path]
	return cfg, ok
}

// Skip is a part of the game that Declare left out, as the engine runs the
// rest without it: an autoload it does not add, a node whose script it
// does not load (declared with no methods: not at all), a spawnable scene
// it cannot instance (declared with nothing of its own: the engine fails
// only the spawns of it).
type Skip struct {
	File string // the autoload's file, the script, or the scene (res://)
	Node string // the autoload's or the node's absolute path; "" in a spawnable scene
	Err  error  // why: its message names the file, and the line where known
}

// Skipped returns what Declare left out, in the order met, each file once.
func (s *Scene) Skipped() []Skip { return s.skipped }
