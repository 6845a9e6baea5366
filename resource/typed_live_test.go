package resource_test

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/project"
	"github.com/gdvar/gdvar/resource"
)

// preloadedVar is a variable declared with a preloaded default.
var preloadedVar = regexp.MustCompile(`(?m)^@export var \w+: \w+ = preload\(`)

// TestLiveScriptTypes has Godot 4.6 save random resources, in a project,
// whose scripts type their variables through constants that preload
// other scripts (Array[Item], Item), preload scenes and scripts as
// defaults and give Arrays literal defaults, each variable set to its
// default, to another value or not at all (scripts/resource/typed4.gd),
// and convert each to the other form; with the project, gdvar's
// conversions are the engine's, byte for byte, and the text file it
// saved comes back as it is.
func TestLiveScriptTypes(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "project.godot"), []byte("config_version=5\n"), 0o644))
	generator, err := filepath.Abs("../scripts/resource/typed4.gd")
	require.NoError(t, err)
	seed := godot.Seed(t, "GDVAR_RESOURCE_SEED") % 1_000_000
	out := godot.StartWith(t, engine, "--path", dir, "-s", generator, "--", strconv.FormatInt(seed, 10), "40").Wait(t)
	require.NotContains(t, out, "fail ")
	index, err := os.ReadFile(filepath.Join(dir, "index.txt"))
	require.NoError(t, err)
	names := strings.Fields(string(index))
	require.Len(t, names, 40)
	p, err := project.Open(dir)
	require.NoError(t, err)
	typed, preloaded := 0, 0
	for _, name := range names {
		for _, conv := range [][2]string{{".res", ".tres"}, {".tres", ".res"}} {
			data, err := os.ReadFile(filepath.Join(dir, name+conv[0]))
			require.NoError(t, err)
			f, err := resource.Read(bytes.NewReader(data), resource.WithScripts(p))
			require.NoError(t, err, name+conv[0])
			f.Path = "res://" + name + conv[0]
			form := resource.Text
			if conv[1] == ".res" {
				form = resource.Binary
			}
			want, err := os.ReadFile(filepath.Join(dir, name+".conv"+conv[1]))
			require.NoError(t, err)
			assert.Equal(t, string(want), string(saved(t, f, "res://"+name+".conv"+conv[1], form)), name+conv[0])
			if conv[0] == ".tres" {
				back, err := f.AppendText(nil)
				require.NoError(t, err)
				assert.Equal(t, string(data), string(back), "%s comes back as it is", name+conv[0])
				typed += strings.Count(string(data), `Array[ExtResource(`)
			}
		}
		src, err := os.ReadFile(filepath.Join(dir, name+".gd"))
		require.NoError(t, err)
		preloaded += len(preloadedVar.FindAll(src, -1))
	}
	t.Logf("seed %d: %d Arrays typed through a constant, %d variables preloading a default", seed, typed, preloaded)
	assert.Positive(t, typed, "the cases type Arrays through constants")
	assert.Positive(t, preloaded, "the cases preload defaults")
}
