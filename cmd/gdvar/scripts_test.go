package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// With -project, or inside the project, a resource converts as the engine
// converts it knowing its scripts: a typed Array is written typed, and the
// binary form names the variables left at their defaults. Without one the
// output stays what it was.
func TestResourceScripts(t *testing.T) {
	dir := filepath.Join("..", "..", "resource", "testdata", "godot4-script")
	root := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(root, "project.godot"), nil, 0o644))
	require.NoError(t, os.Mkdir(filepath.Join(root, "script"), 0o755))
	for _, name := range []string{"script_res.gd", "script_res.res", "script_res_defaults.tres", "script_res_defaults.res"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(root, "script", name), b, 0o644))
	}
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join(dir, name))
		require.NoError(t, err)
		return string(b)
	}
	for _, c := range []struct {
		what string
		args []string
		want string
	}{
		{"-project", []string{"convert", "-project", root, "-path", "res://script/script_res.conv.tres", "-loaded-from", "res://script/script_res.res", filepath.Join(dir, "script_res.res")}, read("script_res.conv.tres")},
		{"inside", []string{"convert", "-path", "res://script/script_res.conv.tres", "-loaded-from", "res://script/script_res.res", filepath.Join(root, "script", "script_res.res")}, read("script_res.conv.tres")},
		{"inside, to res", []string{"convert", "-path", "res://script/script_res_defaults.conv.res", "-loaded-from", "res://script/script_res_defaults.tres", filepath.Join(root, "script", "script_res_defaults.tres")}, read("script_res_defaults.conv.res")},
	} {
		code, out, errOut := runGdvar(nil, c.args...)
		require.Equal(t, 0, code, "%s: %s", c.what, errOut)
		assert.Equal(t, c.want, out, c.what)
	}

	code, out, errOut := runGdvar(nil, "convert", "-path", "res://script/script_res.conv.tres", "-loaded-from", "res://script/script_res.res", filepath.Join(dir, "script_res.res"))
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "items = [SubResource(", "without a project, the Array is as the file has it")

	code, _, errOut = runGdvar(nil, "convert", "-project", filepath.Join(root, "script"), filepath.Join(dir, "script_res.res"))
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "no project.godot")
}
