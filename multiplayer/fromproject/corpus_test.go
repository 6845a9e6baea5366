package fromproject

import (
	"bufio"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/multiplayer/mode"
	"github.com/gdvar/gdvar/project"
)

// corpusCuts are, by game, what Declare names when it refuses a scene of
// the corpus for a file the corpus does not keep (manifest.tsv's cut
// column), not for what it reads; or a scene that is no main scene.
var corpusCuts = map[string][]string{
	"AtomicSponge__godot-multiplayer-example": {"res://addons/fps_label/fps_label.gd"},
	"elixs__Tutorial-CC5409-Primavera-2025": {
		"autoload Dialogic: res://addons/dialogic/Core/DialogicGameHandler.gd: the project has no such script",
		"BTPlayer is not a class of Godot 4.6", // LimboAI's, a GDExtension in the cut addons/
		// Components whose synchronizer replicates their parent: no main
		// scene, refused so once the Dialogic autoload the corpus cut is
		// skipped, as the engine skips it.
		"root_path .. leaves the scene",
	},
	"jamonholmgren__jammin_lobby": {"res://assets/tank.glb: the project has no such scene"},
	// Its InputSynchronizer is a scene of its own, instanced in the
	// player: no main scene.
	"valenvalita__OverFarming": {"res://scenes/synchronizer/input_synchronizer.tscn: synchronizer /root/InputSynchronizer: root_path .. leaves the scene"},
	// The level's spawner's second scene; its first, the player, declares.
	"godotengine__tps-demo": {"res://enemies/red_robot/red_robot.tscn: the project has no such scene"},
	// Two recipe scenes instance paths of the project they were copied
	// from, which the repository does not hold.
	"PacktPublishing__The-Essential-Guide-to-Creating-Multiplayer-Games-with-Godot-4.0": {
		"res://Recipes/01.basic-m", "res://Recipes/02.pass-th",
	},
	// Shop.tscn is absent from the repository's snapshot; the three
	// scripts are not in the repository at all.
	"naixsu__CROCPNG": {
		"res://Scenes/Shop/Shop.tscn: the project has no such scene",
		"res://Scripts/Bullet/Bullet.gd: the project has no such script",
		"res://Scripts/Bullet/BulletManager.gd: the project has no such script",
		"res://Scripts/Enemies/FinalBoss/FinalBoss.gd: the project has no such script",
	},
}

// Declare serves every scene of the corpus's multiplayer games (manifest
// kinds "multiplayer-…"), GDScript and C# alike, the game's autoloads with
// it, or refuses it only for a file the corpus cut.
func TestCorpusDeclare(t *testing.T) {
	declared, cut := 0, 0
	eachCorpusScene(t, func(game string, p *project.Project, scene string) {
		key := game + " " + scene
		_, err := Declare(multiplayer.MustNew(), p, scene)
		if err != nil && slices.ContainsFunc(corpusCuts[game], func(m string) bool { return strings.Contains(err.Error(), m) }) {
			cut++
			return
		}
		if assert.NoError(t, err, key) {
			declared++
		}
	})
	t.Logf("%d scenes of multiplayer games declared, %d refused for the corpus's cuts", declared, cut)
	assert.Positive(t, declared)
}

// eachCorpusScene calls each with every scene of the corpus's
// multiplayer games (manifest kinds "multiplayer-…"), its game's name and
// project: an autoload's own scene too, which as the main scene runs
// beside itself, renamed.
func eachCorpusScene(t *testing.T, each func(game string, p *project.Project, scene string)) {
	const corpus = "../../testdata/projects"
	f, err := os.Open(filepath.Join(corpus, "manifest.tsv"))
	require.NoError(t, err)
	defer f.Close()
	lines := bufio.NewScanner(f)
	for lines.Scan() {
		cols := strings.Split(lines.Text(), "\t")
		if len(cols) < 5 || !strings.Contains(cols[4], "multiplayer-") {
			continue
		}
		dir := filepath.Join(corpus, filepath.FromSlash(cols[0]))
		p, err := project.Open(dir)
		require.NoError(t, err, cols[0])
		for _, scene := range scenesOf(t, dir) {
			each(cols[0], p, scene)
		}
	}
	require.NoError(t, lines.Err())
}

// scenesOf returns the res:// paths of a project's .tscn files, not those
// of projects nested in it.
func scenesOf(t *testing.T, dir string) []string {
	var scenes []string
	require.NoError(t, filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != dir {
			if _, err := os.Stat(filepath.Join(path, "project.godot")); err == nil {
				return filepath.SkipDir
			}
		}
		if filepath.Ext(path) == ".tscn" {
			rel, err := filepath.Rel(dir, path)
			require.NoError(t, err)
			scenes = append(scenes, "res://"+filepath.ToSlash(rel))
		}
		return nil
	}))
	return scenes
}

// tps-demo's player, which its level spawns, has @rpc methods on its
// root, on its InputSynchronizer and on the root of its instanced
// BulletCache: the last two are declared with the scene as nodes below
// the root.
func TestCorpusSpawnedChildren(t *testing.T) {
	p, err := project.Open("../../testdata/projects/godotengine__tps-demo")
	require.NoError(t, err)
	sc, err := newSpawnables(p, newScriptRPCs(p)).scene("res://player/player.tscn")
	require.NoError(t, err)
	callLocal := func(name string) multiplayer.Method {
		return multiplayer.Method{Name: name, Mode: mode.Authority, CallLocal: true, Transfer: mode.Reliable}
	}
	assert.Contains(t, bareMethods(sc.Methods), callLocal("jump"), "the root's")
	for i := range sc.Nodes {
		sc.Nodes[i].Methods = bareMethods(sc.Nodes[i].Methods)
	}
	assert.Equal(t, []multiplayer.SpawnedNode{
		{Path: "InputSynchronizer", Methods: []multiplayer.Method{callLocal("jump")}},
		{Path: "BulletCache", Methods: []multiplayer.Method{callLocal("explode")}},
	}, sc.Nodes)
	assert.True(t, slices.ContainsFunc(sc.Synchronizers, func(s multiplayer.Synchronizer) bool { return s.Path == "InputSynchronizer" }))
}
