package project

import "github.com/gdvar/gdvar"

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
	v, err := f.fold(ref.Class, span{pos: prop.init - 1, line: int32(prop.Line)}) // the line is for messages, which are not kept
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
