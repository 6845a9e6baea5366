package project

import (
	"fmt"

	"github.com/gdvar/gdvar/project/internal/csharp"
)

// CSharpClass is the C# class of a script read from a .cs file.
type CSharpClass struct {
	// Namespace is the class's namespace, "" for the global one.
	Namespace string
	// Name is the class's name: its file's, for a script.
	Name string
	// Global says the class is marked [GlobalClass]: the editor
	// registers it as a global class by its Name (see [Project.Classes]).
	Global bool
	// Partial says the class is declared partial, which Godot's source
	// generators require of a class that derives from GodotObject.
	Partial bool
	// Files are the res:// paths of the files that declare its parts, in
	// the order their members are listed: by path.
	Files []string

	class *csharp.Class
}

// ParseCSharp reads the declarations of a C# script as Godot's C# source
// generators read them: the class named after the file (path names it),
// its base as written, [GlobalClass], [Tool], its [Export] fields and
// properties with the Variant types they hold, and its [Rpc] methods.
// Only the parts of the class that this file declares are read, and
// names are looked up in this file alone: [Project.Script] reads every
// part a project declares and [Project.Resolve] looks up the bases, by the
// C# names of the engine classes of the project's version (Godot 4.6's
// here). An
// error is a *[ScriptError]: the generators' or the compiler's message
// (GD0101, CS0579…) where the build would fail, the engine's where it
// would make no script of the file, or a construct the reader does not
// read ([ScriptError.Unsupported]); or [ErrTooLarge].
func ParseCSharp(src []byte, path string, opts ...Option) (*Script, error) {
	limits := options(opts).limits
	f, err := parseCSharp(src, path, limits)
	if err != nil {
		return nil, err
	}
	s := csharp.NewScope(limits.MaxDepth, engineNames().csharp())
	s.Add(f)
	g, fault := f.ScriptClass()
	if fault != nil {
		return nil, scriptError(fault)
	}
	sc := makeScript(s, g.Class(path), path)
	if sc.Class.fault != nil {
		return nil, sc.Class.fault
	}
	return sc, nil
}

// parseCSharp reads the declarations of a C# file. Its errors are
// *ScriptErrors, or [ErrTooLarge].
func parseCSharp(src []byte, path string, limits Limits) (*csharp.File, error) {
	if int64(len(src)) > limits.MaxFileBytes {
		return nil, fmt.Errorf("%s: %w (%d bytes, limit %d)", path, ErrTooLarge, len(src), limits.MaxFileBytes)
	}
	f, fault := csharp.Parse(src, path, limits.MaxDepth)
	if fault != nil {
		return nil, scriptError(fault)
	}
	return f, nil
}

// scriptError is a C# reader's fault as a script's error, or nil.
func scriptError(f *csharp.Fault) *ScriptError {
	if f == nil {
		return nil
	}
	e := &ScriptError{Path: f.Path, Line: f.Line, Message: f.Message, Unsupported: f.Unsupported}
	if f.Bound {
		e.Err = ErrTooDeep
	}
	return e
}

// csharp returns the engine's classes as the C# reader takes them.
func (e engineClasses) csharp() csharp.Engine {
	return csharp.Engine{Version: e.version, Classes: e.classes, Singletons: e.singletons}
}

// makeScript makes the Script at path at of a class of the scope s: its
// attributes, base, [Rpc] methods, and [Export] members in the order
// the class lists them, each with the Variant type it holds. The first
// fault of its parts, or of an exported type that does not marshal
// (GD0102), or GD0402, in that order, is its fault.
func makeScript(s *csharp.Scope, cls *csharp.Class, at string) *Script {
	sc := &Script{Path: at, Tool: cls.Tool}
	sc.CSharp = &CSharpClass{Namespace: cls.Namespace, Name: cls.Name, Global: cls.Global, Partial: cls.Partial, Files: cls.Files, class: cls}
	c := &sc.Class
	c.csharp, c.Abstract, c.Line = true, cls.Abstract, cls.Line
	if cls.Base != nil {
		c.Extends = Extends{Names: cls.Base, Line: cls.BaseLine}
	}
	c.Methods = make([]Method, 0, cls.Methods)
	c.Properties = make([]Property, 0, cls.Exports)
	rpcs := make([]RPC, 0, cls.Methods) // the methods' [Rpc]s, made at once
	var typ *csharp.TypeRef             // the last export's type and what it maps to: declarators share one
	var mapped Type
	var ok bool
	for _, t := range cls.Parts {
		if c.fault == nil {
			c.fault = scriptError(t.Fault)
		}
		for m := range t.Methods() {
			rpcs = append(rpcs, RPC{Mode: m.RPC.Mode, CallLocal: m.RPC.CallLocal, Transfer: m.RPC.Transfer, Channel: int64(m.RPC.Channel),
				given: givenCallLocal | givenTransfer | givenChannel | csharpRPC})
			c.Methods = append(c.Methods, Method{Name: m.Name, RPC: &rpcs[len(rpcs)-1], Line: int(m.Line),
				AsksSender: m.AsksSender, AsksServer: m.AsksServer, cs: &csSig{s, t, m}})
		}
		for e := range t.Exports() {
			if e.Type != typ {
				typ = e.Type
				mapped, ok = variantType(s, *typ, t)
			}
			if !ok {
				if c.fault == nil {
					c.fault = scriptError(t.ExportFault(e))
				}
				continue
			}
			c.Properties = append(c.Properties, Property{Name: e.Name, Type: mapped, Export: true, Line: int(e.Line)})
		}
	}
	if c.fault == nil {
		c.fault = scriptError(cls.GenericFault())
	}
	return sc
}

// variantType is the Type of the Variant a C# type written in the
// declaration from holds ([csharp.Scope.VariantType]), its element types'
// with it; false where the generators do not marshal it, or one of them.
func variantType(s *csharp.Scope, t csharp.TypeRef, from *csharp.Type) (Type, bool) {
	name, elems, ok := s.VariantType(t, from)
	if !ok {
		return Type{}, false
	}
	out := Type{Name: name}
	for _, e := range elems {
		et, ok := variantType(s, e, from)
		if !ok {
			return Type{}, false
		}
		out.Elem = append(out.Elem, et)
	}
	return out, true
}

// csSig is what reading a C# method's parameters again takes: the
// method, the declaration of its class that holds it, whose file has the
// source and whose names its types are looked up from, and the scope of
// its project.
type csSig struct {
	scope *csharp.Scope
	t     *csharp.Type
	m     *csharp.Method
}

// read reads a C# method's parameters again, giving each with the
// Variant type its argument is marshalled as (variantType); a type the
// generators do not marshal is left untyped.
func (sig *csSig) read(yield func(Param) bool) {
	sig.scope.Params(sig.t, sig.m, func(name string, typ csharp.TypeRef, def bool) bool {
		par := Param{Name: name, Default: def}
		if t, ok := variantType(sig.scope, typ, sig.t); ok {
			par.Type = t
		}
		return yield(par)
	})
}
