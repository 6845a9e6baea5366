package migrate

import (
	"fmt"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/configfile"
	"github.com/gdvar/gdvar/vartext"
)

// ConfigFile returns the Godot 4 form of a Godot 3 ConfigFile (read with
// [configfile.Read] and vartext.WithDialect(vartext.Godot3), or Godot32):
// the same sections and keys in the same order, each value mapped by
// [Value]. Its text is Godot 4's (Transform3D(…), inf_neg, no spaces inside
// brackets), in which every float is written in digits Godot 4 reads as
// the number Godot 3 read ([vartext.WithExactFloats]; Godot 4's own digits
// for some of them it reads otherwise). Godot 3 writes at most 6
// significant digits, and what it lost is lost.
//
// f must hold Godot 3's text: Godot 4's reads as Godot 3's too (each
// version reads the other's names), and a second migration would renumber
// its joypad buttons again. gdvar migrate refuses text that uses Godot 4's
// names.
func ConfigFile(f *configfile.File) (*configfile.File, error) {
	if f.Dialect().Engine() != gdvar.Godot3 {
		return nil, ErrNotGodot3
	}
	g, err := f.Clone(configfile.WithText(godot4Text...))
	if err != nil {
		return nil, err
	}
	for k, v := range f.All() {
		m, changed, err := mapping{}.value(v)
		if err != nil {
			return nil, fmt.Errorf("[%s] %s: %w", k.Section, k.Name, err)
		}
		if changed {
			g.Set(k.Section, k.Name, m)
		}
	}
	return g, nil
}

// godot4Text are the options of the text migrations write: Godot 4's
// dialect, with floats, strings and NodePaths Godot 4 reads as Godot 3
// read them. Exact strings write a string or NodePath whose text starts
// with a byte order mark with one more: both engines' readers drop the
// first. Godot 4's own writer would give a string Godot 3 read as
// "\uFEFFa" as "\uFEFFa", which it reads as "a"; and a path Godot 3 read
// as "\uFEFF" (from NodePath("\uFEFF\uFEFF")) as NodePath("\uFEFF"), which
// it reads as the empty path, and "\uFEFF/a" as "/a", absolute.
var godot4Text = []vartext.Option{vartext.WithDialect(vartext.Godot4), vartext.WithExactFloats(true), vartext.WithExactStrings(true)}
