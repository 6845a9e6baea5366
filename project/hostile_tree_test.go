package project

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gdvar/gdvar/internal/testrig/cputime"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// instancing is scenes s0 … s<n-1>, each instancing the one before it
// under each of names, s0 a single node: the last one's tree holds
// len(names)^(n-1) copies of s0, each at a path through n-1 names.
func instancing(n int, names ...string) map[string]string {
	files := map[string]string{"s0.tscn": "[gd_scene format=3]\n[node name=\"R\" type=\"Node\"]\n"}
	for i := 1; i < n; i++ {
		var b strings.Builder
		fmt.Fprintf(&b, "[gd_scene format=3]\n[ext_resource type=\"PackedScene\" path=\"res://s%d.tscn\" id=\"1\"]\n[node name=\"R\" type=\"Node\"]\n", i-1)
		for _, name := range names {
			fmt.Fprintf(&b, "[node name=%q parent=\".\" instance=ExtResource(\"1\")]\n", name)
		}
		files[fmt.Sprintf("s%d.tscn", i)] = b.String()
	}
	return files
}

// wide is s0, a scene of n nodes, and s1, which instances it copies
// times: the most nodes a byte of a large input makes.
func wide(n, copies int) map[string]string {
	var b strings.Builder
	b.WriteString("[gd_scene format=3]\n[node name=\"R\" type=\"Node\"]\n")
	for i := 1; i < n; i++ {
		fmt.Fprintf(&b, "[node name=\"%s\" type=\"Node\" parent=\".\"]\n", hostile.Name(i))
	}
	files := map[string]string{"s0.tscn": b.String()}
	b.Reset()
	b.WriteString("[gd_scene format=3]\n[ext_resource type=\"PackedScene\" path=\"res://s0.tscn\" id=\"1\"]\n[node name=\"R\" type=\"Node\"]\n")
	for i := range copies {
		fmt.Fprintf(&b, "[node name=\"%s\" parent=\".\" instance=ExtResource(\"1\")]\n", hostile.Name(i))
	}
	files["s1.tscn"] = b.String()
	return files
}

// readScenes writes the scenes s0.tscn … of files into a project and
// reads them, as what Tree costs is measured beyond: it returns the
// project, the last scene and the bytes of them all.
func readScenes(t testing.TB, files map[string]string) (p *Project, top string, size int) {
	scenes := len(files)
	for _, text := range files {
		size += len(text)
	}
	p, err := Open(writeProject(t, files))
	require.NoError(t, err)
	for i := range scenes {
		top = fmt.Sprintf("res://s%d.tscn", i)
		_, err := p.Scene(top)
		require.NoError(t, err)
	}
	return p, top, size
}

// Scenes that instance others many times over, or under long names, make
// trees far larger than their files: Tree refuses them with ErrBudget,
// having allocated within hostile.Bound of the files (once read: a
// Project reads a scene once).
func TestHostileTree(t *testing.T) {
	for _, tt := range []struct {
		name  string
		files map[string]string
	}{
		{"100 scenes, each instancing the last under a 1000-byte name", instancing(100, strings.Repeat("n", 1000))},
		{"17 scenes, each instancing the last twice", instancing(17, "a", "b")},
		{"6 scenes, each instancing the last 16 times", instancing(6, strings.Split("abcdefghijklmnop", "")...)},
		{"20 scenes, each instancing the last twice under 200-byte names", instancing(20, strings.Repeat("a", 200), strings.Repeat("b", 200))},
		{"a scene of 1000 nodes instanced 20 000 times", wide(1000, 20_000)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p, top, size := readScenes(t, tt.files)
			var err error
			hostile.Collect()
			alloc := hostile.Allocated(func() { _, err = p.Tree(top) })
			t.Logf("%d bytes of scenes: %d KiB allocated (%.1f per byte): %v", size, alloc>>10, float64(alloc)/float64(size), err)
			assert.ErrorIs(t, err, ErrBudget)
			assert.LessOrEqual(t, alloc, hostile.Bound(size))
		})
	}
}

// loop is n scenes, each instancing the next under a node of a long name,
// the last instancing the first: scene names of 200 bytes (a file name
// can hold no more), node names of 1000.
func loop(n int) map[string]string {
	name := func(i int) string { return fmt.Sprintf("%s%d.tscn", strings.Repeat("L", 200), i%n) }
	files := map[string]string{}
	for i := range n {
		files[name(i)] = fmt.Sprintf("[gd_scene format=3]\n[ext_resource type=\"PackedScene\" path=\"res://%s\" id=\"1\"]\n[node name=\"R\" type=\"Node\"]\n[node name=%q parent=\".\" instance=ExtResource(\"1\")]\n",
			name(i+1), strings.Repeat("n", 1000))
	}
	return files
}

// A scene's errors name a few scenes at most, each cut short, on one
// line, whatever the chain of instances that leads to the fault, and say
// what it is: a *SceneError wrapping the reason.
func TestTreeErrorSize(t *testing.T) {
	instancingPath := func(path string) map[string]string {
		return map[string]string{"m.tscn": "[gd_scene format=3]\n[ext_resource type=\"PackedScene\" path=\"" + path + "\" id=\"1\"]\n" +
			"[node name=\"R\" type=\"Node\"]\n[node name=\"c\" parent=\".\" instance=ExtResource(\"1\")]\n"}
	}
	for _, tt := range []struct {
		name  string
		files map[string]string
		scene string
		is    error
	}{
		{"200 scenes in a loop, under long names", loop(200), "res://" + strings.Repeat("L", 200) + "0.tscn", ErrCycle},
		{"a scene instancing itself through its uid://", map[string]string{"a.tscn": "[gd_scene format=3 uid=\"uid://b8x3k2qv5nmj7\"]\n" +
			"[ext_resource type=\"PackedScene\" uid=\"uid://b8x3k2qv5nmj7\" path=\"res://old.tscn\" id=\"1\"]\n[node name=\"R\" type=\"Node\"]\n[node name=\"c\" parent=\".\" instance=ExtResource(\"1\")]\n"},
			"uid://b8x3k2qv5nmj7", ErrCycle},
		{"300 scenes nested, under long names", instancing(300, strings.Repeat("n", 1000)), "res://s299.tscn", ErrTooDeep},
		{"a missing scene named in binary", instancingPath("res://a\x01\n\x1b[2J" + strings.Repeat("b", 200) + ".tscn"), "res://m.tscn", fs.ErrNotExist},
		{"a scene path of 64 KiB", instancingPath("res://" + strings.Repeat("b/", 32<<10) + "c.tscn"), "res://m.tscn", nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Open(writeProject(t, tt.files), WithLimits(Limits{TreeBytesPerByte: 1 << 20}))
			require.NoError(t, err)
			_, err = p.Tree(tt.scene)
			require.Error(t, err)
			msg := err.Error()
			t.Logf("%d bytes: %.300s", len(msg), msg)
			if tt.is != nil {
				assert.ErrorIs(t, err, tt.is)
			}
			var se *SceneError
			assert.ErrorAs(t, err, &se)
			assert.LessOrEqual(t, len(msg), 2048)
			assert.NotContains(t, msg, "\n")
			assert.True(t, utf8.ValidString(msg))
		})
	}
}

// Scene's errors are *SceneErrors, as short; a uid:// that names no file
// is fs.ErrNotExist.
func TestSceneErrorSize(t *testing.T) {
	p, err := Open(writeProject(t, map[string]string{}))
	require.NoError(t, err)
	for _, res := range []string{"res://" + strings.Repeat("b/", 32<<10) + "c.tscn", "uid://b8x3k2qv5nmj7", "res://../" + strings.Repeat("\x00", 4096)} {
		_, err := p.Scene(res)
		var se *SceneError
		assert.ErrorAs(t, err, &se)
		assert.LessOrEqual(t, len(err.Error()), 2048)
		assert.NotContains(t, err.Error(), "\x00")
	}
	_, err = p.Scene("uid://b8x3k2qv5nmj7")
	assert.ErrorIs(t, err, fs.ErrNotExist)
}

// BenchmarkHostileTree makes the tree of each hostile set of scenes of
// TestHostileTree, refused, next to that of an ordinary one (a scene of
// 20 nodes instanced 20 times), its scenes read beforehand: cpu-ns/byte
// is per byte of the scenes.
func BenchmarkHostileTree(b *testing.B) {
	for _, tt := range []struct {
		name  string
		files map[string]string
		err   error
	}{
		{"ordinary", wide(20, 20), nil},
		{"100-scene chain, 1000-byte names", instancing(100, strings.Repeat("n", 1000)), ErrBudget},
		{"17 scenes instancing twice", instancing(17, "a", "b"), ErrBudget},
		{"1000 nodes instanced 20 000 times", wide(1000, 20_000), ErrBudget},
	} {
		p, top, size := readScenes(b, tt.files)
		b.Run(tt.name, func(b *testing.B) {
			cputime.PerByte(b, size, func() error {
				if _, err := p.Tree(top); !errors.Is(err, tt.err) {
					return fmt.Errorf("got %v, want %v", err, tt.err)
				}
				return nil
			})
		})
	}
}

// A chain of small scenes costs Tree, reading them included, a small
// multiple of their bytes and a few KiB a file: a scene read holds a
// window on its text that grows with it, not a fixed 64 KiB.
func TestHostileTreeOfSmallScenes(t *testing.T) {
	warm, err := Open(writeProject(t, instancing(2, "a"))) // what the first use of the packages allocates, once
	require.NoError(t, err)
	_, err = warm.Tree("res://s1.tscn")
	require.NoError(t, err)
	files := instancing(250, "a")
	size := 0
	for _, text := range files {
		size += len(text)
	}
	p, err := Open(writeProject(t, files))
	require.NoError(t, err)
	hostile.Collect()
	var tree []SceneNode
	alloc := hostile.Allocated(func() { tree, err = p.Tree("res://s249.tscn") })
	require.NoError(t, err)
	require.Len(t, tree, 250)
	perFile := (alloc - min(alloc, hostile.Bound(size))) / uint64(len(files))
	t.Logf("%d scenes of %d bytes: %d KiB allocated (%.1f per byte; %d bytes a file beyond the bound)", len(files), size, alloc>>10, float64(alloc)/float64(size), perFile)
	assert.LessOrEqual(t, alloc, hostile.Bound(size)+uint64(len(files))*perFileRead)
}

// perFileRead is what reading a scene may cost beyond the bytes of its
// text: its File, its reader and their tables.
const perFileRead = 12 << 10
