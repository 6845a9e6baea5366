package project

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// corpus is the folder of the real-world projects (testdata/projects,
// manifest.tsv).
const corpus = "../testdata/projects"

// corpusProjects returns the folders of the corpus holding project.godot.
func corpusProjects(t *testing.T) []string {
	var dirs []string
	require.NoError(t, filepath.WalkDir(corpus, func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.Name() == "project.godot" {
			dirs = append(dirs, filepath.Dir(path))
		}
		return err
	}))
	require.NotEmpty(t, dirs)
	return dirs
}

// corpusScenes returns the res:// paths of a project's .tscn and .scn
// files, not those of projects nested in it.
func corpusScenes(t *testing.T, dir string) []string {
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
		if ext := filepath.Ext(path); ext == ".tscn" || ext == ".scn" {
			rel, err := filepath.Rel(dir, path)
			require.NoError(t, err)
			scenes = append(scenes, "res://"+filepath.ToSlash(rel))
		}
		return nil
	}))
	return scenes
}

// corpusCut are the corpus's scenes that cannot be read whole from the
// files it keeps, by project and scene: what the error must say (or, of
// a scene whose script the corpus cut, a node's ScriptFault: the engine
// runs it without), and why. Each is the corpus's cut (manifest.tsv),
// not the reader's.
var corpusCut = map[string]map[string]struct{ want, why string }{
	"AtomicSponge__godot-multiplayer-example": {
		"res://scenes/game.tscn": {"res://addons/fps_label/fps_label.gd", "addons/fps_label/ cut"},
	},
	"Orama-Interactive__Pixelorama": {
		"res://src/UI/Dialogs/TileModeOffsetsDialog.tscn": {"res://src/UI/Canvas/TileMode.gd", "only src/UI/Dialogs, src/UI/Nodes and src/Classes kept"},
	},
	"chickensoft-games__GameDemo": {
		"res://src/in_game_ui/InGameUI.tscn":             {"res://src/coin/Coin.tscn: the project has no such scene", "src/coin/Coin.tscn over 512 KiB, not kept"},
		"res://src/in_game_ui/coin_scene/CoinScene.tscn": {"res://src/coin/Coin.tscn: the project has no such scene", "src/coin/Coin.tscn over 512 KiB, not kept"},
		"res://src/map/Map.tscn":                         {"res://src/map/terrain/terrain.tscn: the project has no such scene", "src/map/terrain/terrain.tscn over 512 KiB, not kept"},
		"res://src/game/Game.tscn":                       {"res://src/player/visuals/chicken/chicken.glb: the project has no such scene", "chicken.glb.import cut (487 KB), its .glb a Git LFS pointer"},
		"res://src/player/Player.tscn":                   {"res://src/player/visuals/chicken/chicken.glb: the project has no such scene", "chicken.glb.import cut"},
		"res://src/player/PlayerModel.tscn":              {"res://src/player/visuals/chicken/chicken.glb: the project has no such scene", "chicken.glb.import cut"},
		"res://src/player/visuals/chicken/chicken.tscn":  {"res://src/player/visuals/chicken/chicken.glb: the project has no such scene", "chicken.glb.import cut"},
	},
	"elixs__Tutorial-CC5409-Primavera-2025": {
		"res://levels/level1.tscn":           {"BTPlayer is not a class of Godot 4.6", "LimboAI, a GDExtension, in the cut addons/"},
		"res://levels/level2.tscn":           {"BTPlayer is not a class of Godot 4.6", "LimboAI, in the cut addons/"},
		"res://levels/level3.tscn":           {"BTPlayer is not a class of Godot 4.6", "LimboAI, in the cut addons/"},
		"res://scenes/enemies/enemy_bt.tscn": {"BTPlayer is not a class of Godot 4.6", "LimboAI, in the cut addons/"},
		"res://scenes/main.tscn":             {"BTPlayer is not a class of Godot 4.6", "LimboAI, in the cut addons/"},
	},
	"gdquest-demos__godot-open-rpg": {
		"res://src/main.tscn": {`Could not find base class "DialogicNode_StyleLayer"`, "Dialogic, in the cut addons/"},
	},
	"PacktPublishing__The-Essential-Guide-to-Creating-Multiplayer-Games-with-Godot-4.0": {
		"res://08.designing-online-platformer/Assets/Recipes/PassThroughCharacter/PassThroughCharacter2D.tscn": {"MovingCharacter2D.tscn: the project has no such scene", "res://Recipes/01.basic-moving-character/BasicMovingCharacter2D.tscn, a path of the project the recipe came from: not in the repository"},
		"res://08.designing-online-platformer/Assets/Recipes/PassThroughCharacter/PassThroughPlayer2D.tscn":    {"ThroughCharacter2D.tscn: the project has no such scene", "res://Recipes/02.pass-through-character/PassThroughCharacter2D.tscn, a path of the project the recipe came from: not in the repository"},
	},
	"naixsu__CROCPNG": {
		"res://Scenes/Bullet/Bullet.tscn":                        {"res://Scripts/Bullet/Bullet.gd: the project has no such script", "not in the repository"},
		"res://Scenes/Enemies/FinalBoss/FinalBoss.tscn":          {"res://Scripts/Enemies/FinalBoss/FinalBoss.gd: the project has no such script", "not in the repository"},
		"res://Scenes/Testing/NaixTestScenes/BulletManager.tscn": {"res://Scripts/Bullet/BulletManager.gd: the project has no such script", "not in the repository"},
		"res://Scenes/Player/Player.tscn":                        {"res://Scenes/Shop/Shop.tscn: the project has no such scene", "Scenes/Shop/Shop.tscn absent from the snapshot"},
	},
	"jamonholmgren__jammin_lobby": {
		"res://scenes/tank.tscn": {"res://assets/tank.glb: the project has no such scene", "assets/ cut, tank.glb.import with it"},
	},
}

// TestCorpusTree reads every scene of the corpus with Tree: each reads,
// its models not imported marked Partial at their roots (the corpus keeps
// no .godot folder, so none is imported), or fails as corpusCut says
// (what the corpus does not keep); every error on one
// line, short.
func TestCorpusTree(t *testing.T) {
	read, partial, cut := 0, 0, 0
	for _, dir := range corpusProjects(t) {
		name := strings.TrimPrefix(filepath.ToSlash(dir), corpus+"/")
		p, err := Open(dir)
		require.NoError(t, err)
		for _, scene := range corpusScenes(t, dir) {
			nodes, err := p.Tree(scene)
			if err != nil {
				msg := err.Error()
				assert.NotContains(t, msg, "\n", "%s %s", name, scene)
				assert.Less(t, len(msg), 1500, "%s %s", name, scene)
			}
			c, isCut := corpusCut[name][scene]
			switch {
			case isCut && err == nil: // a script the engine does not load costs its nodes alone
				cut++
				var faults []string
				for _, n := range nodes {
					if n.ScriptFault != nil {
						faults = append(faults, n.ScriptFault.Error())
					}
				}
				assert.Contains(t, strings.Join(faults, "\n"), c.want, "%s %s: listed as cut (%s), but reads whole", name, scene, c.why)
				continue
			case isCut:
				cut++
				assert.Contains(t, err.Error(), c.want, "%s %s", name, scene)
				continue
			}
			if !assert.NoError(t, err, "%s %s", name, scene) {
				continue
			}
			read++
			for _, n := range nodes {
				if n.Partial == "" || n.Type == "" {
					continue
				}
				partial++
				model, _, _ := strings.Cut(strings.TrimPrefix(n.Partial, "imported from "), ",")
				file, err := p.File(model)
				require.NoError(t, err)
				assert.FileExists(t, file+".import", "%s %s: %s", name, scene, n.Path)
				assert.Contains(t, n.Partial, "not imported yet", "%s %s: %s", name, scene, n.Path)
			}
		}
	}
	t.Logf("%d scenes read (%d model roots not imported, marked Partial), %d cut from the corpus", read, partial, cut)
	assert.Greater(t, partial, 50)
}

// TestCorpusAutoloads reads the corpus's autoloads and running trees:
// each project.godot's [autoload] entries in order, under /root before
// the main scene.
func TestCorpusAutoloads(t *testing.T) {
	p, err := Open(filepath.Join(corpus, "lampe-games__godot-open-rts"))
	require.NoError(t, err)
	autoloads, err := p.Autoloads()
	require.NoError(t, err)
	assert.Equal(t, []Autoload{
		{Name: "FeatureFlags", Path: "res://source/FeatureFlags.tscn", Singleton: true, Scene: true},
		{Name: "Constants", Path: "res://source/Constants.gd", Singleton: true},
		{Name: "Globals", Path: "res://source/Globals.gd", Singleton: true},
		{Name: "MatchSignals", Path: "res://source/match/MatchSignals.gd", Singleton: true},
		{Name: "Signals", Path: "res://source/Signals.gd", Singleton: true},
		{Name: "Utils", Path: "res://source/Utils.gd", Singleton: true},
	}, autoloads)
	nodes, err := p.RunningTree("")
	require.NoError(t, err)
	var roots []string
	for _, n := range nodes {
		if strings.Count(n.Path, "/") == 2 {
			roots = append(roots, n.Path)
		}
	}
	assert.Equal(t, []string{"/root/FeatureFlags", "/root/Constants", "/root/Globals", "/root/MatchSignals", "/root/Signals", "/root/Utils", "/root/Main"}, roots)

	p, err = Open(filepath.Join(corpus, "AthertonRoamer__Godot-Multiplayer-Game-Template"))
	require.NoError(t, err)
	autoloads, err = p.Autoloads()
	require.NoError(t, err)
	require.Len(t, autoloads, 3)
	assert.Equal(t, Autoload{Name: "Network", Path: "res://multiplayer_template/network/network.tscn", Singleton: true, Scene: true}, autoloads[0])
	for _, a := range autoloads[1:] {
		assert.True(t, strings.HasPrefix(a.Path, "res://") && strings.HasSuffix(a.Path, ".gd"), "%s: uid:// resolved to its script: %s", a.Name, a.Path)
	}

	for _, dir := range corpusProjects(t) {
		name := strings.TrimPrefix(filepath.ToSlash(dir), corpus+"/")
		p, err := Open(dir)
		require.NoError(t, err)
		_, err = p.Autoloads()
		assert.NoError(t, err, name)
	}
}
