package resource_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/resource"
)

// knight42 is an excerpt of bengsiswantoh/godot-3d-platformer's
// scenes/inherited/knight.tscn at 166e7f8c (config/features 4.2): its
// header, its ext_resource, its root and its last two nodes, whose
// transforms hold 32-bit subnormals that Godot 4.2 printed in six
// digits, as it printed every float (C's %g).
const knight42 = `[gd_scene load_steps=2 format=3 uid="uid://bi1uc7w3w0t4d"]

[ext_resource type="PackedScene" uid="uid://fkbwi8m8k7dw" path="res://assets/KayKit_Adventurers_1.0/characters/Knight.glb" id="1_0g2ry"]

[node name="Knight" instance=ExtResource("1_0g2ry")]

[node name="Knight_Helmet" parent="Rig/Skeleton3D" index="7"]
transform = Transform3D(1, -2.20965e-22, 1.69407e-21, 2.20965e-22, 1, 0, -1.69407e-21, 3.58732e-43, 1, 4.76837e-07, 1.21589, -1.08542e-07)

[node name="Knight_Cape" parent="Rig/Skeleton3D" index="8"]
transform = Transform3D(1, 1.25214e-21, -5.0822e-21, -1.25214e-21, 1, 4.30479e-42, 5.0822e-21, 1.43493e-42, 1, 0, 1.21589, -1.4066e-07)
`

// A Godot 4 text file holding floats in digits only Godot 4.0 to 4.2
// print (a subnormal's six digits, where 4.3 and later print the
// shortest: 3.59e-43) comes back as it is, as text and through JSON
// ("float_digits": 6); the same file in the later digits comes back in
// those, and a save (AsSaved, SavedAs) writes the later ones, as Godot
// 4.6 does. format=3 alone does not tell them apart.
func TestGodot42FloatDigitsKept(t *testing.T) {
	later := strings.NewReplacer("3.58732e-43", "3.59e-43", "4.30479e-42", "4.305e-42", "1.43493e-42", "1.435e-42").Replace(knight42)
	require.NotEqual(t, knight42, later)
	for _, c := range []struct {
		name, text string
		older      bool
	}{
		{"Godot 4.2's digits", knight42, true},
		{"Godot 4.3's and later", later, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			f, j := comesBack(t, c.text)
			assert.Equal(t, c.older, strings.Contains(string(j), `"float_digits":6,`), "JSON")

			saved, err := f.AsSaved().AppendText(nil)
			require.NoError(t, err)
			assert.Contains(t, string(saved), "3.59e-43", "AsSaved")
			j, err = json.Marshal(f.AsSaved())
			require.NoError(t, err)
			assert.NotContains(t, string(j), `"float_digits"`, "AsSaved's JSON")
			saved = savedAs(t, f, "res://knight.tscn", resource.Text)
			assert.Contains(t, string(saved), "3.59e-43", "SavedAs")
		})
	}
}
