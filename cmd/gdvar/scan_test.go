package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// gdvar scan lists what the engine-made files of package scan hold, a line
// each, and exits 0 when a file is clean, 3 when it found something and 1
// on an error; an encrypted file is opened with its password.
func TestScanCommand(t *testing.T) {
	t.Setenv("GDVAR_PASSWORD", "")
	dir := filepath.Join("..", "..", "scan", "testdata")
	for _, c := range []struct {
		file  string
		args  []string
		code  int
		lines []string
	}{
		{"godot4/plain.sav", []string{"-framing", "stream"}, 0, nil},
		{"godot4/ids.sav", []string{"-framing", "stream"}, 0, nil},
		{"godot4/plain.cfg", nil, 0, nil},
		{"godot4/script.sav", []string{"-framing", "stream"}, 3, []string{
			"value 1 $: object Node", "value 1 $.script: script (loads res://scripts/scan/node.gd)"}},
		{"godot4/script_pass.sav", []string{"-framing", "stream", "-password", "gdvar"}, 3, []string{
			"value 1 $: object Node", "value 1 $.script: script (loads res://scripts/scan/node.gd)"}},
		{"godot3.6/script.sav", []string{"-framing", "stream", "-engine", "3"}, 3, []string{
			"value 1 $: object Node", "value 1 $.script: script GDScript (embedded source)"}},
		{"godot4/resource.cfg", nil, 3, []string{"[mods] res $: resource (loads res://scripts/scan/evil4.tres)"}},
		{"godot3.6/object_pass.cfg", []string{"-engine", "3", "-password", "gdvar"}, 3, []string{
			"[player] node $: object Node", "[player] node $.script: script GDScript (embedded source)"}},
		{"godot4/script.sav", nil, 3, []string{ // read as a save, as -framing auto finds
			"value 1 $: object Node", "value 1 $.script: script (loads res://scripts/scan/node.gd)"}},
		{"godot4/script.sav", []string{"-framing", "none"}, 1, nil},        // not read as a save: an error, with the hint
		{"godot4/script_pass.sav", []string{"-framing", "stream"}, 1, nil}, // no password
	} {
		code, out, errOut := runGdvar(nil, append(append([]string{"scan"}, c.args...), filepath.Join(dir, c.file))...)
		assert.Equal(t, c.code, code, "%s: %s", c.file, errOut)
		var lines []string
		if out != "" {
			lines = strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		}
		assert.Equal(t, c.lines, lines, c.file)
		if c.code == 1 {
			assert.NotEmpty(t, errOut, c.file)
		} else {
			assert.Empty(t, errOut, c.file)
		}
	}
}
