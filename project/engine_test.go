package project

import (
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestInherits(t *testing.T) {
	tests := []struct {
		class, base string
		want        bool
	}{
		{"Node3D", "Node3D", true},
		{"Node3D", "Node", true},
		{"CharacterBody3D", "Node3D", true},
		{"CharacterBody3D", "Object", true},
		{"Node", "Node3D", false},
		{"Node2D", "Node3D", false},
		{"Control", "CanvasItem", true},
		{"Node", "RefCounted", false},
		{"NoSuchClass", "Node", false},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, inherits(tt.class, tt.base), "%s of %s", tt.class, tt.base)
	}
	e := engineNames()
	assert.True(t, e.nodes["Node"] && e.nodes["CharacterBody3D"] && !e.nodes["Resource"])
	assert.True(t, e.abstract["CanvasItem"] && e.abstract["EditorPlugin"] && !e.abstract["Node3D"])
	assert.Len(t, e.classes, len(e.parents)+1, "every class but Object has a parent")
}

// The project's config/features picks the class table: the newest at or
// before the version it names, 4.6's where it names none.
func TestTableFor(t *testing.T) {
	for _, tt := range []struct {
		features []string
		want     string
	}{
		{nil, "4.6"},
		{[]string{"4.2", "Forward Plus"}, "4.6"},
		{[]string{"4.6"}, "4.6"},
		{[]string{"4.7", "C#", "Mobile"}, "4.7"},
		{[]string{"GL Compatibility", "4.7"}, "4.7"},
		{[]string{"4.9"}, "4.7"},
		{[]string{"4.7.1", "x4.7", "5.0"}, "4.6"},
	} {
		assert.Equal(t, tt.want, tableFor(tt.features), "%q", tt.features)
	}
	e := engineTables["4.7"]()
	assert.True(t, e.nodes["AreaLight3D"] && e.inherits("AreaLight3D", "Light3D") && e.classes["Node3D"])
	assert.False(t, engineNames().classes["AreaLight3D"])
	for line := range strings.Lines(classes47) {
		fields := strings.Fields(line)
		require.Equal(t, "subclasses", fields[0], line)
		assert.True(t, e.classes[fields[1]], "%s: its parent a class of 4.7", line)
		for _, c := range fields[2:] {
			assert.False(t, engineNames().classes[c], "%s: already a class of 4.6", c)
		}
	}
}

// A node of a class the project's engine version lacks is an error that
// names the class and the version; with the version that has it, the
// node reads.
func TestUnknownClass(t *testing.T) {
	scene := "[gd_scene format=3]\n[node name=\"Main\" type=\"Node3D\"]\n[node name=\"Light\" type=\"AreaLight3D\" parent=\".\"]\n[node name=\"Mine\" type=\"MyNode\" parent=\".\"]\n"
	for _, tt := range []struct {
		features, want string
	}{
		{`PackedStringArray("4.7", "Forward Plus")`, ""},
		{`PackedStringArray("4.6", "Forward Plus")`, "res://main.tscn: node Light: project: unknown class: AreaLight3D is not a class of Godot 4.6"},
		{`PackedStringArray("4.7")`, ""},
	} {
		p, err := Open(writeProject(t, map[string]string{
			"project.godot": "config_version=5\n[application]\nconfig/features=" + tt.features + "\n",
			"main.tscn":     scene,
			"my.gd":         "class_name MyNode\nextends Node\n",
		}))
		require.NoError(t, err)
		_, err = p.Tree("res://main.tscn")
		if tt.want == "" {
			assert.NoError(t, err, tt.features)
			continue
		}
		assert.ErrorIs(t, err, ErrUnknownClass)
		assert.ErrorContains(t, err, tt.want)
	}
}

// TestClassesFromDocs writes classes47.txt from the doc XML files of a
// Godot 4.7 checkout (GDVAR_GODOT_DOCS, its root: doc/classes/*.xml and
// modules/*/doc_classes/*.xml): each class that 4.6's table lacks, under
// its parent (inherits=). The classes 4.6 has that the docs lack are
// listed, for a hand to remove. Without GDVAR_GODOT_DOCS it is skipped.
func TestClassesFromDocs(t *testing.T) {
	root := os.Getenv("GDVAR_GODOT_DOCS")
	if root == "" {
		t.Skip("GDVAR_GODOT_DOCS names no Godot 4.7 checkout")
	}
	files, err := filepath.Glob(filepath.Join(root, "doc", "classes", "*.xml"))
	require.NoError(t, err)
	modules, err := filepath.Glob(filepath.Join(root, "modules", "*", "doc_classes", "*.xml"))
	require.NoError(t, err)
	header := regexp.MustCompile(`<class name="([A-Za-z0-9_]+)"(?: inherits="([A-Za-z0-9_]+)")?`)
	e := engineNames()
	added := map[string][]string{} // parent → the new classes under it
	documented := names{}
	for _, f := range append(files, modules...) {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		m := header.FindSubmatch(data)
		if m == nil || e.types[string(m[1])] || strings.HasPrefix(string(m[1]), "@") {
			continue // a built-in type, @GlobalScope
		}
		class, parent := string(m[1]), string(m[2])
		documented[class] = true
		if !e.classes[class] && parent != "" {
			added[parent] = append(added[parent], class)
		}
	}
	var b strings.Builder
	for _, parent := range slices.Sorted(maps.Keys(added)) {
		slices.Sort(added[parent])
		b.WriteString("subclasses " + parent + " " + strings.Join(added[parent], " ") + "\n")
	}
	require.NoError(t, os.WriteFile("classes47.txt", []byte(b.String()), 0o644))
	for c := range e.classes {
		if !documented[c] && !e.abstract[c] {
			t.Logf("%s: a class of 4.6 that the 4.7 docs lack", c)
		}
	}
}

// A GDScript's engine base, and a class_name hiding an engine class, are
// those of the project's version (config/features), as a C# class's are.
func TestScriptEngineVersion(t *testing.T) {
	for _, tt := range []struct{ features, script, err string }{
		{`PackedStringArray("4.7", "Forward Plus")`, "extends AreaLight3D\n", ""},
		{`PackedStringArray("4.6")`, "extends AreaLight3D\n", `"AreaLight3D"`},
		{`PackedStringArray("4.7")`, "class_name AreaLight3D\nextends Node\n", `hides a native class`},
		{`PackedStringArray("4.6")`, "class_name AreaLight3D\nextends Node\n", ""},
	} {
		dir := writeProject(t, map[string]string{
			"project.godot": "config_version=5\n[application]\nconfig/features=" + tt.features + "\n",
			"lamp.gd":       tt.script,
		})
		p, err := Open(dir)
		require.NoError(t, err)
		_, err = p.Resolve("res://lamp.gd")
		if tt.err != "" {
			assert.ErrorContains(t, err, tt.err, tt.features+" "+tt.script)
			continue
		}
		assert.NoError(t, err, tt.features+" "+tt.script)
	}
}

// A project is for the engine its project.godot's config_version says.
func TestProjectEngine(t *testing.T) {
	tests := []struct {
		settings string
		want     gdvar.Engine
	}{
		{"config_version=5\n", gdvar.Godot4},
		{"config_version=4\n", gdvar.Godot3},
		{"config_version=3\n", gdvar.Godot3},
		{"[application]\n", gdvar.Godot4},
	}
	for _, tt := range tests {
		dir := t.TempDir()
		require.NoError(t, os.WriteFile(filepath.Join(dir, "project.godot"), []byte(tt.settings), 0o644))
		p, err := Open(dir)
		require.NoError(t, err)
		assert.Equal(t, tt.want, p.Engine(), "%q", tt.settings)
	}
}
