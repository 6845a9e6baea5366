package project

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/cputime"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/gdvar/gdvar/resource"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A resource of ShaderMaterials saved with its project reads each shader
// file of the project once, however many materials share it and by
// however many paths.

// shaderCode is a hand-written shader of about size bytes: a few
// uniforms, a sampler among them, then a fragment function.
func shaderCode(size int) string {
	return string(fill("shader_type spatial;\n\nuniform float glow = 1.0;\nuniform vec4 tint : source_color;\nuniform sampler2D mask;\n\nvoid fragment() {\n",
		size-2, func(i int) string {
			return fmt.Sprintf("\tALBEDO += tint.rgb * texture(mask, UV * %d.0).r * glow;\n", i)
		})) + "}\n"
}

// materialsFile is a text resource of about size bytes whose main
// resource lists ShaderMaterials, each setting a parameter, their shader
// made by shader(i): an ext_resource section, a sub_resource one, and
// the reference to it.
func materialsFile(size int, shader func(i int) (ext, sub, ref string)) []byte {
	var exts, subs, list strings.Builder
	for i := 0; exts.Len()+subs.Len()+list.Len() < size; i++ {
		ext, sub, ref := shader(i)
		exts.WriteString(ext)
		fmt.Fprintf(&subs, "%s[sub_resource type=\"ShaderMaterial\" id=\"ShaderMaterial_%d\"]\nshader = %s\nshader_parameter/glow = %d.5\n\n", sub, i, ref, i)
		if i > 0 {
			list.WriteString(", ")
		}
		fmt.Fprintf(&list, "SubResource(\"ShaderMaterial_%d\")", i)
	}
	return fmt.Appendf(nil, "[gd_resource type=\"Resource\" format=3]\n\n%s%s[resource]\nmetadata/materials = [%s]\n", exts.String(), subs.String(), list.String())
}

// shaderProject is a project of a shader file and a resource of
// materials.
type shaderProject struct {
	name      string
	dir       string
	materials []byte
	shader    string
}

// shaderProjects are projects of about size bytes, shader included:
// ordinary materials, each with a small shader of its own, and materials
// sharing a shader file of a quarter of the size, by one path or each by
// a path of its own.
func shaderProjects(t testing.TB, size int) []shaderProject {
	small, shared := shaderCode(200), shaderCode(size/4)
	projects := []shaderProject{
		{name: "ordinary materials", materials: materialsFile(size, func(i int) (string, string, string) {
			return "", fmt.Sprintf("[sub_resource type=\"Shader\" id=\"Shader_%d\"]\ncode = %q\n\n", i, small), fmt.Sprintf("SubResource(\"Shader_%d\")", i)
		})},
		{name: "materials sharing a shader file", shader: shared, materials: materialsFile(size-len(shared), func(i int) (string, string, string) {
			if i == 0 {
				return "[ext_resource type=\"Shader\" path=\"res://shared.gdshader\" id=\"1_shared\"]\n\n", "", `ExtResource("1_shared")`
			}
			return "", "", `ExtResource("1_shared")`
		})},
		{name: "materials each with a path to a shared shader file", shader: shared, materials: materialsFile(size-len(shared), func(i int) (string, string, string) {
			return fmt.Sprintf("[ext_resource type=\"Shader\" path=\"res://%s/../shared.gdshader\" id=\"%d_shared\"]\n", n36(i), i), "", fmt.Sprintf("ExtResource(\"%d_shared\")", i)
		})},
	}
	for i := range projects {
		dir := t.TempDir()
		require.NoError(t, os.WriteFile(filepath.Join(dir, "project.godot"), []byte("config_version=5\n"), 0o644))
		require.NoError(t, os.WriteFile(filepath.Join(dir, "shared.gdshader"), []byte(projects[i].shader), 0o644))
		projects[i].dir = dir
	}
	return projects
}

// size is the bytes of the project's files.
func (sp shaderProject) size() int { return len(sp.materials) + len(sp.shader) }

// save opens the project, reads its resource and saves it in a form, as
// gdvar convert does.
func (sp shaderProject) save(form resource.Form) error {
	p, err := Open(sp.dir)
	if err != nil {
		return err
	}
	f, err := resource.Read(bytes.NewReader(sp.materials), resource.WithScripts(p))
	if err != nil {
		return err
	}
	f.Path = "res://materials.tres"
	g, err := f.SavedAs("res://saved.res", form)
	if err != nil {
		return err
	}
	if form == resource.Text {
		_, err = g.AppendText(nil)
	} else {
		_, err = g.AppendBinary(nil)
	}
	return err
}

// shaderForms are the forms saved, by name.
var shaderForms = []struct {
	name string
	form resource.Form
}{{"text", resource.Text}, {"binary", resource.Binary}}

// Saving a resource of materials with its project allocates within
// hostile.Bound of the resource's bytes and the shader file's.
func TestHostileShaderFiles(t *testing.T) {
	projects := shaderProjects(t, 64<<10)
	require.NoError(t, projects[0].save(resource.Text)) // the class tables, made once a process
	for _, sp := range projects {
		for _, form := range shaderForms {
			t.Run(sp.name+"/"+form.name, func(t *testing.T) {
				var err error
				hostile.HeapInUse()
				alloc := hostile.Allocated(func() { err = sp.save(form.form) })
				require.NoError(t, err)
				t.Logf("%d bytes: %.1f bytes allocated a byte", sp.size(), float64(alloc)/float64(sp.size()))
				assert.LessOrEqual(t, alloc, hostile.Bound(sp.size()))
			})
		}
	}
}

// BenchmarkHostileShaderFiles saves the resource of each project as text
// and binary, at 64 KiB and 1 MiB: the ratios of the CPU times per byte
// to the ordinary materials' are what a hostile project costs.
//
//	go test -run '^$' -bench HostileShaderFiles -benchtime 3x ./project
func BenchmarkHostileShaderFiles(b *testing.B) {
	for _, size := range []int{64 << 10, 1 << 20} {
		for _, sp := range shaderProjects(b, size) {
			for _, form := range shaderForms {
				b.Run(fmt.Sprintf("%dKiB/%s/%s", size>>10, sp.name, form.name), func(b *testing.B) {
					cputime.PerByte(b, sp.size(), func() error { return sp.save(form.form) })
				})
			}
		}
	}
}

// uniformsShader is a shader of about size bytes declaring uniforms of a
// type, one a line.
func uniformsShader(size int, typ string) string {
	var b strings.Builder
	b.WriteString("shader_type spatial;\n")
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "uniform %s u%d;\n", typ, i)
	}
	return b.String()
}

// 150 ShaderMaterials sharing a 16 KiB shader file, converted with their
// project as gdvar convert does (written to a file), allocate within
// hostile.Bound of what they read. The binary form writes a nil for each
// sampler each material leaves unset, as the engine's saver does: 22
// times what was read for a shader of samplers, which WriteBinary writes
// as it makes it. Held whole, the output's buffer, doubled as it grew,
// took 78.1 bytes allocated a byte read.
func TestHostileSharedShaderOutput(t *testing.T) {
	for _, typ := range []string{"sampler2D", "float", "vec4"} {
		sp := shaderProject{name: typ, shader: uniformsShader(16<<10, typ)}
		sp.materials = materialsFile(24<<10, func(i int) (string, string, string) {
			if i == 0 {
				return "[ext_resource type=\"Shader\" path=\"res://shared.gdshader\" id=\"1_shared\"]\n\n", "", `ExtResource("1_shared")`
			}
			return "", "", `ExtResource("1_shared")`
		})
		require.GreaterOrEqual(t, strings.Count(string(sp.materials), "[sub_resource"), 150)
		sp.dir = t.TempDir()
		require.NoError(t, os.WriteFile(filepath.Join(sp.dir, "project.godot"), []byte("config_version=5\n"), 0o644))
		require.NoError(t, os.WriteFile(filepath.Join(sp.dir, "shared.gdshader"), []byte(sp.shader), 0o644))
		for _, form := range shaderForms {
			t.Run(typ+"/"+form.name, func(t *testing.T) {
				out, err := os.Create(filepath.Join(t.TempDir(), "out"))
				require.NoError(t, err)
				defer out.Close()
				require.NoError(t, sp.written(form.form, out))
				hostile.HeapInUse()
				alloc := hostile.Allocated(func() { err = sp.written(form.form, out) })
				require.NoError(t, err)
				st, err := out.Stat()
				require.NoError(t, err)
				written := st.Size() / 2
				t.Logf("%d bytes read, %d written: %.1f bytes allocated a byte read, %.1f a byte written",
					sp.size(), written, float64(alloc)/float64(sp.size()), float64(alloc)/float64(written))
				assert.LessOrEqual(t, alloc, hostile.Bound(sp.size()))
			})
		}
	}
}

// written is save, writing to out as gdvar convert does: the text form
// made whole, the binary one written as it is made.
func (sp shaderProject) written(form resource.Form, out io.Writer) error {
	p, err := Open(sp.dir)
	if err != nil {
		return err
	}
	f, err := resource.Read(bytes.NewReader(sp.materials), resource.WithScripts(p))
	if err != nil {
		return err
	}
	f.Path = "res://materials.tres"
	g, err := f.SavedAs("res://saved.res", form)
	if err != nil {
		return err
	}
	if form == resource.Binary {
		return g.WriteBinary(out)
	}
	b, err := g.AppendText(nil)
	if err == nil {
		_, err = out.Write(b)
	}
	return err
}
