package resource

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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

// FuzzShaderUniforms reads any code as a shader's: never a panic, the
// uniforms it lists are named, each once per declaration, and they are
// those the reading through a slice of all the tokens found.
func FuzzShaderUniforms(f *testing.F) {
	for _, code := range []string{
		"shader_type spatial;\nuniform float a = 0.5;\nuniform sampler2D tex : source_color, filter_linear;\n",
		"group_uniforms G.sub; uniform vec3 g; group_uniforms; global uniform vec4 x; instance uniform float i;",
		"/* c */ uniform highp float a[3] = {1.0, 2.0}; // d\nvoid f() { uniform float no; }",
		"#include \"x\"\nuniform float",
		"uniform sampler2D s : hint_screen_texture; uniform vec2 \"a\" b; group_uniforms",
		"uniform float a; /* open\nuniform float b;",
		"uniform float a; \"open uniform float b;",
		"global uniform float g; uniform lowp sampler3D v, w; ;;;;(())",
	} {
		f.Add(code)
	}
	f.Fuzz(func(t *testing.T, code string) {
		uniforms, ok := shaderUniforms(code)
		want, wantOK := slicedShaderUniforms(code)
		if ok != wantOK || ok && !slices.Equal(uniforms, want) {
			t.Fatalf("read token by token: %v, %v; from a slice of the tokens: %v, %v", uniforms, ok, want, wantOK)
		}
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

// slicedShaderUniforms is shaderUniforms as it was, reading the code's
// tokens into a slice first (16 bytes or more a byte of ";;;;", for each
// material): the fuzzer's reference, whose uniforms shaderUniforms must
// find alike.
func slicedShaderUniforms(code string) (uniforms []shaderUniform, ok bool) {
	toks := slicedShaderTokens(code)
	var order []string
	groups := map[string][]shaderUniform{}
	group, depth := "", 0
	for i := 0; i < len(toks); i++ {
		switch t := toks[i]; {
		case t == "#":
			return nil, false
		case t == "{" || t == "(":
			depth++
		case t == "}" || t == ")":
			depth--
		case depth != 0:
		case t == "group_uniforms": // group_uniforms name.subgroup; or group_uniforms;
			group = ""
			if i+1 < len(toks) && toks[i+1] != ";" {
				group = toks[i+1]
			}
			for i < len(toks) && toks[i] != ";" {
				i++
			}
		case t == "uniform" && (i == 0 || toks[i-1] != "global" && toks[i-1] != "instance"):
			u, end, ok := slicedShaderUniformAt(toks, i+1)
			if !ok {
				return nil, false
			}
			i = end
			if u.name == "" {
				continue
			}
			if _, seen := groups[group]; !seen {
				order = append(order, group)
			}
			groups[group] = append(groups[group], u)
		}
	}
	for _, g := range order {
		uniforms = append(uniforms, groups[g]...)
	}
	return uniforms, depth == 0
}

// slicedShaderUniformAt reads a uniform's declaration from its type at toks[i]
// to its ";": the uniform, with no name if the material does not list it,
// and where it ends.
func slicedShaderUniformAt(toks []string, i int) (shaderUniform, int, bool) {
	for i < len(toks) && (toks[i] == "highp" || toks[i] == "mediump" || toks[i] == "lowp") {
		i++
	}
	if i+1 >= len(toks) {
		return shaderUniform{}, i, false
	}
	typ, name := toks[i], toks[i+1]
	u := shaderUniform{name: name, sampler: strings.Contains(typ, "sampler")}
	if !isIdentifier(typ) || !isIdentifier(name) {
		return u, i, false
	}
	for i += 2; i < len(toks) && toks[i] != ";"; i++ {
		if shaderInternal[toks[i]] {
			u.name = ""
		}
	}
	return u, i, i < len(toks)
}

// slicedShaderTokens splits a shader's code into identifiers, numbers and
// single punctuation marks, leaving out comments and strings.
func slicedShaderTokens(code string) []string {
	var toks []string
	for i := 0; i < len(code); {
		c := code[i]
		switch {
		case strings.HasPrefix(code[i:], "//"):
			if j := strings.IndexByte(code[i:], '\n'); j >= 0 {
				i += j
			} else {
				i = len(code)
			}
		case strings.HasPrefix(code[i:], "/*"):
			if j := strings.Index(code[i+2:], "*/"); j >= 0 {
				i += j + 4
			} else {
				i = len(code)
			}
		case c == '"':
			j := strings.IndexByte(code[i+1:], '"')
			if j < 0 {
				return toks
			}
			i += j + 2
		case c == '_' || c < 0x80 && (unicode.IsLetter(rune(c)) || unicode.IsDigit(rune(c))):
			j := i + 1
			for j < len(code) && (code[j] == '_' || code[j] < 0x80 && (unicode.IsLetter(rune(code[j])) || unicode.IsDigit(rune(code[j])))) {
				j++
			}
			toks = append(toks, code[i:j])
			i = j
		case c <= ' ':
			i++
		default:
			toks = append(toks, code[i:i+1])
			i++
		}
	}
	return toks
}

// A save reads each shader once, however many materials share it, and
// the next save reads it again: a File changed between saves is saved as
// it is then.
func TestShaderReadOnceASave(t *testing.T) {
	shader := &shaderFile{code: "uniform sampler2D a;"}
	f, err := Read(bytes.NewReader(shaderMaterials("", 4<<10, externalShader)), WithScripts(shader))
	require.NoError(t, err)
	materials := len(f.Resources)
	require.Greater(t, materials, 20)
	// parameters are the names of each material's parameters, written.
	parameters := func(b []byte) map[string]int {
		back, err := Read(bytes.NewReader(b))
		require.NoError(t, err)
		names := map[string]int{}
		for _, r := range back.Resources {
			for _, p := range r.Properties {
				if strings.HasPrefix(p.Name, "shader_parameter/") {
					names[p.Name]++
				}
			}
		}
		return names
	}
	g, err := f.SavedAs("res://m.res", Binary)
	require.NoError(t, err)
	assert.Equal(t, 1, shader.asked, "asked by the save, for %d materials", materials)
	b, err := g.AppendBinary(nil)
	require.NoError(t, err)
	assert.Equal(t, 2, shader.asked, "and by the write")
	assert.Equal(t, map[string]int{"shader_parameter/a": materials, "shader_parameter/glow": materials}, parameters(b))

	shader.code = "uniform sampler2D b;"
	b, err = g.AppendBinary(nil)
	require.NoError(t, err)
	assert.Equal(t, map[string]int{"shader_parameter/b": materials, "shader_parameter/glow": materials}, parameters(b), "the shader as it is now")
}
