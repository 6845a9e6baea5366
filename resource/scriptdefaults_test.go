package resource_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/resource"
	"github.com/gdvar/gdvar/vartext"
)

// declared is a script's variables with their defaults, whatever the path.
type declared []resource.ScriptProperty

func (d declared) StoredProperties(string) ([]resource.ScriptProperty, error) { return d, nil }

// A save through Godot 4 leaves out a script variable whose value equals
// its declared default by Variant's ==, and keeps every other.
func TestSavedAsScriptDefaults(t *testing.T) {
	const header = `[gd_resource type="Resource" format=3]

[ext_resource type="Script" path="res://s.gd" id="1_a"]

[resource]
script = ExtResource("1_a")
`
	tests := []struct {
		name    string
		decl    resource.ScriptProperty
		value   string
		dropped bool
	}{
		{"an int at its default", resource.ScriptProperty{Name: "x", Default: int64(100)}, "100", true},
		{"a float equal to an int default", resource.ScriptProperty{Name: "x", Default: int64(100)}, "100.0", true},
		{"another int", resource.ScriptProperty{Name: "x", Default: int64(100)}, "101", false},
		{"a float off by a little", resource.ScriptProperty{Name: "x", Default: 0.5}, "0.50001", false},
		{"a bool against an int", resource.ScriptProperty{Name: "x", Default: int64(0)}, "false", false},
		{"a string", resource.ScriptProperty{Name: "x", Default: "a"}, `"a"`, true},
		{"a StringName against its string", resource.ScriptProperty{Name: "x", Default: "a"}, `&"a"`, true},
		{"a vector", resource.ScriptProperty{Name: "x", Default: gdvar.Vector2i{X: 16, Y: 16}}, "Vector2i(16, 16)", true},
		{"no default known", resource.ScriptProperty{Name: "x"}, "null", false},
		{"another variable's default", resource.ScriptProperty{Name: "y", Default: int64(100)}, "100", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := resource.Read(strings.NewReader(header+"x = "+tt.value+"\n"), resource.WithScripts(declared{tt.decl}))
			require.NoError(t, err)
			g, err := f.SavedAs("res://b.tres", resource.Text)
			require.NoError(t, err)
			_, kept := g.Main.Get("x")
			assert.Equal(t, !tt.dropped, kept)
			_, still := f.Main.Get("x")
			assert.True(t, still, "f is not changed")
		})
	}
}

// Godot 3's savers compare with the class's defaults only.
func TestSavedAsScriptDefaults3(t *testing.T) {
	const file = `[gd_resource type="Resource" load_steps=2 format=2]

[ext_resource path="res://s.gd" type="Script" id=1]

[resource]
script = ExtResource( 1 )
x = 100
`
	decl := declared{{Name: "x", Default: int64(100)}}
	f, err := resource.Read(strings.NewReader(file), resource.WithScripts(decl), resource.WithText(vartext.WithDialect(vartext.Godot3)))
	require.NoError(t, err)
	g, err := f.SavedAs("res://b.tres", resource.Text)
	require.NoError(t, err)
	_, kept := g.Main.Get("x")
	assert.True(t, kept)
}
