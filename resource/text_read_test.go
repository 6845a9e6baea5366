package resource

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every attribute a tag of a text scene may have is read into its field;
// one the reader does not know is skipped.
func TestTextAttributes(t *testing.T) {
	const scene = `[gd_scene load_steps=3 format=3 uid="uid://b" script_class="Level"]

[ext_resource type="PackedScene" uid="uid://ba" path="res://part.tscn" id="1_a"]

[sub_resource type="Resource" id="Resource_x"]

[node name="Root" type="Node2D" unique_id=12 unknown="skipped"]

[node name="Part" parent="." owner="." parent_id_path=PackedInt32Array(12) owner_uid_path=PackedInt32Array(12, 3) index="2" node_paths=PackedStringArray("target") groups=["a", "b"] instance_placeholder="res://later.tscn" instance=ExtResource("1_a")]

[connection signal="hit" from="Part" to="." method="on_hit" flags=3 from_uid_path=PackedInt32Array(7) to_uid_path=PackedInt32Array(8) unbinds=1 binds=[5, "x"]]

[editable path="Part"]
`
	f, err := Read(strings.NewReader(scene))
	require.NoError(t, err)
	assert.Equal(t, "Level", f.ScriptClass)
	assert.Equal(t, UID(1), f.UID)
	assert.Equal(t, []*External{{Type: "PackedScene", Path: "res://part.tscn", UID: 34, ID: "1_a"}}, f.External)
	require.Len(t, f.Resources, 1)
	assert.Equal(t, &Resource{Type: "Resource", ID: "Resource_x"}, f.Resources[0])
	assert.Equal(t, []*Node{
		{Name: "Root", Type: "Node2D", Index: -1, UniqueID: 12},
		{Name: "Part", Parent: ".", Owner: ".", ParentIDPath: []int32{12}, OwnerUIDPath: []int32{12, 3}, Index: 2,
			NodePaths: []string{"target"}, Groups: []string{"a", "b"}, InstancePlaceholder: "res://later.tscn", Instance: "1_a"},
	}, f.Nodes)
	assert.Equal(t, []*Connection{{Signal: "hit", From: "Part", To: ".", Method: "on_hit", Flags: 3,
		FromUIDPath: []int32{7}, ToUIDPath: []int32{8}, Unbinds: 1, Binds: []any{int64(5), "x"}}}, f.Connections)
	assert.Equal(t, []string{"Part"}, f.Editable)
}

// An attribute of the wrong type fails the file, naming the tag, the
// attribute and what it should be.
func TestTextAttributeErrors(t *testing.T) {
	const header = "[gd_scene format=3]\n"
	for _, c := range []struct{ name, file, want string }{
		{"format", `[gd_scene format="3"]`, `[gd_scene] format= is not an int`},
		{"type", `[gd_resource type=1 format=3]`, `[gd_resource] type= is not a String`},
		{"ext id", header + `[ext_resource type="Script" path="res://a.gd" id=1.5]`, `[ext_resource] id= is not a String or an int`},
		{"sub type", header + `[sub_resource type=[] id="a"]`, `[sub_resource] type= is not a String`},
		{"node index", header + `[node name="A" index="two"]`, `invalid syntax`},
		{"node unique_id", header + `[node name="A" unique_id="1"]`, `[node] unique_id= is not an int`},
		{"node parent_id_path", header + `[node name="A" parent_id_path=[1]]`, `[node] parent_id_path= is not a PackedInt32Array`},
		{"node groups", header + `[node name="A" groups=[1]]`, `[node] groups= is not an Array of Strings`},
		{"node instance", header + `[node name="A" instance=ExtResource("9")]`, `[node] instance= is not an ExtResource read before`},
		{"connection binds", header + `[connection signal="s" from="." to="." method="m" binds=1]`, `[connection] binds= is not an Array`},
		{"connection flags", header + `[connection signal="s" from="." to="." method="m" flags="2"]`, `[connection] flags= is not an int`},
		{"editable path", header + `[editable path=1]`, `[editable] path= is not a String`},
	} {
		_, err := Read(strings.NewReader(c.file))
		require.Error(t, err, c.name)
		assert.Contains(t, err.Error(), c.want, c.name)
	}
}
