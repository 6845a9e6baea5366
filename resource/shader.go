package resource

import (
	"slices"
	"strings"
	"unicode"
	"unsafe"
)

// Shaders is what a [Scripts] given to [WithScripts] may also be: it gives
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
// includes or defines (#include, #define) or that it cannot read. The
// code is read a token at a time: what it makes is the uniforms, whatever
// the code is made of.
func shaderUniforms(code string) (uniforms []shaderUniform, ok bool) {
	toks := shaderTokens{code: code}
	var order []string
	groups := map[string][]shaderUniform{}
	group, depth, prev := "", 0, ""
	for {
		t, more := toks.next()
		if !more {
			break
		}
		switch {
		case t == "#":
			return nil, false
		case t == "{" || t == "(":
			depth++
		case t == "}" || t == ")":
			depth--
		case depth != 0:
		case t == "group_uniforms": // group_uniforms name.subgroup; or group_uniforms;
			group = ""
			if t, more = toks.next(); more && t != ";" {
				group = t
			}
			for more && t != ";" {
				t, more = toks.next()
			}
		case t == "uniform" && prev != "global" && prev != "instance":
			u, ok := shaderUniformAt(&toks)
			if !ok {
				return nil, false
			}
			t = ";"
			if u.name != "" {
				if _, seen := groups[group]; !seen {
					order = append(order, group)
				}
				groups[group] = append(groups[group], u)
			}
		}
		prev = t
	}
	for _, g := range order {
		uniforms = append(uniforms, groups[g]...)
	}
	return uniforms, depth == 0
}

// shaderUniformAt reads a uniform's declaration from its type, the next
// of toks, to its ";": the uniform, with no name if the material does not
// list it.
func shaderUniformAt(toks *shaderTokens) (shaderUniform, bool) {
	typ, more := toks.next()
	for more && (typ == "highp" || typ == "mediump" || typ == "lowp") {
		typ, more = toks.next()
	}
	name, named := toks.next()
	if !more || !named {
		return shaderUniform{}, false
	}
	u := shaderUniform{name: name, sampler: strings.Contains(typ, "sampler")}
	if !isIdentifier(typ) || !isIdentifier(name) {
		return u, false
	}
	for t, more := toks.next(); more; t, more = toks.next() {
		if t == ";" {
			return u, true
		}
		if shaderInternal[t] {
			u.name = ""
		}
	}
	return u, false
}

// shaderTokens reads a shader's code as identifiers, numbers and single
// punctuation marks, leaving out comments and strings, a token at a time.
type shaderTokens struct {
	code string
	at   int // where the next token starts, or what comes before it
}

// next returns the next token of the code, or false at its end (or at a
// string left open, where reading stops).
func (s *shaderTokens) next() (string, bool) {
	code := s.code
	for i := s.at; i < len(code); {
		switch c := code[i]; {
		case c == '/' && strings.HasPrefix(code[i:], "//"):
			if j := strings.IndexByte(code[i:], '\n'); j >= 0 {
				i += j
			} else {
				i = len(code)
			}
		case c == '/' && strings.HasPrefix(code[i:], "/*"):
			if j := strings.Index(code[i+2:], "*/"); j >= 0 {
				i += j + 4
			} else {
				i = len(code)
			}
		case c == '"':
			j := strings.IndexByte(code[i+1:], '"')
			if j < 0 {
				i = len(code)
				continue
			}
			i += j + 2
		case identifierByte[c]:
			j := i + 1
			for j < len(code) && identifierByte[code[j]] {
				j++
			}
			s.at = j
			return code[i:j], true
		case c <= ' ':
			i++
		default:
			s.at = i + 1
			return code[i : i+1], true
		}
	}
	s.at = len(code)
	return "", false
}

// identifierByte says the bytes of a shader's identifiers and numbers:
// ASCII letters and digits, and "_".
var identifierByte = func() (is [256]bool) {
	for c := range 0x80 {
		is[c] = c == '_' || unicode.IsLetter(rune(c)) || unicode.IsDigit(rune(c))
	}
	return is
}()

// isIdentifier reports whether s is a shader identifier.
func isIdentifier(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for i := range len(s) {
		if !identifierByte[s[i]] {
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

// shaderClasses are the ShaderMaterial classes a finder made, by the
// shader they are made of: a Shader sub-resource, an external shader, and
// the code of either.
type shaderClasses struct {
	subs   map[string]*Resource // the file's Shaders by ID (the first of an ID), once needed
	ofSub  map[*Resource]*class
	ofPath map[string]*class
	// ofCode are the classes by their code's bytes where they are: a
	// Shaders that keeps a file's code gives one string for each path
	// to it (res://a.gdshader, res://./a.gdshader, its uid://).
	ofCode map[codeAt]*class
}

// codeAt is where a string's bytes are: strings at the same place are
// the same.
type codeAt struct {
	data *byte
	len  int
}

func newShaderClasses() shaderClasses {
	return shaderClasses{ofSub: map[*Resource]*class{}, ofPath: map[string]*class{}, ofCode: map[codeAt]*class{}}
}

// shaderMaterial returns the class of a Godot 4 ShaderMaterial r, the
// class c with its shader's uniforms, if the File holds the shader (a
// Shader sub-resource) or its Scripts give it (a .gdshader: see
// Shaders); else c.
func (k *finder) shaderMaterial(c *class, r *Resource) *class {
	v, _ := r.Get("shader")
	switch kind, id := RefOf(v); kind {
	case SubRef:
		s := k.subShader(id)
		if s == nil {
			return c
		}
		made, ok := k.ofSub[s]
		if !ok {
			made = c
			if code, ok := s.Get("code"); ok {
				if code, ok := code.(string); ok {
					made = k.withUniforms(c, code)
				}
			}
			k.ofSub[s] = made
		}
		return made
	case ExtRef:
		shaders, ok := k.f.scripts.(Shaders)
		x := k.external(id)
		if !ok || x == nil {
			return c
		}
		made, ok := k.ofPath[x.Path]
		if !ok {
			made = c
			if code, err := shaders.ShaderCode(x.Path); err == nil {
				made = k.withUniforms(c, code)
			}
			k.ofPath[x.Path] = made
		}
		return made
	}
	return c
}

// withUniforms returns c with the uniforms of a shader's code, or c if it
// cannot tell them.
func (k *finder) withUniforms(c *class, code string) *class {
	at := codeAt{unsafe.StringData(code), len(code)}
	made, ok := k.ofCode[at]
	if !ok {
		made = c
		if uniforms, ok := shaderUniforms(code); ok {
			made = shaderMaterialClass(c, uniforms)
		}
		k.ofCode[at] = made
	}
	return made
}

// subShader returns the file's Shader sub-resource of an ID, or nil.
func (k *finder) subShader(id string) *Resource {
	if k.subs == nil {
		k.subs = map[string]*Resource{}
		for _, r := range k.f.Resources {
			if _, ok := k.subs[r.ID]; !ok && r.Type == "Shader" {
				k.subs[r.ID] = r
			}
		}
	}
	return k.subs[id]
}
