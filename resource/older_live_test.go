package resource

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// olderEditorFiles are resources as older editors wrote them, which a
// save through Godot 4.6 writes otherwise: 3.x material names, a Curve's
// bounds (before _limits), class defaults and properties no longer stored
// (an Environment's SDFGI distances), properties out of their class's
// order, an AnimationLibrary's String names out of order, a
// ShaderMaterial's parameters out of its shader's order, states out of
// order, a bus's volume, values that show properties their class hides
// at its defaults (a ParticleProcessMaterial's emission shape, a
// material's transparency), SpriteFrames's "loop": 1 and animations out
// of order, an ArrayMesh's surface with a LOD edge length in 64 bits,
// radii in 64 bits and in a float32's digits, a property the class's
// values hide, metadata set to null, and the load_steps= of the editors
// before 4.6. Each comes back as it is through the plain paths
// (TestOlderFormsKept).
var olderEditorFiles = map[string]string{
	"material3": `[gd_resource type="StandardMaterial3D" format=3]

[resource]
resource_name = "m"
params_depth_draw_mode = 3
flags_transparent = true
flags_vertex_lighting = true
params_cull_mode = 2
depth_enabled = true
depth_scale = 0.25
emission_energy = 2.3
params_grow_amount = 0.1
flags_no_depth_test = true
no_such_flag = true
`,
	"unshaded3": `[gd_resource type="StandardMaterial3D" format=3]

[resource]
flags_unshaded = true
flags_vertex_lighting = true
albedo_color = Color(0.1, 0.2, 0.3, 1)
`,
	"curve_min": `[gd_resource type="Curve" format=3]

[resource]
max_value = 3.0
min_value = 5
`,
	"curve_bounds": `[gd_resource type="Curve" format=3]

[resource]
max_value = 10.0
min_value = -2.5
max_domain = 0.005
_data = [Vector2(0, 0.5), 0.0, 0.0, 0, 0]
point_count = 1
`,
	"environment": `[gd_resource type="Environment" format=3]

[resource]
background_mode = 2
glow_levels/5 = 0.0
glow_levels/2 = 0.8
glow_blend_mode = 1
sdfgi_max_distance = 3.0
sdfgi_cascade0_distance = 1.0
fog_density = 0.3
`,
	"noise": `[gd_resource type="NoiseTexture2D" format=3]

[sub_resource type="FastNoiseLite" id="1"]

[resource]
width = 64
seamless = true
in_3d_space = true
noise = SubResource("1")
`,
	"library": `[gd_resource type="AnimationLibrary" format=3]

[sub_resource type="Animation" id="1"]
length = 0.5

[sub_resource type="Animation" id="2"]
length = 2.0

[resource]
_data = {
"walk": SubResource("2"),
"RESET": SubResource("1")
}
`,
	"shader": `[gd_resource type="ShaderMaterial" format=3]

[sub_resource type="Shader" id="1"]
code = "shader_type spatial;
uniform float a = 0.5;
group_uniforms Look.sub;
uniform sampler2D tex : source_color;
uniform vec4 tint : source_color = vec4(1.0);
group_uniforms;
global uniform vec4 g;
instance uniform float i;
uniform sampler2D screen : hint_screen_texture;
uniform vec3 b = vec3(1.0, 2.0, 3.0);
// uniform float commented;
void fragment() { ALBEDO = vec3(a); }
"

[resource]
render_priority = 0
shader = SubResource("1")
shader_parameter/tint = Color(1, 0, 0, 1)
shader_parameter/b = Vector3(0, 1, 0)
shader_parameter/a = 0.25
`,
	"states": `[gd_resource type="AnimationNodeStateMachine" format=3]

[sub_resource type="AnimationNodeAnimation" id="1"]

[sub_resource type="AnimationNodeAnimation" id="2"]

[sub_resource type="AnimationNodeAnimation" id="3"]

[resource]
states/walk/node = SubResource("1")
states/walk/position = Vector2(100, 0)
states/Jump/node = SubResource("2")
states/Jump/position = Vector2(200, 0)
states/idle/node = SubResource("3")
states/idle/position = Vector2(300, 0)
`,
	"orm3": `[gd_resource type="ORMMaterial3D" format=3]

[resource]
emission_energy = 2.0
flags_unshaded = true
roughness = 0.5
`,
	"canvas_shader": `[gd_resource type="ShaderMaterial" format=3]

[sub_resource type="Shader" id="1"]
code = "shader_type canvas_item;
uniform float b = 1.0;
uniform sampler2D mask;
uniform float a;
"

[resource]
shader = SubResource("1")
shader_parameter/a = 2.0
shader_parameter/b = 3.0
`,
	"curve_points_first": `[gd_resource type="Curve" format=3]

[resource]
_data = [Vector2(0, 4), 0.0, 0.0, 0, 0]
point_count = 1
max_value = 3.0
`,
	"particles": `[gd_resource type="ParticleProcessMaterial" format=3]

[resource]
emission_shape = 1
sub_emitter_mode = 1
collision_mode = 1
`,
	"particles_ring": `[gd_resource type="ParticleProcessMaterial" format=3]

[resource]
emission_shape = 6
emission_ring_radius = 2.0
sub_emitter_mode = 3
`,
	"alpha_scissor": `[gd_resource type="StandardMaterial3D" format=3]

[resource]
transparency = 2
heightmap_deep_parallax = true
billboard_mode = 3
`,
	"alpha_hash_aa": `[gd_resource type="StandardMaterial3D" format=3]

[resource]
transparency = 3
alpha_antialiasing_mode = 1
blend_mode = 1
`,
	"canvas_particles": `[gd_resource type="CanvasItemMaterial" format=3]

[resource]
particles_animation = true
`,
	"navigation_group": `[gd_resource type="NavigationMesh" format=3]

[resource]
geometry_source_geometry_mode = 1
`,
	"library_strings": `[gd_resource type="AnimationLibrary" load_steps=3 format=3]

[sub_resource type="Animation" id="Animation_a"]
length = 2.0

[sub_resource type="Animation" id="Animation_b"]
length = 0.5

[resource]
_data = {
"RESET": SubResource("Animation_b"),
"walk": SubResource("Animation_a")
}
`,
	"sprite_frames": `[gd_resource type="SpriteFrames" load_steps=2 format=3]

[sub_resource type="PlaceholderTexture2D" id="1"]
size = Vector2(16, 16)

[resource]
animations = [{
"frames": [{
"duration": 1.0,
"texture": SubResource("1")
}],
"loop": 1,
"name": &"walk",
"speed": 5.0
}, {
"frames": [],
"loop": 0,
"name": &"attack",
"speed": 10.0
}]
`,
	"mesh_surfaces": `[gd_resource type="ArrayMesh" format=3]

[resource]
_surfaces = [{
"aabb": AABB(0, 0, 0, 1, 1, 0),
"format": 34359742465,
"index_count": 3,
"index_data": PackedByteArray(0, 0, 1, 0, 2, 0),
"lods": [0.12345678901234, PackedByteArray(0, 0, 1, 0, 2, 0)],
"primitive": 3,
"uv_scale": Vector4(0, 0, 0, 0),
"vertex_count": 3,
"vertex_data": PackedByteArray(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 128, 63, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 128, 63, 0, 0, 0, 0)
}]
`,
	"radii": `[gd_resource type="CapsuleShape3D" format=3]

[resource]
radius = 0.123456789012
height = 2.1234567890123
metadata/gone = null
`,
	"radius_digits": `[gd_resource type="CylinderShape3D" format=3]

[resource]
radius = 0.671209
height = 1.5
`,
	// Floats of 64-bit properties written with a 32-bit float's digits,
	// as an older editor wrote a node's: the engine reads the nearest
	// 64-bit float, which prints otherwise.
	"float_digits": `[gd_resource type="Resource" format=3]

[resource]
metadata/offset = -26.359985
metadata/radius = 0.671209
metadata/long = 0.12345678901234
`,
	"hidden": `[gd_resource type="StandardMaterial3D" format=3]

[resource]
shading_mode = 0
albedo_color = Color(1, 0, 0, 1)
metallic = 0.5
roughness = 0.25
`,
	"buses": `[gd_resource type="AudioBusLayout" format=3]

[resource]
bus/1/name = &"Music"
bus/1/solo = false
bus/1/mute = false
bus/1/bypass_fx = false
bus/1/volume_db = -10.214146
bus/1/send = &"Master"
`,
}

// Godot 4.6 saves the files older editors wrote, as binary and that back
// as text, as SavedAs does: each rule of a save through the engine, on
// files of its own, byte for byte.
func TestLiveOlderEditors(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	dir := t.TempDir()
	var paths []string
	for name, text := range olderEditorFiles {
		path := filepath.Join(dir, name+".tres")
		require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
		paths = append(paths, path)
	}
	out := godot.RunScript(t, engine, "scripts/resource/convert4.gd", paths...)
	for name, text := range olderEditorFiles {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(dir, name)
			require.Contains(t, out, "converted "+path+".tres\n", "the engine did not convert it")
			f, err := Read(strings.NewReader(text))
			require.NoError(t, err)
			f.Path = path + ".tres"
			assert.Equal(t, engineFile(t, path+".res"), savedBytes(t, f, path+".res", Binary), "text to binary")

			bin, err := os.ReadFile(path + ".res")
			require.NoError(t, err)
			g, err := Read(bytes.NewReader(bin))
			require.NoError(t, err)
			g.Path = path + ".res"
			assert.Equal(t, engineFile(t, path+".conv.tres"), savedBytes(t, g, path+".conv.tres", Text), "binary to text")
		})
	}
}

// engineFile returns what the engine wrote at path, as text for a
// readable failure.
func engineFile(t *testing.T, path string) string {
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(b)
}

// savedBytes returns f saved as the engine saves it to path.
func savedBytes(t *testing.T, f *File, path string, form Form) string {
	g, err := f.SavedAs(path, form)
	require.NoError(t, err)
	var b []byte
	if form == Text {
		b, err = g.AppendText(nil)
	} else {
		b, err = g.AppendBinary(nil)
	}
	require.NoError(t, err)
	return string(b)
}
