package fromproject

import (
	"cmp"
	"fmt"
	"maps"
	"path"
	"slices"

	"github.com/gdvar/gdvar/project"
)

// Option adds to what Declare reads from the project what only the
// game's code says.
type Option func(*options)

// options are Declare's options.
type options struct {
	custom   map[string][]string        // a spawner's absolute path: its custom scenes
	customIn map[nestedSpawner][]string // a spawner of a spawnable scene: its custom scenes
}

// nestedSpawner is a MultiplayerSpawner of a spawnable scene: the scene's
// res:// path and the spawner's path below its root.
type nestedSpawner struct{ scene, path string }

// WithCustomSpawn says the MultiplayerSpawner at spawner (an absolute
// path, "/root/Main/Spawner") has a spawn_function that builds the scenes
// scenes (res:// paths), as tutorials do (a player built in code from the
// spawn's data), or as a game picks by the data (an enemy of the type the
// data names): Declare declares them as the spawner's Custom scenes, their
// @rpc methods and synchronizers read from their files, for
// Spawner.SpawnCustom (and, on a client of several,
// Spawner.SetCustomSceneOf). A spawner the project lacks, a scene it
// lacks, or no scene is Declare's error.
func WithCustomSpawn(spawner string, scenes ...string) Option {
	return func(o *options) {
		if o.custom == nil {
			o.custom = map[string][]string{}
		}
		o.custom[spawner] = append(o.custom[spawner], scenes...)
	}
}

// WithCustomSpawnIn says the MultiplayerSpawner at spawner, a path below
// the root of the spawnable scene scene ("Weapon/Gun" of
// "res://ship.tscn"), has a spawn_function that builds the scenes built,
// as [WithCustomSpawn] says of a spawner of the main scene: Declare
// declares them as that spawner's Custom scenes in every node of scene,
// for Object.SpawnerAt(spawner).SpawnCustom. A scene that no spawner
// spawns, a spawner it lacks, a built scene the project lacks, or none,
// is Declare's error.
func WithCustomSpawnIn(scene, spawner string, built ...string) Option {
	return func(o *options) {
		if o.customIn == nil {
			o.customIn = map[nestedSpawner][]string{}
		}
		at := nestedSpawner{scene, path.Clean(spawner)}
		o.customIn[at] = append(o.customIn[at], built...)
	}
}

// optionsOf returns what opts say.
func optionsOf(opts []Option) options {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	return o
}

// applyCustom gives the main scene's spawners the custom scenes o names,
// reading them with scenes, and checks that every spawner of a spawnable
// scene that o names was read.
func (d *declarations) applyCustom(scenes *spawnables, o options) error {
	for _, spawner := range slices.Sorted(maps.Keys(o.custom)) {
		i := slices.IndexFunc(d.spawners, func(s spawnerDecl) bool { return s.path == spawner })
		if i < 0 {
			return fmt.Errorf("%s has no MultiplayerSpawner %s (WithCustomSpawn)", d.scene, project.Shown(spawner))
		}
		custom, _, err := scenes.customScenes(o.custom[spawner])
		if err != nil {
			return fmt.Errorf("%s: spawner %s: %w", d.scene, project.Shown(spawner), err)
		}
		d.spawners[i].cfg.Custom = custom
	}
	for _, n := range slices.SortedFunc(maps.Keys(o.customIn), func(a, b nestedSpawner) int {
		return cmp.Or(cmp.Compare(a.scene, b.scene), cmp.Compare(a.path, b.path))
	}) {
		if !scenes.customUsed[n] {
			return fmt.Errorf("%s: no spawner spawns %s, or it has no MultiplayerSpawner %s (WithCustomSpawnIn)", d.scene, project.Shown(n.scene), project.Shown(n.path))
		}
	}
	return nil
}
