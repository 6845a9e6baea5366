package debuggertest_test

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/gdvar/gdvar/debugger/debuggertest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Project copies a project's files and folders, a link to a file as the
// file (the debugger's test game links its input autoload), and leaves
// out the source's .godot cache, links to folders or to nothing, and
// pipes; the source is not written.
func TestProject(t *testing.T) {
	src := t.TempDir()
	for name, text := range map[string]string{
		"project.godot":        "config_version=5\n",
		"scenes/main.tscn":     "[gd_scene format=3]\n",
		".godot/cache":         "stale",
		"shared/autoload.gd":   "extends Node\n",
		"scenes/deep/level.gd": "extends Node2D\n",
	} {
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(src, name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(src, name), []byte(text), 0o644))
	}
	require.NoError(t, os.Symlink("shared/autoload.gd", filepath.Join(src, "input.gd")))
	require.NoError(t, os.Symlink("scenes", filepath.Join(src, "looped")))
	require.NoError(t, os.Symlink("nowhere.gd", filepath.Join(src, "dangling.gd")))
	require.NoError(t, syscall.Mkfifo(filepath.Join(src, "fifo"), 0o644))

	dir := debuggertest.Project(t, src)
	var files []string
	require.NoError(t, filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		require.NoError(t, err)
		rel, _ := filepath.Rel(dir, path)
		if d.Type().IsRegular() {
			files = append(files, rel)
		} else {
			assert.True(t, d.IsDir(), "%s is %v", rel, d.Type())
		}
		return nil
	}))
	assert.ElementsMatch(t, []string{"project.godot", "scenes/main.tscn", "shared/autoload.gd", "scenes/deep/level.gd", "input.gd"}, files)
	b, err := os.ReadFile(filepath.Join(dir, "input.gd"))
	require.NoError(t, err)
	assert.Equal(t, "extends Node\n", string(b))
	fi, err := os.Lstat(filepath.Join(src, "input.gd"))
	require.NoError(t, err)
	assert.Equal(t, os.ModeSymlink, fi.Mode().Type(), "the source is left as it was")
}
