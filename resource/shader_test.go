package resource

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A ShaderMaterial lists its shader's uniforms as the engine does: in
// their order, by group, but for global and instance ones and the
// samplers the engine fills (the corpus's materials check the engine's
// bytes).
func TestShaderUniforms(t *testing.T) {
	s := func(name string) shaderUniform { return shaderUniform{name: name, sampler: true} }
	u := func(name string) shaderUniform { return shaderUniform{name: name} }
	for _, tt := range []struct {
		name string
		code string
		want []shaderUniform
		ok   bool
	}{
		{"in order", "shader_type spatial;\nuniform float a = 0.5;\nuniform sampler2D tex : source_color, filter_linear;\nuniform vec3 b;\n",
			[]shaderUniform{u("a"), s("tex"), u("b")}, true},
		{"comments, precision, arrays", "// uniform float no;\n/* uniform float no2; */ uniform highp float a[3] = {1.0, 2.0, 3.0};\nuniform isampler2D c;",
			[]shaderUniform{u("a"), s("c")}, true},
		{"global, instance and filled samplers", "global uniform vec4 g; instance uniform float i; uniform sampler2D screen : hint_screen_texture; uniform float a;",
			[]shaderUniform{u("a")}, true},
		{"groups where their first uniform is", "uniform float a; group_uniforms G.sub; uniform float g1; group_uniforms; uniform float b; group_uniforms G; uniform float g2;",
			[]shaderUniform{u("a"), u("b"), u("g1"), u("g2")}, true},
		{"a grouped one first", "group_uniforms G; uniform float g1; group_uniforms; uniform float a;",
			[]shaderUniform{u("g1"), u("a")}, true},
		{"inside functions: none", "void fragment() { float uniform_like = 1.0; }\nuniform float a;",
			[]shaderUniform{u("a")}, true},
		{"an include", "#include \"res://x.gdshaderinc\"\nuniform float a;", nil, false},
		{"cut short", "uniform float", nil, false},
		{"unbalanced", "void f() { uniform float a;", nil, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := shaderUniforms(tt.code)
			assert.Equal(t, tt.ok, ok)
			if tt.ok {
				assert.Equal(t, tt.want, got)
			}
		})
	}
}

// FuzzShaderUniforms reads any code as a shader's: never a panic, and
// the uniforms it lists are named, each once per declaration.
func FuzzShaderUniforms(f *testing.F) {
	for _, code := range []string{
		"shader_type spatial;\nuniform float a = 0.5;\nuniform sampler2D tex : source_color, filter_linear;\n",
		"group_uniforms G.sub; uniform vec3 g; group_uniforms; global uniform vec4 x; instance uniform float i;",
		"/* c */ uniform highp float a[3] = {1.0, 2.0}; // d\nvoid f() { uniform float no; }",
		"#include \"x\"\nuniform float",
	} {
		f.Add(code)
	}
	f.Fuzz(func(t *testing.T, code string) {
		uniforms, ok := shaderUniforms(code)
		if !ok {
			return
		}
		for _, u := range uniforms {
			if !isIdentifier(u.name) {
				t.Fatalf("a uniform named %q", u.name)
			}
		}
	})
}
