package fromproject

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/project"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// chainProject is a project whose main scene has nodes nodes, each set
// the script of leaves (one, or one a node), each extending the first of
// a chain of depth scripts by path, the last holding methods @rpc methods
// (f, f1, f2, …), each of the parameters params.
func chainProject(nodes, leaves, depth, methods int, params string) map[string]string {
	last := "extends Node\n@rpc func f(" + params + "): pass\n"
	for i := 1; i < methods; i++ {
		last += fmt.Sprintf("@rpc func f%d(%s): pass\n", i, params)
	}
	files := map[string]string{"project.godot": "config_version=5\n", fmt.Sprintf("c%d.gd", depth-1): last}
	for i := range depth - 1 {
		files[fmt.Sprintf("c%d.gd", i)] = fmt.Sprintf("extends \"c%d.gd\"\n", i+1)
	}
	var b strings.Builder
	b.WriteString("[gd_scene format=3]\n")
	for i := range leaves {
		files[fmt.Sprintf("l%d.gd", i)] = "extends \"c0.gd\"\n"
		fmt.Fprintf(&b, "[ext_resource type=\"Script\" path=\"res://l%d.gd\" id=\"%d\"]\n", i, i)
	}
	b.WriteString("[node name=\"Main\" type=\"Node\"]\n")
	for i := range nodes {
		fmt.Fprintf(&b, "[node name=\"n%d\" type=\"Node\" parent=\".\"]\nscript = ExtResource(\"%d\")\n", i, i%leaves)
	}
	files["main.tscn"] = b.String()
	return files
}

// Declare resolves each script once and each script's chain
// without copying it: a scene setting one script on thousands of nodes,
// or thousands of scripts sharing a long chain of bases, costs it within
// hostile.Bound of the project's files, once the main scene is read.
func TestHostileDeclare(t *testing.T) {
	small := t.TempDir() // what the first use of the packages allocates, once
	for name, text := range chainProject(1, 1, 2, 1, "") {
		require.NoError(t, os.WriteFile(filepath.Join(small, name), []byte(text), 0o644))
	}
	p, err := project.Open(small)
	require.NoError(t, err)
	_, err = Declare(multiplayer.MustNew(), p, "res://main.tscn")
	require.NoError(t, err)
	var untyped, typed []string
	for i := range 250 {
		untyped = append(untyped, fmt.Sprintf("p%d", i))
		typed = append(typed, fmt.Sprintf("p%d:Array[Node]=[]", i))
	}
	for _, tt := range []struct {
		name                          string
		nodes, leaves, depth, methods int
		params                        string
	}{
		{"2047 nodes of a script extending a chain of 100", 2047, 1, 100, 1, ""},
		{"2046 scripts extending a chain of 254, each a node's", 2046, 2046, 254, 1, ""},
		{"2047 nodes of a script of 100 methods", 2047, 1, 1, 100, ""},
		{"a node of a script of 1000 methods of 250 parameters", 1, 1, 1, 1000, strings.Join(untyped, ",")},
		{"a node of a script of 200 methods of 250 typed parameters", 1, 1, 1, 200, strings.Join(typed, ",")},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir, size := t.TempDir(), 0
			for name, text := range chainProject(tt.nodes, tt.leaves, tt.depth, tt.methods, tt.params) {
				require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
				size += len(text)
			}
			p, err := project.Open(dir)
			require.NoError(t, err)
			_, err = p.Scene("res://main.tscn") // resource.Read's cost is not Declare's
			require.NoError(t, err)
			m := multiplayer.MustNew()
			hostile.Collect()
			var d *Scene
			alloc := hostile.Allocated(func() { d, err = Declare(m, p, "res://main.tscn") })
			t.Logf("%d bytes: %d KiB allocated (%.1f per byte)", size, alloc>>10, float64(alloc)/float64(size))
			require.NoError(t, err)
			n, err := d.Node("/root/Main/n0")
			require.NoError(t, err)
			assert.Equal(t, "f", n.MethodSet().Methods()[0].Name)
			assert.LessOrEqual(t, alloc, hostile.Bound(size))
		})
	}
}

// Declare's errors show the names the project's files give (node
// paths, root paths, scripts, methods) cut short, on one line.
func TestDeclareErrorSize(t *testing.T) {
	long := "x\x01\n" + strings.Repeat("y", 64<<10)
	for _, tt := range []struct {
		name  string
		files map[string]string
	}{
		{"a synchronizer whose root_path leaves the scene", map[string]string{"main.tscn": "[gd_scene format=3]\n[node name=\"Main\" type=\"Node\"]\n" +
			fmt.Sprintf("[node name=%q type=\"MultiplayerSynchronizer\" parent=\".\"]\nroot_path = NodePath(%q)\n", long, strings.Repeat("../", 20<<10))}},
		{"a method on a channel past 253", map[string]string{"a.gd": "extends Node2D\n@rpc(\"any_peer\", \"reliable\", \"call_local\", 300)\nfunc " + strings.Repeat("f", 64<<10) + "(): pass\n"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Declare(multiplayer.MustNew(), writeProject(t, tt.files), "res://main.tscn")
			require.Error(t, err)
			t.Logf("%d bytes: %.300s", len(err.Error()), err)
			assert.LessOrEqual(t, len(err.Error()), 2048)
			assert.NotContains(t, err.Error(), "\n")
		})
	}
}
