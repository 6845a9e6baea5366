package project

import (
	"cmp"
	"fmt"
	"path"
	"slices"
	"strings"
)

// CSharpClass is the C# class of a script read from a .cs file.
type CSharpClass struct {
	// Namespace is the class's namespace, "" for the global one.
	Namespace string
	// Name is the class's name: its file's, for a script.
	Name string
	// Global says the class is marked [GlobalClass]: the editor
	// registers it as a global class by its Name (see Classes).
	Global bool
	// Partial says the class is declared partial, which Godot's source
	// generators require of a class that derives from GodotObject.
	Partial bool
	// Files are the res:// paths of the files that declare its parts, in
	// the order their members are listed: by path.
	Files []string

	parts []*csType
}

// ParseCSharp reads the declarations of a C# script as Godot's C# source
// generators read them: the class named after the file (path names it),
// its base as written, [GlobalClass], [Tool], its [Export] fields and
// properties with the Variant types they hold, and its [Rpc] methods.
// Only the parts of the class that this file declares are read, and
// names are looked up in this file alone: Project.Script reads every
// part a project declares and Project.Resolve looks up the bases. An
// error is a *ScriptError: the generators' or the compiler's message
// (GD0101, CS0579…) where the build would fail, the engine's where it
// would make no script of the file, or a construct the reader does not
// read (ScriptError.Unsupported); or ErrTooLarge.
func ParseCSharp(src []byte, path string, opts ...Option) (*Script, error) {
	limits := options(opts).limits
	f, err := parseCSharpFile(src, path, limits)
	if err != nil {
		return nil, err
	}
	key, serr := scriptClass(f)
	if serr != nil {
		return nil, serr
	}
	s := &csScope{maxDepth: limits.MaxDepth}
	s.add(f)
	sc := s.makeScript(s.parts(key), path)
	if sc.Class.fault != nil {
		return nil, sc.Class.fault
	}
	return sc, nil
}

// scriptClass returns the key of a file's script class: the class, not
// nested in another type, named after the file
// (ScriptPathAttributeGenerator), or the engine's reason to make no
// script of it.
func scriptClass(f *csFile) (string, *ScriptError) {
	stem := strings.TrimSuffix(path.Base(f.path), path.Ext(f.path))
	var keys []string
	for _, t := range f.types {
		if t.outer != nil || t.name != stem || t.kind != "class" && t.kind != "record" || slices.Contains(keys, t.key()) {
			continue
		}
		if keys = append(keys, t.key()); len(keys) == 2 {
			return "", &ScriptError{Path: f.path, Line: t.line, Message: fmt.Sprintf("GD0003: Found multiple classes with the name '%s' in the same script file", Shown(stem))}
		}
	}
	if len(keys) == 0 {
		return "", &ScriptError{Path: f.path, Message: fmt.Sprintf("Cannot instantiate C# script because the associated class could not be found: the file declares no class %s (a script's class is the one named after its file exactly; it's case-sensitive).", Shown(stem))}
	}
	return keys[0], nil
}

// scriptPath returns the path of the script of a class whose parts are
// given: the file named after it that declares it, or its first part's.
func scriptPath(parts []*csType) string {
	for _, t := range parts {
		if t.outer == nil && strings.TrimSuffix(path.Base(t.file.path), ".cs") == t.name {
			return t.file.path
		}
	}
	return parts[0].file.path
}

// makeScript makes the Script of a class from its parts: their
// attributes, base, [Rpc] methods in order, and [Export] members in the
// order of their files' paths and lines, as ScriptPropertiesGenerator
// lists them, each with the Variant type it holds. The first error of
// its parts, or of an exported type that does not marshal (GD0102), or
// GD0402 is its fault.
func (s *csScope) makeScript(parts []*csType, at string) *Script {
	first := parts[0]
	sc := &Script{Path: at}
	cc := &CSharpClass{Namespace: first.namespace, Name: first.name, parts: parts}
	sc.CSharp = cc
	c := &sc.Class
	c.csharp = true
	type placed struct {
		t *csType
		e csExport
	}
	var exports []placed
	for _, t := range parts {
		if c.Line == 0 && t.file.path == at {
			c.Line = t.line
		}
		if !slices.Contains(cc.Files, t.file.path) {
			cc.Files = append(cc.Files, t.file.path)
		}
		sc.Tool = sc.Tool || t.tool
		cc.Global = cc.Global || t.global
		cc.Partial = cc.Partial || t.partial
		c.Abstract = c.Abstract || t.abstract
		if len(t.bases) > 0 && c.Extends.Line == 0 {
			c.Extends = Extends{Names: partNames(t.bases[0].parts), Line: t.baseLine}
		}
		if c.fault == nil {
			c.fault = t.fault
		}
		for _, m := range t.methods {
			c.Methods = appendDoubling(c.Methods, Method{Name: m.name, RPC: m.rpc, Line: m.line})
		}
		for _, e := range t.exports {
			exports = appendDoubling(exports, placed{t, e})
		}
	}
	if c.Line == 0 {
		c.Line = first.line
	}
	slices.SortStableFunc(exports, func(a, b placed) int {
		return cmp.Or(cmp.Compare(a.t.file.path, b.t.file.path), cmp.Compare(a.e.line, b.e.line))
	})
	for _, x := range exports {
		typ, ok := s.variantType(x.e.typ, x.t)
		if !ok {
			if c.fault == nil {
				c.fault = exportFault(x.t, x.e, "GD0102")
			}
			continue
		}
		c.Properties = appendDoubling(c.Properties, Property{Name: x.e.name, Type: typ, Export: true, Line: x.e.line})
	}
	if cc.Global && first.arity > 0 && c.fault == nil {
		c.fault = &ScriptError{Path: first.file.path, Line: first.line, Message: fmt.Sprintf("GD0402: The class '%s' must not be generic", first.display())}
	}
	return sc
}
