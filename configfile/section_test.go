package configfile

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/godot"
	"github.com/gdvar/gdvar/vartext"
)

// sectionNames are section names Read can make whose edges or brackets
// the engine's reading would change if they were written as they are, and
// the header each dialect writes for them ("" where Godot 3, whose headers
// have no escape, cannot hold the name).
var sectionNames = []struct{ name, godot4, godot3 string }{
	{`a\`, `[a\ ]`, `[a\]`},
	{`\`, `[\ ]`, `[\]`},
	{`\\`, `[\\ ]`, `[\\]`},
	{`a\ \`, `[a\ \ ]`, `[a\ \]`},
	{`a\b`, `[a\b]`, `[a\b]`},
	{`a]`, `[a\]]`, ""},
	{`a\]`, `[a\\]]`, ""},
	{`a\\]b`, `[a\\\]b]`, ""},
	{`]\`, `[\]\ ]`, ""},
	{`\]\`, `[\\]\ ]`, ""},
	{"\ufeffa", "[ \ufeffa]", "[ \ufeffa]"},
	{"\ufeff\\", "[ \ufeff\\ ]", "[ \ufeff\\]"},
}

// Each name is written as its header and reads back as it was.
func TestSectionNames(t *testing.T) {
	for _, tc := range sectionNames {
		for _, d := range []struct {
			dialect vartext.Dialect
			header  string
		}{{vartext.Godot4, tc.godot4}, {vartext.Godot3, tc.godot3}} {
			if d.header == "" {
				continue
			}
			t.Run(d.dialect.String()+"/"+tc.name, func(t *testing.T) {
				f := New(vartext.WithDialect(d.dialect))
				f.Set(tc.name, "k", int64(1))
				text, err := f.Bytes()
				require.NoError(t, err)
				assert.Equal(t, d.header+"\n\nk=1\n", string(text))
				back, err := Read(bytes.NewReader(text), vartext.WithDialect(d.dialect))
				require.NoError(t, err)
				assert.Equal(t, []string{tc.name}, back.Sections())
			})
		}
	}
}

// The Godot 4 headers read back as the names in Godot 4.6.
func TestLiveSectionNames(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	dir := t.TempDir()
	var paths []string
	for i, tc := range sectionNames {
		f := New()
		f.Set(tc.name, "k", int64(1))
		text, err := f.Bytes()
		require.NoError(t, err)
		path := filepath.Join(dir, strconv.Itoa(i)+".cfg")
		require.NoError(t, os.WriteFile(path, text, 0o644))
		paths = append(paths, path)
	}
	godot.RunScript(t, engine, "scripts/text/loadcfg4.gd", paths...)
	for i, tc := range sectionNames {
		raw, err := os.ReadFile(paths[i] + ".bin")
		require.NoError(t, err, "the engine's reading of %q", tc.name)
		var engineRead []any
		require.NoError(t, gdvar.Unmarshal(raw, &engineRead, gdvar.WithEngine(gdvar.Godot4)))
		assert.Equal(t, []any{int64(0), []any{tc.name, "k", int64(1)}}, engineRead, "%q", tc.name)
	}
}
