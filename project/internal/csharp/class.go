package csharp

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/gdvar/gdvar/project/internal/source"
)

// A class is a script as Godot's source generators make one: the class
// named after its file (ScriptPathAttributeGenerator), all of its parts,
// in whatever files of the project declare them.

// ScriptClass returns the script class of a file added to a Scope: its
// class, not nested in another type, named after the file, by its first
// part (which stands for it); or the engine's reason to make no script
// of the file.
func (f *File) ScriptClass() (*Type, *Fault) {
	stem := strings.TrimSuffix(path.Base(f.path), path.Ext(f.path))
	var found *Type
	for t := range f.types.all() {
		if t.outer != nil || t.name != stem || t.kind != classKind || t.group == found {
			continue
		}
		if found != nil {
			return nil, &Fault{Path: f.path, Line: int(t.line), Message: fmt.Sprintf("GD0003: Found multiple classes with the name '%s' in the same script file", source.Shown(stem))}
		}
		found = t.group
	}
	if found == nil {
		return nil, &Fault{Path: f.path, Message: fmt.Sprintf("Cannot instantiate C# script because the associated class could not be found: the file declares no class %s (a script's class is the one named after its file exactly; it's case-sensitive).", source.Shown(stem))}
	}
	return found, nil
}

// PartOf returns the fault of a file without a script class
// ([File.ScriptClass]), adding the script whose class the file's first class
// is a part of, where another file is that script.
func (f *File) PartOf(fault *Fault) *Fault {
	for t := range f.types.all() {
		if t.outer != nil || t.kind != classKind {
			continue
		}
		if at := t.group.ScriptPath(); at != f.path {
			e := *fault
			e.Message += fmt.Sprintf(" Its class %s is a part of the script %s.", source.Shown(t.display()), source.Shown(at))
			return &e
		}
		break
	}
	return fault
}

// GlobalClass returns the name of the file's script class where a part
// of it in this file is marked [GlobalClass], and the last name that
// part's base is written with ("" for none): "" where there is none.
func (f *File) GlobalClass() (name, base string) {
	g, fault := f.ScriptClass()
	if fault != nil {
		return "", ""
	}
	for t := range f.types.all() {
		if t.group != g || !t.global {
			continue
		}
		if len(t.bases) > 0 {
			base = t.bases[0].parts[len(t.bases[0].parts)-1].name
		}
		return t.name, base
	}
	return "", ""
}

// ScriptPath returns the path of the script of the class whose first
// part is g: the file named after it that declares it, or its first
// part's.
func (g *Type) ScriptPath() string {
	parts := g.sortedParts()
	for _, t := range parts {
		if t.outer == nil && strings.TrimSuffix(path.Base(t.file.path), ".cs") == t.name {
			return t.file.path
		}
	}
	return parts[0].file.path
}

// Class is what the parts of a class declare together, made a script:
// its parts, in the order the generators list their members
// (ScriptPropertiesGenerator: by their files' paths, then in a file by
// line), and its attributes, modifiers and base, each that of any part.
type Class struct {
	// Parts are the class's parts, the first standing for the class.
	Parts []*Type
	// Namespace is the class's namespace, "" for the global one.
	Namespace, Name string
	// Global says a part is marked [GlobalClass], Tool [Tool]; Partial
	// and Abstract say a part is declared so.
	Global, Tool, Partial, Abstract bool
	// Files are the paths of the files that declare its parts, in the
	// parts' order.
	Files []string
	// Line is where the class is declared in its script's file (or its
	// first part's line, where that file declares none).
	Line int
	// Base is the names the base is written with, in the first part that
	// names one (nil for none), at [Class.BaseLine].
	Base     []string
	BaseLine int
	// Methods and Exports are how many [Rpc] methods and [Export] members
	// its parts keep.
	Methods, Exports int
}

// Class returns what the parts of the class whose first part is g
// declare together, as the script at path at.
func (g *Type) Class(at string) *Class {
	parts := g.sortedParts()
	first := parts[0]
	c := &Class{Parts: parts, Namespace: first.namespace, Name: first.name}
	for _, t := range parts {
		if c.Line == 0 && t.file.path == at {
			c.Line = int(t.line)
		}
		if !slices.Contains(c.Files, t.file.path) {
			c.Files = append(c.Files, t.file.path)
		}
		c.Tool = c.Tool || t.tool
		c.Global = c.Global || t.global
		c.Partial = c.Partial || t.partial
		c.Abstract = c.Abstract || t.abstract
		if len(t.bases) > 0 && c.Base == nil {
			c.Base, c.BaseLine = partNames(t.bases[0].parts), int(t.baseLine)
		}
		if t.more != nil {
			c.Methods += t.more.methods.len()
			c.Exports += t.more.exports.len()
		}
	}
	if c.Line == 0 {
		c.Line = int(first.line)
	}
	return c
}

// ExportFault is the fault of an [Export] member of the declaration t
// whose type does not marshal (GD0102: see [Scope.VariantType]).
func (t *Type) ExportFault(e *Exported) *Fault {
	return exportFault(t, e.Name, int(e.Line), "GD0102")
}

// GenericFault is the fault of a [GlobalClass] class that is generic
// (GD0402), or nil.
func (c *Class) GenericFault() *Fault {
	if first := c.Parts[0]; c.Global && first.arity > 0 {
		return &Fault{Path: first.file.path, Line: int(first.line), Message: fmt.Sprintf("GD0402: The class '%s' must not be generic", first.display())}
	}
	return nil
}

// Base resolves the base of a class of the scope, as the C# build and
// the engine take it: a class of the scope (its first part) or an engine
// class (native). A class that derives from neither is not a Godot class,
// and the engine makes no script of it: that, and what the build refuses
// of the class's declaration as a Godot class, is the fault.
func (s *Scope) Base(c *Class) (class *Type, native string, fault *Fault) {
	b := s.base(c.Parts)
	at := c.Parts[0]
	line := int(at.line)
	for _, t := range c.Parts {
		if len(t.bases) > 0 {
			at, line = t, int(t.baseLine)
			break
		}
	}
	fail := func(unsupported bool, format string, args ...any) (*Type, string, *Fault) {
		return nil, "", &Fault{Path: at.file.path, Line: line, Unsupported: unsupported, Message: fmt.Sprintf(format, args...)}
	}
	name := at.display()
	switch {
	case b.none && c.Global:
		return fail(false, "GD0401: The class '%s' must derive from GodotObject or a derived class", name)
	case b.none:
		return fail(false, "Cannot instantiate C# script because the associated class could not be found: class %s does not derive from GodotObject.", source.Shown(name))
	case b.group == nil && b.native == "":
		return fail(true, "the base class %s is neither a class of the project nor an engine class (a package's class?)", source.Shown(b.ref.String()))
	case !c.Partial:
		return fail(false, "GD0001: Missing partial modifier on declaration of type '%s' that derives from 'Godot.GodotObject'", name)
	case s.engine.Singletons[b.native]:
		return fail(false, "CS0709: '%s': cannot derive from static class '%s'", name, pascalToPascal(b.native))
	}
	return b.group, b.native, nil
}
