package resource_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/resource"
	"github.com/gdvar/gdvar/vartext"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Godot 3.6 and 3.2 convert a .res with several external resources
// (scripts that preload and extend others, textures, scenes, met in nested
// sub-resources with different scripts) to text as gdvar does, byte for
// byte but for the external resources' numbers: the engine's editor builds
// number them in the order of their addresses in memory (a Map keyed by
// the resource's pointer), the same at each run of the same conversion
// (scripts/resource/gen-extorder3.sh checks 5) but known from no file.
func TestExtOrder3(t *testing.T) {
	for _, e := range []struct {
		dir string
		d   vartext.Dialect
	}{{"godot3.6-ext", vartext.Godot3}, {"godot3.2-ext", vartext.Godot32}} {
		dir := filepath.Join("testdata", e.dir)
		p := scriptProject(t, dir, "ext", e.d)
		index, err := os.ReadFile(filepath.Join(dir, "index.txt"))
		require.NoError(t, err)
		names := strings.Fields(string(index))
		require.NotEmpty(t, names)
		inOrder := 0
		for _, name := range names {
			t.Run(e.dir+"/"+name, func(t *testing.T) {
				data, err := os.ReadFile(filepath.Join(dir, name+".res"))
				require.NoError(t, err)
				f, err := resource.Read(bytes.NewReader(data), resource.WithText(vartext.WithDialect(e.d)), resource.WithScripts(p))
				require.NoError(t, err)
				if e.d != vartext.Godot3 { // Godot 3.6 gives a resource it loads no path
					f.Path = "res://ext/" + name + ".res"
				}
				require.Greater(t, len(f.External), 1, "a case with few external resources proves little")
				want, err := os.ReadFile(filepath.Join(dir, name+".conv.tres"))
				require.NoError(t, err)
				got := string(savedAs(t, f, "res://ext/"+name+".conv.tres", resource.Text))
				if got == string(want) {
					inOrder++
				}
				assert.Equal(t, string(want), extIDsAsIn(t, string(want), got))
			})
		}
		t.Logf("%s: %d of %d conversions number the external resources as the engine", e.dir, inOrder, len(names))
	}
}

// TestLiveExtOrder3 has Godot 3.6 and 3.2 make 40 random resources with
// several external resources from a new seed, and convert each .res to
// text in a fresh engine: gdvar's conversions are the engine's, byte for
// byte but for the external resources' numbers (see TestExtOrder3).
func TestLiveExtOrder3(t *testing.T) {
	for _, e := range []struct {
		name string
		d    vartext.Dialect
	}{{godot.Godot3_6, vartext.Godot3}, {godot.Godot3_2, vartext.Godot32}} {
		t.Run(e.name, func(t *testing.T) {
			engine := godot.Require(t, e.name)
			dir, p, names := liveScriptCases(t, engine, "scripts/resource/extorder3.gd", "config_version=4\n")
			for _, name := range names {
				in, out := filepath.Join(dir, name+".res"), filepath.Join(dir, name+".conv.tres")
				godot.RunScript(t, engine, "scripts/resource/extorder3.gd", "convert", in, out)
				data, err := os.ReadFile(in)
				require.NoError(t, err)
				f, err := resource.Read(bytes.NewReader(data), resource.WithText(vartext.WithDialect(e.d)), resource.WithScripts(filePaths{p}))
				require.NoError(t, err)
				if e.d != vartext.Godot3 { // Godot 3.6 gives a resource it loads no path
					f.Path = in
				}
				want, err := os.ReadFile(out)
				require.NoError(t, err, "the engine did not convert %s", name)
				got := string(savedAs(t, f, out, resource.Text))
				assert.Equal(t, string(want), extIDsAsIn(t, string(want), got), name)
			}
		})
	}
}
