package resource

import (
	"slices"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/vartext"
)

// dropScriptDefaults leaves out of r (a copy, whose Properties it
// replaces) the script variables whose values equal their declared
// defaults, as Godot 4's savers do: they compare each stored property
// with PropertyUtils::get_property_default_value, which asks the script
// first (GDScript's member defaults, its initializers folded), and skip
// it when the default is not null and Variant's == holds.
func (g *File) dropScriptDefaults(r *Resource) {
	if g.dialect != vartext.Godot4 {
		return
	}
	vars := g.scriptOf(r)
	isDefault := func(p gdvar.Property) bool {
		i := slices.IndexFunc(vars, func(v ScriptProperty) bool { return v.Name == p.Name })
		return i >= 0 && vars[i].Default != nil && sameValue(p.Value, vars[i].Default, false)
	}
	if slices.ContainsFunc(r.Properties, isDefault) {
		r.Properties = slices.DeleteFunc(slices.Clone(r.Properties), isDefault)
	}
}
