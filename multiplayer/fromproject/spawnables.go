package fromproject

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/project"
)

// maxSceneWeight is the most scenes a spawner may declare, its spawnable
// scenes and, below them, their spawners' scenes, each counted as often
// as package multiplayer declares it: a few scenes that each spawn the
// next twice would else make millions.
const maxSceneWeight = 4096

// spawnables reads a project's spawnable scenes, each file once, with the
// spawners each declares ([multiplayer.SceneSpawner]) and their scenes, as
// deep as they go.
type spawnables struct {
	p    *project.Project
	rpcs scriptRPCs
	read map[string]multiplayer.SpawnableScene // by res:// path
	// weight is how many scenes declaring a scene declares: itself, and
	// its spawners' scenes' weights (at most maxSceneWeight+1).
	weight  map[string]int
	reading []string // the scenes being read, the outermost first
	// custom is the custom scenes of spawnable scenes' spawners
	// ([WithCustomSpawnIn]), customUsed those found.
	custom     map[nestedSpawner][]string
	customUsed map[nestedSpawner]bool
	skipped    []Skip          // the scenes that do not read, and the scripts that do not load
	unloaded   map[string]bool // the scripts' faults skipped, by their text: each once
}

// newSpawnables returns a reader of p's spawnable scenes, whose scripts'
// methods rpcs reads.
func newSpawnables(p *project.Project, rpcs scriptRPCs) *spawnables {
	return &spawnables{p: p, rpcs: rpcs, read: map[string]multiplayer.SpawnableScene{}, weight: map[string]int{},
		customUsed: map[nestedSpawner]bool{}, unloaded: map[string]bool{}}
}

// config reads the spawner at at (an absolute path, or one below a
// scene's root) and its scenes, and returns it with its SpawnPath
// resolved from at, and its scenes' weight.
func (s *spawnables) config(at string, sp *project.SpawnerSettings) (multiplayer.SpawnerConfig, int, error) {
	if sp.SpawnPath == "" {
		return multiplayer.SpawnerConfig{}, 0, fmt.Errorf("no spawn_path")
	}
	if sp.Limit < 0 || len(sp.Scenes) > multiplayer.MaxScenes {
		return multiplayer.SpawnerConfig{}, 0, fmt.Errorf("spawn_limit %d, %d scenes", sp.Limit, len(sp.Scenes))
	}
	scenes, weight, err := s.scenesOf(sp.Scenes)
	if err != nil {
		return multiplayer.SpawnerConfig{}, 0, err
	}
	return multiplayer.SpawnerConfig{SpawnPath: path.Join(at, sp.SpawnPath), Limit: int(sp.Limit), Scenes: scenes}, weight, nil
}

// scene reads a spawnable scene: the methods of its root and of the nodes
// below it, its synchronizers, and its spawners. A scene whose tree does
// not read (one it instances the project lacks) is declared with nothing
// of its own and skipped: the engine loads a spawnable scene when it
// spawns it, and fails that spawn alone. A scene that spawns
// itself, through its spawners' scenes or its own, is an error: package
// multiplayer declares each spawner's scenes up front.
func (s *spawnables) scene(res string) (multiplayer.SpawnableScene, error) {
	if sc, ok := s.read[res]; ok {
		return sc, nil
	}
	if slices.Contains(s.reading, res) {
		return multiplayer.SpawnableScene{}, fmt.Errorf("%s spawns itself (%s), which is not served: spawn it from a spawner of the main scene", project.Shown(res), strings.Join(append(s.reading, res), " > "))
	}
	s.reading = append(s.reading, res)
	defer func() { s.reading = s.reading[:len(s.reading)-1] }()
	out := multiplayer.SpawnableScene{Path: res}
	tree, err := s.p.Tree(res)
	if err != nil {
		s.skipped = append(s.skipped, Skip{File: res, Err: err})
		s.read[res], s.weight[res] = out, 1
		return out, nil
	}
	weight := 1
	for _, n := range tree {
		if n.ScriptFault != nil && !s.unloaded[n.ScriptFault.Error()] {
			s.unloaded[n.ScriptFault.Error()] = true
			s.skipped = append(s.skipped, Skip{File: faultFile(n.ScriptFault), Err: n.ScriptFault})
		}
		var methods []multiplayer.Method
		if n.Script != "" {
			if methods, err = s.rpcs.of(n.Script); err != nil {
				return multiplayer.SpawnableScene{}, err
			}
		}
		switch {
		case n.Spawner != nil && n.Path == ".":
			return multiplayer.SpawnableScene{}, fmt.Errorf("%s: its root is a spawner, which is not served", project.Shown(res))
		case n.Spawner != nil && len(methods) > 0:
			return multiplayer.SpawnableScene{}, fmt.Errorf("%s: spawner %s: its script %s declares @rpc methods, which a spawner here cannot have", project.Shown(res), project.Shown(n.Path), project.Shown(n.Script))
		case n.Spawner != nil:
			cfg, w, err := s.config(n.Path, n.Spawner)
			if err == nil {
				w, err = s.addCustom(&cfg, w, nestedSpawner{res, n.Path})
			}
			if err != nil {
				return multiplayer.SpawnableScene{}, fmt.Errorf("%s: spawner %s: %w", project.Shown(res), project.Shown(n.Path), err)
			}
			out.Spawners = append(out.Spawners, multiplayer.SceneSpawner{Path: n.Path, SpawnerConfig: cfg})
			weight = min(weight+w, maxSceneWeight+1)
		case n.Path == ".":
			out.Methods = methods
		case len(methods) > 0:
			out.Nodes = append(out.Nodes, multiplayer.SpawnedNode{Path: n.Path, Methods: methods})
		}
		if sy := n.Synchronizer; sy != nil {
			if err := addSynchronizer(&out, n.Path, sy); err != nil {
				return multiplayer.SpawnableScene{}, fmt.Errorf("%s: synchronizer %s: %w", project.Shown(res), project.Shown(n.Path), err)
			}
		}
	}
	sortTreeOrder(tree, out.Synchronizers)
	s.read[res], s.weight[res] = out, weight
	return out, nil
}

// addCustom gives cfg, the spawner at at, the custom scenes
// [WithCustomSpawnIn] names for it, if any, and returns its scenes' weight
// with theirs.
func (s *spawnables) addCustom(cfg *multiplayer.SpawnerConfig, weight int, at nestedSpawner) (int, error) {
	built, ok := s.custom[at]
	if !ok {
		return weight, nil
	}
	custom, w, err := s.customScenes(built)
	if err != nil {
		return 0, err
	}
	s.customUsed[at] = true
	cfg.Custom = custom
	return min(weight+w, maxSceneWeight+1), nil
}

// customScenes reads the custom scenes of a spawner's spawn_function, and
// returns them with their weight; one that does not read is an error.
func (s *spawnables) customScenes(paths []string) ([]multiplayer.SpawnableScene, int, error) {
	if len(paths) == 0 {
		return nil, 0, fmt.Errorf("no custom scene named")
	}
	for _, res := range paths { // named by the program, not the game: each must read
		if _, err := s.p.Tree(res); err != nil {
			return nil, 0, fmt.Errorf("custom scene: %w", err)
		}
	}
	custom, weight, err := s.scenesOf(paths)
	if err != nil {
		return nil, 0, fmt.Errorf("custom scene: %w", err)
	}
	return custom, weight, nil
}

// scenesOf reads the scenes at paths, in order, and returns them with
// their weight.
func (s *spawnables) scenesOf(paths []string) ([]multiplayer.SpawnableScene, int, error) {
	var scenes []multiplayer.SpawnableScene
	weight := 0
	for _, res := range paths {
		sc, err := s.scene(res)
		if err != nil {
			return nil, 0, err
		}
		scenes = append(scenes, sc)
		weight = min(weight+s.weight[res], maxSceneWeight+1)
	}
	return scenes, weight, nil
}

// addSynchronizer adds the synchronizer at at, below a spawnable scene's
// root, to the scene, its properties named from the root.
func addSynchronizer(sc *multiplayer.SpawnableScene, at string, s *project.SynchronizerSettings) error {
	root := path.Join(at, s.RootPath)
	if root == ".." || strings.HasPrefix(root, "../") {
		return fmt.Errorf("root_path %s leaves the scene", project.Shown(s.RootPath))
	}
	sy, err := synchronizerOf(at, s)
	if err != nil {
		return err
	}
	if root != "." {
		sy.Root = root
	}
	for i := range sy.Properties {
		sy.Properties[i].Path = fromRoot(root, sy.Properties[i].Path)
	}
	sc.Synchronizers = append(sc.Synchronizers, sy)
	return nil
}
