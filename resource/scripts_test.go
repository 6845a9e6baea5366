package resource_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/internal/godot"
	"github.com/gdvar/gdvar/project"
	"github.com/gdvar/gdvar/resource"
	"github.com/gdvar/gdvar/vartext"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// scriptProject makes a project whose res://script/ holds the scripts of
// a testdata folder, as when the engine saved its files.
func scriptProject(t *testing.T, dir string) *project.Project {
	root := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(root, "project.godot"), nil, 0o644))
	require.NoError(t, os.Mkdir(filepath.Join(root, "script"), 0o755))
	scripts, err := filepath.Glob(filepath.Join(dir, "*.gd"))
	require.NoError(t, err)
	for _, s := range scripts {
		b, err := os.ReadFile(s)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(root, "script", filepath.Base(s)), b, 0o644))
	}
	p, err := project.Open(root)
	require.NoError(t, err)
	return p
}

// With its project's scripts, a Godot 4.6 resource converts as the engine
// converts it, byte for byte: typed Arrays are written typed, and the
// binary form names the variables left at their defaults. Its JSON form,
// encoded as binary, gives the file back.
func TestScriptsConversion(t *testing.T) {
	dir := filepath.Join("testdata", "godot4-script")
	p := scriptProject(t, dir)
	for _, name := range []string{"script_res", "script_res_defaults", "script_scene"} {
		for _, conv := range [][2]string{{".res", ".tres"}, {".tres", ".res"}} {
			if name == "script_scene" {
				conv = [2]string{strings.Replace(conv[0], "res", "scn", 1), strings.Replace(conv[1], "res", "scn", 1)}
			}
			t.Run(name+conv[0], func(t *testing.T) {
				data, err := os.ReadFile(filepath.Join(dir, name+conv[0]))
				require.NoError(t, err)
				f, err := resource.Read(bytes.NewReader(data), resource.WithScripts(p))
				require.NoError(t, err)
				f.Path = "res://script/" + name + conv[0]
				form := resource.Text
				if conv[1] == ".res" || conv[1] == ".scn" {
					form = resource.Binary
				}
				want, err := os.ReadFile(filepath.Join(dir, name+".conv"+conv[1]))
				require.NoError(t, err)
				assert.Equal(t, string(want), string(saved(t, f, "res://script/"+name+".conv"+conv[1], form)))

				if conv[0] == ".res" { // a scene's JSON has not its _bundled's layout
					j, err := json.Marshal(f)
					require.NoError(t, err)
					g := resource.NewFile("", vartext.WithDialect(vartext.Godot4), resource.WithScripts(p))
					require.NoError(t, json.Unmarshal(j, g))
					assert.Equal(t, string(data), string(saved(t, g, f.Path, resource.Binary)), "json, then encode -to res")
				}
			})
		}
	}
}

func saved(t *testing.T, f *resource.File, path string, form resource.Form) []byte {
	g, err := f.SavedAs(path, form)
	require.NoError(t, err)
	var b []byte
	if form == resource.Text {
		b, err = g.AppendText(nil)
	} else {
		b, err = g.AppendBinary(nil)
	}
	require.NoError(t, err)
	return b
}

// TestLiveScripts has Godot 4.6 save random resources whose scripts
// declare typed Arrays and Dictionaries, Object variables and variables
// left at their defaults, and convert each to the other form; with the
// project's scripts, gdvar's conversions are the engine's, byte for byte,
// and a .res through JSON and back is the file.
func TestLiveScripts(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	dir := t.TempDir()
	seed := godot.Seed(t, "GDVAR_RESOURCE_SEED") % 1_000_000
	godot.RunScript(t, engine, "scripts/resource/scripts4.gd", dir, strconv.FormatInt(seed, 10), "40")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "project.godot"), nil, 0o644))
	p, err := project.Open(dir)
	require.NoError(t, err)
	index, err := os.ReadFile(filepath.Join(dir, "index.txt"))
	require.NoError(t, err)
	names := strings.Fields(string(index))
	require.NotEmpty(t, names)
	for _, name := range names {
		for _, conv := range [][2]string{{".res", ".tres"}, {".tres", ".res"}} {
			data, err := os.ReadFile(filepath.Join(dir, name+conv[0]))
			require.NoError(t, err)
			f, err := resource.Read(bytes.NewReader(data), resource.WithScripts(filePaths{p}))
			require.NoError(t, err)
			j, err := json.Marshal(f) // as read: a .res saved new names its main resource by an id
			require.NoError(t, err)
			f.Path = dir + "/" + name + conv[0]
			form := resource.Text
			if conv[1] == ".res" {
				form = resource.Binary
			}
			want, err := os.ReadFile(filepath.Join(dir, name+".conv"+conv[1]))
			require.NoError(t, err)
			assert.Equal(t, string(want), string(saved(t, f, dir+"/"+name+".conv"+conv[1], form)), name+conv[0])
			if conv[0] == ".res" {
				g := resource.NewFile("", resource.WithScripts(filePaths{p}))
				require.NoError(t, json.Unmarshal(j, g))
				assert.Equal(t, string(data), string(saved(t, g, f.Path, resource.Binary)), "%s: json, then encode -to res", name)
			}
		}
	}
}

// filePaths has a project's scripts named by their files' paths, as the
// engine names those it saved outside its project.
type filePaths struct{ p *project.Project }

func (s filePaths) StoredProperties(script string) ([]resource.ScriptProperty, error) {
	res, err := s.p.ResPath(script)
	if err != nil {
		return nil, err
	}
	return s.p.StoredProperties(res)
}
