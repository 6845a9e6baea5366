package audit

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/project"
)

// Every multiplayer game of the corpus (a project with a script holding
// @rpc, or a scene holding a MultiplayerSpawner or
// MultiplayerSynchronizer) is audited from its files: every scene that
// holds RPCs, spawners or synchronizers is listed, with how the game
// reaches it, or as not reached with the file that names it or a
// not-reached finding saying which -scene reaches it; none is left out
// silently. A project the audit refuses must say why.
func TestStaticReachEveryCorpusGame(t *testing.T) {
	games := 0
	for _, dir := range corpusProjectDirs(t) {
		if !multiplayerGame(t, dir) {
			continue
		}
		games++
		name, _ := filepath.Rel(corpus, dir)
		t.Run(name, func(t *testing.T) {
			p, err := project.Open(dir)
			require.NoError(t, err)
			rep, err := Static(p, "")
			if err != nil {
				assert.NotEmpty(t, err.Error())
				t.Logf("refused: %v", err)
				return
			}
			notReached := map[string]bool{}
			for _, f := range rep.Findings {
				if f.Kind == NotReached {
					notReached[f.Script] = true
				}
			}
			for _, s := range rep.Scenes {
				assert.NotEmpty(t, s.Reached, s.Path)
				if s.Reached == ReachNone {
					assert.True(t, s.By != "" || notReached[s.Path], "%s: not reached, and nothing says why", s.Path)
				} else {
					assert.NotEmpty(t, s.By, "%s: reached by nothing said", s.Path)
				}
			}
			t.Logf("%d scenes: %d methods, %d spawners, %d synchronizers, %d findings", len(rep.Scenes), rep.Methods, rep.Spawners, rep.Synchronizers, len(rep.Findings))
		})
	}
	assert.GreaterOrEqual(t, games, 15, "the corpus's multiplayer games")
}

// multiplayerGame says whether the project in dir has a script holding
// @rpc or a scene holding a spawner or a synchronizer.
func multiplayerGame(t *testing.T, dir string) bool {
	found := false
	err := filepath.WalkDir(dir, func(name string, d fs.DirEntry, err error) error {
		if err != nil || found || d.IsDir() {
			return err
		}
		if ext := filepath.Ext(name); ext != ".gd" && ext != ".tscn" {
			return nil
		}
		b, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		found = bytes.Contains(b, []byte("@rpc")) || strings.Contains(string(b), "MultiplayerSpawner") || strings.Contains(string(b), "MultiplayerSynchronizer")
		return nil
	})
	require.NoError(t, err)
	return found
}

// corpusProjectDirs returns the corpus's projects: each folder holding a
// project.godot, the corpus's own or one of its subfolders' (a repository
// of several tutorials).
func corpusProjectDirs(t *testing.T) []string {
	var dirs []string
	err := filepath.WalkDir(corpus, func(name string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() || name == filepath.Clean(corpus) {
			return err
		}
		if _, err := os.Stat(filepath.Join(name, "project.godot")); err == nil {
			dirs = append(dirs, name)
			return filepath.SkipDir
		}
		return nil
	})
	require.NoError(t, err)
	return dirs
}
