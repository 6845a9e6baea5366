package resource_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/project"
	"github.com/gdvar/gdvar/resource"
	"github.com/gdvar/gdvar/vartext"
)

// realConv holds what Godot 4.6 made converting real TileSets and
// FontFiles of the corpus (scripts/resource/realconv), with placeholders
// for the assets the corpus cuts: a.tres to a.res, a.res back to text at
// a.conv.tres, and a.tres to text at a.moved.tres.
const realConv = "testdata/real-conv"

// The corpus's TileSets (their layers, terrains and tiles' TileData) and
// FontFiles (a cache of sizes and kerning) convert as Godot 4.6 converts
// them, byte for byte, in every direction.
func TestRealTileSetsAndFonts(t *testing.T) {
	index, err := os.ReadFile(filepath.Join(realConv, "index.txt"))
	require.NoError(t, err)
	files := strings.Fields(string(index))
	require.NotEmpty(t, files)
	projects := map[string]*project.Project{}
	for _, rel := range files {
		t.Run(rel, func(t *testing.T) {
			src := filepath.Join(corpusDir, rel)
			base, inProj := strings.TrimSuffix(rel, ".tres"), "res://"+inProject(t, src)
			read := func(data []byte) *resource.File {
				f, err := resource.Read(bytes.NewReader(data), append(corpusScripts(t, projects, src), resource.WithText(vartext.WithDialect(vartext.Godot4)))...)
				require.NoError(t, err)
				return f
			}
			want := func(ext string) string {
				b, err := os.ReadFile(filepath.Join(realConv, base+ext))
				require.NoError(t, err)
				return string(b)
			}
			data, err := os.ReadFile(src)
			require.NoError(t, err)
			f := read(data)
			f.Path = inProj + ".tres"
			assert.Equal(t, want(".res"), string(savedAs(t, f.WithoutUIDs(), inProj+".res", resource.Binary)), "text to binary")
			assert.Equal(t, want(".moved.tres"), string(savedAs(t, f.WithoutUIDs(), inProj+".moved.tres", resource.Text)), "text to text")
			g := read([]byte(want(".res")))
			g.Path = inProj + ".res"
			assert.Equal(t, want(".conv.tres"), string(savedAs(t, g.WithoutUIDs(), inProj+".conv.tres", resource.Text)), "binary to text")
		})
	}
}
