package project

import (
	"path"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/resource"
)

// preloadDefault returns the external resource a variable's initializer
// preload("…") names, which the engine's default is (the loaded
// resource), with the type an ext_resource gives it: a scene, a script or
// a shader; nil for any other initializer, and for a file whose type the
// reader does not know without loading it (a .tres, an image).
func (p *Project) preloadDefault(k ClassRef, prop Property) *resource.External {
	if prop.init == 0 {
		return nil
	}
	q := &parser{t: tokenizerAt(k.Script.src, span{pos: prop.init - 1, line: int32(prop.Line)}, p.limits.MaxDepth), limits: p.limits}
	q.advance()
	if q.tok.kind != tkIdent || q.tok.text != "preload" {
		return nil
	}
	q.advance()
	arg, ok := q.parenArg()
	if !ok || !q.exprEnd() || q.failed() {
		return nil
	}
	target, ok := p.preloadTarget(k, arg)
	if !ok {
		return nil
	}
	if t := preloadTypes[path.Ext(target)]; t != "" {
		return &resource.External{Type: t, Path: target}
	}
	return nil
}

// preloadTypes are the ext_resource types of the files a preload's type
// is known of without loading them, by extension.
var preloadTypes = map[string]string{".tscn": "PackedScene", ".scn": "PackedScene", ".gd": "Script", ".gdshader": "Shader"}

// declaredDefault returns a variable's default as Godot 4's editor builds
// hold it (GDScriptAnalyzer::make_variable_default_value), which the
// savers compare its value with: the initializer folded to a constant
// (literals, constants, enum values, Vector2i(16, 16) and the like) and
// converted to the declared type (an int to a float); without one, the
// zero value of a declared int, float, bool, String, StringName or enum.
// It is nil where the reader cannot tell (an initializer it does not
// fold, another type's zero value) and where the default is null, which
// the savers never leave a value out for.
func declaredDefault(f *folder, ref ClassRef, prop Property, t resolvedType) any {
	if prop.init == 0 {
		return zeroValue(t)
	}
	at := span{pos: prop.init - 1, line: int32(prop.Line)} // the line is for messages, which are not kept
	if t.kind == typeBuiltin && t.builtin == gdvar.TypeArray || t.kind == typeVariant {
		if a := arrayDefault(f, ref.Class, at, t); a != nil || t.kind != typeVariant {
			return a
		}
	}
	v, err := f.fold(ref.Class, at)
	if err != nil {
		return nil
	}
	if _, ok := v.(nodePath); ok {
		return nil
	}
	switch t.kind {
	case typeVariant:
		return v
	case typeEnum:
		if _, ok := v.(int64); ok {
			return v
		}
	case typeBuiltin:
		if v, ok := converted(v, t.builtin); ok {
			return v
		}
	}
	return nil
}

// arrayDefault returns the Array an initializer [a, b, …] of an Array
// variable of type t gives, each element folded and converted to the
// element type, or nil where the reader cannot tell. Its Type is the
// variable's, though the savers' == compares elements alone, each by
// type and value (Array::recursive_equal).
func arrayDefault(f *folder, c *Class, at span, t resolvedType) any {
	q := &parser{t: tokenizerAt(f.s.src, at, f.limits.MaxDepth), limits: f.limits}
	q.advance()
	if !q.isOp("[") {
		return nil
	}
	q.advance()
	out := gdvar.Array{Values: []any{}}
	if len(t.elem) == 1 {
		out.Type = containerType(t.elem[0])
	}
	for !q.isOp("]") {
		v, err := f.fold(c, q.spanHere())
		if err != nil {
			return nil
		}
		if out.Type.Kind == gdvar.TypedBuiltin {
			var ok bool
			if v, ok = converted(v, out.Type.Builtin); !ok {
				return nil
			}
		} else if out.Type.Kind != gdvar.Untyped {
			return nil
		}
		out.Values = append(out.Values, v)
		q.skipExpr()
		if q.isOp(",") {
			q.advance()
		} else if !q.isOp("]") {
			return nil
		}
	}
	q.advance()
	if !q.exprEnd() {
		return nil
	}
	return out
}

// converted is a folded value as a variable of a built-in type holds it:
// the same type, or an int made a float, or a string a StringName; ok is
// false for another conversion.
func converted(v any, to gdvar.Type) (any, bool) {
	switch x := v.(type) {
	case int64:
		switch to {
		case gdvar.TypeInt:
			return x, true
		case gdvar.TypeFloat:
			return float64(x), true
		}
	case float64:
		return x, to == gdvar.TypeFloat
	case bool:
		return x, to == gdvar.TypeBool
	case string:
		switch to {
		case gdvar.TypeString:
			return x, true
		case gdvar.TypeStringName:
			return gdvar.StringName(x), true
		}
	case gdvar.StringName:
		return x, to == gdvar.TypeStringName
	}
	t, ok := gdvar.TypeOf(v) // a vector, a rect
	return v, ok && t == to
}

// zeroValue is what a variable of a type holds without an initializer,
// for the types the reader makes it of, else nil.
func zeroValue(t resolvedType) any {
	if t.kind == typeEnum {
		return int64(0)
	}
	if t.kind != typeBuiltin {
		return nil
	}
	switch t.builtin {
	case gdvar.TypeInt:
		return int64(0)
	case gdvar.TypeFloat:
		return 0.0
	case gdvar.TypeBool:
		return false
	case gdvar.TypeString:
		return ""
	case gdvar.TypeStringName:
		return gdvar.StringName("")
	case gdvar.TypeArray:
		a := gdvar.Array{Values: []any{}}
		if len(t.elem) == 1 {
			a.Type = containerType(t.elem[0])
		}
		return a
	}
	return nil
}

// globalFolder returns a folder of the GDScript a global class name
// names, which folds that class's enums, or nil.
func (p *Project) globalFolder(name string) *folder {
	classes, err := p.Classes()
	if err != nil || classes[name] == "" {
		return nil
	}
	s, err := p.Script(classes[name])
	if err != nil || s.CSharp != nil {
		return nil
	}
	f := newFolder(s, p.limits)
	f.global = p.globalFolder
	return f
}
