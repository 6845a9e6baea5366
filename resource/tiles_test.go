package resource_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/resource"
)

// checkTilesCases checks the cases tiles4.gd made in dir, whose files
// the engine named at (res://tiles, or dir): each TileSet and FontFile
// comes back as it is, and its conversions are the engine's, byte for
// byte: text to binary, that binary to text, text to text at another
// path. It returns how many cases are FontFiles.
func checkTilesCases(t *testing.T, dir, at string, names []string) (fonts int) {
	for _, name := range names {
		if strings.HasPrefix(name, "font_") {
			fonts++
		}
		for _, c := range []struct{ from, to string }{{".tres", ".conv.res"}, {".conv.res", ".back.tres"}, {".tres", ".moved.tres"}} {
			data, err := os.ReadFile(filepath.Join(dir, name+c.from))
			require.NoError(t, err)
			f, err := resource.Read(bytes.NewReader(data))
			require.NoError(t, err, name+c.from)
			if c.from == ".tres" {
				back, err := f.AppendText(nil)
				require.NoError(t, err)
				assert.Equal(t, string(data), string(back), "%s comes back as it is", name)
			}
			f.Path = at + "/" + name + c.from
			form := resource.Text
			if strings.HasSuffix(c.to, ".res") {
				form = resource.Binary
			}
			want, err := os.ReadFile(filepath.Join(dir, name+c.to))
			require.NoError(t, err)
			assert.Equal(t, string(want), string(savedAs(t, f, at+"/"+name+c.to, form)), "%s to %s", name+c.from, c.to)
		}
	}
	return fonts
}

// Godot 4.6's TileSets and FontFiles of testdata/godot4-tiles
// (scripts/resource/gen-tiles4.sh), converted as the engine converts
// them: a TileSet's layers, terrain sets and custom data, its atlas
// sources' tiles whose TileData set physics polygons, terrains, peering
// bits, navigation polygons (typed Arrays) and custom data, alternatives,
// animations, patterns (named after tile_proxies) and proxies (a tile's
// script after its TileData's properties); a FontFile's cache, whose
// Images keep their IDs and make the text format=4.
func TestTileSetsAndFonts(t *testing.T) {
	dir := filepath.Join("testdata", "godot4-tiles")
	index, err := os.ReadFile(filepath.Join(dir, "index.txt"))
	require.NoError(t, err)
	names := strings.Fields(string(index))
	require.GreaterOrEqual(t, len(names), 40)
	assert.Positive(t, checkTilesCases(t, dir, "res://tiles", names), "the cases hold FontFiles")
}

// TestLiveTileSetsAndFonts has Godot 4.6 make 40 such cases from a new
// seed, and checks them as TestTileSetsAndFonts does.
func TestLiveTileSetsAndFonts(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	dir := filepath.Join(t.TempDir(), "tiles")
	seed := godot.Seed(t, "GDVAR_RESOURCE_SEED") % 1_000_000
	out := godot.RunScript(t, engine, "scripts/resource/tiles4.gd", dir, strconv.FormatInt(seed, 10), "40")
	require.NotContains(t, out, "fail ")
	index, err := os.ReadFile(filepath.Join(dir, "index.txt"))
	require.NoError(t, err)
	names := strings.Fields(string(index))
	require.Len(t, names, 40)
	checkTilesCases(t, dir, dir, names)
}
