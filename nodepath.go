package gdvar

import "strings"

// NodePath is Godot's NodePath: node names separated by "/", then subnames
// (properties and sub-properties) after ":". An absolute path starts at the
// scene tree's root.
type NodePath struct {
	Names    []string
	SubNames []string
	Absolute bool

	// wire is how a decoded path was written when Godot would write it
	// otherwise (Godot 3 fills name padding with stray bytes; Godot 2 has a
	// plain-string form), so that writing it back gives the same bytes.
	wire *nodePathWire
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

// ParseNodePath parses a path as Godot writes it: names separated by "/",
// absolute when it starts with "/", then subnames each after a ":". Empty
// names and subnames are dropped, as Godot drops them.
func ParseNodePath(s string) NodePath {
	var p NodePath
	path, subs, _ := strings.Cut(s, ":")
	p.Absolute = strings.HasPrefix(path, "/")
	for _, n := range strings.Split(path, "/") {
		if n != "" {
			p.Names = append(p.Names, n)
		}
	}
	for _, n := range strings.Split(subs, ":") {
		if n != "" {
			p.SubNames = append(p.SubNames, n)
		}
	}
	return p
}
