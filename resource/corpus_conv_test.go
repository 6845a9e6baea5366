package resource_test

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
	"github.com/gdvar/gdvar/resource"
	"github.com/gdvar/gdvar/vartext"
)

// corpusConv holds what Godot 4.6 made converting the corpus's files
// (scripts/resource/convert-corpus.sh): a.tscn to a.scn, and a.scn back
// to text at a.conv.tscn (b.tres: b.res, b.conv.tres).
const corpusConv = "testdata/corpus-conv"

// Every corpus file the engine converts converts through gdvar, both
// ways, to the engine's bytes (as a game's ResourceSaver.save, so without
// UIDs), but for the outputs testdata/corpus-conv-differs.txt lists with
// why (the test fails when one of them matches, so that the list stays
// true).
func TestCorpusConversions(t *testing.T) {
	differs := corpusDiffers(t, "corpus-conv-differs.txt")
	projects := map[string]*project.Project{}
	matched, listed := 0, 0
	check := func(rel string, got []byte) {
		want, err := os.ReadFile(filepath.Join(corpusConv, rel))
		require.NoError(t, err)
		if why, ok := differs[rel]; ok {
			listed++
			assert.False(t, bytes.Equal(want, got), "%s is the engine's now: take it off corpus-conv-differs.txt", rel)
			t.Logf("%s: %s", rel, why)
			delete(differs, rel)
			return
		}
		if assert.True(t, bytes.Equal(want, got), "%s: not the engine's conversion", rel) {
			matched++
		}
	}
	err := filepath.WalkDir(corpusConv, func(path string, d fs.DirEntry, err error) error {
		ext := filepath.Ext(path)
		if err != nil || d.IsDir() || (ext != ".scn" && ext != ".res") {
			return err
		}
		rel := filepath.ToSlash(strings.TrimPrefix(path, corpusConv+string(filepath.Separator)))
		base := strings.TrimSuffix(rel, ext)
		textExt := map[string]string{".scn": ".tscn", ".res": ".tres"}[ext]
		src := filepath.Join(corpusDir, base+textExt)
		inProj := inProject(t, src)

		data, err := os.ReadFile(src)
		require.NoError(t, err)
		// Godot 4 reads a Godot 3 text file (format=2) of its project
		// as its own: Godot 4's classes, with their compatibility names.
		f, err := resource.Read(bytes.NewReader(data), append(corpusScripts(t, projects, src), resource.WithText(vartext.WithDialect(vartext.Godot4)))...)
		require.NoError(t, err, rel)
		f.Path = "res://" + inProj + textExt
		check(rel, savedAs(t, f.WithoutUIDs(), "res://"+inProj+ext, resource.Binary))

		engine, err := os.ReadFile(path)
		require.NoError(t, err)
		f, err = resource.Read(bytes.NewReader(engine), corpusScripts(t, projects, src)...)
		require.NoError(t, err, rel)
		f.Path = "res://" + inProj + ext
		check(base+".conv"+textExt, savedAs(t, f.WithoutUIDs(), "res://"+inProj+".conv"+textExt, resource.Text))
		return nil
	})
	require.NoError(t, err)
	assert.Empty(t, differs, "corpus-conv-differs.txt lists outputs the engine did not make")
	t.Logf("%d conversions as the engine's, %d listed", matched, listed)
	assert.Greater(t, matched+listed, 100, "the engine's conversions")
}

// inProject returns a corpus file's path in its project, without its
// extension, as res:// names it: what follows the folder of the nearest
// project.godot.
func inProject(t *testing.T, path string) string {
	for dir := filepath.Dir(path); dir != filepath.Dir(dir); dir = filepath.Dir(dir) {
		if _, err := os.Stat(filepath.Join(dir, "project.godot")); err == nil {
			rel, err := filepath.Rel(dir, path)
			require.NoError(t, err)
			return filepath.ToSlash(strings.TrimSuffix(rel, filepath.Ext(rel)))
		}
	}
	t.Fatalf("%s is in no project", path)
	return ""
}
