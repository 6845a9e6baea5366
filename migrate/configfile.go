package migrate

import (
	"fmt"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/configfile"
	"github.com/gdvar/gdvar/vartext"
)

// ConfigFile returns the Godot 4 form of a Godot 3 ConfigFile (read with
// configfile.Read and vartext.WithDialect(vartext.Godot3), or Godot32):
// the same sections and keys in the same order, each value mapped by
// Value. Its text is Godot 4's (Transform3D(…), inf_neg, no spaces inside
// brackets), in which the numbers keep the digits Godot 3 wrote: Godot 3
// writes at most 6 significant digits, and what it lost is lost.
//
// f must hold Godot 3's text: Godot 4's reads as Godot 3's too (each
// version reads the other's names), and a second migration would renumber
// its joypad buttons again. gdvar migrate refuses text that uses Godot 4's
// names.
func ConfigFile(f *configfile.File) (*configfile.File, error) {
	if f.Dialect().Engine() != gdvar.Godot3 {
		return nil, ErrNotGodot3
	}
	g := configfile.New(vartext.WithDialect(vartext.Godot4))
	for _, s := range f.Sections() {
		for _, k := range f.Keys(s) {
			v, _ := f.Get(s, k)
			m, err := Value(v)
			if err != nil {
				return nil, fmt.Errorf("[%s] %s: %w", s, k, err)
			}
			g.Set(s, k, m)
		}
	}
	return g, nil
}
