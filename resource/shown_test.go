package resource

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/vartext"
)

// Values show the properties their class hides at its defaults, which a
// save then writes at the value a new object holds (TestLiveOlderEditors
// checks the engine's bytes).
func TestShownByValues(t *testing.T) {
	p := func(name string, v any) gdvar.Property { return gdvar.Property{Name: name, Value: v} }
	for _, tt := range []struct {
		class string
		set   []gdvar.Property
		added []gdvar.Property
	}{
		{"ParticleProcessMaterial", []gdvar.Property{p("emission_shape", int64(1))},
			[]gdvar.Property{p("emission_sphere_radius", 1.0)}},
		{"ParticleProcessMaterial", []gdvar.Property{p("emission_shape", int64(2)), p("emission_sphere_radius", 0.6)}, nil},
		{"ParticleProcessMaterial", []gdvar.Property{p("sub_emitter_mode", int64(2)), p("collision_mode", int64(2))},
			[]gdvar.Property{p("sub_emitter_amount_at_end", int64(1))}},
		{"ParticleProcessMaterial", []gdvar.Property{p("emission_shape", int64(0))}, nil},
		{"StandardMaterial3D", []gdvar.Property{p("transparency", int64(3)), p("alpha_antialiasing_mode", int64(1))},
			[]gdvar.Property{p("alpha_hash_scale", 1.0), p("alpha_antialiasing_edge", float64(float32(0.3)))}},
		{"StandardMaterial3D", []gdvar.Property{p("billboard_mode", int64(3))},
			[]gdvar.Property{p("particles_anim_h_frames", int64(1)), p("particles_anim_v_frames", int64(1)), p("particles_anim_loop", false)}},
		{"NavigationMesh", []gdvar.Property{p("geometry_source_geometry_mode", int64(2))}, nil}, // shown, but at its default
	} {
		r := &Resource{Type: tt.class, Properties: tt.set}
		addShown(vartext.Godot4, r)
		if added := r.Properties[len(tt.set):]; tt.added == nil {
			assert.Empty(t, added, "%s %v", tt.class, tt.set)
		} else {
			assert.Equal(t, tt.added, added, "%s %v", tt.class, tt.set)
		}
	}
	nav := &Resource{Type: "NavigationMesh", Properties: []gdvar.Property{p("geometry_source_geometry_mode", int64(2))}}
	assert.True(t, showsBy(nav).shows("geometry_source_group_name"), "named once the mode shows it")
	assert.False(t, showsBy(&Resource{Type: "NavigationMesh"}).shows("geometry_source_group_name"))
	m := &Resource{Type: "StandardMaterial3D", Properties: []gdvar.Property{p("transparency", int64(2)), p("alpha_antialiasing_mode", int64(1))}}
	assert.True(t, hiddenBy(vartext.Godot4, m).hides("blend_mode"), "alpha antialiasing hides blend_mode")
}
