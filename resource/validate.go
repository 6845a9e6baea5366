package resource

import (
	"slices"
	"strings"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/vartext"
)

// Properties a class hides by its values: its _validate_property takes
// PROPERTY_USAGE_STORAGE off them, so that neither saver writes them, nor
// names them in the binary form's names table, whatever their values.

// unshadedHidden are the prefixes of the properties a StandardMaterial3D
// with shading_mode = 0 (unshaded) hides (BaseMaterial3D's
// _validate_property): those of lighting.
var unshadedHidden = []string{"metallic", "roughness", "emission", "normal_", "bent_normal_", "rim", "clearcoat",
	"anisotropy", "ao_", "subsurf_scatter_", "backlight"}

// hiddenBy returns what r's class hides given r's values, or nil if
// nothing.
func hiddenBy(d vartext.Dialect, r *Resource) func(name string) bool {
	if d != vartext.Godot4 || r.Type != "StandardMaterial3D" {
		return nil
	}
	if mode, ok := r.Get("shading_mode"); !ok || mode != int64(0) {
		return nil
	}
	return func(name string) bool {
		for _, p := range unshadedHidden {
			if strings.HasPrefix(name, p) {
				return true
			}
		}
		return false
	}
}

// dropUnstored leaves out of r (a copy, whose Properties it replaces) the
// properties its class never stores (Environment's sdfgi_max_distance,
// which the editor shows and older editors saved): the engine sets them
// loading, and no saver writes them.
func dropUnstored(d vartext.Dialect, r *Resource) {
	c := classesOf(d)[r.Type]
	if c == nil || !slices.ContainsFunc(r.Properties, func(p gdvar.Property) bool { return c.unstored(p.Name) }) {
		return
	}
	r.Properties = slices.DeleteFunc(slices.Clone(r.Properties), func(p gdvar.Property) bool { return c.unstored(p.Name) })
}
