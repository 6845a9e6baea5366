package resource

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/vartext"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// liveCount is how many random cases each engine makes a run.
const liveCount = 40

// TestLiveEngineFiles has each engine make random resources and scenes
// from a new seed, and checks them as TestEngineFiles checks testdata.
// Then the engine loads gdvar's conversions: what it reads and saves again
// is what it saves of its own conversions.
func TestLiveEngineFiles(t *testing.T) {
	for _, e := range []struct {
		name    string
		dialect vartext.Dialect
		script  string
	}{
		{godot.Godot4, vartext.Godot4, "4"},
		{godot.Godot3_6, vartext.Godot3, "3"},
		{godot.Godot3_2, vartext.Godot32, "3"},
	} {
		t.Run(e.name, func(t *testing.T) {
			engine := godot.Require(t, e.name)
			dir := filepath.Join(t.TempDir(), "data")
			seed := godot.Seed(t, "GDVAR_RESOURCE_SEED") % 1_000_000
			godot.RunScript(t, engine, "scripts/resource/make"+e.script+".gd", dir, strconv.FormatInt(seed, 10), strconv.Itoa(liveCount))
			checkEngineDir(t, dir, e.dialect, dir+"/")
			checkEngineReads(t, engine, "scripts/resource/load"+e.script+".gd", dir, e.dialect)
		})
	}
}

// checkEngineReads writes gdvar's conversion of each case next to the
// engine's (NAME.gdvar.EXT by NAME.conv.EXT), has the engine load both and
// save what it read as text, and compares the two: the same text, but for
// the IDs the engine draws for each path saved to.
func checkEngineReads(t *testing.T, engine, script, dir string, d vartext.Dialect) {
	index, err := os.ReadFile(filepath.Join(dir, "index.txt"))
	require.NoError(t, err)
	var files []string
	sc := bufio.NewScanner(bytes.NewReader(index))
	for sc.Scan() {
		name, kind, _ := strings.Cut(sc.Text(), " ")
		text, bin := ".tres", ".res"
		if kind == "scene" {
			text, bin = ".tscn", ".scn"
		}
		for _, conv := range [][2]string{{bin, text}, {text, bin}} {
			data, err := os.ReadFile(filepath.Join(dir, name+conv[0]))
			require.NoError(t, err)
			f, err := Read(bytes.NewReader(data), WithText(vartext.WithDialect(d)))
			require.NoError(t, err)
			if d != vartext.Godot3 {
				f.Path = dir + "/" + name + conv[0]
			}
			form := Text
			if conv[1] == bin {
				form = Binary
			}
			path := dir + "/" + name + ".gdvar" + conv[1]
			g, err := f.SavedAs(path, form)
			require.NoError(t, err)
			var out bytes.Buffer
			if form == Text {
				err = g.WriteText(&out)
			} else {
				err = g.WriteBinary(&out)
			}
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(path, out.Bytes(), 0o644))
			files = append(files, name+".gdvar"+conv[1], name+".conv"+conv[1])
		}
	}
	out := godot.RunScript(t, engine, script, append([]string{dir}, files...)...)
	assert.Contains(t, out, "loaded "+strconv.Itoa(len(files))+" of "+strconv.Itoa(len(files)), "the engine did not read every file")
	for i := 0; i < len(files); i += 2 {
		ours, theirs := backOf(t, dir, files[i], d), backOf(t, dir, files[i+1], d)
		// A resource local to a scene, made anew as the engine instances
		// it, gets an ID drawn for the path saved to: take the engine's.
		subs := map[string]string{}
		for j, r := range ours.Resources {
			if j < len(theirs.Resources) {
				subs[r.ID] = theirs.Resources[j].ID
				r.ID = theirs.Resources[j].ID
			}
		}
		require.NoError(t, ours.rename(renames{ext: idsByPath(ours, theirs), sub: subs}))
		a, err := ours.AppendText(nil)
		require.NoError(t, err)
		b, err := theirs.AppendText(nil)
		require.NoError(t, err)
		assert.Equal(t, string(b), string(a), "the engine read %s otherwise than %s", files[i], files[i+1])
	}
}

// backOf reads the text the engine saved of what it read of a file.
func backOf(t *testing.T, dir, file string, d vartext.Dialect) *File {
	ext := ".tres"
	if strings.HasSuffix(file, ".tscn") || strings.HasSuffix(file, ".scn") {
		ext = ".tscn"
	}
	data, err := os.ReadFile(filepath.Join(dir, file+".back"+ext))
	require.NoError(t, err)
	f, err := Read(bytes.NewReader(data), WithText(vartext.WithDialect(d)))
	require.NoError(t, err)
	return f
}
