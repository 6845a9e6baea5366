package project

// ShaderCode returns the code of the shader file (a .gdshader) at a res://
// or uid:// path, at most Limits.MaxFileBytes: with it a resource knows
// the uniforms a ShaderMaterial of that shader lists (resource.Shaders).
func (p *Project) ShaderCode(path string) (string, error) {
	b, err := p.readFile(path)
	return string(b), err
}
