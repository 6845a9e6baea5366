package project

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/cputime"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/gdvar/gdvar/resource"
	"github.com/gdvar/gdvar/vartext"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// takesAttack is a project whose r.tres holds scripted resources by the
// thousand, each asking the project what its script stores (Scripts) and
// takes (Setters) as a save does.
type takesAttack struct {
	name  string
	files map[string]string // r.tres and the scripts
	// perVariable says a save's own work for each resource (package
	// resource's File.dropScriptDefaults) goes over every variable of the
	// script, beyond the bound TestHostileTakesConvert keeps.
	perVariable bool
}

// chainOf is n scripts, each extending the next by path, the last
// extending Resource (or the first, for a cycle): what each declares
// after its extends is body(i).
func chainOf(n int, cycle bool, body func(i int) string) map[string]string {
	files := map[string]string{}
	for i := range n {
		ext := fmt.Sprintf("extends \"%d.gd\"\n", (i+1)%n)
		if i == n-1 && !cycle {
			ext = "extends Resource\n"
		}
		files[fmt.Sprintf("%d.gd", i)] = ext + body(i)
	}
	return files
}

// scriptedFile is a resource file of about size bytes: resources of the
// script at res://script, each setting the properties props(i) gives,
// all held by the main resource's Array (holder.gd's), so that a save
// keeps them. format=2 is Godot 3's form.
func scriptedFile(script string, format, size int, props func(i int) string) string {
	ext, ref := `[ext_resource type="Script" path="res://%s" id="%s"]`+"\n", `ExtResource("%s")`
	sub, subRef := `[sub_resource type="Resource" id="r%d"]`+"\n", `SubResource("r%d")`
	if format == 2 {
		ext, ref = `[ext_resource path="res://%s" type="Script" id=%s]`+"\n", `ExtResource( %s )`
		sub, subRef = `[sub_resource type="Resource" id=%d]`+"\n", `SubResource( %d )`
	}
	var b strings.Builder
	fmt.Fprintf(&b, "[gd_resource type=\"Resource\" format=%d]\n\n", format)
	fmt.Fprintf(&b, ext, script, "1")
	fmt.Fprintf(&b, ext, "holder.gd", "2")
	var refs []string
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "\n"+sub+"script = "+ref+"\n%s", i+1, "1", props(i))
		refs = append(refs, fmt.Sprintf(subRef, i+1))
	}
	fmt.Fprintf(&b, "\n[resource]\nscript = "+ref+"\nitems = [%s]\n", "2", strings.Join(refs, ", "))
	return b.String()
}

// takesAttacks are projects whose resource file of about size bytes asks
// the most of their scripts: properties that no script of a chain of
// Limits.MaxDepth takes (each asked of the whole chain), a _set at its
// end, scripts of thousands of variables with initializers (each folded),
// a cycle, C# classes extending one another, a Godot 3 chain by
// class_name (its scripts read and project.godot's global classes looked
// up for each resource), and a project.godot whose config_version comes
// last (read for each question: CPU alone, BenchmarkHostileTakes').
func takesAttacks(size int) []takesAttack {
	depth := DefaultLimits().MaxDepth
	untaken := func(i int) string { // names no script declares, each new
		return fmt.Sprintf("%s = 1\n%s = 1\n%s = 1\n", n36(3*i), n36(3*i+1), n36(3*i+2))
	}
	variable := func(i int) string { return fmt.Sprintf("var v%d\n", i) }
	exported := func(n int) func(i int) string {
		return func(i int) string {
			var b strings.Builder
			for j := range n {
				fmt.Fprintf(&b, "@export var v%d_%d := %d\n", i, j, j)
			}
			return b.String()
		}
	}
	holder := "extends Resource\n@export var items: Array\n"
	with := func(files map[string]string, format int, script string, props func(i int) string) map[string]string {
		files["holder.gd"] = holder
		files["r.tres"] = scriptedFile(script, format, size, props)
		return files
	}
	csharp := map[string]string{}
	for i := range depth {
		base := fmt.Sprintf("C%d", i+1)
		if i == depth-1 {
			base = "Resource"
		}
		csharp[fmt.Sprintf("C%d.cs", i)] = fmt.Sprintf("using Godot;\npublic partial class C%d : %s\n{\n}\n", i, base)
	}
	godot3 := map[string]string{} // each extending the next by its class_name
	var classes []string
	for i := range depth {
		base := fmt.Sprintf("C%d", i+1)
		if i == depth-1 {
			base = "Resource"
		}
		godot3[fmt.Sprintf("%d.gd", i)] = fmt.Sprintf("extends %s\nexport var v%d = 1\n", base, i)
		classes = append(classes, fmt.Sprintf("{\n\"base\": %q,\n\"class\": \"C%d\",\n\"language\": \"GDScript\",\n\"path\": \"res://%d.gd\"\n}", base, i, i))
	}
	godot3["project.godot"] = "config_version=4\n\n_global_script_classes=[ " + strings.Join(classes, ", ") + " ]\n"
	settings := chainOf(depth, false, variable)
	settings["project.godot"] = strings.Repeat("; a comment\n", size/12) + "config_version=5\n"
	return []takesAttack{
		{"untaken names over a chain of bases", with(chainOf(depth, false, variable), 3, "0.gd", untaken), false},
		{"_set at the end of a chain of bases", with(chainOf(depth, false, func(i int) string {
			if i == depth-1 {
				return "func _set(name: StringName, value: Variant) -> bool:\n\treturn false\n"
			}
			return variable(i)
		}), 3, "0.gd", untaken), false},
		{"thousands of variables", with(chainOf(1, false, exported(4000)), 3, "0.gd", func(i int) string {
			return fmt.Sprintf("v0_%d = 1\n", i%4000)
		}), true},
		{"a chain of bases of variables", with(chainOf(depth, false, exported(16)), 3, "0.gd", func(i int) string {
			return fmt.Sprintf("v%d_0 = 1\n", i%depth)
		}), true},
		{"a cycle of bases", with(chainOf(depth/2, true, variable), 3, "0.gd", untaken), false},
		{"C# classes extending one another", with(csharp, 3, "C0.cs", untaken), false},
		{"a Godot 3 chain of bases", with(godot3, 2, "0.gd", func(i int) string {
			return fmt.Sprintf("v%d = 2\n", i%depth)
		}), false},
		{"config_version after a long project.godot", with(settings, 3, "0.gd", untaken), false},
	}
}

// convertWith reads and saves a project's r.tres as gdvar convert does,
// in a form, with the project's scripts (resource.WithScripts).
func convertWith(dir string, form resource.Form) error {
	p, err := Open(dir)
	if err != nil {
		return err
	}
	opts := []resource.Option{resource.WithScripts(p)}
	if p.Engine() == gdvar.Godot4 {
		opts = append(opts, resource.WithText(vartext.WithDialect(vartext.Godot4)))
	}
	tres, err := p.readFile("res://r.tres")
	if err != nil {
		return err
	}
	f, err := resource.Read(bytes.NewReader(tres), opts...)
	if err != nil {
		return err
	}
	f.Path = "res://r.tres"
	g, err := f.SavedAs("res://r.tres", form)
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

// filesBytes is the bytes of a project's files: all that reading it may
// read.
func filesBytes(files map[string]string) int {
	n := 0
	for _, src := range files {
		n += len(src)
	}
	return n
}

// asked asks a project what a save of a resource file asks of it: for
// each scripted resource, what its script stores (Scripts) and whether it
// takes each property the file sets (Setters).
func asked(dir string, f *resource.File) error {
	p, err := Open(dir)
	if err != nil {
		return err
	}
	for _, r := range append(f.Resources[:len(f.Resources):len(f.Resources)], f.Main) {
		v, _ := r.Get("script")
		_, id := resource.RefOf(v)
		i := slices.IndexFunc(f.External, func(x *resource.External) bool { return x.ID == id })
		if i < 0 {
			return fmt.Errorf("%s: no script", r.ID)
		}
		script := f.External[i].Path
		_, _ = p.StoredProperties(script) // an error is what a cycle gives
		for _, prop := range r.Properties {
			_, _ = p.Takes(script, prop.Name)
		}
	}
	return nil
}

// A resource file whose scripted resources by the thousand ask their
// project what their scripts store and take, as a save does, costs the
// project within hostile.Bound of the bytes of the file and the scripts:
// what it tells of a script is made once, not for each resource or
// property, and Takes allocates nothing.
func TestHostileTakes(t *testing.T) {
	for _, a := range takesAttacks(128 << 10) {
		t.Run(a.name, func(t *testing.T) {
			dir := writeProject(t, a.files)
			read := filesBytes(a.files)
			f, err := resource.Read(strings.NewReader(a.files["r.tres"]))
			require.NoError(t, err)
			hostile.Collect()
			start := time.Now()
			alloc := hostile.Allocated(func() { err = asked(dir, f) })
			t.Logf("%d bytes: %v, %d KiB allocated, %.1f a byte", read, time.Since(start), alloc>>10, float64(alloc)/float64(read))
			require.NoError(t, err)
			assert.LessOrEqual(t, alloc, hostile.Bound(read))
		})
	}
}

// The same files read and saved as gdvar convert does, with their
// project's scripts (resource.WithScripts), in either form, allocate
// within hostile.Bound of the bytes of the file and the scripts. Those
// of scripts of thousands of variables are left out: package resource's
// save goes over every variable of the script for each resource
// (File.dropScriptDefaults), which this bound does not cover.
func TestHostileTakesConvert(t *testing.T) {
	for _, a := range takesAttacks(128 << 10) {
		if a.perVariable {
			continue
		}
		t.Run(a.name, func(t *testing.T) {
			dir := writeProject(t, a.files)
			read := filesBytes(a.files)
			for _, form := range []struct {
				name string
				form resource.Form
			}{{"text", resource.Text}, {"binary", resource.Binary}} {
				require.NoError(t, convertWith(dir, form.form)) // what the packages make once
				var err error
				hostile.Collect()
				start := time.Now()
				alloc := hostile.Allocated(func() { err = convertWith(dir, form.form) })
				t.Logf("%s: %d bytes: %v, %d KiB allocated, %.1f a byte", form.name, read, time.Since(start), alloc>>10, float64(alloc)/float64(read))
				require.NoError(t, err)
				assert.LessOrEqual(t, alloc, hostile.Bound(read), form.name)
			}
		})
	}
}

// Takes and StoredProperties allocate nothing once a script is resolved:
// a save asks them for each resource and each property.
func TestTakesAllocs(t *testing.T) {
	files := chainOf(DefaultLimits().MaxDepth, false, func(i int) string { return fmt.Sprintf("@export var v%d := %d\n", i, i) })
	p, err := Open(writeProject(t, files))
	require.NoError(t, err)
	props, err := p.StoredProperties("res://0.gd")
	require.NoError(t, err)
	require.Len(t, props, DefaultLimits().MaxDepth)
	takes, err := p.Takes("res://0.gd", "gone")
	require.NoError(t, err)
	require.False(t, takes)
	assert.Zero(t, testing.AllocsPerRun(10, func() { _, _ = p.Takes("res://0.gd", "gone") }), "Takes")
	assert.Zero(t, testing.AllocsPerRun(10, func() { _, _ = p.StoredProperties("res://0.gd") }), "StoredProperties")
}

// BenchmarkHostileTakes reads and saves takesAttacks' projects as
// TestHostileTakesConvert does, and asks what TestHostileTakes asks,
// against an ordinary project of as many bytes: resources of a script
// of exported variables, each setting a few.
func BenchmarkHostileTakes(b *testing.B) {
	const size = 128 << 10
	ordinary := map[string]string{"holder.gd": "extends Resource\n@export var items: Array\n",
		"item.gd": "extends Resource\n@export var label := \"\"\n@export var count := 1\n@export var speed: float = 2.5\n@export var tags: Array[String] = []\n"}
	ordinary["r.tres"] = scriptedFile("item.gd", 3, size, func(i int) string {
		return fmt.Sprintf("label = \"item %d\"\ncount = %d\nspeed = %d.5\ntags = Array[String]([\"a\", \"b\"])\n", i, i%50, i%9)
	})
	attacks := append([]takesAttack{{"ordinary", ordinary, false}}, takesAttacks(size)...)
	for _, a := range attacks {
		dir := writeProject(b, a.files)
		f, err := resource.Read(strings.NewReader(a.files["r.tres"]))
		require.NoError(b, err)
		b.Run(a.name+"/asked", func(b *testing.B) {
			cputime.PerByte(b, filesBytes(a.files), func() error { return asked(dir, f) })
		})
		b.Run(a.name+"/converted", func(b *testing.B) {
			cputime.PerByte(b, filesBytes(a.files), func() error { return convertWith(dir, resource.Text) })
		})
	}
}

// A resource whose script extends a chain of 250 scripts, converted with
// its project, allocates within hostile.Bound of the bytes of the file and
// the scripts: a small script costs what its bytes do, though the project
// opens it twice (the walk for the class names, then to be parsed), where
// an *os.File and its FileInfo cost 700 bytes an open (90 bytes a byte of
// 40-byte scripts, 3.6 KiB a script).
func TestHostileChainConvert(t *testing.T) {
	const depth = 250
	r := "[gd_resource type=\"Resource\" format=3]\n\n[ext_resource type=\"Script\" path=\"res://0.gd\" id=\"1\"]\n\n[resource]\nscript = ExtResource(\"1\")\nv0 = 5\n"
	for _, tt := range []struct {
		name string
		body func(i int) string
	}{
		{"nothing declared", func(int) string { return "" }},
		{"an exported variable each", func(i int) string { return fmt.Sprintf("@export var v%d := %d\n", i, i) }},
		{"three exported variables each", func(i int) string {
			return fmt.Sprintf("@export var v%d := %d\n@export var w%d: Array[int] = [1]\n@export var x%d := \"s\"\n", i, i, i, i)
		}},
	} {
		files := chainOf(depth, false, tt.body)
		files["r.tres"] = r
		dir := writeProject(t, files)
		read := filesBytes(files)
		for _, form := range []struct {
			name string
			form resource.Form
		}{{"text", resource.Text}, {"binary", resource.Binary}} {
			t.Run(tt.name+"/"+form.name, func(t *testing.T) {
				require.NoError(t, convertWith(dir, form.form)) // what the packages make once
				var err error
				hostile.Collect()
				alloc := hostile.Allocated(func() { err = convertWith(dir, form.form) })
				require.NoError(t, err)
				t.Logf("%d bytes: %d KiB allocated, %.1f a byte, %.1f KiB a script", read, alloc>>10, float64(alloc)/float64(read), float64(alloc)/depth/1024)
				assert.LessOrEqual(t, alloc, hostile.Bound(read))
			})
		}
	}
}
