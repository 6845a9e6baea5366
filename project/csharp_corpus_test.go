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

// csharpCorpus returns the folders of the corpus's C# projects (kind
// csharp in the manifest).
func csharpCorpus(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(corpus, "manifest.tsv"))
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

// Every C# file of the corpus reads; a file that is not a script (no
// class named after it, or one that derives from no Godot class) says
// so, and a script whose base is a package's class (a NuGet package's:
// not in the repository) is not read; every scene of the C# projects
// reads, but those corpusCut lists: what the corpus does not keep.
func TestCSharpCorpus(t *testing.T) {
	dirs := csharpCorpus(t)
	require.Len(t, dirs, 5)
	var files, scripts, resolved, scenes, trees int
	for _, dir := range dirs {
		root := filepath.Join(corpus, dir)
		p, err := Open(root)
		require.NoError(t, err)
		require.NoError(t, filepath.WalkDir(root, func(name string, d fs.DirEntry, err error) error {
			require.NoError(t, err)
			if d.IsDir() && strings.HasPrefix(d.Name(), ".") && name != root {
				return filepath.SkipDir
			}
			if filepath.Ext(name) != ".cs" {
				return nil
			}
			files++
			res, err := p.ResPath(name)
			require.NoError(t, err)
			src, err := os.ReadFile(name)
			require.NoError(t, err)
			_, err = parseCSharp(src, res, DefaultLimits())
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
			return nil
		}))
		for _, scene := range corpusScenes(t, root) {
			scenes++
			_, err := p.Tree(scene)
			if c, cut := corpusCut[dir][scene]; cut {
				assert.ErrorContains(t, err, c.want, "%s %s (%s)", dir, scene, c.why)
				continue
			}
			if assert.NoError(t, err, "%s %s", dir, scene) {
				trees++
			}
		}
	}
	t.Logf("%d C# files: %d scripts, %d resolved; %d scenes, %d read", files, scripts, resolved, scenes, trees)
	assert.Equal(t, 148, files)
	assert.Equal(t, 88, scripts)
	assert.Equal(t, 47, resolved)
	assert.Equal(t, 49, trees)
}

// The corpus's [Rpc] scripts: their config is what the engine's C# side
// registers by the rules TestCSharpRPC tests. A file holding a part of
// another file's class is no script: its [Rpc] methods are that
// script's.
func TestCSharpCorpusRPCConfig(t *testing.T) {
	const tutorials = corpus + "/jkvastad__Godot-4-Multiplayer-Tutorials/Demos/"
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
