package project

import (
	"iter"
	"strconv"
	"strings"
)

// ArgCheck is how the engine checks a call's argument for a parameter
// (GDScriptFunction::call): against the parameter's type, as the
// analyzer resolves it.
type ArgCheck struct {
	// Type is the type in multiplayer.Param.Type's notation: "" for any
	// value (no type, Variant, a rest parameter), a built-in type ("int";
	// an enum is "int"), a typed container ("Array[int]",
	// "Dictionary[String, Variant]"), an engine class ("Node"), a script
	// class as its res:// path, quoted as Go quotes a string
	// (`"res://player.gd"`; an inner class's path is its script's, "::"
	// and its names: `"res://player.gd::Stats"`).
	Type string
	// Unknown says the reader cannot tell the type, and Type is "": a
	// class of an autoload or an extension, a := whose value it does not
	// fold, or any parameter of a C# method, which the bindings convert
	// (they call a method with as many arguments as it has parameters,
	// whatever their types).
	Unknown bool
	// Required says a call must give the argument: the parameter has no
	// default, or is any of a C# method's (whose bindings call a method
	// only with as many arguments as it has parameters).
	Required bool
}

// RPCParams returns the parameters of the function an RPC's calls run
// ([NamedRPC.Params]), each with how the engine checks its argument.
func (p *Project) RPCParams(r NamedRPC) iter.Seq2[Param, ArgCheck] {
	return func(yield func(Param, ArgCheck) bool) {
		var f *folder // made for the first :=
		for par := range r.Params() {
			check := p.argCheck(r, par, &f)
			check.Required = !par.Vararg && (!par.Default || r.fn.Class.csharp)
			if !yield(par, check) {
				return
			}
		}
	}
}

// argCheck is [Project.RPCParams]' check of one parameter, folding a :=
// default with *f, made when first needed.
func (p *Project) argCheck(r NamedRPC, par Param, f **folder) ArgCheck {
	k := r.fn
	switch {
	case k.Class.csharp:
		return ArgCheck{Unknown: true}
	case par.Vararg || par.Type.Name == "" && !par.Type.Inferred:
		return ArgCheck{}
	case par.Type.Inferred:
		if !par.Default {
			return ArgCheck{Unknown: true}
		}
		if *f == nil {
			*f = newFolder(k.Script, p.limits)
			(*f).global = p.globalFolder
		}
		v, ferr := (*f).fold(k.Class, par.init)
		if name := typeName(v); ferr == nil && v != nil && builtinTypes()[name] != 0 {
			return ArgCheck{Type: name}
		}
		return ArgCheck{Unknown: true}
	}
	t, err := p.typeOf(k, par.Type, r.run.Line, true)
	if err != nil {
		return ArgCheck{Unknown: true}
	}
	if s, ok := notation(t, false); ok {
		return ArgCheck{Type: s}
	}
	return ArgCheck{Unknown: true}
}

// notation writes a resolved type in [ArgCheck.Type]'s notation; an
// element of any value is Variant.
func notation(t resolvedType, elem bool) (string, bool) {
	switch t.kind {
	case typeVariant:
		if elem {
			return "Variant", true
		}
		return "", true
	case typeBuiltin:
		if len(t.elem) == 0 {
			return t.builtin.String(), true
		}
		elems := make([]string, len(t.elem))
		for i, e := range t.elem {
			s, ok := notation(e, true)
			if !ok {
				return "", false
			}
			elems[i] = s
		}
		return t.builtin.String() + "[" + strings.Join(elems, ", ") + "]", true
	case typeNative:
		return t.native, true
	case typeEnum:
		return "int", true
	case typeClass:
		return strconv.Quote(classPath(t.class)), true
	}
	return "", false
}

// classPath is a script class's res:// path: its script's, then "::"
// and the names of an inner class from the outermost.
func classPath(k ClassRef) string {
	var names []string
	for c := k.Class; c != nil && c != &k.Script.Class; c = c.outer {
		names = append(names, c.Name)
	}
	if len(names) == 0 {
		return k.Script.Path
	}
	var b strings.Builder
	b.WriteString(k.Script.Path)
	for i := len(names) - 1; i >= 0; i-- {
		b.WriteString("::" + names[i])
	}
	return b.String()
}
