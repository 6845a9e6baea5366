package fromproject

import (
	"fmt"
	"maps"
	"slices"

	"github.com/gdvar/gdvar/project"
)

// Option adds to what Declare reads from the project what only the
// game's code says.
type Option func(*options)

// options are Declare's options.
type options struct {
	custom map[string]string // a spawner's absolute path: its custom scene
}

// WithCustomSpawn says the MultiplayerSpawner at spawner (an absolute
// path, "/root/Main/Spawner") has a spawn_function that builds the scene
// scene (a res:// path), as tutorials do (a player built in code from the
// spawn's data): Declare declares it as the spawner's Custom scene, its
// root's @rpc methods and its synchronizers read from its files, for
// Spawner.SpawnCustom. A spawner the project lacks, or a scene it lacks,
// is Declare's error.
func WithCustomSpawn(spawner, scene string) Option {
	return func(o *options) {
		if o.custom == nil {
			o.custom = map[string]string{}
		}
		o.custom[spawner] = scene
	}
}

// apply adds to d what opts say, reading their scenes from p.
func (d *declarations) apply(p *project.Project, opts []Option) error {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	scenes := newSpawnables(p, newScriptRPCs(p))
	for _, spawner := range slices.Sorted(maps.Keys(o.custom)) {
		scene := o.custom[spawner]
		i := slices.IndexFunc(d.spawners, func(s spawnerDecl) bool { return s.path == spawner })
		if i < 0 {
			return fmt.Errorf("%s has no MultiplayerSpawner %s (WithCustomSpawn)", d.scene, project.Shown(spawner))
		}
		sc, err := scenes.scene(scene)
		if err != nil {
			return fmt.Errorf("%s: spawner %s: custom scene: %w", d.scene, project.Shown(spawner), err)
		}
		d.spawners[i].cfg.Custom = &sc
	}
	return nil
}
