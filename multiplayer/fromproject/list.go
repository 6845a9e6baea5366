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
