package resource_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/project"
	"github.com/gdvar/gdvar/resource"
)

// A container typed with a script by its path, as Godot 4.1 wrote it
// (Array[Resource("res://s.gd")], no [ext_resource] for it), comes back
// as it was, and saved, as Godot 4.6 re-saves it in place: the script
// gets an [ext_resource] whose number is its place in the order met, the
// type's script before the elements (scripts/resource/gen-pathscript.sh
// made the goldens).
func TestPathScriptResave(t *testing.T) {
	dir := filepath.Join("testdata", "godot4-pathscript")
	src, err := os.ReadFile(filepath.Join(dir, "project", "a.tscn"))
	require.NoError(t, err)
	projects := map[string]*project.Project{}
	f, err := resource.Read(bytes.NewReader(src), corpusScripts(t, projects, filepath.Join(dir, "project", "a.tscn"))...)
	require.NoError(t, err)
	same, err := f.AppendText(nil)
	require.NoError(t, err)
	assert.Equal(t, string(src), string(same), "as read")

	f.Path = "res://a.tscn"
	for _, tc := range []struct {
		name string
		form resource.Form
	}{{"a.tscn", resource.Text}, {"a.scn", resource.Binary}} {
		want, err := os.ReadFile(filepath.Join(dir, "resave", tc.name))
		require.NoError(t, err)
		got := savedAs(t, f, "res://"+tc.name, tc.form)
		if tc.form == resource.Text {
			assert.Equal(t, string(want), string(got), tc.name)
		} else {
			assert.True(t, bytes.Equal(want, got), "%s: not the engine's save", tc.name)
		}
	}
}
