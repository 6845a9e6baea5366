package scan

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/fileaccess"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/vartext"
)

// engineDirs are the engine versions' folders of scan/testdata, with the
// dialect each wrote.
var engineDirs = []struct {
	dir     string
	dialect vartext.Dialect
}{{"godot4", vartext.Godot4}, {"godot3.6", vartext.Godot3}, {"godot3.2", vartext.Godot32}}

// scanFile scans a file of make4.gd or make3.gd: a save (.sav) or a
// ConfigFile (.cfg), encrypted with "gdvar" when named *_pass.*.
func scanFile(t *testing.T, path string, dialect vartext.Dialect) []Finding {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var r io.Reader = f
	if strings.Contains(filepath.Base(path), "_pass.") {
		r, err = fileaccess.NewReader(f, fileaccess.WithPassword("gdvar"))
		require.NoError(t, err, path)
	}
	var found []Finding
	switch filepath.Ext(path) {
	case ".cfg":
		found, err = ConfigFile(r, WithText(vartext.WithDialect(dialect)))
	case ".tres", ".res", ".tscn", ".scn":
		found, err = ResourceFile(r, WithText(vartext.WithDialect(dialect)))
	default:
		found, err = Save(r, WithCodec(gdvar.MustCodec(gdvar.WithEngine(dialect.Engine()))))
	}
	require.NoError(t, err, path)
	return found
}

// engineFindings are what each file of make4.gd and make3.gd holds (each
// finding's place and kind), and whether loading it runs code in the
// engine (load4.gd, load3.gd). typed.sav is Godot 4's only.
var engineFindings = map[string]struct {
	found []string
	runs  bool
}{
	"plain.sav":       {nil, false},
	"ids.sav":         {nil, false}, // objects as ids only
	"plain.cfg":       {nil, false},
	"object.sav":      {[]string{"value 1 $: object"}, false},
	"script.sav":      {[]string{"value 1 $: object", "value 1 $.script: script"}, true},
	"script_pass.sav": {[]string{"value 1 $: object", "value 1 $.script: script"}, true},
	"nested.sav": {[]string{`value 2 $["player"]["inv"][1]: object`, `value 2 $["player"]["inv"][2]: object`,
		`value 2 $["player"]["inv"][2].script: script`}, true},
	"typed.sav":       {[]string{"value 1 $: script"}, false},
	"object.cfg":      {[]string{"[player] node $: object", "[player] node $.script: script"}, true},
	"object_pass.cfg": {[]string{"[player] node $: object", "[player] node $.script: script"}, true},
	"script.cfg":      {[]string{"[player] node $: object", "[player] node $.script: resource"}, true},
	"resource.cfg":    {[]string{"[mods] res $: resource"}, true},
	"plain.tres":      {nil, false},
	"plain.res":       {nil, false},
	"script.tres":     {[]string{"[ext_resource]: script"}, true},
	"embedded.tres":   {[]string{"[sub_resource]: script"}, true},
	"embedded.res":    {[]string{"[sub_resource]: script"}, true},
	"object.tres":     {[]string{"[resource] metadata/obj $: object"}, false},
	"scene.tscn":      {[]string{"[ext_resource]: script"}, false}, // loaded, run once the scene is made
	"scene.scn":       {[]string{"[ext_resource]: script"}, false},
}

// godot3Findings are the findings of the files Godot 3 writes otherwise:
// its metadata is one Dictionary.
var godot3Findings = map[string][]string{
	"object.tres": {`[resource] __meta__ $["obj"]: object`},
}

// resourceID is a resource file's ID in a finding's place, which Godot 4
// draws from the path saved to.
var resourceID = regexp.MustCompile(`^\[(ext|sub)_resource\] \S+`)

// places returns each finding's place and kind, without a resource file's
// IDs.
func places(found []Finding) []string {
	var out []string
	for _, f := range found {
		where := resourceID.ReplaceAllString(f.Where, "[${1}_resource]")
		if f.Path != "" {
			where += " " + f.Path
		}
		out = append(out, fmt.Sprintf("%s: %s", where, f.Kind))
	}
	return out
}

// Each file the engines wrote is flagged where it holds an object, a
// script or a resource, and only there.
func TestEngineFiles(t *testing.T) {
	for _, d := range engineDirs {
		checkEngineFiles(t, filepath.Join("testdata", d.dir), d.dialect)
	}
}

func checkEngineFiles(t *testing.T, dir string, dialect vartext.Dialect) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.*"))
	require.NoError(t, err)
	require.NotEmpty(t, paths)
	for _, path := range paths {
		want, ok := engineFindings[filepath.Base(path)]
		require.True(t, ok, "no findings stated for %s", path)
		if f, ok := godot3Findings[filepath.Base(path)]; ok && dialect != vartext.Godot4 {
			want.found = f
		}
		assert.Equal(t, want.found, places(scanFile(t, path, dialect)), path)
	}
}

// The engines make the files afresh, and load each as a game would: the
// files whose loading runs code in the engine are the ones stated, and
// each is flagged with a script or a resource.
func TestLiveEngineRuns(t *testing.T) {
	for _, e := range []struct {
		engine, make, load string
		dialect            vartext.Dialect
	}{
		{godot.Godot4, "scripts/scan/make4.gd", "scripts/scan/load4.gd", vartext.Godot4},
		{godot.Godot3_6, "scripts/scan/make3.gd", "scripts/scan/load3.gd", vartext.Godot3},
		{godot.Godot3_2, "scripts/scan/make3.gd", "scripts/scan/load3.gd", vartext.Godot32},
	} {
		t.Run(e.engine, func(t *testing.T) {
			engine := godot.Require(t, e.engine)
			dir := t.TempDir()
			godot.StartWith(t, engine, "-s", e.make, "--", dir).Wait(t)
			checkEngineFiles(t, dir, e.dialect)

			paths, err := filepath.Glob(filepath.Join(dir, "*.*"))
			require.NoError(t, err)
			args := paths
			if e.dialect != vartext.Godot4 { // Godot 3 would take a resource's path for a scene to run
				list := filepath.Join(t.TempDir(), "files.txt")
				require.NoError(t, os.WriteFile(list, []byte(strings.Join(paths, "\n")), 0o644))
				args = []string{list}
			}
			out := godot.StartWith(t, engine, append([]string{"-s", e.load, "--"}, args...)...).Wait(t)
			require.Contains(t, out, "GDVAR_DONE")
			ran := map[string]bool{}
			loaded := 0
			current := ""
			for _, line := range strings.Split(out, "\n") {
				switch {
				case strings.HasPrefix(line, "GDVAR_LOAD "):
					current = filepath.Base(strings.TrimPrefix(line, "GDVAR_LOAD "))
				case strings.HasPrefix(line, "GDVAR_LOADED "):
					assert.Equal(t, "GDVAR_LOADED 0", line, "%s: the engine's error", current)
					loaded++
				case strings.HasPrefix(line, "GDVAR_CODE_RAN"):
					ran[current] = true
				}
			}
			assert.Equal(t, len(paths), loaded, "files the engine loaded")
			for _, path := range paths {
				name := filepath.Base(path)
				assert.Equal(t, engineFindings[name].runs, ran[name], "%s: whether loading it runs code", name)
				if ran[name] {
					flagged := false
					for _, f := range scanFile(t, path, e.dialect) {
						flagged = flagged || f.Kind == Script || f.Kind == Resource
					}
					assert.True(t, flagged, "%s runs code in the engine, and is flagged with a script or a resource", name)
				}
			}
		})
	}
}
