package project

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/cputime"
	"github.com/gdvar/gdvar/internal/testrig/godot"
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
		want      []exported3
	}{
		{"forms", "extends Resource\nexport var a = 1\nexport(Resource) var b\nexport var c: Texture\nexport(int, \"A\", \"B\") var d = 0\n" +
			"export(Array, Resource) var e = []\nexport var f = preload(\"res://x.tres\")\nexport var g := 2\nexport(NodePath) var h\nexport(Object) var i\n",
			"", []exported3{{name: "a"}, {"b", true}, {"c", true}, {name: "d"},
				{name: "e"}, {"f", true}, {name: "g"}, {name: "h"}, {"i", true}}},
		{"not statements", "extends \"base.gd\"\n# export var a = 1\nvar s = \"\"\"\nexport var b = 1\n\"\"\"\nvar d = {\nexport = 1,\n}\nfunc f():\n\texport var c\n" +
			"var t = 'x # \\' y'\nexport var e = 1 # export var z\n",
			"base.gd", []exported3{{name: "e"}}},
		{"crlf, continued", "extends Resource\r\nexport(String,\r\n\tMULTILINE) var a = \"\"\r\nexport var b = \\\r\n\t1\r\nexport var c = {\r\n\t\"k\": 1,\r\n}\r\n",
			"", []exported3{{name: "a"}, {name: "b"}, {name: "c"}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, err := parseScript3([]byte(c.src), "res://a.gd")
			require.NoError(t, err)
			assert.Equal(t, c.extends, s.extends)
			assert.Equal(t, c.want, s.exports)
		})
	}
}

// exportCases3 are Godot 3 scripts exporting variables typed by their
// own constants and enums and another script's, with what Godot 3.6 and
// 3.2 make of each (TestLiveExports3): the kind of each export ("object"
// or "value"), or the error that refuses the script.
var exportCases3 = []struct{ name, src, want string }{
	{"an enum", "enum E {A, B}\nexport(E) var v\nexport(Array, E) var w\n", "v=value, w=value"},
	{"another script's enum", "const Other = preload(\"res://other.gd\")\nexport(Other.OE) var v\n", "v=value"},
	{"a constant resource as the value", "const R = preload(\"res://r.tres\")\nexport var v = R\n", "v=object"},
	{"engine classes", "export(Resource) var a\nexport var b: Resource\nexport(int) var c\nexport var d: int\n", "a=object, b=object, c=value, d=value"},
	{"an enum declared after", "export(E) var v\nenum E {A, B}\n", "Expected a constant expression."},
	{"a script as the hint", "const Item = preload(\"res://item.gd\")\nexport(Item) var v\n", "The export hint isn't a resource type."},
	{"a resource as the hint", "const R = preload(\"res://r.tres\")\nexport(R) var v\n", "The export hint isn't a resource type."},
	{"a number as the hint", "const N = 5\nexport(N) var v\n", "Expected type for export."},
	{"a script as an Array's hint", "const Item = preload(\"res://item.gd\")\nexport(Array, Item) var v\n", "The export hint isn't a resource type."},
	{"a script as the type", "const Item = preload(\"res://item.gd\")\nexport var v: Item\n", "Invalid export type. Only built-in and native resource types can be exported."},
	{"an enum as the type", "enum E {A}\nexport var v: E\n", "Invalid export type. Only built-in and native resource types can be exported."},
	{"another script's enum as the type", "const Other = preload(\"res://other.gd\")\nexport var v: Other.OE\n", "Invalid export type. Only built-in and native resource types can be exported."},
	{"a script as the value", "const Item = preload(\"res://item.gd\")\nexport var v = Item\n", "Invalid export type. Only built-in and native resource types can be exported."},
}

// exportFiles3 are the files exportCases3 name, and its scripts
// (res://c/NAME.gd).
func exportFiles3() map[string]string {
	files := map[string]string{
		"project.godot": "config_version=4\n",
		"item.gd":       "extends Resource\nexport var n = 1\n",
		"other.gd":      "extends Resource\nconst Item = preload(\"res://item.gd\")\nenum OE {X, Y}\n",
		"r.tres":        "[gd_resource type=\"Resource\" format=2]\n\n[resource]\n",
	}
	for i, c := range exportCases3 {
		files[fmt.Sprintf("c/%d.gd", i)] = "extends Resource\n" + c.src
	}
	return files
}

// exportsText writes what StoredProperties reads of a Godot 3 script, as
// the harness of TestLiveExports3 writes the engine's.
func exportsText(p *Project, res string) string {
	props, err := p.StoredProperties(res)
	var se *ScriptError
	if errors.As(err, &se) {
		return se.Message
	} else if err != nil {
		return err.Error()
	}
	var out []string
	for _, prop := range props {
		kind := "value"
		if prop.Object {
			kind = "object"
		}
		out = append(out, prop.Name+"="+kind)
	}
	return strings.Join(out, ", ")
}

func TestExports3(t *testing.T) {
	p, err := Open(writeProject(t, exportFiles3()))
	require.NoError(t, err)
	for i, c := range exportCases3 {
		assert.Equal(t, c.want, exportsText(p, fmt.Sprintf("res://c/%d.gd", i)), c.name)
	}
}

// A Godot 3 project's global classes are those project.godot's
// _global_script_classes lists, as ScriptServer::init_languages reads
// them: an entry lacking its class, base, language or path is passed
// over, and of a name listed twice the last is kept.
func TestGlobalClasses3(t *testing.T) {
	entry := func(class, path string, leave string) string {
		var keys []string
		for _, kv := range [][2]string{{"base", "Resource"}, {"class", class}, {"language", "GDScript"}, {"path", path}} {
			if kv[0] != leave {
				keys = append(keys, fmt.Sprintf("%q: %q", kv[0], kv[1]))
			}
		}
		return "{\n" + strings.Join(keys, ",\n") + "\n}"
	}
	p, err := Open(writeProject(t, map[string]string{"project.godot": "config_version=4\n\n_global_script_classes=[ " + strings.Join([]string{
		entry("Twice", "res://first.gd", ""), entry("Twice", "res://last.gd", ""),
		entry("NoBase", "res://a.gd", "base"), entry("NoLanguage", "res://a.gd", "language"),
		entry("NoPath", "res://a.gd", "path"), entry("Whole", "res://whole.gd", ""),
	}, ", ") + " ]\n"}))
	require.NoError(t, err)
	for name, want := range map[string]string{"Twice": "res://last.gd", "Whole": "res://whole.gd", "NoBase": "", "NoLanguage": "", "NoPath": "", "Node": ""} {
		assert.Equal(t, want, p.globalClass3(name), name)
	}
}

// TestLiveExports3 has Godot 3.6 and 3.2 load each of exportCases3's
// scripts and say what each variable it exports holds, or that it does
// not load, and checks that the reader reads the same, and that the case
// says so.
func TestLiveExports3(t *testing.T) {
	for _, name := range []string{godot.Godot3_6, godot.Godot3_2} {
		t.Run(name, func(t *testing.T) {
			engine := godot.Require(t, name)
			files := exportFiles3()
			files["exports3.gd"] = harness(t, "project", "exports3.gd")
			dir := writeProject(t, files)
			var list []string
			for i := range exportCases3 {
				list = append(list, fmt.Sprintf("res://c/%d.gd", i))
			}
			listFile := writeList(t, list)
			out := godot.StartWith(t, engine, "--path", dir, "-s", "res://exports3.gd", "--", listFile).Wait(t)
			p, err := Open(dir)
			require.NoError(t, err)
			for i, c := range exportCases3 {
				res := fmt.Sprintf("res://c/%d.gd", i)
				want := godot.Line(t, out, res+":")
				got := exportsText(p, res)
				if want == "REFUSED" { // the engine's message is in its log, not in the harness's answer
					assert.NotContains(t, c.want, "=", c.name)
					assert.NotContains(t, got, "=", "%s: %s", c.name, got)
					continue
				}
				assert.Equal(t, want, got, c.name)
				assert.Equal(t, c.want, want, "%s: the case's own verdict", c.name)
			}
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
// reader the most per byte: the smallest exports and constants by the
// thousand, exports with long hint lists, one statement spanning the
// file, strings.
func hostileScripts3(size int) []hostile.Input {
	return []hostile.Input{
		{Name: "exports", Data: fill("", size, func(i int) string { return "export var " + n36(i) + "=1\n" })},
		{Name: "exports of classes", Data: fill("", size, func(i int) string { return "export(R)var " + n36(i) + "\n" })},
		{Name: "constants", Data: fill("", size, func(i int) string { return "const " + n36(i) + "=1\n" })},
		{Name: "exports of enums", Data: fill("enum E{A}\n", size, func(i int) string { return "export(E)var " + n36(i) + "\n" })},
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
