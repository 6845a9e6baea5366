package resource

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/vartext"
)

// A Godot 3 SpatialMaterial's names in a StandardMaterial3D come out as
// Godot 4's StandardMaterial3D::_set sets them (the corpus's tps-demo
// materials check the engine's bytes for emission_energy and
// flags_unshaded).
func TestMaterial3Names(t *testing.T) {
	p := func(name string, v any) gdvar.Property { return gdvar.Property{Name: name, Value: v} }
	for _, tt := range []struct {
		name     string
		class    string
		in, want []gdvar.Property
	}{
		{"renamed, in 32 bits", "StandardMaterial3D",
			[]gdvar.Property{p("resource_name", "m"), p("emission_energy", 6.19)},
			[]gdvar.Property{p("resource_name", "m"), p("emission_energy_multiplier", float64(float32(6.19)))}},
		{"a flag turned into a mode", "StandardMaterial3D",
			[]gdvar.Property{p("flags_unshaded", true), p("flags_transparent", false), p("params_use_alpha_hash", true)},
			[]gdvar.Property{p("shading_mode", int64(0)), p("transparency", int64(3))}},
		{"vertex lighting does not undo unshaded", "StandardMaterial3D",
			[]gdvar.Property{p("flags_unshaded", true), p("flags_vertex_lighting", true)},
			[]gdvar.Property{p("shading_mode", int64(0))}},
		{"vertex lighting", "StandardMaterial3D",
			[]gdvar.Property{p("flags_vertex_lighting", true)},
			[]gdvar.Property{p("shading_mode", int64(2))}},
		{"depth pre-pass only from 3", "StandardMaterial3D",
			[]gdvar.Property{p("params_depth_draw_mode", int64(1)), p("params_cull_mode", int64(2))},
			[]gdvar.Property{p("cull_mode", int64(2))}},
		{"depth_enabled", "StandardMaterial3D",
			[]gdvar.Property{p("depth_enabled", true), p("depth_scale", 0.5)},
			[]gdvar.Property{p("heightmap_enabled", true), p("heightmap_flip_texture", true), p("heightmap_scale", 0.5)}},
		{"unknown dropped, metadata kept", "StandardMaterial3D",
			[]gdvar.Property{p("no_such_flag", true), p("metadata/x", int64(1))},
			[]gdvar.Property{p("metadata/x", int64(1))}},
		{"a scripted one as it is", "StandardMaterial3D",
			[]gdvar.Property{p("script", nil), p("emission_energy", 2.0)},
			[]gdvar.Property{p("script", nil), p("emission_energy", 2.0)}},
		{"ORMMaterial3D has no _set: all dropped", "ORMMaterial3D",
			[]gdvar.Property{p("emission_energy", 2.0), p("flags_unshaded", true), p("albedo_color", nil)},
			[]gdvar.Property{p("albedo_color", nil)}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := &Resource{Type: tt.class, Properties: tt.in}
			material3Names(vartext.Godot4, r)
			assert.Equal(t, tt.want, r.Properties)
		})
	}
}

// An older Curve's min_value and max_value go into _limits as their
// setters set them (ResourceDecayAnimation.tscn of the corpus checks
// max_value against the engine's bytes).
func TestCurveRanges(t *testing.T) {
	p := func(name string, v any) gdvar.Property { return gdvar.Property{Name: name, Value: v} }
	f32 := func(x float64) float64 { return float64(float32(x)) }
	for _, tt := range []struct {
		name     string
		in, want []gdvar.Property
	}{
		{"max_value",
			[]gdvar.Property{p("max_value", 3.0), p("point_count", int64(2))},
			[]gdvar.Property{p("_limits", []any{0.0, 3.0, 0.0, 1.0}), p("point_count", int64(2))}},
		{"a minimum kept below the maximum",
			[]gdvar.Property{p("min_value", int64(5))},
			[]gdvar.Property{p("_limits", []any{f32(0.99), 1.0, 0.0, 1.0})}},
		{"the maximum then the minimum",
			[]gdvar.Property{p("max_value", 10.0), p("min_value", -2.5), p("max_domain", 0.005)},
			[]gdvar.Property{p("_limits", []any{-2.5, 10.0, 0.0, f32(0.01)})}},
		{"onto _limits",
			[]gdvar.Property{p("_limits", []any{-1.0, 1.0, 0.0, 2.0}), p("max_value", 4.0)},
			[]gdvar.Property{p("_limits", []any{-1.0, 4.0, 0.0, 2.0})}},
		{"none",
			[]gdvar.Property{p("_limits", []any{-1.0, 1.0, 0.0, 2.0})},
			[]gdvar.Property{p("_limits", []any{-1.0, 1.0, 0.0, 2.0})}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := &Resource{Type: "Curve", Properties: tt.in}
			curveRanges(vartext.Godot4, r)
			assert.Equal(t, tt.want, r.Properties)
		})
	}
}

// An older Environment's SDFGI distances go into sdfgi_min_cell_size as
// their setters set it (TestLiveOlderEditors checks the engine's bytes).
func TestSDFGIDistances(t *testing.T) {
	p := func(name string, v any) gdvar.Property { return gdvar.Property{Name: name, Value: v} }
	for _, tt := range []struct {
		name     string
		in, want []gdvar.Property
	}{
		{"the first cascade's", []gdvar.Property{p("sdfgi_cascade0_distance", 12.8), p("fog_density", 0.5)},
			[]gdvar.Property{p("sdfgi_min_cell_size", float64(float32(0.2))), p("fog_density", 0.5)}},
		{"the largest, by the cascades before it", []gdvar.Property{p("sdfgi_cascades", int64(2)), p("sdfgi_max_distance", 256.0)},
			[]gdvar.Property{p("sdfgi_cascades", int64(2)), p("sdfgi_min_cell_size", 1.0)}},
		{"the last set wins", []gdvar.Property{p("sdfgi_min_cell_size", 0.5), p("sdfgi_max_distance", 3.0), p("sdfgi_cascade0_distance", 1.0)},
			[]gdvar.Property{p("sdfgi_min_cell_size", 0.015625)}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := &Resource{Type: "Environment", Properties: tt.in}
			sdfgiDistances(vartext.Godot4, r)
			assert.Equal(t, tt.want, r.Properties)
		})
	}
}

// An AnimationLibrary's animations come out by name, as StringNames
// (TestLiveOlderEditors checks the engine's bytes).
func TestAnimationNames(t *testing.T) {
	in := &gdvar.Dictionary{}
	for _, k := range []string{"walk", "idle_2", "RESET", "_a", "idle_10"} {
		in.Append(k, k+"!")
	}
	out, ok := animationNames(in).(*gdvar.Dictionary)
	if assert.True(t, ok) {
		assert.Equal(t, []any{gdvar.StringName("RESET"), gdvar.StringName("_a"), gdvar.StringName("idle_10"), gdvar.StringName("idle_2"), gdvar.StringName("walk")}, out.Keys())
		v, _ := out.Get(gdvar.StringName("walk"))
		assert.Equal(t, "walk!", v)
	}
	odd := &gdvar.Dictionary{}
	odd.Append(int64(1), "x")
	assert.Same(t, odd, animationNames(odd), "a key that is no name")
}
