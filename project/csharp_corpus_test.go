package project

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// corpusDir is the real-world corpus (testdata/projects/manifest.tsv).
const corpusDir = "../testdata/projects"

// csharpCorpus returns the folders of the corpus's C# projects (kind
// csharp in the manifest).
func csharpCorpus(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(corpusDir, "manifest.tsv"))
	require.NoError(t, err)
	var dirs []string
	for i, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		fields := strings.Split(line, "\t")
		if i > 0 && slices.Contains(strings.Split(fields[4], ","), "csharp") {
			dirs = append(dirs, fields[0])
		}
	}
	return dirs
}

// csharpCorpusCut are the files that the corpus's C# scenes instance and
// the corpus does not keep (see the manifest), and why: a scene that
// instances one cannot be read for the corpus's cut, not the reader's.
var csharpCorpusCut = map[string]string{
	"chickensoft-games__GameDemo:res://src/player/visuals/chicken/chicken.glb":   "a binary model, a Git LFS pointer in the repository; its .import (487 KB) cut",
	"chickensoft-games__GameDemo:res://src/map/mushroom/mushroom.glb":            "a binary model, a Git LFS pointer in the repository",
	"chickensoft-games__GameDemo:res://src/map/orange_flowers/orange_flower.glb": "a binary model, a Git LFS pointer in the repository",
	"chickensoft-games__GameDemo:res://src/coin/Coin.tscn":                       "over 512 KiB, not kept",
	"chickensoft-games__GameDemo:res://src/map/terrain/terrain.tscn":             "over 512 KiB, not kept",
}

// Every C# file of the corpus reads; a file that is not a script (no
// class named after it, or one that derives from no Godot class) says
// so, and a script whose base is a package's class (a NuGet package's:
// not in the repository) is not read; every scene's Tree reads, but
// those that instance a file the corpus does not keep.
func TestCSharpCorpus(t *testing.T) {
	dirs := csharpCorpus(t)
	require.Len(t, dirs, 5)
	var files, scripts, resolved, scenes, trees int
	for _, dir := range dirs {
		root := filepath.Join(corpusDir, dir)
		p, err := Open(root)
		require.NoError(t, err)
		require.NoError(t, filepath.WalkDir(root, func(name string, d fs.DirEntry, err error) error {
			require.NoError(t, err)
			if d.IsDir() && strings.HasPrefix(d.Name(), ".") && name != root {
				return filepath.SkipDir
			}
			res, err := p.ResPath(name)
			require.NoError(t, err)
			switch filepath.Ext(name) {
			case ".cs":
				files++
				src, err := os.ReadFile(name)
				require.NoError(t, err)
				_, err = parseCSharpFile(src, res, DefaultLimits())
				require.NoError(t, err, "%s: %s", dir, res)
				if _, err := p.Script(res); err != nil {
					assert.ErrorContains(t, err, "the file declares no class", "%s: %s", dir, res)
					return nil
				}
				scripts++
				_, err = p.Resolve(res)
				var se *ScriptError
				switch {
				case err == nil:
					resolved++
				case errors.As(err, &se) && se.Unsupported:
					assert.Contains(t, se.Message, "is neither a class of the project nor an engine class", "%s: %s", dir, res)
				default:
					assert.ErrorContains(t, err, "does not derive from GodotObject", "%s: %s", dir, res)
				}
			case ".tscn":
				scenes++
				_, err := p.Tree(res)
				if err == nil {
					trees++
					return nil
				}
				var se *SceneError
				require.ErrorAs(t, err, &se, "%s: %s", dir, res)
				missing := se.Chain[len(se.Chain)-1]
				assert.ErrorIs(t, err, fs.ErrNotExist, "%s: %s", dir, res)
				assert.Contains(t, csharpCorpusCut, dir+":"+missing, "%s: %s: %v", dir, res, err)
			}
			return nil
		}))
	}
	t.Logf("%d C# files: %d scripts, %d resolved; %d scenes, %d read", files, scripts, resolved, scenes, trees)
	assert.Equal(t, 148, files)
	assert.Equal(t, 88, scripts)
	assert.Equal(t, 47, resolved)
	assert.GreaterOrEqual(t, trees, 44, "the other scenes instance a file the corpus does not keep")
}

// The corpus's [Rpc] scripts: their config is what the engine's C# side
// registers by the rules TestCSharpRPC tests. A file holding a part of
// another file's class is no script: its [Rpc] methods are that
// script's.
func TestCSharpCorpusRPCConfig(t *testing.T) {
	const tutorials = corpusDir + "/jkvastad__Godot-4-Multiplayer-Tutorials/Demos/"
	authority := func(name string) string { return rpcEntry(name, 2, 2, 0, false) }
	anyPeer := func(name string) string { return rpcEntry(name, 1, 2, 0, false) }
	tests := []struct{ dir, script, want, err string }{
		{"ConcurrentMultiplayerScenes", "res://CubeScene/Cube.cs", rpcEntry("ServerCubeColor", 1, 2, 0, true), ""},
		{"ConcurrentMultiplayerScenes", "res://SphereScene/Sphere.cs", rpcEntry("ServerSphereColor", 1, 2, 0, true), ""},
		{"WorkerCoop", "res://Shared/GameSessionNetwork/GameSessionNetwork.cs", strings.Join([]string{
			authority("ClientInitGameSession"), authority("ClientUpdateGridWorker"), authority("ClientUpdatePeerIdToColorMapping"),
			authority("ClientUpdatePeerIdToPlayerName"), authority("ClientUpdateSeatIdPeerIdMapping"), authority("ClientUpdateSeatWorker"),
			anyPeer("ServerInitGameSessionForCallingPeer"), anyPeer("ServerRequestAddWorkerToWorkerGrid"),
			anyPeer("ServerRequestNewColorForCallingPeer"), anyPeer("ServerRequestRemoveWorkerFromWorkerGrid"),
			anyPeer("ServerRequestSeatForCallingPeer")}, ",\n"), ""},
	}
	for _, part := range []string{"GameState", "SeatView", "SessionState"} {
		tests = append(tests, struct{ dir, script, want, err string }{"WorkerCoop", "res://Shared/GameSessionNetwork/GameSessionNetwork" + part + ".cs", "",
			"Its class Shared.GameSessionNetwork is a part of the script res://Shared/GameSessionNetwork/GameSessionNetwork.cs."})
	}
	for _, tt := range tests {
		t.Run(tt.script, func(t *testing.T) {
			got, err := csConfig(t, tutorials+tt.dir, tt.script)
			if tt.err != "" {
				assert.ErrorContains(t, err, tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, "{\n"+tt.want+"\n}", got)
		})
	}
}
