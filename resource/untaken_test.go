package resource_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/resource"
)

// takers is Scripts that are also Setters: a script takes the names it
// lists; a name "?" it cannot tell about.
type takers map[string]bool

func (takers) StoredProperties(string) ([]resource.ScriptProperty, error) { return nil, nil }

func (t takers) Takes(_, name string) (bool, error) {
	if name == "unknown" {
		return false, errors.New("cannot tell")
	}
	return t[name], nil
}

// A Godot 4 save leaves out of a scripted Resource what neither Resource
// nor its script takes, as the engine's load drops it; other classes, and
// names the Scripts cannot tell about, keep theirs.
func TestSavedAsDropsUntaken(t *testing.T) {
	file := func(class string) string {
		return `[gd_resource type="` + class + `" format=3]

[ext_resource type="Script" path="res://s.gd" id="1_a"]

[resource]
script = ExtResource("1_a")
resource_name = "n"
label = "gone"
kept = 1
unknown = 2
metadata/note = 3
`
	}
	for _, tt := range []struct {
		class string
		want  []string
	}{
		{"Resource", []string{"script", "resource_name", "kept", "unknown", "metadata/note"}},
		{"Curve", []string{"script", "resource_name", "label", "kept", "unknown", "metadata/note"}},
	} {
		f, err := resource.Read(strings.NewReader(file(tt.class)), resource.WithScripts(takers{"kept": true}))
		require.NoError(t, err)
		g, err := f.SavedAs("res://b.tres", resource.Text)
		require.NoError(t, err)
		var names []string
		for _, p := range g.Main.Properties {
			names = append(names, p.Name)
		}
		assert.Equal(t, tt.want, names, tt.class)
		_, still := f.Main.Get("label")
		assert.True(t, still, "f is not changed")
	}
}
