package migrate

import (
	_ "embed"
	"strings"
)

//go:embed classes.txt
var classesTxt string

// classes maps Godot 3 class names to Godot 4's (classes.txt).
var classes = func() map[string]string {
	m := map[string]string{}
	for line := range strings.Lines(classesTxt) {
		if old, new, ok := strings.Cut(strings.TrimSpace(line), " "); ok && !strings.HasPrefix(old, "#") {
			m[old] = new
		}
	}
	return m
}()

// Class returns the Godot 4 name of a Godot 3 class, as the engine's
// project converter renames it (Reference → RefCounted, Spatial → Node3D,
// KinematicBody → CharacterBody3D, …), or the name itself where the class
// kept its name. GradientTexture becomes GradientTexture1D, as Godot 4
// itself maps it on loading, not the converter's GradientTexture2D.
func Class(name string) string {
	if n, ok := classes[name]; ok {
		return n
	}
	return name
}
