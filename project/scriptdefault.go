package project

import (
	"path"
	"strings"
	"unsafe"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/resource"
)

// preloadDefault returns the external resource a variable's initializer
// preload("…") names, which the engine's default is (the loaded
// resource), with the type an ext_resource gives it: a scene, a script or
// a shader; nil for any other initializer, and for a file whose type the
// reader does not know without loading it (a .tres, an image). The
// initializer is read only where it starts with preload; the variables
// that preload one file share its External, made once a Project.
func (p *Project) preloadDefault(f *folder, k ClassRef, prop Property) *resource.External {
	if prop.init == 0 || !strings.HasPrefix(k.Script.src[prop.init-1:], "preload") {
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
	target, ok := p.preloadTarget(f, k, arg)
	if !ok {
		return nil
	}
	t := preloadTypes[path.Ext(target)]
	if t == "" {
		return nil
	}
	if x := p.preloads[target]; x != nil {
		return x
	}
	x := &resource.External{Type: t, Path: target}
	if p.preloads == nil {
		p.preloads = map[string]*resource.External{}
	}
	p.preloads[target] = x
	return x
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
// the savers never leave a value out for. Its error is a fold past the
// budget ([ErrBudget]).
func declaredDefault(f *folder, ref ClassRef, prop Property, t resolvedType) (any, error) {
	if prop.init == 0 {
		return zeroValue(t), nil
	}
	at := span{pos: prop.init - 1, line: int32(prop.Line)} // the line is for messages, which are not kept
	if t.kind == typeBuiltin && t.builtin == gdvar.TypeArray || t.kind == typeVariant {
		a, err := arrayDefault(f, ref.Class, at, t)
		if a != nil || t.kind != typeVariant || err != nil && err.err != nil {
			return a, overBudget(ref, prop, err)
		}
	}
	v, err := f.fold(ref.Class, at)
	if err != nil {
		return nil, overBudget(ref, prop, err)
	}
	if _, ok := v.(nodePath); ok {
		return nil, nil
	}
	switch t.kind {
	case typeVariant:
		return v, nil
	case typeEnum:
		if _, ok := v.(int64); ok {
			return v, nil
		}
	case typeBuiltin:
		if v, ok := converted(v, t.builtin); ok {
			return v, nil
		}
	}
	return nil, nil
}

// overBudget is the error of a default whose fold failed for the budget,
// or nil for any other reason the reader cannot tell it.
func overBudget(ref ClassRef, prop Property, err *foldError) error {
	if err == nil || err.err == nil {
		return nil
	}
	return &ScriptError{Path: ref.Script.Path, Line: prop.Line, Message: "the default of " + Shown(prop.Name) + " " + err.msg, Err: err.err}
}

// arrayDefault returns the Array an initializer [a, b, …] of an Array
// variable of type t gives, each element folded and converted to the
// element type, or nil where the reader cannot tell. Its Type is the
// variable's, though the savers' == compares elements alone, each by
// type and value (Array::recursive_equal). The elements are folded as
// they are read, by one parser, into an Array made to their count, whose
// room draws from the budget of folds.
func arrayDefault(f *folder, c *Class, at span, t resolvedType) (any, *foldError) {
	q := &parser{t: tokenizerAt(f.s.src, at, f.limits.MaxDepth), limits: f.limits}
	q.advance()
	if !q.isOp("[") {
		return nil, nil
	}
	list := &parser{t: tokenizerAt(f.s.src, at, f.limits.MaxDepth), limits: f.limits}
	list.advance()
	n := list.listLen()
	if !f.s.fold.take(int64(n) * int64(unsafe.Sizeof(any(nil)))) {
		return nil, errFoldBudget
	}
	q.advance()
	out := gdvar.Array{Values: make([]any, 0, n)}
	if len(t.elem) == 1 {
		out.Type = containerType(t.elem[0])
	}
	for !q.isOp("]") {
		v, err := q.sum(f, c)
		if err != nil || !q.exprEnd() {
			return nil, err
		}
		if out.Type.Kind == gdvar.TypedBuiltin {
			var ok bool
			if v, ok = converted(v, out.Type.Builtin); !ok {
				return nil, nil
			}
		} else if out.Type.Kind != gdvar.Untyped {
			return nil, nil
		}
		out.Values = append(out.Values, v)
		if q.isOp(",") {
			q.advance()
		} else if !q.isOp("]") {
			return nil, nil
		}
	}
	q.advance()
	if !q.exprEnd() {
		return nil, nil
	}
	return out, nil
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
