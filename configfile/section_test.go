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
	"github.com/gdvar/gdvar/internal/testrig/godot"
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
				f := mustNew(t, WithText(vartext.WithDialect(d.dialect)))
				f.Set(tc.name, "k", int64(1))
				text, err := f.Bytes()
				require.NoError(t, err)
				assert.Equal(t, d.header+"\n\nk=1\n", string(text))
				back, err := Read(bytes.NewReader(text), WithText(vartext.WithDialect(d.dialect)))
				require.NoError(t, err)
				assert.Equal(t, []string{tc.name}, back.Sections())
			})
		}
	}
}

// Each dialect's headers read back in its engine as Read reads them, and
// as the names, in Godot 4.6 and 3.6. Godot 3.2.3 writes a name's UTF-8
// and reads it back a byte a character, so only its ASCII names survive.
func TestLiveSectionNames(t *testing.T) {
	for _, e := range []struct {
		engine, script string
		dialect        vartext.Dialect
		format         gdvar.Engine
	}{
		{godot.Godot4, "scripts/text/loadcfg4.gd", vartext.Godot4, gdvar.Godot4},
		{godot.Godot3_6, "scripts/text/loadcfg3.gd", vartext.Godot3, gdvar.Godot3},
		{godot.Godot3_2, "scripts/text/loadcfg3.gd", vartext.Godot32, gdvar.Godot3},
	} {
		t.Run(e.engine, func(t *testing.T) {
			engine := godot.Require(t, e.engine)
			dir := t.TempDir()
			var names, paths []string
			for i, tc := range sectionNames {
				if e.dialect != vartext.Godot4 && tc.godot3 == "" {
					continue
				}
				f := mustNew(t, WithText(vartext.WithDialect(e.dialect)))
				f.Set(tc.name, "k", int64(1))
				text, err := f.Bytes()
				require.NoError(t, err)
				path := filepath.Join(dir, strconv.Itoa(i)+".cfg")
				require.NoError(t, os.WriteFile(path, text, 0o644))
				names, paths = append(names, tc.name), append(paths, path)
			}
			godot.RunScript(t, engine, e.script, paths...)
			for i, name := range names {
				raw, err := os.ReadFile(paths[i] + ".bin")
				require.NoError(t, err, "the engine's reading of %q", name)
				var engineRead []any
				require.NoError(t, gdvar.MustCodec(gdvar.WithEngine(e.format)).Unmarshal(raw, &engineRead))
				text, err := os.ReadFile(paths[i])
				require.NoError(t, err)
				ours, err := Read(bytes.NewReader(text), WithText(vartext.WithDialect(e.dialect)))
				require.NoError(t, err)
				require.Len(t, ours.Sections(), 1)
				assert.Equal(t, []any{int64(0), []any{ours.Sections()[0], "k", int64(1)}}, engineRead, "%q as Read reads it", name)
				if e.dialect != vartext.Godot32 || isASCII(name) {
					assert.Equal(t, name, ours.Sections()[0])
				}
			}
		})
	}
}

func isASCII(s string) bool {
	for i := range len(s) {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
