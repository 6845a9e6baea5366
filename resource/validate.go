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

// perPixelOnly are the prefixes of the properties a BaseMaterial3D
// (StandardMaterial3D, ORMMaterial3D) shaded other than per pixel
// (shading_mode 0, unshaded, or 2, per vertex) hides (its
// _validate_property); unshadedHidden those an unshaded one hides
// besides: the rest of lighting; ormHidden those an ORMMaterial3D always
// hides, which its orm_texture holds.
var (
	perPixelOnly   = []string{"normal_", "bent_normal_", "clearcoat", "anisotropy", "backlight"}
	unshadedHidden = []string{"metallic", "roughness", "emission", "rim", "ao_", "subsurf_scatter_"}
	ormHidden      = []string{"metallic", "roughness", "ao_texture"}
)

// hiding is what a class hides given a resource's values: the
// properties of these prefixes; nil if nothing.
type hiding []string

// hiddenBy returns what r's class hides given r's values.
func hiddenBy(d vartext.Dialect, r *Resource) hiding {
	if d != vartext.Godot4 || r.Type != "StandardMaterial3D" && r.Type != "ORMMaterial3D" {
		return nil
	}
	var hidden []string
	if r.Type == "ORMMaterial3D" {
		hidden = ormHidden
	}
	switch mode, _ := r.Get("shading_mode"); mode {
	case int64(0):
		hidden = slices.Concat(hidden, perPixelOnly, unshadedHidden)
	case int64(2):
		hidden = slices.Concat(hidden, perPixelOnly)
	}
	if t := r.enum("transparency"); (t == 2 || t == 3) && r.enum("alpha_antialiasing_mode") != 0 {
		hidden = append(slices.Clip(hidden), "blend_mode") // alpha antialiasing blends itself
	}
	return hidden
}

// hides reports whether the property called name is hidden.
func (h hiding) hides(name string) bool {
	for _, p := range h {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// dropHidden leaves out of r (a copy, whose Properties it replaces) the
// properties its class hides given its values (hiddenBy), which loading
// sets and a save does not write: an older editor's file may hold them.
// The writers keep them in a file as it is, and name those the values
// hide only where it has them.
func dropHidden(d vartext.Dialect, r *Resource) {
	hidden := hiddenBy(d, r)
	isHidden := func(p gdvar.Property) bool { return hidden.hides(p.Name) }
	if hidden != nil && slices.ContainsFunc(r.Properties, isHidden) {
		r.Properties = slices.DeleteFunc(slices.Clone(r.Properties), isHidden)
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

// dropNullParameters leaves out of a Godot 4 ShaderMaterial r (a copy,
// whose Properties it replaces) its shader parameters held nil, which the
// text saver leaves out: a sampler uniform's (a Texture: an Object, nil
// its null), the only kind the binary saver writes nil. A file may set
// another kind null (older editors did), which the engine saves at the
// uniform's default, known from the shader only.
func dropNullParameters(d vartext.Dialect, r *Resource) {
	isNull := func(p gdvar.Property) bool { return p.Value == nil && strings.HasPrefix(p.Name, "shader_parameter/") }
	if d == vartext.Godot4 && r.Type == "ShaderMaterial" && slices.ContainsFunc(r.Properties, isNull) {
		r.Properties = slices.DeleteFunc(slices.Clone(r.Properties), isNull)
	}
}

// inClassOrder puts r's properties (r is a copy, whose Properties it
// replaces) that its class c (as r lists its properties: classFinder)
// lists in the class's order, in the places they take among the others:
// the savers write them as the property list gives them, whatever order
// a file (an older editor's) had them in.
func inClassOrder(r *Resource, c *class) {
	if c == nil {
		return
	}
	var at, places []int
	for i, p := range r.Properties {
		if j := c.index(p.Name, 0); j >= 0 {
			at, places = append(at, j), append(places, i)
		}
	}
	if slices.IsSorted(at) {
		return
	}
	listed := make([]gdvar.Property, len(places))
	for k, i := range places {
		listed[k] = r.Properties[i]
	}
	order := make([]int, len(listed))
	for k := range order {
		order[k] = k
	}
	slices.SortStableFunc(order, func(a, b int) int { return at[a] - at[b] })
	r.Properties = slices.Clone(r.Properties)
	for k, i := range places {
		r.Properties[i] = listed[order[k]]
	}
}

// isScript reports whether class is a Script's: the engine's objects list
// a "script" property but for Scripts (Object::get_property_list), so
// that a built-in script's names table has none. These are Script and
// the classes of the languages of the engines' builds.
func isScript(class string) bool {
	switch class {
	case "Script", "GDScript", "CSharpScript", "VisualScript", "NativeScript", "PluginScript", "ScriptExtension":
		return true
	}
	return false
}
