package resource

import (
	"slices"
	"strings"
	"unicode"
)

// Shaders is what a Scripts given to WithScripts may also be: it gives
// the code of the shader file at a res:// path (a .gdshader). A Godot 4
// ShaderMaterial lists a parameter for each uniform its shader declares,
// in the shader's order, whether the material sets it or not: with the
// shader's code, the binary form names them all, and writes nil for a
// sampler the material leaves unset, as the engine does.
type Shaders interface {
	ShaderCode(path string) (string, error)
}

// shaderInternal are the hints of the samplers the engine fills itself,
// which a ShaderMaterial does not list.
var shaderInternal = map[string]bool{"hint_screen_texture": true, "hint_depth_texture": true, "hint_normal_roughness_texture": true}

// shaderUniform is a uniform a ShaderMaterial lists.
type shaderUniform struct {
	name    string
	sampler bool
}

// shaderUniforms returns the uniforms a ShaderMaterial lists of a shader's
// code: those of the material (not global, not instance), but the
// samplers the engine fills, in the order declared, grouped as
// group_uniforms groups them (each group where its first uniform is, the
// ungrouped ones too). ok is false for code it cannot tell: one that
// includes or defines (#include, #define) or that it cannot read.
func shaderUniforms(code string) (uniforms []shaderUniform, ok bool) {
	toks := shaderTokens(code)
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
			u, end, ok := shaderUniformAt(toks, i+1)
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

// shaderUniformAt reads a uniform's declaration from its type at toks[i]
// to its ";": the uniform, with no name if the material does not list it,
// and where it ends.
func shaderUniformAt(toks []string, i int) (shaderUniform, int, bool) {
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

// shaderTokens splits a shader's code into identifiers, numbers and
// single punctuation marks, leaving out comments and strings.
func shaderTokens(code string) []string {
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

// isIdentifier reports whether s is a shader identifier.
func isIdentifier(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for i := range len(s) {
		if c := s[i]; c != '_' && !(c < 0x80 && (unicode.IsLetter(rune(c)) || unicode.IsDigit(rune(c)))) {
			return false
		}
	}
	return true
}

// shaderMaterialClass returns Godot 4's ShaderMaterial class c as an
// object of it lists its properties with a shader declaring uniforms:
// c's, then a parameter for each uniform (a sampler's null when unset,
// nil: see heldAsNil).
func shaderMaterialClass(c *class, uniforms []shaderUniform) *class {
	props := slices.Clip(slices.Clone(c.props))
	for _, u := range uniforms {
		props = append(props, classProperty{name: "shader_parameter/" + u.name, nullObject: u.sampler})
	}
	return newClass(props)
}

// shaderCode returns the code of a Godot 4 ShaderMaterial's shader, if
// the File holds it (a Shader sub-resource) or its Scripts give it (a
// .gdshader: see Shaders).
func (f *File) shaderCode(r *Resource) (string, bool) {
	v, _ := r.Get("shader")
	switch kind, id := RefOf(v); kind {
	case SubRef:
		for _, s := range f.Resources {
			if s.ID == id && s.Type == "Shader" {
				code, ok := s.Get("code")
				str, isStr := code.(string)
				return str, ok && isStr
			}
		}
	case ExtRef:
		shaders, ok := f.scripts.(Shaders)
		if !ok {
			return "", false
		}
		for _, x := range f.External {
			if x.ID == id {
				code, err := shaders.ShaderCode(x.Path)
				return code, err == nil
			}
		}
	}
	return "", false
}
