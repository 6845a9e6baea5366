package resource_test

import (
	"bytes"
	"fmt"
	"io/fs"
	"strings"

	"github.com/gdvar/gdvar/resource"
)

// shaderFiles are a project's shaders by path, and no script variables.
type shaderFiles map[string]string

func (shaderFiles) StoredProperties(string) ([]resource.ScriptProperty, error) { return nil, nil }

func (s shaderFiles) ShaderCode(path string) (string, error) {
	code, ok := s[path]
	if !ok {
		return "", fs.ErrNotExist
	}
	return code, nil
}

// A ShaderMaterial saved as binary names every uniform of its shader, in
// the shader's order, and writes nil for a sampler it leaves unset, as
// Godot 4.6 does, when its Scripts also give the shader's code.
func ExampleShaders() {
	text := `[gd_resource type="ShaderMaterial" format=3]

[ext_resource type="Shader" path="res://glow.gdshader" id="1"]

[resource]
render_priority = 0
shader = ExtResource("1")
shader_parameter/strength = 2.0
`
	shaders := shaderFiles{"res://glow.gdshader": "shader_type spatial;\nuniform sampler2D mask;\nuniform float strength = 1.0;\n"}
	f, err := resource.Read(strings.NewReader(text), resource.WithScripts(shaders))
	if err != nil {
		panic(err)
	}
	f.Path = "res://glow.tres"
	g, err := f.SavedAs("res://glow.res", resource.Binary)
	if err != nil {
		panic(err)
	}
	b, err := g.AppendBinary(nil)
	if err != nil {
		panic(err)
	}
	back, err := resource.Read(bytes.NewReader(b))
	if err != nil {
		panic(err)
	}
	for _, p := range back.Main.Properties {
		if strings.HasPrefix(p.Name, "shader_parameter/") {
			fmt.Printf("%s = %v\n", p.Name, p.Value)
		}
	}
	// Output:
	// shader_parameter/mask = <nil>
	// shader_parameter/strength = 2
}
