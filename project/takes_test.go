package project

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Takes says which names an instance keeps when loading sets them: a
// variable of the script or a base, stored or not, or any name where one
// defines _set; a C# script takes every name, as does Godot 3.
func TestTakes(t *testing.T) {
	p, err := Open(writeProject(t, map[string]string{
		"base.gd":   "extends Resource\nvar hidden := 1\n",
		"item.gd":   "extends \"base.gd\"\n@export var label := \"\"\n",
		"setter.gd": "extends \"item.gd\"\nfunc _set(name: StringName, value: Variant) -> bool:\n\treturn false\n",
		"sub.gd":    "extends \"setter.gd\"\n",
		"Stats.cs":  "using Godot;\npublic partial class Stats : Resource\n{\n}\n",
	}))
	require.NoError(t, err)
	for _, c := range []struct {
		script, name string
		want         bool
	}{
		{"res://item.gd", "label", true},
		{"res://item.gd", "hidden", true},
		{"res://item.gd", "gone", false},
		{"res://base.gd", "label", false},
		{"res://sub.gd", "gone", true},
		{"res://Stats.cs", "gone", true},
	} {
		got, err := p.Takes(c.script, c.name)
		require.NoError(t, err, c.script)
		assert.Equal(t, c.want, got, "%s %s", c.script, c.name)
	}
	_, err = p.Takes("res://missing.gd", "x")
	assert.Error(t, err)

	p3, err := Open(writeProject(t, map[string]string{"project.godot": "config_version=4\n", "a.gd": "extends Resource\n"}))
	require.NoError(t, err)
	got, err := p3.Takes("res://a.gd", "gone")
	require.NoError(t, err)
	assert.True(t, got, "Godot 3's loading is not modelled")
}
