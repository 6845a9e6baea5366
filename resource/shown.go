package resource

import (
	"slices"
	"strings"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/vartext"
)

// Properties a class's _validate_property hides at the class's defaults
// (classProperty.hidden) and shows given other values: the binary form
// names one r's values show, set or not, as Godot 4.6's property list
// then does.

// shownBy are the classes with such rules: whether r's values show the
// property called name.
var shownBy = map[string]func(r *Resource, name string) bool{
	// Material shows render_priority and next_pass when a spatial shader
	// can use them; the editor saves render_priority then (it has no
	// default), so that it shows next_pass too.
	"ShaderMaterial": func(r *Resource, name string) bool {
		_, set := r.Get("render_priority")
		return set && name == "next_pass"
	},
	"ParticleProcessMaterial": particleShown,
	"StandardMaterial3D":      materialShown,
	"ORMMaterial3D":           materialShown,
	"CanvasItemMaterial": func(r *Resource, name string) bool {
		return strings.HasPrefix(name, "particles_anim_") && r.is("particles_animation", true)
	},
	"NavigationMesh": func(r *Resource, name string) bool {
		return name == "geometry_source_group_name" && r.enum("geometry_source_geometry_mode") != 0 // not root node children
	},
}

// showing is what a resource's values show of the properties its class
// hides at its defaults: its class's rule (nil if it has none).
type showing struct {
	r    *Resource
	rule func(r *Resource, name string) bool
}

// showsBy returns what r's values show of the properties its class hides
// at its defaults.
func showsBy(r *Resource) showing { return showing{r, shownBy[r.Type]} }

// shows reports whether the values show the property called name.
func (s showing) shows(name string) bool { return s.rule != nil && s.rule(s.r, name) }

// particleShown is ParticleProcessMaterial's rule: the properties of its
// emission shape, sub-emitter mode and collision mode, and the
// directional velocity once it has a curve.
func particleShown(r *Resource, name string) bool {
	shape := r.enum("emission_shape")
	switch {
	case name == "emission_sphere_radius":
		return shape == 1 || shape == 2 // sphere, sphere surface
	case name == "emission_box_extents":
		return shape == 3
	case name == "emission_point_texture" || name == "emission_color_texture" || name == "emission_point_count":
		return shape == 4 || shape == 5 // points, directed points
	case name == "emission_normal_texture":
		return shape == 5
	case strings.HasPrefix(name, "emission_ring_"):
		return shape == 6
	case name == "sub_emitter_frequency":
		return r.enum("sub_emitter_mode") == 1 // constant
	case name == "sub_emitter_amount_at_end":
		return r.enum("sub_emitter_mode") == 2
	case name == "sub_emitter_amount_at_collision":
		return r.enum("sub_emitter_mode") == 3
	case name == "sub_emitter_amount_at_start":
		return r.enum("sub_emitter_mode") == 4
	case name == "collision_friction" || name == "collision_bounce":
		return r.enum("collision_mode") == 1 // rigid
	case name == "directional_velocity_min" || name == "directional_velocity_max":
		v, _ := r.Get("directional_velocity_curve")
		return v != nil && !isNullObject(v)
	}
	return false
}

// materialShown is BaseMaterial3D's rule: the alpha settings of its
// transparency, the deep parallax layers, the particle animation of a
// particle billboard.
func materialShown(r *Resource, name string) bool {
	transparency := r.enum("transparency")
	switch {
	case name == "alpha_scissor_threshold":
		return transparency == 2 // alpha scissor
	case name == "alpha_hash_scale":
		return transparency == 3 // alpha hash
	case name == "alpha_antialiasing_mode":
		return transparency == 2 || transparency == 3
	case name == "alpha_antialiasing_edge":
		return (transparency == 2 || transparency == 3) && r.enum("alpha_antialiasing_mode") != 0
	case name == "heightmap_min_layers" || name == "heightmap_max_layers":
		return r.is("heightmap_deep_parallax", true)
	case strings.HasPrefix(name, "particles_anim_"):
		return r.enum("billboard_mode") == 3 // particles
	}
	return false
}

// enum returns an int property of r, 0 (an enum's default) if unset.
func (r *Resource) enum(name string) int64 {
	v, _ := r.Get(name)
	n, _ := v.(int64)
	return n
}

// is reports whether r sets the property called name to v.
func (r *Resource) is(name string, v any) bool {
	got, ok := r.Get(name)
	return ok && got == v
}

// addShown adds to r (a copy, whose Properties it replaces) the
// properties its values show that it does not set, at the value a new
// object holds: they have no default, so that the savers write them.
// inClassOrder then puts them in their places.
func addShown(d vartext.Dialect, r *Resource) {
	rule, ok := shownBy[r.Type]
	c := classesOf(d)[r.Type]
	if d != vartext.Godot4 || !ok || c == nil {
		return
	}
	values := heldOf(r.Type)
	added := false
	for _, p := range c.props {
		v, ok := values[p.name]
		if !p.hidden || !ok || !rule(r, p.name) {
			continue
		}
		if _, set := r.Get(p.name); set {
			continue
		}
		if f, ok := v.(float64); ok && p.single {
			v = float64(float32(f))
		}
		if !added {
			r.Properties, added = slices.Clip(slices.Clone(r.Properties)), true
		}
		r.Properties = append(r.Properties, gdvar.Property{Name: p.name, Value: v})
	}
}
