package resource

import (
	"slices"
	"strings"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/numeric"
	"github.com/gdvar/gdvar/vartext"
)

// Godot 4 loads a Godot 3 SpatialMaterial's properties into a
// StandardMaterial3D (a format=2 file of its project, a converted one):
// a name no class property has goes to StandardMaterial3D::_set, which
// maps the 3.x names onto its own and drops any other.

// material3Renames are the 3.x names _set sets under another name, as
// they are.
var material3Renames = map[string]string{
	"flags_use_shadow_to_opacity":    "shadow_to_opacity",
	"flags_no_depth_test":            "no_depth_test",
	"flags_use_point_size":           "use_point_size",
	"flags_fixed_size":               "fixed_size",
	"flags_albedo_tex_force_srgb":    "albedo_texture_force_srgb",
	"flags_do_not_receive_shadows":   "disable_receive_shadows",
	"flags_disable_ambient_light":    "disable_ambient_light",
	"params_diffuse_mode":            "diffuse_mode",
	"params_specular_mode":           "specular_mode",
	"params_blend_mode":              "blend_mode",
	"params_cull_mode":               "cull_mode",
	"params_point_size":              "point_size",
	"params_billboard_mode":          "billboard_mode",
	"params_billboard_keep_scale":    "billboard_keep_scale",
	"params_grow":                    "grow",
	"params_grow_amount":             "grow_amount",
	"params_alpha_scissor_threshold": "alpha_scissor_threshold",
	"params_alpha_hash_scale":        "alpha_hash_scale",
	"params_alpha_antialiasing_edge": "alpha_antialiasing_edge",
	"depth_scale":                    "heightmap_scale",
	"depth_deep_parallax":            "heightmap_deep_parallax",
	"depth_min_layers":               "heightmap_min_layers",
	"depth_max_layers":               "heightmap_max_layers",
	"depth_flip_tangent":             "heightmap_flip_tangent",
	"depth_flip_binormal":            "heightmap_flip_binormal",
	"depth_texture":                  "heightmap_texture",
	"emission_energy":                "emission_energy_multiplier",
}

// material3Switches are the 3.x flags _set turns into a mode when true
// (or, for params_depth_draw_mode, when 3): the property and value set.
var material3Switches = map[string]struct {
	name  string
	value int64
}{
	"flags_transparent":        {"transparency", 1}, // TRANSPARENCY_ALPHA
	"flags_unshaded":           {"shading_mode", 0}, // SHADING_MODE_UNSHADED
	"flags_vertex_lighting":    {"shading_mode", 2}, // SHADING_MODE_PER_VERTEX, unless unshaded
	"params_use_alpha_scissor": {"transparency", 2},
	"params_use_alpha_hash":    {"transparency", 3},
	"params_depth_draw_mode":   {"transparency", 4}, // TRANSPARENCY_ALPHA_DEPTH_PRE_PASS
}

// material3Names sets r's 3.x names (r is a copy, whose Properties it
// replaces) as a Godot 4 StandardMaterial3D's _set does, in r's order; an
// ORMMaterial3D, which has no _set, drops them. One with a script is left
// as it is: its variables may have any name.
func material3Names(d vartext.Dialect, r *Resource) {
	c := classesOf(d)[r.Type]
	if d != vartext.Godot4 || r.Type != "StandardMaterial3D" && r.Type != "ORMMaterial3D" || c == nil {
		return
	}
	if _, scripted := r.Get("script"); scripted {
		return
	}
	foreign := func(p gdvar.Property) bool {
		return len(c.at[p.Name]) == 0 && p.Name != "script" && !strings.HasPrefix(p.Name, "metadata/")
	}
	if !slices.ContainsFunc(r.Properties, foreign) {
		return
	}
	out := make([]gdvar.Property, 0, len(r.Properties))
	where := make(map[string]int, len(r.Properties)) // in out
	set := func(name string, v any) {
		if i, ok := where[name]; ok {
			out[i].Value = v
			return
		}
		where[name] = len(out)
		out = append(out, gdvar.Property{Name: name, Value: v})
	}
	for _, p := range r.Properties {
		if !foreign(p) {
			set(p.Name, p.Value)
			continue
		}
		if r.Type == "ORMMaterial3D" {
			continue
		}
		if p.Name == "depth_enabled" {
			if p.Value == true {
				set("heightmap_enabled", true)
				set("heightmap_flip_texture", true)
			}
			continue
		}
		if to, ok := material3Renames[p.Name]; ok {
			if len(c.at[to]) > 0 {
				set(to, p.Value)
			}
			continue
		}
		sw, ok := material3Switches[p.Name]
		if !ok {
			continue // _set warns and drops it
		}
		on := p.Value == true
		if p.Name == "params_depth_draw_mode" {
			on = p.Value == int64(3)
		}
		if i, ok := where["shading_mode"]; ok && on && p.Name == "flags_vertex_lighting" && out[i].Value == int64(0) {
			on = false
		}
		if on {
			set(sw.name, sw.value)
		}
	}
	r.Properties = out
	loaded(d, r)
}

// curveLimits are the Curve properties Godot 4.4 keeps in _limits
// ([min_value, max_value, min_domain, max_domain], in 32 bits), which
// a file of an older editor sets as they are.
var curveLimits = []string{"min_value", "max_value", "min_domain", "max_domain"}

// curveRanges sets a Godot 4 Curve's min_value, max_value, min_domain
// and max_domain (r is a copy, whose Properties it replaces) into its
// _limits, in the place of the first, as their setters do: each bound
// kept at least 0.01 (the range) from the other and taking in the points
// set before it (_data before them), in r's order.
func curveRanges(d vartext.Dialect, r *Resource) {
	isLimit := func(p gdvar.Property) bool { return slices.Contains(curveLimits, p.Name) }
	if d != vartext.Godot4 || r.Type != "Curve" || !slices.ContainsFunc(r.Properties, isLimit) {
		return
	}
	limits := []float64{0, 1, 0, 1}
	if v, ok := r.Get("_limits"); ok {
		if a, ok := v.([]any); ok && len(a) == 4 {
			for i, x := range a {
				limits[i], _ = numeric.Float(x)
			}
		}
	}
	at := -1
	var points []gdvar.Vector2 // those set so far
	out := make([]gdvar.Property, 0, len(r.Properties))
	for _, p := range r.Properties {
		if p.Name == "_data" {
			points = curvePoints(p.Value)
		}
		i := slices.Index(curveLimits, p.Name)
		if i < 0 && p.Name != "_limits" {
			out = append(out, p)
			continue
		}
		if at < 0 {
			at = len(out)
			out = append(out, gdvar.Property{Name: "_limits"})
		}
		v, ok := numeric.Float(p.Value)
		if i < 0 || !ok {
			continue
		}
		const rangeMin = 0.01 // Curve's MIN_Y_RANGE and MIN_X_RANGE
		switch i {
		case 0, 2: // a minimum: below its maximum
			limits[i] = min(v, limits[i+1]-rangeMin)
		case 1, 3:
			limits[i] = max(v, limits[i-1]+rangeMin)
		}
		limits[i] = float64(float32(limits[i]))
		for _, pt := range points { // and takes the points in
			c := pt.Y
			if i >= 2 {
				c = pt.X
			}
			if i%2 == 0 {
				limits[i] = min(limits[i], c)
			} else {
				limits[i] = max(limits[i], c)
			}
		}
	}
	out[at].Value = []any{limits[0], limits[1], limits[2], limits[3]}
	r.Properties = out
}

// rebuiltOnSave are the values Godot 4 classes make their own of when set,
// by class and property, as their getters give them back: what a save
// through the engine writes of a value an older editor wrote otherwise.
var rebuiltOnSave = map[[2]string]func(any) any{
	{"AnimationLibrary", "_data"}: animationNames,
	{"ArrayMesh", "_surfaces"}:    meshSurfaces,
}

// rebuildOnSave sets r's values (r is a copy, whose Properties it
// replaces) that its class rebuilds to what it makes of them.
func rebuildOnSave(d vartext.Dialect, r *Resource) {
	if d != vartext.Godot4 {
		return
	}
	cloned := false
	for i, p := range r.Properties {
		if rebuild := rebuiltOnSave[[2]string{r.Type, p.Name}]; rebuild != nil {
			if !cloned {
				r.Properties, cloned = slices.Clone(r.Properties), true
			}
			r.Properties[i].Value = rebuild(p.Value)
		}
	}
}

// animationNames returns an AnimationLibrary's _data as Godot 4.6 saves
// it once loaded: the animations by name (by code point, as the engine's
// save of an unsorted one shows), the names StringNames, as it holds
// them (older editors wrote Strings, {"idle": …}; the getter gives
// {&"idle": …}). A key that is no name leaves the order as it is.
func animationNames(v any) any {
	data, ok := v.(*gdvar.Dictionary)
	if !ok {
		return v
	}
	type entry struct {
		name  gdvar.StringName
		value any
	}
	entries := make([]entry, 0, data.Len())
	named := true
	for k, v := range data.All() {
		switch s := k.(type) {
		case string:
			entries = append(entries, entry{gdvar.StringName(s), v})
		case gdvar.StringName:
			entries = append(entries, entry{s, v})
		default:
			named = false
		}
	}
	if !named {
		return v
	}
	slices.SortStableFunc(entries, func(a, b entry) int { return strings.Compare(string(a.name), string(b.name)) })
	out := &gdvar.Dictionary{KeyType: data.KeyType, ValueType: data.ValueType, Shared: data.Shared}
	out.Grow(len(entries))
	for _, e := range entries {
		out.Append(e.name, e.value)
	}
	return out
}

// surfaceKeys are the keys of an ArrayMesh's surfaces, in the order its
// _surfaces getter makes them.
var surfaceKeys = []string{"format", "primitive", "vertex_data", "vertex_count", "skin_data", "attribute_data", "aabb",
	"uv_scale", "index_data", "index_count", "lods", "bone_aabbs", "blend_shapes", "material", "name", "2d"}

// meshSurfaces returns an ArrayMesh's _surfaces as its getter gives them
// back once set: each surface's keys in the getter's order (a text file
// sorts them), its LODs' edge lengths in 32 bits. A surface of an older
// format, which the engine converts, is not modelled.
func meshSurfaces(v any) any {
	surfaces, ok := v.([]any)
	if !ok {
		return v
	}
	out := make([]any, len(surfaces))
	for j, s := range surfaces {
		out[j] = s
		sd, ok := s.(*gdvar.Dictionary)
		if !ok {
			continue
		}
		sd = inKeyOrder(sd, surfaceKeys)
		if lods, ok := sd.Get("lods"); ok {
			if a, ok := lods.([]any); ok {
				a = slices.Clone(a)
				for k := 0; k < len(a); k += 2 {
					if f, ok := a[k].(float64); ok {
						a[k] = float64(float32(f))
					}
				}
				sd.Set("lods", a)
			}
		}
		out[j] = sd
	}
	return out
}

// curvePoints returns the points of a Curve's _data: [position, left
// tangent, right tangent, left mode, right mode] a point.
func curvePoints(v any) []gdvar.Vector2 {
	data, ok := v.([]any)
	if !ok {
		return nil
	}
	var points []gdvar.Vector2
	for i := 0; i+5 <= len(data); i += 5 {
		if pt, ok := data[i].(gdvar.Vector2); ok {
			points = append(points, pt)
		}
	}
	return points
}

// sdfgiDistances sets a Godot 4 Environment's sdfgi_cascade0_distance and
// sdfgi_max_distance, which it does not store (older editors did), into
// its sdfgi_min_cell_size, in the place of the first of them, as their
// setters do (r is a copy, whose Properties it replaces): the cell size
// is a 64th of the first cascade's distance, the largest distance that
// with the cell doubled for each cascade; in 32 bits, in r's order.
func sdfgiDistances(d vartext.Dialect, r *Resource) {
	isDistance := func(p gdvar.Property) bool {
		return p.Name == "sdfgi_cascade0_distance" || p.Name == "sdfgi_max_distance"
	}
	if d != vartext.Godot4 || r.Type != "Environment" || !slices.ContainsFunc(r.Properties, isDistance) {
		return
	}
	cascades := int64(4) // the default
	at := -1
	out := make([]gdvar.Property, 0, len(r.Properties))
	for _, p := range r.Properties {
		if p.Name == "sdfgi_cascades" {
			if n, ok := p.Value.(int64); ok && n >= 1 && n <= 8 { // the setter refuses others
				cascades = n
			}
		}
		if !isDistance(p) && p.Name != "sdfgi_min_cell_size" {
			out = append(out, p)
			continue
		}
		if at < 0 {
			at = len(out)
			out = append(out, gdvar.Property{Name: "sdfgi_min_cell_size", Value: p.Value})
		}
		v, ok := numeric.Float(p.Value)
		if !ok {
			continue
		}
		cell := float32(v / 64)
		if p.Name == "sdfgi_max_distance" {
			for range cascades {
				cell *= 0.5
			}
		}
		if p.Name == "sdfgi_min_cell_size" {
			cell = float32(v)
		}
		out[at].Value = float64(cell)
	}
	r.Properties = out
}
