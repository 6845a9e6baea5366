package resource

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/vartext"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Godot 3 keeps the numbers of the internal resources of a .res it reads
// (local://N), in whatever order the file gives them: its JSON form,
// encoded as binary, gives the file back. testdata/godot3.2-numbers are
// Godot 3.2's, saved as res://numbers/ (scripts/resource/numbers3.gd).
func TestLocalNumbers(t *testing.T) {
	checkLocalNumbers(t, filepath.Join("testdata", "godot3.2-numbers"), vartext.Godot32, "res://numbers/")
}

// TestLiveLocalNumbers has Godot 3.2 and 3.6 make such files from a new
// seed and checks them.
func TestLiveLocalNumbers(t *testing.T) {
	for _, e := range []struct {
		name    string
		dialect vartext.Dialect
	}{{godot.Godot3_2, vartext.Godot32}, {godot.Godot3_6, vartext.Godot3}} {
		t.Run(e.name, func(t *testing.T) {
			engine := godot.Require(t, e.name)
			dir := filepath.Join(t.TempDir(), "numbers")
			seed := godot.Seed(t, "GDVAR_RESOURCE_SEED") % 1_000_000
			godot.RunScript(t, engine, "scripts/resource/numbers3.gd", dir, strconv.FormatInt(seed, 10), strconv.Itoa(liveCount))
			checkLocalNumbers(t, dir, e.dialect, dir+"/")
		})
	}
}

// checkLocalNumbers checks the cases numbers3.gd wrote to dir, as res://
// paths in res. At least one must number its resources otherwise than
// 1, 2, … in the order of the file, or the check proves nothing.
func checkLocalNumbers(t *testing.T, dir string, d vartext.Dialect, res string) {
	index, err := os.ReadFile(filepath.Join(dir, "index.txt"))
	require.NoError(t, err)
	sc := bufio.NewScanner(bytes.NewReader(index))
	n, shuffled := 0, 0
	for sc.Scan() {
		name := sc.Text() + ".res"
		want, err := os.ReadFile(filepath.Join(dir, name))
		require.NoError(t, err)
		f, err := Read(bytes.NewReader(want), WithText(vartext.WithDialect(d)))
		require.NoError(t, err)
		for i, r := range f.Resources {
			if r.ID != strconv.Itoa(i+1) {
				shuffled++
				break
			}
		}
		j, err := json.Marshal(f)
		require.NoError(t, err)
		g := mustNewFile(t, "", WithText(vartext.WithDialect(d)))
		require.NoError(t, json.Unmarshal(j, g))
		saved, err := g.SavedAs(res+name, Binary)
		require.NoError(t, err)
		got, err := saved.AppendBinary(nil)
		require.NoError(t, err)
		assertSameBytes(t, want, got, name)
		n++
	}
	require.Positive(t, n)
	assert.Positive(t, shuffled, "no case numbers its resources out of order")
}
