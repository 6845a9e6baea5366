package project

import "fmt"

// ShaderCode returns the code of the shader file (a .gdshader) at a res://
// or uid:// path, at most [Limits.MaxFileBytes]: with it a resource knows
// the uniforms a ShaderMaterial of that shader lists ([resource.Shaders]).
// The Project reads each file once, whatever path names it
// (res://a.gdshader, res://x/../a.gdshader, its uid://), and gives the
// same string for all of them, by which a resource knows them the same.
func (p *Project) ShaderCode(path string) (string, error) {
	name, err := p.File(path)
	if err != nil {
		return "", err
	}
	if r, ok := p.shaders[name]; ok {
		return r.code, r.err
	}
	b, err := readLimited(name, p.limits.MaxFileBytes)
	if err != nil {
		err = fmt.Errorf("%s: %w", Shown(path), err)
	}
	r := shaderRead{code: string(b), err: err}
	if p.shaders == nil {
		p.shaders = map[string]shaderRead{}
	}
	p.shaders[name] = r
	return r.code, r.err
}

// shaderRead is a shader file's code read, or why it could not be.
type shaderRead struct {
	code string
	err  error
}
