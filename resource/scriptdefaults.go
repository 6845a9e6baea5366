package resource

import (
	"slices"
	"strings"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/vartext"
)

// dropScriptDefaults leaves out of r (a copy, whose Properties it
// replaces) the script variables whose values equal their declared
// defaults, as Godot 4's savers do: they compare each stored property
// with PropertyUtils::get_property_default_value, which asks the script
// first (GDScript's member defaults, its initializers folded), and skip
// it when the default is not null and Variant's == holds. A value naming
// the path a variable preloads is at its default (the engine holds the
// resource once), and the defaults that refer to resources, which the
// savers walk, are kept in g.walkDefaults.
func (g *File) dropScriptDefaults(r *Resource, k *finder) {
	if g.dialect != vartext.Godot4 {
		return
	}
	vars := k.scriptOf(r)
	if len(vars.vars) == 0 {
		return
	}
	var paths map[string]string
	if dw := k.defaultsWalkOf(r, vars, true); dw != nil {
		paths = k.externalPaths()
		g.walkDefaults[r] = dw
	}
	isDefault := func(p gdvar.Property) bool {
		i := vars.last(p.Name)
		if i < 0 || vars.vars[i].Default == nil {
			return false
		}
		return atDefault(p.Value, vars.vars[i].Default, paths)
	}
	if slices.ContainsFunc(r.Properties, isDefault) {
		r.Properties = slices.DeleteFunc(slices.Clone(r.Properties), isDefault)
	}
}

// dropUntaken leaves out of a plain scripted Resource r (a copy, whose
// Properties it replaces) the properties neither Resource nor its script
// takes, where the Scripts can tell (Setters), as Godot 4's loading
// does: the set finds no such property, and the save has nothing to
// write. Classes other than Resource may take names their property list
// does not give as they are, and are left as they are.
func (g *File) dropUntaken(r *Resource, k *finder) {
	setters, ok := g.scripts.(Setters)
	c := classesOf(g.dialect)[r.Type]
	if !ok || g.dialect != vartext.Godot4 || r.Type != "Resource" || c == nil {
		return
	}
	script, ok := k.scriptPath(r)
	if !ok {
		return
	}
	untaken := func(p gdvar.Property) bool {
		if len(c.at[p.Name]) > 0 || p.Name == "script" || strings.HasPrefix(p.Name, "metadata/") {
			return false
		}
		takes, err := setters.Takes(script, p.Name)
		return err == nil && !takes
	}
	if slices.ContainsFunc(r.Properties, untaken) {
		r.Properties = slices.DeleteFunc(slices.Clone(r.Properties), untaken)
	}
}
