package resource_test

import (
	"bytes"
	"encoding/json"
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

// extID is an [ext_resource]'s ID.
var extID = regexp.MustCompile(`(?m)^\[ext_resource [^\n]* id="([^"]+)"\]$`)

// checkTypedCases checks the cases typed4.gd made in dir, the project p:
// with the project, gdvar's conversions are the engine's, byte for byte,
// and the text file it saved comes back as it is; without it too, as
// text and through JSON, though the walk then cannot meet the external
// resources the engine met only in a script's defaults (an empty Array
// typed with a script), which no property names. It returns how many
// Arrays the cases type through a constant, how many variables preload a
// default, and how many external resources no property names.
func checkTypedCases(t *testing.T, dir string, p *project.Project, names []string) (typed, preloaded, unnamed int) {
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
			assert.Equal(t, string(want), string(savedAs(t, f, "res://"+name+".conv"+conv[1], form)), name+conv[0])
			if conv[0] != ".tres" {
				continue
			}
			back, err := f.AppendText(nil)
			require.NoError(t, err)
			assert.Equal(t, string(data), string(back), "%s comes back as it is", name+conv[0])
			bare, err := resource.Read(bytes.NewReader(data))
			require.NoError(t, err)
			back, err = bare.AppendText(nil)
			require.NoError(t, err)
			assert.Equal(t, string(data), string(back), "%s comes back as it is without its project (gdvar text)", name+conv[0])
			j, err := json.Marshal(bare)
			require.NoError(t, err)
			g, err := resource.NewFile("")
			require.NoError(t, err)
			require.NoError(t, json.Unmarshal(j, g))
			back, err = g.AppendText(nil)
			require.NoError(t, err)
			assert.Equal(t, string(data), string(back), "%s comes back as it is through JSON without its project (json | encode -to tres)", name+conv[0])
			typed += strings.Count(string(data), `Array[ExtResource(`)
			for _, m := range extID.FindAllStringSubmatch(string(data), -1) {
				if !strings.Contains(string(data), `ExtResource("`+m[1]+`")`) {
					unnamed++
				}
			}
		}
		src, err := os.ReadFile(filepath.Join(dir, name+".gd"))
		require.NoError(t, err)
		preloaded += len(preloadedVar.FindAll(src, -1))
	}
	return typed, preloaded, unnamed
}

// TestScriptTypes checks the cases of testdata/godot4-typed
// (scripts/resource/gen-typed4.sh) as TestLiveScriptTypes checks new ones.
func TestScriptTypes(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.CopyFS(dir, os.DirFS(filepath.Join("testdata", "godot4-typed"))))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "project.godot"), []byte("config_version=5\n"), 0o644))
	p, err := project.Open(dir)
	require.NoError(t, err)
	index, err := os.ReadFile(filepath.Join(dir, "index.txt"))
	require.NoError(t, err)
	typed, preloaded, unnamed := checkTypedCases(t, dir, p, strings.Fields(string(index)))
	t.Logf("%d Arrays typed through a constant, %d variables preloading a default, %d external resources no property names", typed, preloaded, unnamed)
	assert.Positive(t, unnamed, "the cases list external resources no property names")
}

// TestLiveScriptTypes has Godot 4.6 save random resources, in a project,
// whose scripts type their variables through constants that preload
// other scripts (Array[Item], Item), preload scenes and scripts as
// defaults and give Arrays literal defaults, each variable set to its
// default, to another value or not at all (scripts/resource/typed4.gd),
// and convert each to the other form: see checkTypedCases.
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
	typed, preloaded, unnamed := checkTypedCases(t, dir, p, names)
	t.Logf("seed %d: %d Arrays typed through a constant, %d variables preloading a default, %d external resources no property names", seed, typed, preloaded, unnamed)
	assert.Positive(t, typed, "the cases type Arrays through constants")
	assert.Positive(t, preloaded, "the cases preload defaults")
}
