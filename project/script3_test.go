package project

import (
	"fmt"
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

// A Godot 3 script's exports, in declaration order, are Objects where the
// export names a class, the declared type is a class, or the value is
// preloaded; nothing inside strings, comments or brackets counts.
func TestParseScript3(t *testing.T) {
	for _, c := range []struct {
		name, src string
		extends   string
		want      []resource.ScriptProperty
	}{
		{"forms", "extends Resource\nexport var a = 1\nexport(Resource) var b\nexport var c: Texture\nexport(int, \"A\", \"B\") var d = 0\n" +
			"export(Array, Resource) var e = []\nexport var f = preload(\"res://x.tres\")\nexport var g := 2\nexport(NodePath) var h\nexport(Object) var i\n",
			"", []resource.ScriptProperty{{Name: "a"}, {Name: "b", Object: true}, {Name: "c", Object: true}, {Name: "d"},
				{Name: "e"}, {Name: "f", Object: true}, {Name: "g"}, {Name: "h"}, {Name: "i", Object: true}}},
		{"not statements", "extends \"base.gd\"\n# export var a = 1\nvar s = \"\"\"\nexport var b = 1\n\"\"\"\nvar d = {\nexport = 1,\n}\nfunc f():\n\texport var c\n" +
			"var t = 'x # \\' y'\nexport var e = 1 # export var z\n",
			"base.gd", []resource.ScriptProperty{{Name: "e"}}},
		{"crlf, continued", "extends Resource\r\nexport(String,\r\n\tMULTILINE) var a = \"\"\r\nexport var b = \\\r\n\t1\r\nexport var c = {\r\n\t\"k\": 1,\r\n}\r\n",
			"", []resource.ScriptProperty{{Name: "a"}, {Name: "b"}, {Name: "c"}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, err := parseScript3([]byte(c.src), "res://a.gd")
			require.NoError(t, err)
			assert.Equal(t, c.extends, s.extends)
			assert.Equal(t, c.want, s.exports)
		})
	}
}

// StoredProperties of a Godot 3 project lists the bases' exports first,
// following a base by path, relative path or class_name.
func TestStoredProperties3(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"project.godot": "config_version=4\n\n_global_script_classes=[ {\n\"base\": \"Resource\",\n\"class\": \"Base\",\n\"language\": \"GDScript\",\n\"path\": \"res://lib/base.gd\"\n} ]\n",
		"lib/base.gd":   "extends Resource\nclass_name Base\nexport(Resource) var a\n",
		"lib/mid.gd":    "extends Base\nexport var b = 1\n",
		"top.gd":        "extends \"lib/mid.gd\"\nexport var c: Resource\n",
		"loop.gd":       "extends \"loop.gd\"\n",
		"inner.gd":      "extends \"top.gd\".Inner\n",
	}
	for name, src := range files {
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644))
	}
	p, err := Open(dir)
	require.NoError(t, err)
	got, err := p.StoredProperties("res://top.gd")
	require.NoError(t, err)
	assert.Equal(t, []resource.ScriptProperty{{Name: "a", Object: true}, {Name: "b"}, {Name: "c", Object: true}}, got)
	_, err = p.StoredProperties("res://loop.gd")
	assert.ErrorIs(t, err, ErrTooDeep)
	_, err = p.StoredProperties("res://inner.gd")
	var se *ScriptError
	require.ErrorAs(t, err, &se)
	assert.True(t, se.Unsupported)
	assert.True(t, strings.Contains(se.Message, "inner class"), se.Message)
}

// hostileScripts3 are Godot 3 scripts of about size bytes that cost the
// reader the most per byte: the smallest exports by the thousand, exports
// with long hint lists, one statement spanning the file, strings.
func hostileScripts3(size int) []hostile.Input {
	return []hostile.Input{
		{Name: "exports", Data: fill("", size, func(i int) string { return "export var " + n36(i) + "=1\n" })},
		{Name: "exports of classes", Data: fill("", size, func(i int) string { return "export(R)var " + n36(i) + "\n" })},
		{Name: "long hints", Data: fill("", size, func(i int) string { return "export(int" + strings.Repeat(`,"a"`, 200) + ")var " + n36(i) + "\n" })},
		{Name: "one bracket open", Data: fill("export var a = (\n", size, func(int) string { return "export var b = 1\n" })},
		{Name: "continued lines", Data: fill("export var a = \\\n", size, func(int) string { return "1+\\\n" })},
		{Name: "strings", Data: fill("", size, func(i int) string { return "var " + n36(i) + "=\"\"\"\nexport var b\"\"\"\n" })},
		{Name: "comments", Data: fill("", size, func(int) string { return "#\n" })},
	}
}

// ordinaryScript3 is a Godot 3 script such as a game has.
func ordinaryScript3(size int) []byte {
	return fill("extends Resource\n\n", size, func(i int) string {
		return fmt.Sprintf("export var speed_%[1]s = 300.0\nexport(Array, Resource) var items_%[1]s = []\nvar cooldown_%[1]s = 0.0\n\n"+
			"func hit_%[1]s(amount):\n\tfor item in items_%[1]s:\n\t\tamount = item.absorb(amount)\n\tprint(\"hit by %%d\" %% amount)\n\n", n36(i))
	})
}

// readScript3 returns a read of src as a Godot 3 project's script, its
// project written outside what is measured.
func readScript3(t testing.TB, src []byte) func() error {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "project.godot"), []byte("config_version=4\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "a.gd"), src, 0o644))
	return func() error {
		p, err := Open(dir)
		if err == nil {
			_, err = p.StoredProperties("res://a.gd")
		}
		return err
	}
}

// Every hostile Godot 3 script reads within hostile.Bound.
func TestHostileScript3Memory(t *testing.T) {
	for _, in := range append(hostileScripts3(1<<20), hostile.Input{Name: "ordinary", Data: ordinaryScript3(1 << 20)}) {
		read := readScript3(t, in.Data)
		hostile.Collect()
		var err error
		alloc := hostile.Allocated(func() { err = read() })
		t.Logf("%s: %d bytes, %d KiB allocated (%.1f per byte)", in.Name, len(in.Data), alloc>>10, float64(alloc)/float64(len(in.Data)))
		assert.NoError(t, err, in.Name)
		assert.LessOrEqual(t, alloc, hostile.Bound(len(in.Data)), in.Name)
	}
}

// BenchmarkHostileScript3 reads each hostile Godot 3 script next to an
// ordinary one of the same size: compare cpu-ns/byte.
func BenchmarkHostileScript3(b *testing.B) {
	for _, in := range append([]hostile.Input{{Name: "ordinary", Data: ordinaryScript3(1 << 20)}}, hostileScripts3(1<<20)...) {
		b.Run(in.Name, func(b *testing.B) {
			read := readScript3(b, in.Data)
			cputime.PerByte(b, len(in.Data), read)
		})
	}
}
