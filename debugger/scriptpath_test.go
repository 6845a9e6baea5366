package debugger

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A breakpoint's file is the res:// path of a script of the project: one
// named without res:// is found by the end of its path, a missing one or
// one several files end in is refused, naming them.
func TestScriptPath(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"project.godot", "scripts/Player.gd", "scripts/enemy.gd", "ui/enemy.gd", "main.gd", ".godot/main.gd", "addons/x/main2.gd"} {
		require.NoError(t, os.MkdirAll(filepath.Join(dir, filepath.Dir(f)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, f), nil, 0o644))
	}
	s := &Session{cfg: config{projectDir: dir}}
	for _, c := range []struct {
		file, want, err string
	}{
		{"res://main.gd", "res://main.gd", ""},
		{"main.gd", "res://main.gd", ""},
		{"Player.gd", "res://scripts/Player.gd", ""},
		{"player.gd", "res://scripts/Player.gd", ""},
		{"scripts/enemy.gd", "res://scripts/enemy.gd", ""},
		{"main2.gd", "res://addons/x/main2.gd", ""},
		{"enemy.gd", "", "several files end in enemy.gd: res://scripts/enemy.gd, res://ui/enemy.gd"},
		{"layer.gd", "", "no file ends in layer.gd"},
		{"res://nope.gd", "", "res://nope.gd"},
		{"res://scripts", "", "res://scripts"},
		{"res://../outside.gd", "", "res://../outside.gd"},
	} {
		got, err := s.ScriptPath(c.file)
		if c.err != "" {
			require.ErrorIs(t, err, ErrNoScript, c.file)
			assert.Contains(t, err.Error(), c.err, c.file)
			continue
		}
		require.NoError(t, err, c.file)
		assert.Equal(t, c.want, got, c.file)
	}

	elsewhere := &Session{}
	got, err := elsewhere.ScriptPath("res://any.gd")
	require.NoError(t, err, "no project known: a res:// path as it is")
	assert.Equal(t, "res://any.gd", got)
	_, err = elsewhere.ScriptPath("any.gd")
	assert.ErrorIs(t, err, ErrNoScript)
}

// Every GDScript of the corpus's projects is found by its path from the
// project's folder, and by its name alone: the one in the project's folder
// if there is one, else the one file that ends in it, else the refusal
// names it among the others.
func TestScriptPathCorpus(t *testing.T) {
	root := filepath.Join("..", "testdata", "projects")
	projects, err := os.ReadDir(root)
	require.NoError(t, err)
	scripts := 0
	for _, p := range projects {
		if !p.IsDir() {
			continue
		}
		dir := filepath.Join(root, p.Name())
		s := &Session{cfg: config{projectDir: dir}}
		require.NoError(t, filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			require.NoError(t, err)
			if d.IsDir() && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			if d.IsDir() || filepath.Ext(path) != ".gd" {
				return nil
			}
			scripts++
			rel, _ := filepath.Rel(dir, path)
			want := "res://" + filepath.ToSlash(rel)
			got, err := s.ScriptPath(filepath.ToSlash(rel))
			if assert.NoError(t, err, want) {
				assert.Equal(t, want, got)
			}
			name := filepath.Base(path)
			if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
				want = "res://" + name // the project's folder holds one of that name
			}
			got, err = s.ScriptPath(name)
			if err != nil {
				assert.Contains(t, err.Error(), "several files end in "+name, want)
				assert.Contains(t, err.Error(), want)
				return nil
			}
			assert.Equal(t, want, got)
			return nil
		}))
	}
	t.Logf("%d scripts in %d projects", scripts, len(projects))
	assert.Positive(t, scripts)
}
