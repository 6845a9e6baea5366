package resource_test

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/project"
	"github.com/gdvar/gdvar/resource"
)

// BenchmarkConvertWithScripts reads a resource knowing its script and
// saves it as binary, at n variables that preload a default and n
// properties more the script does not declare: the time per variable
// stays flat as n doubles (it grew with n, 31.7 s at 40k, when reading
// matched each variable to the properties one by one).
func BenchmarkConvertWithScripts(b *testing.B) {
	for _, n := range []int{5000, 10000, 20000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			dir := b.TempDir()
			var script, file strings.Builder
			script.WriteString("extends Resource\n")
			file.WriteString("[gd_resource type=\"Resource\" format=3]\n\n[ext_resource type=\"Script\" path=\"res://s.gd\" id=\"1\"]\n[ext_resource type=\"PackedScene\" path=\"res://b.tscn\" id=\"2\"]\n\n[resource]\nscript = ExtResource(\"1\")\n")
			for i := range n {
				fmt.Fprintf(&script, "@export var v%d: PackedScene = preload(\"b.tscn\")\n", i)
				fmt.Fprintf(&file, "v%d = ExtResource(\"2\")\nu%d = 1\n", i, i)
			}
			for name, text := range map[string]string{"project.godot": "config_version=5\n", "b.tscn": "[gd_scene format=3]\n\n[node name=\"B\" type=\"Node\"]\n", "s.gd": script.String()} {
				require.NoError(b, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
			}
			data := []byte(file.String())
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				p, err := project.Open(dir)
				require.NoError(b, err)
				f, err := resource.Read(bytes.NewReader(data), resource.WithScripts(p))
				require.NoError(b, err)
				g, err := f.SavedAs("res://a.res", resource.Binary)
				require.NoError(b, err)
				require.NoError(b, g.WriteBinary(io.Discard))
			}
		})
	}
}
