package project

import (
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
// part a project declares and Project.Resolve looks up the bases, by the
// C# names of the engine classes of the project's version (Godot 4.6's
// here). An
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
	s := newCSScope(limits.MaxDepth, engineNames())
	s.add(f)
	g, serr := scriptClass(f)
	if serr != nil {
		return nil, serr
	}
	sc := s.makeScript(g.sortedParts(), path)
	if sc.Class.fault != nil {
		return nil, sc.Class.fault
	}
	return sc, nil
}

// scriptClass returns the type of a file's script class, the file in a
// csScope: the class, not nested in another type, named after the file
// (ScriptPathAttributeGenerator); or the engine's reason to make no
// script of it.
func scriptClass(f *csFile) (*csType, *ScriptError) {
	stem := strings.TrimSuffix(path.Base(f.path), path.Ext(f.path))
	var found *csType
	for t := range f.types.all() {
		if t.outer != nil || t.name != stem || t.kind != csClassKind || t.group == found {
			continue
		}
		if found != nil {
			return nil, &ScriptError{Path: f.path, Line: int(t.line), Message: fmt.Sprintf("GD0003: Found multiple classes with the name '%s' in the same script file", Shown(stem))}
		}
		found = t.group
	}
	if found == nil {
		return nil, &ScriptError{Path: f.path, Message: fmt.Sprintf("Cannot instantiate C# script because the associated class could not be found: the file declares no class %s (a script's class is the one named after its file exactly; it's case-sensitive).", Shown(stem))}
	}
	return found, nil
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

// makeScript makes the Script of a class from its parts, in order:
// their attributes, base, [Rpc] methods, and [Export] members in the
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
	methods, exports := 0, 0
	for _, t := range parts {
		methods += t.methods().len()
		exports += t.exports().len()
	}
	c.Methods = make([]Method, 0, methods)
	c.Properties = make([]Property, 0, exports)
	var typ *csTypeRef // the last export's type and what it maps to: declarators share one
	var mapped Type
	var ok bool
	for _, t := range parts { // by path, and in a file in order: by line
		if c.Line == 0 && t.file.path == at {
			c.Line = int(t.line)
		}
		if !slices.Contains(cc.Files, t.file.path) {
			cc.Files = append(cc.Files, t.file.path)
		}
		sc.Tool = sc.Tool || t.tool
		cc.Global = cc.Global || t.global
		cc.Partial = cc.Partial || t.partial
		c.Abstract = c.Abstract || t.abstract
		if len(t.bases) > 0 && c.Extends.Line == 0 {
			c.Extends = Extends{Names: partNames(t.bases[0].parts), Line: int(t.baseLine)}
		}
		if c.fault == nil {
			c.fault = t.fault
		}
		for m := range t.methods().all() {
			c.Methods = append(c.Methods, Method{Name: m.name, RPC: m.rpc, Line: int(m.line),
				AsksSender: m.asksSender, AsksServer: m.asksServer, cs: &csSig{s, t, m.params}})
		}
		for e := range t.exports().all() {
			if e.typ != typ {
				typ = e.typ
				mapped, ok = s.variantType(*typ, t)
			}
			if !ok {
				if c.fault == nil {
					c.fault = exportFault(t, e.name, int(e.line), "GD0102")
				}
				continue
			}
			c.Properties = append(c.Properties, Property{Name: e.name, Type: mapped, Export: true, Line: int(e.line)})
		}
	}
	if c.Line == 0 {
		c.Line = int(first.line)
	}
	if cc.Global && first.arity > 0 && c.fault == nil {
		c.fault = &ScriptError{Path: first.file.path, Line: int(first.line), Message: fmt.Sprintf("GD0402: The class '%s' must not be generic", first.display())}
	}
	return sc
}
