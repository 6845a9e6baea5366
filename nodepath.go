package gdvar

import "strings"

// NodePath is Godot's NodePath: node names separated by "/", then subnames
// (properties and sub-properties) after ":". An absolute path starts at the
// scene tree's root.
type NodePath struct {
	Names    []string
	SubNames []string
	Absolute bool
}

// String returns the path as Godot writes it, such as "/root/a:b:c".
func (p NodePath) String() string {
	var b strings.Builder
	if p.Absolute {
		b.WriteByte('/')
	}
	for i, n := range p.Names {
		if i > 0 {
			b.WriteByte('/')
		}
		b.WriteString(n)
	}
	for _, s := range p.SubNames {
		b.WriteByte(':')
		b.WriteString(s)
	}
	return b.String()
}
