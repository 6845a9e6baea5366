package resource_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/project"
	"github.com/gdvar/gdvar/resource"
	"github.com/gdvar/gdvar/vartext"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// scriptProject makes a project whose res://FOLDER/ holds a testdata
// folder's files, as when the engine saved them; a Godot 3 one for a
// Godot 3 dialect.
func scriptProject(t *testing.T, dir, folder string, d vartext.Dialect) *project.Project {
	root := t.TempDir()
	var settings []byte
	if d != vartext.Godot4 {
		settings = []byte("config_version=4\n")
	}
	require.NoError(t, os.WriteFile(filepath.Join(root, "project.godot"), settings, 0o644))
	require.NoError(t, os.CopyFS(filepath.Join(root, folder), os.DirFS(dir)))
	p, err := project.Open(root)
	require.NoError(t, err)
	return p
}

// With its project's scripts, a resource converts as the engine converts
// it, byte for byte: in Godot 4.6 typed Arrays are written typed, and the
// binary form names the variables left at their defaults; in Godot 3 the
// text form leaves out a null Object variable, which the binary form
// writes. Its JSON form, encoded as binary, gives the file back.
func TestScriptsConversion(t *testing.T) {
	for _, e := range []struct {
		dir string
		d   vartext.Dialect
	}{{"godot4-script", vartext.Godot4}, {"godot3.6-script", vartext.Godot3}, {"godot3.2-script", vartext.Godot32}} {
		dir := filepath.Join("testdata", e.dir)
		p := scriptProject(t, dir, "script", e.d)
		for _, name := range []string{"script_res", "script_res_defaults", "script_scene"} {
			for _, conv := range [][2]string{{".res", ".tres"}, {".tres", ".res"}} {
				if name == "script_scene" {
					conv = [2]string{strings.Replace(conv[0], "res", "scn", 1), strings.Replace(conv[1], "res", "scn", 1)}
				}
				t.Run(e.dir+"/"+name+conv[0], func(t *testing.T) {
					data, err := os.ReadFile(filepath.Join(dir, name+conv[0]))
					require.NoError(t, err)
					f, err := resource.Read(bytes.NewReader(data), resource.WithText(vartext.WithDialect(e.d)), resource.WithScripts(p))
					require.NoError(t, err)
					if e.d != vartext.Godot3 { // Godot 3.6 gives a resource it loads no path
						f.Path = "res://script/" + name + conv[0]
					}
					form := resource.Text
					if conv[1] == ".res" || conv[1] == ".scn" {
						form = resource.Binary
					}
					want, err := os.ReadFile(filepath.Join(dir, name+".conv"+conv[1]))
					require.NoError(t, err)
					got := string(savedAs(t, f, "res://script/"+name+".conv"+conv[1], form))
					if form == resource.Text && e.d != vartext.Godot4 {
						got = extIDsAsIn(t, string(want), got)
					}
					assert.Equal(t, string(want), got)

					if conv[0] == ".res" { // a scene's JSON has not its _bundled's layout
						j, err := json.Marshal(f)
						require.NoError(t, err)
						g, err := resource.NewFile("", resource.WithText(vartext.WithDialect(e.d)), resource.WithScripts(p))
						require.NoError(t, err)
						require.NoError(t, json.Unmarshal(j, g))
						assert.Equal(t, string(data), string(savedAs(t, g, f.Path, resource.Binary)), "json, then encode -to res")
					}
				})
			}
		}
	}
}

// extIDsAsIn numbers got's external resources as want numbers the same
// paths: Godot 3's editor numbers them in the order of their addresses
// in memory, which no file tells.
func extIDsAsIn(t *testing.T, want, got string) string {
	ext := regexp.MustCompile(`(?m)^\[ext_resource path="([^"]*)" type="[^"]*" id=(\d+)\]$`)
	theirs := map[string]string{}
	for _, m := range ext.FindAllStringSubmatch(want, -1) {
		theirs[m[1]] = m[2]
	}
	ours := map[string]string{}
	for _, m := range ext.FindAllStringSubmatch(got, -1) {
		ours[m[2]] = theirs[m[1]]
	}
	got = regexp.MustCompile(`ExtResource\( (\d+) \)`).ReplaceAllStringFunc(got, func(s string) string {
		return "ExtResource( " + ours[strings.Trim(s[len("ExtResource("):], " )")] + " )"
	})
	lines := ext.FindAllString(got, -1)
	for i, l := range lines {
		m := ext.FindStringSubmatch(l)
		lines[i] = strings.TrimSuffix(l, m[2]+"]") + ours[m[2]] + "]"
	}
	slices.SortFunc(lines, func(a, b string) int {
		x, _ := strconv.Atoi(ext.FindStringSubmatch(a)[2])
		y, _ := strconv.Atoi(ext.FindStringSubmatch(b)[2])
		return x - y
	})
	if len(lines) > 0 {
		block := regexp.MustCompile(`(?m)(^\[ext_resource [^\n]*\n)+`)
		got = block.ReplaceAllLiteralString(got, strings.Join(lines, "\n")+"\n")
	}
	require.Len(t, ours, len(theirs), "the external resources differ")
	return got
}

// TestLiveScripts has Godot 4.6 save random resources whose scripts
// declare typed Arrays and Dictionaries, Object variables and variables
// left at their defaults, and convert each to the other form; with the
// project's scripts, gdvar's conversions are the engine's, byte for byte,
// and a .res through JSON and back is the file.
func TestLiveScripts(t *testing.T) {
	dir, p, names := liveScriptCases(t, godot.Require(t, godot.Godot4), "scripts/resource/scripts4.gd", "")
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
			assert.Equal(t, string(want), string(savedAs(t, f, dir+"/"+name+".conv"+conv[1], form)), name+conv[0])
			if conv[0] == ".res" {
				g, err := resource.NewFile("", resource.WithScripts(filePaths{p}))
				require.NoError(t, err)
				require.NoError(t, json.Unmarshal(j, g))
				assert.Equal(t, string(data), string(savedAs(t, g, f.Path, resource.Binary)), "%s: json, then encode -to res", name)
			}
		}
	}
}

// liveScriptCases has an engine run a generator of scripted resources
// (40 cases from a new seed) into a new project, whose project.godot
// holds settings, and returns its folder, the project and the cases.
func liveScriptCases(t *testing.T, engine, generator, settings string) (string, *project.Project, []string) {
	dir := t.TempDir()
	seed := godot.Seed(t, "GDVAR_RESOURCE_SEED") % 1_000_000
	godot.RunScript(t, engine, generator, dir, strconv.FormatInt(seed, 10), "40")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "project.godot"), []byte(settings), 0o644))
	p, err := project.Open(dir)
	require.NoError(t, err)
	index, err := os.ReadFile(filepath.Join(dir, "index.txt"))
	require.NoError(t, err)
	names := strings.Fields(string(index))
	require.NotEmpty(t, names)
	return dir, p, names
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

// TestLiveScripts3 has Godot 3.6 and 3.2 save random resources whose
// scripts export variables in every form GDScript 1 has, with Object
// variables left null and bases extended by path, and convert each to the
// other form; with the project's scripts, gdvar's conversions are the
// engine's, byte for byte but for the numbers of external resources,
// which Godot 3's editor draws from their addresses in memory.
func TestLiveScripts3(t *testing.T) {
	for _, e := range []struct {
		name string
		d    vartext.Dialect
	}{{godot.Godot3_6, vartext.Godot3}, {godot.Godot3_2, vartext.Godot32}} {
		t.Run(e.name, func(t *testing.T) {
			dir, p, names := liveScriptCases(t, godot.Require(t, e.name), "scripts/resource/scripts3.gd", "config_version=4\n")
			differ := 0
			for _, name := range names {
				for _, conv := range [][2]string{{".res", ".tres"}, {".tres", ".res"}} {
					data, err := os.ReadFile(filepath.Join(dir, name+conv[0]))
					require.NoError(t, err)
					read := func(opts ...resource.Option) []byte {
						f, err := resource.Read(bytes.NewReader(data), append(opts, resource.WithText(vartext.WithDialect(e.d)))...)
						require.NoError(t, err)
						if e.d != vartext.Godot3 { // Godot 3.6 gives a resource it loads no path
							f.Path = dir + "/" + name + conv[0]
						}
						form := resource.Text
						if conv[1] == ".res" {
							form = resource.Binary
						}
						return savedAs(t, f, dir+"/"+name+".conv"+conv[1], form)
					}
					want, err := os.ReadFile(filepath.Join(dir, name+".conv"+conv[1]))
					require.NoError(t, err)
					got, without := read(resource.WithScripts(filePaths{p})), read()
					if conv[1] == ".tres" {
						got, without = []byte(extIDsAsIn(t, string(want), string(got))), []byte(extIDsAsIn(t, string(want), string(without)))
					}
					assert.Equal(t, string(want), string(got), name+conv[0])
					if conv[0] == ".res" {
						f, err := resource.Read(bytes.NewReader(data), resource.WithText(vartext.WithDialect(e.d)), resource.WithScripts(filePaths{p}))
						require.NoError(t, err)
						j, err := json.Marshal(f)
						require.NoError(t, err)
						g, err := resource.NewFile("", resource.WithText(vartext.WithDialect(e.d)), resource.WithScripts(filePaths{p}))
						require.NoError(t, err)
						require.NoError(t, json.Unmarshal(j, g))
						assert.Equal(t, string(data), string(savedAs(t, g, f.Path, resource.Binary)), "%s: json, then encode -to res", name)
					}
					if !bytes.Equal(want, without) {
						differ++
					}
				}
			}
			t.Logf("%d conversions; without the scripts %d differ", 2*len(names), differ)
			assert.Positive(t, differ, "no case needs the scripts: the check proves nothing")
		})
	}
}
