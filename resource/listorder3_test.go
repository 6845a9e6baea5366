package resource_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/resource"
	"github.com/gdvar/gdvar/vartext"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// listedCase checks one case of listorder3.gd against Godot 3.6's
// conversions, byte for byte: its .res to text (converted as read, and
// through JSON), and its .tres to text at another path. Its files are in
// the folder dir, which the engine named at (res://listed, or dir).
func listedCase(t *testing.T, dir, at, name string, p resource.Scripts) {
	read := func(data []byte) *resource.File {
		f, err := resource.Read(bytes.NewReader(data), resource.WithText(vartext.WithDialect(vartext.Godot3)), resource.WithScripts(p))
		require.NoError(t, err)
		return f
	}
	data, err := os.ReadFile(filepath.Join(dir, name+".res"))
	require.NoError(t, err)
	f := read(data)
	paths := make([]string, len(f.External))
	for i, x := range f.External {
		paths[i] = x.Path
	}
	require.Greater(t, len(paths), 1, "a case with few external resources proves little")
	require.False(t, slices.IsSorted(paths), "the .res lists its external resources in their paths' order: the case proves little")

	want := func(file string) string {
		b, err := os.ReadFile(filepath.Join(dir, file))
		require.NoError(t, err)
		return string(b)
	}
	convPath := at + "/" + name + ".conv.tres"
	conv := want(name + ".conv.tres")
	assert.Equal(t, conv, string(savedAs(t, f, convPath, resource.Text)), "convert -to tres")
	j, err := json.Marshal(f)
	require.NoError(t, err)
	g, err := resource.NewFile("", resource.WithText(vartext.WithDialect(vartext.Godot3)), resource.WithScripts(p))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(j, g))
	assert.Equal(t, conv, string(savedAs(t, g, convPath, resource.Text)), "json, then encode -to tres -as-saved")
	// A change of form alone (gdvar text) numbers them alike.
	plain, err := f.WithIDsFor(convPath, resource.Text)
	require.NoError(t, err)
	b, err := plain.AppendText(nil)
	require.NoError(t, err)
	assert.Equal(t, extLines(conv), extLines(string(b)), "text")

	text, err := os.ReadFile(filepath.Join(dir, name+".tres"))
	require.NoError(t, err)
	assert.Equal(t, want(name+".moved.tres"), string(savedAs(t, read(text), at+"/"+name+".moved.tres", resource.Text)), "a .tres saved at another path")
}

// extLines returns a text file's [ext_resource] lines and the references
// to them, in order.
func extLines(text string) []string {
	return regexp.MustCompile(`(?m)^\[ext_resource [^\n]*\]$|ExtResource\( \d+ \)`).FindAllString(text, -1)
}

// Godot 3.6 numbers the external resources of a .res it converts to text
// in the order the .res lists them, not the order its saver meets them
// in, where loading one loads no other: its editor build numbers them by
// their addresses in memory, which follow the order it loads them in
// (docs/resources.md). The cases of testdata/godot3.6-listed
// (scripts/resource/gen-listorder3.sh) each list theirs out of their
// paths' order, and are converted byte for byte.
func TestListedOrder3(t *testing.T) {
	dir := filepath.Join("testdata", "godot3.6-listed")
	p := scriptProject(t, dir, "listed", vartext.Godot3)
	index, err := os.ReadFile(filepath.Join(dir, "index.txt"))
	require.NoError(t, err)
	names := strings.Fields(string(index))
	require.GreaterOrEqual(t, len(names), 40)
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			listedCase(t, dir, "res://listed", name, p)
		})
	}
}

// TestLiveListedOrder3 has Godot 3.6 make 40 such cases from a new seed
// and convert each in a fresh engine running convert3.gd, which loads and
// saves and allocates nothing else (see TestListedOrder3).
func TestLiveListedOrder3(t *testing.T) {
	engine := godot.Require(t, godot.Godot3_6)
	dir, p, names := liveScriptCases(t, engine, "scripts/resource/listorder3.gd", "config_version=4\n")
	for _, name := range names {
		for _, c := range [][2]string{{".res", ".conv.tres"}, {".tres", ".moved.tres"}} {
			godot.RunScript(t, engine, "scripts/resource/convert3.gd", "convert", filepath.Join(dir, name+c[0]), filepath.Join(dir, name+c[1]))
		}
		t.Run(name, func(t *testing.T) {
			listedCase(t, dir, dir, name, filePaths{p})
		})
	}
}
