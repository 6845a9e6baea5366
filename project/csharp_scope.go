package project

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
)

// csScope is the C# types a declaration can name: a project's, each by
// its key with its parts in the order of their files' paths, or those
// of one file read alone.
type csScope struct {
	types    map[string][]*csType
	unsorted bool // parts added since the last sort
	maxDepth int
	found    map[csFound]string // find's answers
	godot    map[string]int     // godotClass's answers
}

// csFound is a name looked up from a type.
type csFound struct {
	from *csType
	key  string
}

// add adds a file's types.
func (s *csScope) add(f *csFile) {
	if s.types == nil {
		s.types = map[string][]*csType{}
	}
	for _, t := range f.types {
		k := t.key()
		s.types[k] = append(s.types[k], t)
	}
	s.unsorted = true
}

// parts returns the parts of the type of a key, in the order of their
// files' paths (ordinal), then of their places in a file.
func (s *csScope) parts(key string) []*csType {
	if s.unsorted {
		for _, parts := range s.types {
			slices.SortStableFunc(parts, func(a, b *csType) int { return cmp.Compare(a.file.path, b.file.path) })
		}
		s.unsorted = false
	}
	return s.types[key]
}

// refKey is the key a dotted name makes: each generic part with its
// arity.
func refKey(parts []csNamePart) string {
	var b strings.Builder
	for i, p := range parts {
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(p.name)
		if len(p.args) > 0 {
			b.WriteString("`" + strconv.Itoa(len(p.args)))
		}
	}
	return b.String()
}

// find returns the key of the project type that a name written in a
// declaration of from (a member's type, a base) names, as C#'s name
// lookup finds it: a type nested in from or its outer types, then in
// from's namespace and those around it, then in the namespaces and types
// the file's using directives import. It returns "" where the project
// has no such type.
func (s *csScope) find(t csTypeRef, from *csType) string {
	parts := from.file.expand(t)
	if len(parts) == 0 {
		return ""
	}
	k := refKey(parts)
	q := csFound{from, k}
	if t.global {
		q.from = nil
	}
	if found, ok := s.found[q]; ok {
		return found
	}
	if s.found == nil {
		s.found = map[csFound]string{}
	}
	found := s.lookup(k, from, t.global)
	s.found[q] = found
	return found
}

// lookup is find, uncached, for the key of a name.
func (s *csScope) lookup(k string, from *csType, global bool) string {
	if global {
		if len(s.parts(k)) > 0 {
			return k
		}
		return ""
	}
	try := func(prefix string) string {
		full := k
		if prefix != "" {
			full = prefix + "." + k
		}
		if len(s.parts(full)) > 0 {
			return full
		}
		return ""
	}
	for o := from; o != nil; o = o.outer {
		if found := try(o.key()); found != "" {
			return found
		}
	}
	for ns := from.namespace; ; {
		if found := try(ns); found != "" {
			return found
		}
		if ns == "" {
			break
		}
		i := strings.LastIndexByte(ns, '.')
		ns = ns[:max(i, 0)]
	}
	for _, u := range slices.Concat(from.file.usings, from.file.statics) {
		if found := try(u); found != "" {
			return found
		}
	}
	return ""
}

// csBase is what a class's base resolves to.
type csBase struct {
	key    string // a class of the project, or ""
	native string // an engine class, or ""
	// none says the class has no base class (none written, or an
	// interface first): it derives from System.Object.
	none bool
	ref  csTypeRef // the base as written, when neither is found
}

// base resolves the base of a class, whose parts are given: the first
// type its base list names, if it is a class.
func (s *csScope) base(parts []*csType) csBase {
	for _, t := range parts {
		if len(t.bases) == 0 {
			continue
		}
		ref := t.bases[0]
		if k := s.find(ref, t); k != "" {
			switch s.parts(k)[0].kind {
			case "class", "record":
				return csBase{key: k}
			}
			return csBase{none: true}
		}
		if native, ok := engineClassOf(t.file.expand(ref)); ok {
			return csBase{native: native}
		}
		return csBase{ref: ref}
	}
	return csBase{none: true}
}

// engineClassOf returns the engine class a name written in C# names:
// Node, Godot.Node, HttpRequest (HTTPRequest), GodotObject (Object).
func engineClassOf(parts []csNamePart) (string, bool) {
	if len(parts) == 2 && parts[0].name == "Godot" {
		parts = parts[1:]
	}
	if len(parts) != 1 || len(parts[0].args) > 0 {
		return "", false
	}
	c, ok := csharpEngineClasses()[parts[0].name]
	return c, ok
}

// godotClass says whether the project class of a key derives from
// GodotObject: 1 yes, -1 no (its chain ends at System.Object), 0 where
// the reader cannot say (a base it does not find, a chain too long).
func (s *csScope) godotClass(key string) int {
	if v, ok := s.godot[key]; ok {
		return v
	}
	if s.godot == nil {
		s.godot = map[string]int{}
	}
	v := s.chainEnd(key)
	s.godot[key] = v
	return v
}

// chainEnd is godotClass, uncached.
func (s *csScope) chainEnd(key string) int {
	for range s.maxDepth {
		switch b := s.base(s.parts(key)); {
		case b.native != "":
			return 1
		case b.none:
			return -1
		case b.key == "":
			return 0
		default:
			key = b.key
		}
	}
	return 0
}
