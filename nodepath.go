package gdvar

import (
	"reflect"
	"slices"
	"strings"
)

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

// nodePathToken writes a path as it was read when it was read from the wire
// and is unchanged, else as Godot writes it.
func nodePathToken(p NodePath) Token {
	if w := p.wire; w != nil && w.matches(p) {
		t := newToken(KindNodePath, TypeNodePath, 0)
		t.setExt(&tokenExt{path: *w})
		return t
	}
	return NodePathToken(p)
}

// matches reports whether the wire form still says what p says.
func (w *nodePathWire) matches(p NodePath) bool {
	if w.words[0]&nodePathNewForm == 0 {
		return reflect.DeepEqual(ParseNodePath(w.names[0]), NodePath{Names: p.Names, SubNames: p.SubNames, Absolute: p.Absolute})
	}
	n := min(int(w.words[0]&^nodePathNewForm), len(w.names)) // as Token.NodePath splits them: counts may wrap
	return slices.Equal(w.names[:n], p.Names) && slices.Equal(w.names[n:], p.SubNames) &&
		(w.words[2]&nodePathAbsolute != 0) == p.Absolute
}

// nodePathValue returns a NodePath, keeping its wire form when Godot would
// write the path otherwise.
func nodePathValue(t Token) NodePath {
	p := t.NodePath()
	if !nodePathCanonical(t) {
		w := &t.ext().path
		c := *w
		c.names = append([]string(nil), w.names...)
		c.pads = append([]uint32(nil), w.pads...)
		p.wire = &c
	}
	return p
}
