package csharp

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
)

// Scope is the C# types a declaration can name: a project's, or those
// of one file read alone. Namespaces and types are found by walking
// from namespace to namespace and from type to nested type, so that no
// name is made longer than it is written.
type Scope struct {
	root       *space
	spaces     map[spaceKey]*space
	types      map[typeKey]*Type
	named      map[string]*space // namespaces by full name, as declarations and usings write them
	maxDepth   int
	engine     Engine                 // the engine's classes, of the project's version
	classNames map[string]string      // their C# names (engineNames)
	found      map[lookupKey]*Type    // find's answers
	godot      map[*Type]int          // godotClass's answers
	imports    map[*File]*fileImports // what each file's using directives import
}

// space is a namespace of the project.
type space struct{ parent *space }

// spaceKey names a namespace in its parent.
type spaceKey struct {
	parent *space
	name   string
}

// typeKey names a type in its namespace (outer nil) or outer type (by
// its first part); a generic one's name has its arity (A`1).
type typeKey struct {
	ns    *space
	outer *Type
	name  string
}

// lookupKey is a name looked up from a type.
type lookupKey struct {
	from *Type
	name string
}

// fileImports is what a file's using directives import that the project
// declares: namespaces, and types (using static).
type fileImports struct {
	spaces []*space
	types  []*Type
}

// NewScope returns a scope of no types yet (see Add), whose lookups go
// at most maxDepth bases deep, and whose names of engine classes are
// those of engine.
func NewScope(maxDepth int, engine Engine) *Scope {
	root := &space{}
	return &Scope{root: root, spaces: map[spaceKey]*space{}, types: map[typeKey]*Type{},
		named: map[string]*space{"": root}, maxDepth: maxDepth, engine: engine, classNames: engineNames(engine)}
}

// arityName is a type's name in its namespace or outer type.
func arityName(name string, arity int) string {
	if arity == 0 {
		return name
	}
	return name + "`" + strconv.Itoa(arity)
}

// Add adds a file's types: the parts of a partial type in several files
// come together.
func (s *Scope) Add(f *File) {
	for t := range f.types.all() {
		k := typeKey{name: arityName(t.name, int(t.arity))}
		if t.outer != nil {
			k.outer = t.outer.group
		} else {
			k.ns = s.namespace(t.namespace, true)
		}
		g := s.types[k]
		if g == nil {
			s.types[k], t.group = t, t
			continue
		}
		t.group = g
		m := g.members()
		if len(m.parts) == 0 {
			m.parts = append(m.parts, g)
		}
		m.parts = append(m.parts, t)
		m.sorted = false
	}
	s.found, s.godot, s.imports = nil, nil, nil // what the new types may change
}

// namespace returns the namespace of a full name ("" is the global one),
// made where create says, or nil where the project declares none.
func (s *Scope) namespace(name string, create bool) *space {
	if ns, ok := s.named[name]; ok {
		return ns
	}
	ns := s.root
	for part := range strings.SplitSeq(name, ".") {
		k := spaceKey{ns, part}
		next := s.spaces[k]
		if next == nil {
			if !create {
				return nil
			}
			next = &space{parent: ns}
			s.spaces[k] = next
		}
		ns = next
	}
	s.named[name] = ns
	return ns
}

// sortedParts returns the parts of a type whose first part is g, sorted
// by their files' paths (ordinal), then their places in a file.
func (g *Type) sortedParts() []*Type {
	if g.more == nil || len(g.more.parts) == 0 {
		return []*Type{g}
	}
	if !g.more.sorted {
		slices.SortStableFunc(g.more.parts, func(a, b *Type) int { return cmp.Compare(a.file.path, b.file.path) })
		g.more.sorted = true
	}
	return g.more.parts
}

// outerType returns the type that a type whose first part is g is
// declared in, or nil.
func (g *Type) outerType() *Type {
	if g.outer == nil {
		return nil
	}
	return g.outer.group
}

// names returns the names of a dotted name's parts, each generic one
// with its arity.
func arityNames(parts []namePart) []string {
	out := make([]string, len(parts))
	for i, p := range parts {
		out[i] = arityName(p.name, len(p.args))
	}
	return out
}

// find returns the project type that a name written in a declaration of
// from (a member's type, a base) names, as C#'s name lookup finds it: a
// type nested in from or its outer types, then one in from's namespace
// or those around it, then one that the file's using directives import;
// nil where the project has none.
func (s *Scope) find(t TypeRef, from *Type) *Type {
	parts := from.file.expand(t)
	if len(parts) == 0 {
		return nil
	}
	q := lookupKey{from, parts[0].name}
	if len(parts) > 1 || len(parts[0].args) > 0 || t.global {
		q.name = strings.Join(arityNames(parts), ".") + "."
		if t.global {
			q.name = "global::" + q.name
		}
	}
	if g, ok := s.found[q]; ok {
		return g
	}
	if s.found == nil {
		s.found = map[lookupKey]*Type{}
	}
	g := s.lookup(arityNames(parts), from, t.global)
	s.found[q] = g
	return g
}

// lookup is find, uncached, for a name's parts.
func (s *Scope) lookup(names []string, from *Type, global bool) *Type {
	if global {
		return s.inNamespace(s.root, names)
	}
	for o := from.group; o != nil; o = o.outerType() {
		if g := s.nested(o, names); g != nil {
			return g
		}
	}
	for ns := s.namespace(from.namespace, false); ns != nil; ns = ns.parent {
		if g := s.inNamespace(ns, names); g != nil {
			return g
		}
	}
	imp := s.importsOf(from.file)
	for _, ns := range imp.spaces {
		if g := s.types[typeKey{ns: ns, name: names[0]}]; g != nil {
			if g = s.nested(g, names[1:]); g != nil {
				return g
			}
		}
	}
	for _, o := range imp.types {
		if g := s.nested(o, names); g != nil {
			return g
		}
	}
	return nil
}

// nested returns the type nested in g that the names name, one in the
// next.
func (s *Scope) nested(g *Type, names []string) *Type {
	for _, n := range names {
		if g = s.types[typeKey{outer: g, name: n}]; g == nil {
			return nil
		}
	}
	return g
}

// inNamespace returns the type the names name from a namespace: some
// namespaces within it, a type, types nested in it.
func (s *Scope) inNamespace(ns *space, names []string) *Type {
	for i, n := range names {
		if g := s.types[typeKey{ns: ns, name: n}]; g != nil {
			if g = s.nested(g, names[i+1:]); g != nil {
				return g
			}
		}
		if ns = s.spaces[spaceKey{ns, n}]; ns == nil {
			return nil
		}
	}
	return nil
}

// importsOf returns what a file's using directives import, found once.
func (s *Scope) importsOf(f *File) *fileImports {
	if imp, ok := s.imports[f]; ok {
		return imp
	}
	imp := &fileImports{}
	for _, u := range f.usings {
		if ns := s.namespace(u, false); ns != nil && !slices.Contains(imp.spaces, ns) {
			imp.spaces = append(imp.spaces, ns)
		}
	}
	for _, st := range f.statics {
		if g := s.inNamespace(s.root, strings.Split(st, ".")); g != nil {
			imp.types = append(imp.types, g)
		}
	}
	if s.imports == nil {
		s.imports = map[*File]*fileImports{}
	}
	s.imports[f] = imp
	return imp
}

// resolvedBase is what a class's base resolves to.
type resolvedBase struct {
	group  *Type  // a class of the project, or nil
	native string // an engine class, or ""
	// none says the class has no base class (none written, or an
	// interface first): it derives from System.Object.
	none bool
	ref  TypeRef // the base as written, when neither is found
}

// base resolves the base of a class, whose parts are given: the first
// type its base list names, if it is a class.
func (s *Scope) base(parts []*Type) resolvedBase {
	for _, t := range parts {
		if len(t.bases) == 0 {
			continue
		}
		ref := t.bases[0]
		if g := s.find(ref, t); g != nil {
			if g.kind == classKind {
				return resolvedBase{group: g}
			}
			return resolvedBase{none: true}
		}
		if native, ok := s.engineClassOf(t.file.expand(ref)); ok {
			return resolvedBase{native: native}
		}
		return resolvedBase{ref: ref}
	}
	return resolvedBase{none: true}
}

// engineClassOf returns the engine class a name written in C# names:
// Node, Godot.Node, HttpRequest (HTTPRequest), GodotObject (Object).
func (s *Scope) engineClassOf(parts []namePart) (string, bool) {
	if len(parts) == 2 && parts[0].name == "Godot" {
		parts = parts[1:]
	}
	if len(parts) != 1 || len(parts[0].args) > 0 {
		return "", false
	}
	c, ok := s.classNames[parts[0].name]
	return c, ok
}

// godotClass says whether a project class derives from GodotObject: 1
// yes, -1 no (its chain ends at System.Object), 0 where the reader
// cannot say (a base it does not find, a chain too long).
func (s *Scope) godotClass(g *Type) int {
	if v, ok := s.godot[g]; ok {
		return v
	}
	if s.godot == nil {
		s.godot = map[*Type]int{}
	}
	v := s.chainEnd(g)
	s.godot[g] = v
	return v
}

// chainEnd is godotClass, uncached.
func (s *Scope) chainEnd(g *Type) int {
	for range s.maxDepth {
		switch b := s.base(g.sortedParts()); {
		case b.native != "":
			return 1
		case b.none:
			return -1
		case b.group == nil:
			return 0
		default:
			g = b.group
		}
	}
	return 0
}
