package project

import (
	"io/fs"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// modelImport is a model's .import file as the editor writes it, with
// these [params], for a project that was never imported.
func modelImport(model, params string) string {
	return "[remap]\n\nimporter=\"scene\"\nimporter_version=1\ntype=\"PackedScene\"\nuid=\"uid://b0model\"\npath=\"res://.godot/imported/" + model + "-0123.scn\"\n\n[deps]\n\nsource_file=\"res://" + model + "\"\n\n[params]\n\n" + params
}

// instancingModel is a scene instancing model.glb as Model, setting
// children's scripts through editable children when given.
func instancingModel(nodes string) string {
	return "[gd_scene format=3]\n[ext_resource type=\"PackedScene\" path=\"res://model.glb\" id=\"1\"]\n[ext_resource type=\"Script\" path=\"res://static.gd\" id=\"2\"]\n" +
		"[node name=\"Main\" type=\"Node3D\"]\n[node name=\"Model\" parent=\".\" instance=ExtResource(\"1\")]\n" + nodes
}

// A model that was never imported reads as the root its .import file
// makes, as ResourceImporterScene::import makes it (TestLiveRunningTree
// checks each rule against the engine), marked Partial; its binary is
// not read.
func TestImportedRoot(t *testing.T) {
	tests := []struct {
		name, params      string
		class, node, path string // the root's class, name and script
	}{
		{"engine defaults", "", "Node3D", "model", ""},
		{"Scene Root is no name", "nodes/root_type=\"Node3D\"\nnodes/root_name=\"Scene Root\"\nnodes/root_script=null\n", "Node3D", "model", ""},
		{"type and name", "nodes/root_type=\"Area3D\"\nnodes/root_name=\"Coin\"\n", "Area3D", "Coin", ""},
		{"a script not of the type", "nodes/root_type=\"CharacterBody3D\"\nnodes/root_script=Resource(\"res://static.gd\")\n", "StaticBody3D", "model", "res://static.gd"},
		{"a script of a base of the type", "nodes/root_type=\"AnimatableBody3D\"\nnodes/root_script=Resource(\"res://static.gd\")\n", "AnimatableBody3D", "model", "res://static.gd"},
		{"a script and no type", "nodes/root_script=Resource(\"res://static.gd\")\n", "StaticBody3D", "model", "res://static.gd"},
		{"a global class", "nodes/root_type=\"MyBody\"\n", "StaticBody3D", "model", "res://body.gd"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Open(writeProject(t, map[string]string{
				"model.glb":        "glTF\x02\x00\x00\x00binary",
				"model.glb.import": modelImport("model.glb", tt.params),
				"static.gd":        "extends StaticBody3D\n",
				"body.gd":          "class_name MyBody\nextends StaticBody3D\n",
				"main.tscn":        instancingModel(""),
			}))
			require.NoError(t, err)
			sc, err := p.Scene("res://model.glb")
			require.NoError(t, err)
			require.Len(t, sc.Nodes, 1)
			root := sc.Nodes[0]
			assert.Equal(t, tt.class, root.Type)
			assert.Equal(t, tt.node, root.Node.Name)
			assert.Equal(t, tt.path, root.Script)
			assert.Contains(t, root.Partial, "res://.godot/imported/model.glb-0123.scn the project lacks")

			nodes, err := p.Tree("res://main.tscn")
			require.NoError(t, err)
			require.Len(t, nodes, 2)
			assert.Equal(t, "Model", nodes[1].Path)
			assert.Equal(t, tt.class, nodes[1].Type)
			assert.Equal(t, "res://model.glb", nodes[1].Instance)
			assert.NotEmpty(t, nodes[1].Partial)
		})
	}
}

// Nodes that a scene overrides under a model not imported are read, of
// no class known, marked Partial, their scripts not checked; those it
// adds are its own.
func TestImportedEditableChildren(t *testing.T) {
	p, err := Open(writeProject(t, map[string]string{
		"model.glb":        "glTF binary",
		"model.glb.import": modelImport("model.glb", ""),
		"static.gd":        "extends StaticBody3D\n",
		"main.tscn": instancingModel("[node name=\"Mesh\" parent=\"Model\"]\nscript = ExtResource(\"2\")\n" +
			"[node name=\"Deeper\" parent=\"Model/Mesh\"]\n[node name=\"Mine\" type=\"Node3D\" parent=\"Model/Mesh\"]\n[editable path=\"Model\"]\n"),
	}))
	require.NoError(t, err)
	nodes, err := p.Tree("res://main.tscn")
	require.NoError(t, err)
	type row struct {
		path, class, script string
		partial             bool
	}
	var got []row
	for _, n := range nodes {
		got = append(got, row{n.Path, n.Type, n.Script, n.Partial != ""})
	}
	assert.Equal(t, []row{
		{".", "Node3D", "", false},
		{"Model", "Node3D", "", true},
		{"Model/Mesh", "", "res://static.gd", true},
		{"Model/Mesh/Deeper", "", "", true},
		{"Model/Mesh/Mine", "Node3D", "", false},
	}, got)
}

// A model imported as something else, one whose import failed, one
// without a .import file, and an import file that is binary or names no
// class are errors that name the file and the node, on one line, with
// none of the model's bytes.
func TestImportedErrors(t *testing.T) {
	glb := "glTF\x02\x00\x00\x00" + strings.Repeat("\x00\xff{\"asset\":1}\n", 5000)
	tests := []struct {
		name  string
		files map[string]string
		want  string
		is    error
	}{
		{"imported as a mesh", map[string]string{"model.glb.import": "[remap]\nimporter=\"wavefront_obj\"\ntype=\"Mesh\"\npath=\"res://.godot/imported/m.mesh\"\n"},
			`res://model.glb.import imports it as a Mesh (importer "wavefront_obj"), not a scene`, nil},
		{"an import that failed", map[string]string{"model.glb.import": "[remap]\nimporter=\"scene\"\ntype=\"PackedScene\"\nvalid=false\n"},
			"res://model.glb.import says its import failed (valid=false)", nil},
		{"no import file", map[string]string{"model.glb.import": ""},
			"node Model: res://model.glb: a binary glTF model, not a scene, and no res://model.glb.import says how the engine imports it", nil},
		{"no import file, no magic", map[string]string{"model.glb.import": "", "model.glb": strings.Repeat("a\x00", 1000)},
			"res://model.glb: binary data, not a scene", nil},
		{"a binary import file", map[string]string{"model.glb.import": "[remap]\x00\xff" + glb},
			"res://model.glb.import: binary data, not an import file", nil},
		{"an unknown root type", map[string]string{"model.glb.import": modelImport("model.glb", "nodes/root_type=\"AreaLight9D\"\n")},
			"res://model.glb.import: nodes/root_type: project: unknown class: AreaLight9D is not a class of Godot 4.6", ErrUnknownClass},
		{"a text model", map[string]string{"model.glb.import": "", "model.glb": "{\"asset\": {\"version\": \"2.0\"}}\n" + strings.Repeat("x", 5000)},
			`res://model.glb: text that starts {"asset": {"version": "2.0"}}, not a scene, and no res://model.glb.import says how`, nil},
		{"a long line of text", map[string]string{"model.glb.import": "", "model.glb": "{\"asset\": " + strings.Repeat("x", 5000)},
			`res://model.glb: text that starts {"asset": xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx, not a scene`, nil},
		{"a model and no import, missing", map[string]string{"model.glb.import": "", "model.glb": ""},
			"res://model.glb: the project has no such scene", fs.ErrNotExist},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := changed(map[string]string{"model.glb": glb, "static.gd": "extends StaticBody3D\n", "main.tscn": instancingModel("")}, tt.files)
			p, err := Open(writeProject(t, files))
			require.NoError(t, err)
			_, err = p.Tree("res://main.tscn")
			require.Error(t, err)
			var se *SceneError
			require.ErrorAs(t, err, &se)
			msg := err.Error()
			assert.Contains(t, msg, tt.want)
			assert.True(t, strings.HasPrefix(msg, "res://main.tscn: node Model: res://model.glb: "), msg)
			assert.NotContains(t, msg, "\n")
			assert.True(t, utf8.ValidString(msg) && !strings.ContainsRune(msg, 0), msg)
			assert.Less(t, len(msg), 1024)
			if tt.is != nil {
				assert.ErrorIs(t, err, tt.is)
			}
		})
	}
}

// A binary file with no .import file, whatever its extension, is refused
// by its content; a binary resource is read.
func TestBinaryKind(t *testing.T) {
	for _, tt := range []struct{ data, want string }{
		{"glTF\x02", "a binary glTF model"},
		{"BLENDER-v300", "a Blender file"},
		{"Kaydara FBX Binary  \x00", "a binary FBX model"},
		{"[gd_scene format=3]\n", ""},
		{"\xef\xbb\xbf[gd_scene format=3]\n", ""},
		{strings.Repeat("é", 300), ""}, // a character cut by the first 512 bytes
		{"[gd_scene]\x00", "binary data"},
		{"\xff\xfe[\x00g\x00", "binary data"},
	} {
		assert.Equal(t, tt.want, binaryKind([]byte(tt.data)), "%q", tt.data)
	}
}
