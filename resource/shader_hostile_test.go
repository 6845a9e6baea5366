package resource

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/cputime"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The ShaderMaterials of a file, and the shaders they share, cost what
// their bytes do: each Shader's code is read once a save, however many
// materials share it.

// shaderSource is the code of a hand-written shader of about size bytes:
// a few uniforms, a sampler among them, then a fragment function.
func shaderSource(size int) string {
	var b strings.Builder
	b.WriteString("shader_type spatial;\n\nuniform float glow : hint_range(0.0, 4.0) = 1.0;\n" +
		"uniform vec4 tint : source_color = vec4(1.0);\nuniform sampler2D mask : filter_linear;\n\nvoid fragment() {\n")
	for i := 0; b.Len() < size-2; i++ {
		fmt.Fprintf(&b, "\tALBEDO += tint.rgb * texture(mask, UV * %d.0).r * glow;\n", i)
	}
	b.WriteString("}\n")
	return b.String()
}

// uniformsSource is the code of a shader of about size bytes of uniforms,
// each of which a material lists.
func uniformsSource(size int) string {
	var b strings.Builder
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "uniform float u%d;\n", i)
	}
	return b.String()
}

// smallShader is an ordinary material's shader.
var smallShader = shaderSource(200)

// How the materials of shaderMaterials have their shaders.
const (
	ownShaders     = iota // each its own, of the code given
	oneShader             // all one Shader sub-resource
	externalShader        // all the shader at sharedShaderPath
)

// sharedShaderPath is the external shader of externalShader materials.
const sharedShaderPath = "res://shared.gdshader"

// shaderMaterials is a Godot 4 text resource of about size bytes (at
// least one material) whose main resource lists ShaderMaterials, each
// setting a parameter, their shaders as share says.
func shaderMaterials(code string, size, share int) []byte {
	b := []byte("[gd_resource type=\"Resource\" format=3]\n\n")
	switch share {
	case oneShader:
		b = fmt.Appendf(b, "[sub_resource type=\"Shader\" id=\"Shader_shared\"]\ncode = %q\n\n", code)
	case externalShader:
		b = fmt.Appendf(b, "[ext_resource type=\"Shader\" path=%q id=\"1_shared\"]\n\n", sharedShaderPath)
	}
	var list []byte
	for i := 0; i == 0 || len(b)+len(list) < size; i++ {
		shader := `SubResource("Shader_shared")`
		switch share {
		case ownShaders:
			shader = fmt.Sprintf("SubResource(\"Shader_%d\")", i)
			b = fmt.Appendf(b, "[sub_resource type=\"Shader\" id=\"Shader_%d\"]\ncode = %q\n\n", i, code)
		case externalShader:
			shader = `ExtResource("1_shared")`
		}
		b = fmt.Appendf(b, "[sub_resource type=\"ShaderMaterial\" id=\"ShaderMaterial_%d\"]\nrender_priority = 0\nshader = %s\nshader_parameter/glow = %d.5\n\n", i, shader, i)
		if i > 0 {
			list = append(list, ", "...)
		}
		list = fmt.Appendf(list, "SubResource(\"ShaderMaterial_%d\")", i)
	}
	return fmt.Appendf(b, "[resource]\nmetadata/materials = [%s]\n", list)
}

// shaderFile gives the code of one shader file, read anew each time it is
// asked for, as a Shaders that keeps nothing does; asked counts the asks.
type shaderFile struct {
	code  string
	asked int
}

func (*shaderFile) StoredProperties(string) ([]ScriptProperty, error) { return nil, nil }

func (s *shaderFile) ShaderCode(path string) (string, error) {
	s.asked++
	if path != sharedShaderPath {
		return "", fmt.Errorf("no shader %s", path)
	}
	return strings.Clone(s.code), nil
}

// shaderInput is a file of materials, its shader file (for
// externalShader), and its size with it.
type shaderInput struct {
	name   string
	file   []byte
	shader *shaderFile
}

func (in shaderInput) size() int {
	if in.shader != nil {
		return len(in.file) + len(in.shader.code)
	}
	return len(in.file)
}

func (in shaderInput) options() []Option {
	if in.shader != nil {
		return []Option{WithScripts(in.shader)}
	}
	return nil
}

// hostileShaders are the files of materials of about size bytes that
// cost the most, and ordinary ones, in text and binary form: a shader of
// a quarter of the size (or of uniforms) shared by the materials of the
// rest, and a shader of the size made of the shortest tokens.
func hostileShaders(t testing.TB, size int) []shaderInput {
	shared := shaderSource(size / 4)
	inputs := []shaderInput{
		{"ordinary materials", shaderMaterials(smallShader, size, ownShaders), nil},
		{"materials sharing a shader", shaderMaterials(shared, size, oneShader), nil},
		{"materials sharing a shader of uniforms", shaderMaterials(uniformsSource(size/4), size, oneShader), nil},
		{"materials sharing a shader file", shaderMaterials(smallShader, size*3/4, externalShader), &shaderFile{code: shared}},
		{"a shader of semicolons", shaderMaterials(strings.Repeat(";", size), 0, oneShader), nil},
		{"a shader of parentheses", shaderMaterials(strings.Repeat("()", size/2), 0, oneShader), nil},
	}
	for _, in := range inputs[:len(inputs):len(inputs)] {
		f, err := Read(bytes.NewReader(in.file), in.options()...)
		require.NoError(t, err, in.name)
		f.Path = "res://materials.tres"
		g, err := f.SavedAs("res://materials.res", Binary)
		require.NoError(t, err, in.name)
		bin, err := g.AppendBinary(nil)
		require.NoError(t, err, in.name)
		inputs = append(inputs, shaderInput{in.name + " (binary)", bin, in.shader})
	}
	return inputs
}

// saveShaders reads a file of materials and saves it in a form, as the
// engine saves it (SavedAs), and written.
func saveShaders(in shaderInput, form Form) error {
	f, err := Read(bytes.NewReader(in.file), in.options()...)
	if err != nil {
		return err
	}
	f.Path = "res://materials.tres"
	if form == Text {
		g, err := f.SavedAs("res://saved.tres", Text)
		if err == nil {
			_, err = g.AppendText(nil)
		}
		return err
	}
	g, err := f.SavedAs("res://saved.res", Binary)
	if err == nil {
		_, err = g.AppendBinary(nil)
	}
	return err
}

// formNames name the forms in tests' names.
var formNames = map[Form]string{Text: "text", Binary: "binary"}

// Reading a file of materials and saving it, as text and binary,
// allocate within hostile.Bound of its bytes (its shader file's too),
// however many materials share a shader and whatever its tokens.
func TestHostileShaders(t *testing.T) {
	for _, in := range hostileShaders(t, 64<<10) {
		for _, form := range []Form{Text, Binary} {
			t.Run(in.name+"/"+formNames[form], func(t *testing.T) {
				var err error
				hostile.HeapInUse()
				alloc := hostile.Allocated(func() { err = saveShaders(in, form) })
				require.NoError(t, err)
				t.Logf("%d bytes: %.1f bytes allocated a byte", in.size(), float64(alloc)/float64(in.size()))
				assert.LessOrEqual(t, alloc, hostile.Bound(in.size()))
			})
		}
	}
}

// BenchmarkHostileShaders saves each file of materials as text and
// binary, next to ordinary materials (each with a small shader of its
// own) of the same size, at 64 KiB and 1 MiB: the ratios of their CPU
// times per byte are what a hostile file costs.
//
//	go test -run '^$' -bench HostileShaders -benchtime 3x ./resource
func BenchmarkHostileShaders(b *testing.B) {
	for _, size := range []int{64 << 10, 1 << 20} {
		for _, in := range hostileShaders(b, size) {
			for _, form := range []Form{Text, Binary} {
				b.Run(fmt.Sprintf("%dKiB/%s/%s", size>>10, in.name, formNames[form]), func(b *testing.B) {
					cputime.PerByte(b, in.size(), func() error { return saveShaders(in, form) })
				})
			}
		}
	}
}

// WriteBinary writes to a file (an io.WriteSeeker) as it makes the
// resources, then their offsets, the bytes AppendBinary makes, wherever
// the file starts in what it writes to; to a writer that does not seek,
// the whole.
func TestWriteBinaryStreamed(t *testing.T) {
	for _, tt := range []struct {
		name   string
		file   []byte
		writes int // the least writes of the resources' bytes
	}{
		{"one resource", shaderMaterials(smallShader, 0, oneShader), 0},
		{"past a write's bytes", shaderMaterials(smallShader, 256<<10, ownShaders), 2},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Read(bytes.NewReader(tt.file))
			require.NoError(t, err)
			f.Path = "res://materials.tres"
			g, err := f.SavedAs("res://materials.res", Binary)
			require.NoError(t, err)
			want, err := g.AppendBinary(nil)
			require.NoError(t, err)
			require.GreaterOrEqual(t, len(want), tt.writes*flushAt)

			out, err := os.Create(filepath.Join(t.TempDir(), "out.res"))
			require.NoError(t, err)
			defer out.Close()
			_, err = out.WriteString("before")
			require.NoError(t, err)
			require.NoError(t, g.WriteBinary(out))
			_, err = out.WriteString("after")
			require.NoError(t, err)
			got, err := os.ReadFile(out.Name())
			require.NoError(t, err)
			assert.Equal(t, "before"+string(want)+"after", string(got))

			var buf bytes.Buffer
			require.NoError(t, g.WriteBinary(&buf))
			assert.Equal(t, want, buf.Bytes())
		})
	}
}
