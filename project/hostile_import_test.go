package project

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// hostileImports are projects whose scene model.tscn instances models
// whose .import files, or the models themselves, cost the reader the
// most per byte: about size bytes of files in all.
func hostileImports(size int) []struct {
	name  string
	files map[string]string
} {
	withImport := func(text string) map[string]string {
		return map[string]string{"m.glb": "glTF", "m.glb.import": text, "model.tscn": modelScene(1)}
	}
	head := modelImport("m.glb", "")
	models := map[string]string{"model.tscn": modelScene(size / 2000)}
	for i := range size / 2000 {
		models[fmt.Sprintf("m%d.glb.import", i)] = modelImport(fmt.Sprintf("m%d.glb", i), "_subresources={"+strings.Repeat(`"a": {}, `, 180)+"}\n")
		models[fmt.Sprintf("m%d.glb", i)] = "glTF"
	}
	return []struct {
		name  string
		files map[string]string
	}{
		{"_subresources of distinct keys", withImport(string(fill(head+"_subresources={", size, func(i int) string { return fmt.Sprintf("%q: {}, ", n36(i)) })) + "}\n")},
		{"Dictionaries 1000 deep, again and again", withImport(string(fill(head, size, func(i int) string {
			return "k" + n36(i) + "=" + strings.Repeat(`{"a":`, 1000) + "0" + strings.Repeat("}", 1000) + "\n"
		})))},
		{"a key a line", withImport(string(fill(head, size, func(i int) string { return n36(i) + "=1\n" })))},
		{"sections by the thousand", withImport(string(fill(head, size, func(i int) string { return "[" + n36(i) + "]\n" })))},
		{"a binary import file", withImport("[remap]\x00" + strings.Repeat("\xff\x00", size/2))},
		{"a binary model, no import file", map[string]string{"m.glb": "glTF" + strings.Repeat("\x00\xff", size/2), "model.tscn": modelScene(1)}},
		{fmt.Sprintf("%d models, each a 2 KB import file", size/2000), models},
	}
}

// modelScene is a scene instancing models m.glb (n == 1) or m0.glb … .
func modelScene(n int) string {
	var b strings.Builder
	b.WriteString("[gd_scene format=3]\n")
	for i := range n {
		name := "m.glb"
		if n > 1 {
			name = fmt.Sprintf("m%d.glb", i)
		}
		fmt.Fprintf(&b, "[ext_resource type=\"PackedScene\" path=\"res://%s\" id=\"%d\"]\n", name, i)
	}
	b.WriteString("[node name=\"R\" type=\"Node3D\"]\n")
	for i := range n {
		fmt.Fprintf(&b, "[node name=\"M%d\" parent=\".\" instance=ExtResource(\"%d\")]\n", i, i)
	}
	return b.String()
}

// A hostile .import file or model costs Tree at most hostile.Bound of
// the bytes of the files it reads, and its errors are short.
func TestHostileImport(t *testing.T) {
	const size = 1 << 20
	for _, tt := range hostileImports(size) {
		t.Run(tt.name, func(t *testing.T) {
			total := 0
			for _, text := range tt.files {
				total += len(text)
			}
			p, err := Open(writeProject(t, tt.files))
			require.NoError(t, err)
			var nodes []SceneNode
			hostile.Collect()
			alloc := hostile.Allocated(func() { nodes, err = p.Tree("res://model.tscn") })
			t.Logf("%d bytes of files: %d KiB allocated (%.1f per byte), %d nodes: %.200v", total, alloc>>10, float64(alloc)/float64(total), len(nodes), err)
			assert.LessOrEqual(t, alloc, hostile.Bound(total))
			if err != nil {
				assert.Less(t, len(err.Error()), 1024)
				assert.NotContains(t, err.Error(), "\x00")
			}
		})
	}
}

// Autoloads by the thousand naming one model cost Autoloads within
// hostile.Bound of project.godot and the model's .import file: the
// .import file, which says whether the model is a scene, is read once,
// not for each autoload.
func TestHostileAutoloadImports(t *testing.T) {
	const size = 64 << 10
	var settings strings.Builder
	settings.WriteString("config_version=5\n\n[autoload]\n\n")
	for i := 0; settings.Len() < size; i++ {
		fmt.Fprintf(&settings, "%s=\"*res://m.glb\"\n", n36(i))
	}
	files := map[string]string{
		"project.godot": settings.String(),
		"m.glb":         "glTF",
		"m.glb.import":  string(fill(modelImport("m.glb", ""), size, func(i int) string { return n36(i) + "=1\n" })),
	}
	p, err := Open(writeProject(t, files))
	require.NoError(t, err)
	var autoloads []Autoload
	hostile.Collect()
	alloc := hostile.Allocated(func() { autoloads, err = p.Autoloads() })
	t.Logf("%d autoloads: %d KiB allocated, %.1f a byte of the %d of project.godot and the .import file", len(autoloads), alloc>>10, float64(alloc)/float64(filesBytes(files)), filesBytes(files))
	require.NoError(t, err)
	require.NotEmpty(t, autoloads)
	assert.True(t, autoloads[0].Scene)
	assert.LessOrEqual(t, alloc, hostile.Bound(filesBytes(files)))
}
