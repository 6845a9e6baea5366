package resource_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/project"
	"github.com/gdvar/gdvar/resource"
)

// corpusDir is the real-world corpus: public Godot 4 projects.
const corpusDir = "../testdata/projects"

// Every .tres and .tscn of the corpus, read knowing its project's scripts
// (as gdvar text does), comes back byte for byte as text and through JSON
// (load_steps= of the editors before 4.6 included), but for the files
// testdata/corpus-differs.txt lists with why (the test fails when one
// comes back as it is, so that the list stays true).
func TestCorpusRoundTrip(t *testing.T) {
	differs := corpusDiffers(t, "corpus-differs.txt")
	projects := map[string]*project.Project{}
	n, sameText, sameJSON := 0, 0, 0
	err := filepath.WalkDir(corpusDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || (filepath.Ext(path) != ".tres" && filepath.Ext(path) != ".tscn") {
			return err
		}
		rel, _ := filepath.Rel(corpusDir, path)
		rel = filepath.ToSlash(rel)
		want, err := os.ReadFile(path)
		require.NoError(t, err)
		f, err := resource.Read(bytes.NewReader(want), corpusScripts(t, projects, path)...)
		require.NoError(t, err, rel)
		text, err := f.AppendText(nil)
		require.NoError(t, err, rel)
		js, err := json.Marshal(f)
		require.NoError(t, err, rel)
		g, err := resource.NewFile("", corpusScripts(t, projects, path)...)
		require.NoError(t, err)
		require.NoError(t, json.Unmarshal(js, g), rel)
		viaJSON, err := g.AppendText(nil)
		require.NoError(t, err, rel)
		assert.Equal(t, string(text), string(viaJSON), "%s: through JSON", rel)
		if why, ok := differs[rel]; ok {
			assert.NotEqual(t, string(want), string(text), "%s comes back as it is now: take it off corpus-differs.txt", rel)
			t.Logf("%s: %s", rel, why)
		} else {
			assert.Equal(t, string(want), string(text), rel)
		}
		n++
		sameText += btoi(bytes.Equal(want, text))
		sameJSON += btoi(bytes.Equal(want, viaJSON))
		return nil
	})
	require.NoError(t, err)
	assert.Greater(t, n, 600, "the corpus's text resources")
	t.Logf("%d of %d files byte for byte as text, %d through JSON", sameText, n, sameJSON)
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// corpusScripts returns the option that has a file of the corpus know its
// project's scripts, as gdvar text does; none outside a project.
func corpusScripts(t *testing.T, projects map[string]*project.Project, path string) []resource.Option {
	dir := filepath.Dir(path)
	for ; dir != "." && dir != "/" && dir != filepath.Dir(dir); dir = filepath.Dir(dir) {
		if _, err := os.Stat(filepath.Join(dir, "project.godot")); err == nil {
			break
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "project.godot")); err != nil {
		return nil
	}
	p, ok := projects[dir]
	if !ok {
		var err error
		p, err = project.Open(dir)
		require.NoError(t, err, dir)
		projects[dir] = p
	}
	return []resource.Option{resource.WithScripts(p)}
}

// corpusDiffers reads a list of testdata: "PATH: why" a line.
func corpusDiffers(t *testing.T, name string) map[string]string {
	f, err := os.Open(filepath.Join("testdata", name))
	require.NoError(t, err)
	defer f.Close()
	m := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := sc.Text(); line != "" && !strings.HasPrefix(line, "#") {
			path, why, _ := strings.Cut(line, ": ")
			m[path] = why
		}
	}
	require.NoError(t, sc.Err())
	return m
}

// UIDs: the corpus's files, made by the editor, keep theirs through gdvar
// as through the editor (TestCorpusRoundTrip); Godot 4.6's ResourceSaver
// in a game writes none, which WithoutUIDs gives, as text and as binary
// (scripts/resource/resave-corpus.sh made testdata/corpus-resave).
func TestCorpusWithoutUIDs(t *testing.T) {
	const proj, name = "AthertonRoamer__Godot-Multiplayer-Game-Template", "multiplayer_template/menu/debug_menu/debug_menu"
	src := filepath.Join(corpusDir, proj, name+".tscn")
	data, err := os.ReadFile(src)
	require.NoError(t, err)
	projects := map[string]*project.Project{}
	f, err := resource.Read(bytes.NewReader(data), corpusScripts(t, projects, src)...)
	require.NoError(t, err)
	require.NotEqual(t, resource.NoUID, f.UID, "the editor's file has a UID")
	f.Path = "res://" + name + ".tscn"
	for _, tc := range []struct {
		ext  string
		form resource.Form
	}{{".tscn", resource.Text}, {".scn", resource.Binary}} {
		want, err := os.ReadFile(filepath.Join("testdata", "corpus-resave", proj, name+tc.ext))
		require.NoError(t, err)
		got := savedAs(t, f.WithoutUIDs(), "res://"+name+tc.ext, tc.form)
		assert.True(t, bytes.Equal(want, got), "%s: not the game's save", name+tc.ext)
	}
	assert.NotEqual(t, resource.NoUID, f.UID, "f keeps its UIDs")
}

// Godot 4.0 to 4.2 wrote every PackedByteArray in decimal, format=3;
// 4.3 and later write those over 64 bytes in base64, format=4. A 4.2
// file of the corpus (tavurth's water.tres: an ArrayMesh's surfaces)
// keeps its format as read, through JSON too, and a save writes Godot
// 4.6's: its re-save of the file (resave-corpus.sh).
func TestCorpusDecimalBytes(t *testing.T) {
	const proj, name = "tavurth__godot-multiplayer-demo", "environment/water.tres"
	src, err := os.ReadFile(filepath.Join(corpusDir, proj, name))
	require.NoError(t, err)
	require.True(t, bytes.HasPrefix(src, []byte(`[gd_resource type="ArrayMesh" load_steps=3 format=3 `)))
	require.Regexp(t, `PackedByteArray\((\d+, ){64}`, string(src), "a byte array over 64 bytes, in decimal")
	f, err := resource.Read(bytes.NewReader(src))
	require.NoError(t, err)
	text, err := f.AppendText(nil)
	require.NoError(t, err)
	assert.Equal(t, string(src), string(text), "as read")

	js, err := json.Marshal(f)
	require.NoError(t, err)
	assert.Contains(t, string(js), `"format":3,`)
	g, err := resource.NewFile("")
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(js, g))
	viaJSON, err := g.AppendText(nil)
	require.NoError(t, err)
	assert.Equal(t, string(src), string(viaJSON), "through JSON")

	want, err := os.ReadFile(filepath.Join("testdata", "corpus-resave", proj, name))
	require.NoError(t, err)
	require.True(t, bytes.HasPrefix(want, []byte(`[gd_resource type="ArrayMesh" format=4]`)))
	assert.Equal(t, string(want), string(savedAs(t, f.WithoutUIDs(), "res://"+name, resource.Text)), "Godot 4.6's save")
	saved, err := json.Marshal(f.AsSaved())
	require.NoError(t, err)
	assert.NotContains(t, string(saved), `"format":3,`, "a save writes the engine's format")
}

// savedAs returns f as the engine saves it to path in the form.
func savedAs(t *testing.T, f *resource.File, path string, form resource.Form) []byte {
	g, err := f.SavedAs(path, form)
	require.NoError(t, err, path)
	var b []byte
	if form == resource.Text {
		b, err = g.AppendText(nil)
	} else {
		b, err = g.AppendBinary(nil)
	}
	require.NoError(t, err, path)
	return b
}
