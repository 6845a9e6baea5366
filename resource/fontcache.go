package resource

import (
	"slices"
	"strings"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/vartext"
)

// A FontFile's cache (cache/N/…, a face N, then its sizes cache/N/16/0/…)
// is made as the file sets it when loaded. Each face then lists its own
// properties before its sizes, at their values, which have no default:
// so a save writes them all, though an older editor's file left out those
// at a new face's values (Godot 4.6 re-saves `cache/0/16/0/ascent = 0.0`
// alone with the nine of cache/0/ before it).

// fontFaceNames are a FontFile face's own properties, in the order its
// property list gives them.
var fontFaceNames = []string{"variation_coordinates", "face_index", "embolden", "transform",
	"spacing_top", "spacing_bottom", "spacing_space", "spacing_glyph", "baseline_offset"}

// newFaceValue returns the value a new face holds of its property name.
func newFaceValue(name string) any {
	switch name {
	case "variation_coordinates":
		return gdvar.NewDictionary()
	case "embolden", "baseline_offset":
		return 0.0
	case "transform":
		return gdvar.Transform2D{X: gdvar.Vector2{X: 1}, Y: gdvar.Vector2{Y: 1}}
	}
	return int64(0)
}

// fontFace returns the face of a FontFile's cache property name
// ("cache/0/"), and whether the name is one of the face's own.
func fontFace(name string) (face string, own bool) {
	rest, ok := strings.CutPrefix(name, "cache/")
	n, member, ok2 := strings.Cut(rest, "/")
	if !ok || !ok2 || !allDigits(n) {
		return "", false
	}
	return name[:len("cache/")+len(n)+1], slices.Contains(fontFaceNames, member)
}

// fontFaces gives each face of a FontFile (r, a copy, whose Properties it
// replaces) its own properties, before its sizes, as loading the file
// makes them: those it sets at their values, the others at a new face's.
func fontFaces(d vartext.Dialect, r *Resource) {
	if d != vartext.Godot4 || r.Type != "FontFile" {
		return
	}
	var out []gdvar.Property
	done := map[string]bool{}
	for _, p := range r.Properties {
		face, own := fontFace(p.Name)
		if face != "" && !done[face] {
			done[face] = true
			for _, name := range fontFaceNames {
				v, ok := r.Get(face + name)
				if !ok {
					v = newFaceValue(name)
				}
				out = append(out, gdvar.Property{Name: face + name, Value: v})
			}
		}
		if !own {
			out = append(out, p)
		}
	}
	if len(done) > 0 {
		r.Properties = out
	}
}
