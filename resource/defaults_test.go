package resource

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/vartext"
)

// The class defaults (classes/godot4-defaults.txt) all read, a class's
// with those of the classes it inherits; and a save drops a property set
// to its default, as the engine's savers do, and one never stored.
func TestClassDefaults(t *testing.T) {
	env := defaultsOf("Environment")
	assert.Equal(t, 0.0, env["glow_levels/5"])
	assert.Equal(t, int64(1), env["glow_blend_mode"])
	assert.Equal(t, "", env["resource_name"], "Resource's, inherited")
	assert.Nil(t, defaultsOf("NoSuchClass"))
	assert.NotContains(t, defaultsOf("ShaderMaterial"), "render_priority", "hidden at the defaults: no default, always saved")
	assert.Equal(t, 1.0, heldOf("ParticleProcessMaterial")["emission_sphere_radius"])
	for class := range defaultLines { // every value of the table reads
		assert.NotNil(t, defaultsOfClass(class), class)
	}

	for _, tt := range []struct {
		name  string
		value any
		kept  bool
	}{
		{"glow_levels/5", 0.0, false},
		{"glow_levels/5", int64(0), false},
		{"glow_levels/5", 0.5, true},
		{"glow_levels/2", 0.8, false}, // kept in 32 bits: 0.800000011920929
		{"glow_blend_mode", int64(1), false},
		{"glow_blend_mode", int64(2), true},
		{"resource_name", "", false},
		{"sdfgi_max_distance", 204.8, false}, // never stored
		{"no_such_property", 1.0, true},
	} {
		r := &Resource{Type: "Environment", Properties: []gdvar.Property{{Name: tt.name, Value: tt.value}}}
		dropUnstored(vartext.Godot4, r)
		dropDefaults(vartext.Godot4, r)
		assert.Equal(t, tt.kept, len(r.Properties) == 1, "%s = %v", tt.name, tt.value)
	}
	r := &Resource{Type: "Environment", Properties: []gdvar.Property{{Name: "glow_levels/5", Value: 0.0}}}
	dropDefaults(vartext.Godot3, r)
	assert.Len(t, r.Properties, 1, "Godot 3's are not known")
}
