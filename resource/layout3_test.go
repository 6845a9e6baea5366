package resource

import (
	"strings"
	"testing"

	"github.com/gdvar/gdvar/vartext"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Files of older Godot 3 editors, excerpts of real ones (their projects'
// licences are unknown: a few sections of each, as the editor wrote
// them), each with the text a save through Godot 3.6 lays them out in.
var olderLayouts = []struct {
	name   string
	layout textLayout
	text   string
	saved  string // AsSaved's text: Godot 3.3 to 3.6's layout
}{
	{
		// enumox/godot-multiplayer-course,
		// 2018-11-13-card-game/end/default_env.tres (Godot 3.0).
		name: "3.0 resource", layout: layout30,
		text: `[gd_resource type="Environment" load_steps=2 format=2]

[sub_resource type="ProceduralSky" id=1]

radiance_size = 4
sky_top_color = Color( 0.0470588, 0.454902, 0.976471, 1 )

[resource]

background_mode = 2
background_sky = SubResource( 1 )

`,
		saved: `[gd_resource type="Environment" load_steps=2 format=2]

[sub_resource type="ProceduralSky" id=1]
radiance_size = 4
sky_top_color = Color( 0.0470588, 0.454902, 0.976471, 1 )

[resource]
background_mode = 2
background_sky = SubResource( 1 )
`,
	},
	{
		// CrumblyBread/CrumblyFishing, crumblyfishing/addons/
		// zylann.hterrain/tools/texture_editor/display_alpha_material.tres.
		name: "3.0 resource, external", layout: layout30,
		text: `[gd_resource type="ShaderMaterial" load_steps=2 format=2]

[ext_resource path="res://addons/zylann.hterrain/tools/texture_editor/display_alpha.gdshader" type="Shader" id=1]

[resource]

render_priority = 0
shader = ExtResource( 1 )

`,
		saved: `[gd_resource type="ShaderMaterial" load_steps=2 format=2]

[ext_resource path="res://addons/zylann.hterrain/tools/texture_editor/display_alpha.gdshader" type="Shader" id=1]

[resource]
render_priority = 0
shader = ExtResource( 1 )
`,
	},
	{
		// enumox/godot-multiplayer-course,
		// 2018-11-13-card-game/end/cards/Card.tscn: nodes with index=,
		// a blank line after each connection and one more.
		name: "3.0 scene", layout: layout30,
		text: `[gd_scene load_steps=4 format=2]

[ext_resource path="res://cards/Card.gd" type="Script" id=1]
[ext_resource path="res://cards/cardClubs2.png" type="Texture" id=2]

[sub_resource type="RectangleShape2D" id=1]

custom_solver_bias = 0.0
extents = Vector2( 65.3282, 91.4893 )

[node name="Card" type="Position2D"]

script = ExtResource( 1 )

[node name="Area2D" type="Area2D" parent="." index="0"]

input_pickable = true

[node name="Sprite" type="Sprite" parent="Area2D" index="0"]

position = Vector2( 0, -95.5674 )
texture = ExtResource( 2 )

[node name="CollisionShape2D" type="CollisionShape2D" parent="Area2D" index="1"]

position = Vector2( 0, -97.7081 )
shape = SubResource( 1 )

[connection signal="mouse_entered" from="Area2D" to="." method="_on_Area2D_mouse_entered"]

[connection signal="mouse_exited" from="Area2D" to="." method="_on_Area2D_mouse_exited"]


`,
		saved: `[gd_scene load_steps=4 format=2]

[ext_resource path="res://cards/Card.gd" type="Script" id=1]
[ext_resource path="res://cards/cardClubs2.png" type="Texture" id=2]

[sub_resource type="RectangleShape2D" id=1]
custom_solver_bias = 0.0
extents = Vector2( 65.3282, 91.4893 )

[node name="Card" type="Position2D"]
script = ExtResource( 1 )

[node name="Area2D" type="Area2D" parent="." index="0"]
input_pickable = true

[node name="Sprite" type="Sprite" parent="Area2D" index="0"]
position = Vector2( 0, -95.5674 )
texture = ExtResource( 2 )

[node name="CollisionShape2D" type="CollisionShape2D" parent="Area2D" index="1"]
position = Vector2( 0, -97.7081 )
shape = SubResource( 1 )

[connection signal="mouse_entered" from="Area2D" to="." method="_on_Area2D_mouse_entered"]
[connection signal="mouse_exited" from="Area2D" to="." method="_on_Area2D_mouse_exited"]
`,
	},
	{
		// enumox/godot-multiplayer-course,
		// 2018-11-13-card-game/start/Game.tscn (all of it): no
		// properties, but 3.0's blank lines at the end.
		name: "3.0 scene, no properties", layout: layout30,
		text: `[gd_scene format=2]

[node name="Game" type="Node" index="0"]


`,
		saved: `[gd_scene format=2]

[node name="Game" type="Node" index="0"]
`,
	},
	{
		// PhilRfr/Godot-Multiplayer-Mario-Clone,
		// Godot/elements/Player.tscn (Godot 3.1 or 3.2): groups one a
		// line, no blank line before the connections.
		name: "3.2 scene, groups", layout: layout32,
		text: `[gd_scene load_steps=2 format=2]

[ext_resource path="res://elements/Player.gd" type="Script" id=2]

[node name="Player" type="KinematicBody2D" groups=[
"player",
]]
collision_mask = 2147483649
script = ExtResource( 2 )

[node name="Hurt animation" type="AnimationPlayer" parent="."]
[connection signal="animation_finished" from="Hurt animation" to="." method="_on_Hurt_animation_animation_finished"]
[connection signal="animation_finished" from="Charged animation" to="." method="_on_Charged_animation_animation_finished"]
`,
		saved: `[gd_scene load_steps=2 format=2]

[ext_resource path="res://elements/Player.gd" type="Script" id=2]

[node name="Player" type="KinematicBody2D" groups=["player"]]
collision_mask = 2147483649
script = ExtResource( 2 )

[node name="Hurt animation" type="AnimationPlayer" parent="."]

[connection signal="animation_finished" from="Hurt animation" to="." method="_on_Hurt_animation_animation_finished"]
[connection signal="animation_finished" from="Charged animation" to="." method="_on_Charged_animation_animation_finished"]
`,
	},
	{
		// Boyquotes/godot-multiplayer-starter-project,
		// src/Ui/MainMenu.tscn: no blank line before the connections.
		name: "3.2 scene", layout: layout32,
		text: `[gd_scene load_steps=2 format=2]

[ext_resource path="res://src/Ui/MainMenu.gd" type="Script" id=3]

[node name="MainMenu" type="Control"]
anchor_right = 1.0
anchor_bottom = 1.0
script = ExtResource( 3 )

[node name="ColorPickerButton" type="ColorPickerButton" parent="Panel"]
margin_left = 31.5
color = Color( 1, 1, 1, 1 )
[connection signal="pressed" from="Panel/JoinBtn" to="." method="_on_JoinBtn_pressed"]
[connection signal="color_changed" from="Panel/ColorPickerButton" to="." method="_on_color_changed"]
`,
		saved: `[gd_scene load_steps=2 format=2]

[ext_resource path="res://src/Ui/MainMenu.gd" type="Script" id=3]

[node name="MainMenu" type="Control"]
anchor_right = 1.0
anchor_bottom = 1.0
script = ExtResource( 3 )

[node name="ColorPickerButton" type="ColorPickerButton" parent="Panel"]
margin_left = 31.5
color = Color( 1, 1, 1, 1 )

[connection signal="pressed" from="Panel/JoinBtn" to="." method="_on_JoinBtn_pressed"]
[connection signal="color_changed" from="Panel/ColorPickerButton" to="." method="_on_color_changed"]
`,
	},
}

// A file an older Godot 3 editor laid out comes back as it is, as text
// and through JSON; a save through the engine lays it out as Godot 3.6
// does.
func TestOlderLayoutsKept(t *testing.T) {
	for _, tc := range olderLayouts {
		t.Run(tc.name, func(t *testing.T) {
			f, err := Read(strings.NewReader(tc.text))
			require.NoError(t, err)
			assert.Equal(t, tc.layout, f.layout3)
			got, err := f.AppendText(nil)
			require.NoError(t, err)
			assert.Equal(t, tc.text, string(got), "as text")

			js, err := f.MarshalJSON()
			require.NoError(t, err)
			assert.Contains(t, string(js), `"text_layout":"`+textLayoutNames[tc.layout]+`"`)
			g, err := NewFile("")
			require.NoError(t, err)
			require.NoError(t, g.UnmarshalJSON(js))
			got, err = g.AppendText(nil)
			require.NoError(t, err)
			assert.Equal(t, tc.text, string(got), "through JSON")

			saved := f.AsSaved()
			got, err = saved.AppendText(nil)
			require.NoError(t, err)
			assert.Equal(t, tc.saved, string(got), "AsSaved")
			js, err = saved.MarshalJSON()
			require.NoError(t, err)
			assert.NotContains(t, string(js), "text_layout")
			again, err := f.AppendText(nil)
			require.NoError(t, err)
			assert.Equal(t, tc.text, string(again), "AsSaved changed f")

			// The engine's re-save is laid out as the engine does, a
			// save to a path too.
			read, err := Read(strings.NewReader(tc.saved))
			require.NoError(t, err)
			assert.Equal(t, layoutOwn, read.layout3)
			to, err := f.SavedAs("res://saved.tscn", Text)
			require.NoError(t, err)
			got, err = to.AppendText(nil)
			require.NoError(t, err)
			read, err = Read(strings.NewReader(string(got)))
			require.NoError(t, err)
			assert.Equal(t, layoutOwn, read.layout3, "SavedAs")
			assert.NotContains(t, string(got), "]\n\n\n", "SavedAs")
		})
	}
}

// A read takes a layout other than the dialect's only where the file
// shows it and nothing in it says otherwise.
func TestOlderLayoutSeen(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		dialect    vartext.Dialect
		want       textLayout
	}{
		{"3.6", "[gd_resource type=\"Gradient\" format=2]\n\n[resource]\noffsets = PoolRealArray( 0, 1 )\n", vartext.Godot3, layoutOwn},
		{"3.6 scene", "[gd_scene format=2]\n\n[node name=\"A\" type=\"Node\" groups=[\"g\"]]\n\n[connection signal=\"s\" from=\".\" to=\".\" method=\"m\"]\n", vartext.Godot3, layoutOwn},
		{"3.6, no properties", "[gd_scene format=2]\n\n[node name=\"A\" type=\"Node\"]\n", vartext.Godot3, layoutOwn},
		{"a blank line in one section of two", "[gd_resource type=\"Gradient\" load_steps=2 format=2]\n\n[sub_resource type=\"Curve\" id=1]\n\nmin_value = -1.0\n\n[resource]\noffsets = PoolRealArray( 0, 1 )\n", vartext.Godot3, layoutOwn},
		{"3.0's blank lines, 3.6's groups", "[gd_scene format=2]\n\n[node name=\"A\" type=\"Node\" groups=[\"g\"]]\n\nx = 1\n\n", vartext.Godot3, layoutOwn},
		{"3.0's blank lines, a connection right after a property", "[gd_scene format=2]\n\n[node name=\"A\" type=\"Node\"]\n\nx = 1\n[connection signal=\"s\" from=\".\" to=\".\" method=\"m\"]\n", vartext.Godot3, layoutOwn},
		{"3.2's groups, a blank line before the connections", "[gd_scene format=2]\n\n[node name=\"A\" type=\"Node\" groups=[\n\"g\",\n]]\n\n[connection signal=\"s\" from=\".\" to=\".\" method=\"m\"]\n", vartext.Godot3, layoutOwn},
		{"a comment before the connections", "[gd_scene format=2]\n\n[node name=\"A\" type=\"Node\"]\nx = 1\n; a hand's\n[connection signal=\"s\" from=\".\" to=\".\" method=\"m\"]\n", vartext.Godot3, layoutOwn},
		{"3.0", "[gd_scene format=2]\n\n[node name=\"A\" type=\"Node\"]\n\nx = 1\n\n\n", vartext.Godot3, layout30},
		{"3.0 read as 3.2", "[gd_scene format=2]\n\n[node name=\"A\" type=\"Node\"]\n\nx = 1\n\n\n", vartext.Godot32, layout30},
		{"3.2", "[gd_scene format=2]\n\n[node name=\"A\" type=\"Node\"]\nx = 1\n[connection signal=\"s\" from=\".\" to=\".\" method=\"m\"]\n", vartext.Godot3, layout32},
		{"3.2 read as 3.2: the dialect's own", "[gd_scene format=2]\n\n[node name=\"A\" type=\"Node\"]\nx = 1\n[connection signal=\"s\" from=\".\" to=\".\" method=\"m\"]\n", vartext.Godot32, layoutOwn},
		{"Godot 4", "[gd_scene format=3]\n\n[node name=\"A\" type=\"Node\"]\nx = 1\n[connection signal=\"s\" from=\".\" to=\".\" method=\"m\"]\n", vartext.Godot4, layoutOwn},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := Read(strings.NewReader(tc.text), WithText(vartext.WithDialect(tc.dialect)))
			require.NoError(t, err)
			assert.Equal(t, tc.want, f.layout3)
			if tc.want != layoutOwn {
				got, err := f.AppendText(nil)
				require.NoError(t, err)
				assert.Equal(t, tc.text, string(got))
			}
		})
	}
}

// JSON's "text_layout" is an older Godot 3 text layout, of text only.
func TestJSONTextLayout(t *testing.T) {
	const scene = `"scene":true,"nodes":[{"name":"A","type":"Node","properties":{"x":1}}]`
	checkJSONMember(t, []jsonMemberCase{
		{"3.0", `{"engine":"3","text_layout":"3.0",` + scene + `}`, "",
			"[gd_scene format=2]\n\n[node name=\"A\" type=\"Node\"]\n\nx = 1\n\n\n"},
		{"3.2", `{"engine":"3","text_layout":"3.2",` + scene + `}`, "",
			"[gd_scene format=2]\n\n[node name=\"A\" type=\"Node\"]\nx = 1\n"},
		{"none", `{"engine":"3",` + scene + `}`, "",
			"[gd_scene format=2]\n\n[node name=\"A\" type=\"Node\"]\nx = 1\n"},
		{"unknown", `{"engine":"3","text_layout":"3.1",` + scene + `}`, `"text_layout": "3.1", not "3.0" or "3.2"`, ""},
		{"Godot 4", `{"text_layout":"3.0",` + scene + `}`, `"text_layout": "3.0" is Godot 3 text's, not Godot 4's`, ""},
		{"binary", `{"binary":true,"engine":"3","text_layout":"3.0",` + scene + `}`, "not a binary file's", ""},
	})
}
