package project

import (
	"testing"

	"github.com/stretchr/testify/assert"
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
