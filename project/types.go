package project

import (
	"fmt"
	"strings"
	"sync"

	"github.com/gdvar/gdvar"
)

// typeKind is what a declared type names, as the engine's analyzer
// resolves it (GDScriptAnalyzer::resolve_datatype).
type typeKind uint8

const (
	// typeUnknown is a type the reader does not place: an autoload, an
	// enum of an engine class or a global one, a class of an extension or
	// of another engine version. It is left untyped, and not refused.
	typeUnknown typeKind = iota
	typeVariant          // Variant, or no type given
	typeBuiltin          // a built-in type: int, String, Array…
	typeNative           // an engine class
	typeClass            // a GDScript class: a script's own, or an inner class
	typeEnum             // an enum, whose values are ints
	typeValue            // a constant's value that is no type: a scene, a number
)

// resolvedType is a declared type, resolved.
type resolvedType struct {
	kind    typeKind
	builtin gdvar.Type     // of typeBuiltin
	native  string         // of typeNative
	class   ClassRef       // of typeClass
	elem    []resolvedType // of Array[T] (one) and Dictionary[K, V] (two)
}

// typeFault resolves the declared types of a class's member variables,
// once, as the analyzer resolves its interface, and returns the first
// error the engine gives for one of them, in its words, or nil. The
// types are not kept: a script of many variables would keep more than
// it is.
func (p *Project) typeFault(ref ClassRef) *ScriptError {
	c := ref.Class
	if c.typesChecked || c.csharp { // a C# export's type is the C# reader's (GD0102)
		return c.typeErr
	}
	c.typesChecked = true
	for _, v := range c.Properties {
		if _, err := p.typeOf(ref, v.Type, v.Line, false); err != nil {
			c.typeErr = err
			break
		}
	}
	return c.typeErr
}

// typeOf resolves a type declared in ref's class at line, as the
// analyzer does: Variant, a built-in type, an engine class (of the
// project's engine version), a global
// class, then the classes in scope (inScope), whose inner classes, enums
// and constants holding scripts are types; then each name after a dot
// inside the class found (memberType). The names after an engine class or
// a built-in type are taken for one of its enums, unchecked.
//
// Without keep, a container's element types are checked, not kept.
func (p *Project) typeOf(ref ClassRef, t Type, line int, keep bool) (resolvedType, *ScriptError) {
	if t.Name == "" {
		return resolvedType{kind: typeVariant}, nil
	}
	fail := func(msg string) (resolvedType, *ScriptError) {
		return resolvedType{}, &ScriptError{Path: ref.Script.Path, Line: line, Message: msg}
	}
	first, rest, dotted := strings.Cut(t.Name, ".")
	var r resolvedType
	switch b, builtin := builtinTypes()[first]; {
	case first == "Variant" || builtin:
		switch {
		case strings.Contains(rest, ".") && builtin:
			return fail("Built-in types only contain enum types, which do not have nested types.")
		case strings.Contains(rest, "."):
			return fail("Variant only contains enum types, which do not have nested types.")
		case dotted: // Variant.Type, Vector3.Axis: the reader does not check the enum is one
			return resolvedType{kind: typeEnum}, nil
		case !builtin:
			return resolvedType{kind: typeVariant}, nil
		}
		r = resolvedType{kind: typeBuiltin, builtin: b}
		if b == gdvar.TypeArray && len(t.Elem) == 1 || b == gdvar.TypeDictionary && len(t.Elem) == 2 {
			for _, e := range t.Elem {
				et, err := p.typeOf(ref, e, line, keep)
				if err != nil {
					return resolvedType{}, err
				}
				if keep {
					r.elem = append(r.elem, et)
				}
			}
		}
		return r, nil
	case p.engine().classes[first]:
		if dotted { // an enum of the class, which the reader does not check
			return resolvedType{kind: typeEnum}, nil
		}
		return resolvedType{kind: typeNative, native: first}, nil
	}
	r, serr := p.globalType(ref, first, line)
	if serr == nil && r.kind == typeUnknown {
		r, serr = p.scopeType(ref, first, line)
	}
	for serr == nil && dotted && r.kind == typeClass {
		var name string
		name, rest, dotted = strings.Cut(rest, ".")
		r, serr = p.memberType(r.class, name, line)
	}
	if serr != nil || dotted { // names after an enum's or an unknown type: not read
		return resolvedType{}, serr
	}
	return r, nil
}

// globalType is the script class a global class_name names, or
// typeUnknown for a name that is none.
func (p *Project) globalType(ref ClassRef, name string, line int) (resolvedType, *ScriptError) {
	classes, err := p.Classes()
	if err != nil {
		return resolvedType{}, &ScriptError{Path: ref.Script.Path, Line: line, Message: err.Error(), Err: causeOf(err)}
	}
	path, ok := classes[name]
	if !ok {
		return resolvedType{}, nil
	}
	s, err := p.Script(path)
	if err == nil {
		err = p.resolveBases(ClassRef{s, &s.Class})
	}
	if err != nil {
		return resolvedType{}, &ScriptError{Path: ref.Script.Path, Line: line, Err: causeOf(err),
			Message: fmt.Sprintf(`Could not parse global class "%s" from "%s".`, name, path)}
	}
	return resolvedType{kind: typeClass, class: ClassRef{s, &s.Class}}, nil
}

// builtinTypes are the built-in types GDScript names, by name: Godot 4's
// Variant types but Nil and Object (an engine class).
var builtinTypes = sync.OnceValue(func() map[string]gdvar.Type {
	m := map[string]gdvar.Type{}
	for b := gdvar.TypeBool; b <= gdvar.TypePackedVector4Array; b++ {
		if b != gdvar.TypeObject {
			m[b.String()] = b
		}
	}
	return m
})

// scopeType resolves a name as a type in the classes in scope of ref's
// class, or is typeUnknown.
func (p *Project) scopeType(ref ClassRef, name string, line int) (resolvedType, *ScriptError) {
	k, m, found := p.lookupScope(ref, name)
	switch found {
	case notFound:
		return resolvedType{}, nil
	case foundClass:
		return resolvedType{kind: typeClass, class: k}, nil
	}
	t, err := p.memberAs(k, name, m, line)
	if err == nil && (t.kind == typeValue || m.kind != kindConstant && t.kind == typeUnknown) {
		return resolvedType{}, &ScriptError{Path: ref.Script.Path, Line: line,
			Message: fmt.Sprintf(`"%s" is a %s but does not contain a type.`, name, m.kind)}
	}
	return t, err
}

// What lookupScope finds.
const (
	notFound    = iota
	foundClass  // an inner class of the name
	foundMember // a member of the name
)

// lookupScope finds a name in the scope of ref's class: the first class
// there that is an inner class of that name, or that has a member of
// that name, and the member.
func (p *Project) lookupScope(ref ClassRef, name string) (ClassRef, member, int) {
	p.resolveAround(ref)
	w := p.walkScope(ref)
	defer w.end()
	for k, ok := w.next(); ok; k, ok = w.next() {
		if k.Class.outer != nil && k.Class.Name == name {
			return k, member{}, foundClass
		}
		if m, ok := k.Class.members[name]; ok {
			return k, m, foundMember
		}
	}
	return ClassRef{}, member{}, notFound
}

// memberType resolves a name after a dot in a type, as a member of a
// class or of its bases (reduce_identifier_from_base), or is typeUnknown
// (an engine enum of the chain's engine class, not read).
func (p *Project) memberType(base ClassRef, name string, line int) (resolvedType, *ScriptError) {
	k, m, ok := p.lookupMember(base, name)
	if !ok {
		return resolvedType{}, nil
	}
	t, err := p.memberAs(k, name, m, line)
	fail := func(format string) (resolvedType, *ScriptError) {
		return resolvedType{}, &ScriptError{Path: base.Script.Path, Line: line, Message: fmt.Sprintf(format, name, base.typeName())}
	}
	switch {
	case err != nil:
		return resolvedType{}, err
	case t.kind == typeValue:
		return fail(`Member "%s" under base "%s" is not a valid type.`)
	case m.kind != kindConstant && t.kind == typeUnknown:
		return fail(`Could not find type "%s" under base "%s".`)
	}
	return t, nil
}

// memberAs is what a member of k's class is as a type, named at line: an
// inner class, an enum, a constant's value (constType), or typeUnknown
// for the other kinds.
func (p *Project) memberAs(k ClassRef, name string, m member, line int) (resolvedType, *ScriptError) {
	switch m.kind {
	case kindClass:
		return resolvedType{kind: typeClass, class: ClassRef{k.Script, k.Class.Classes[m.index]}}, nil
	case kindEnum:
		return resolvedType{kind: typeEnum}, nil
	case kindConstant:
		return p.constType(k, name, m, line)
	}
	return resolvedType{}, nil
}

// typeName names the class as the analyzer's messages about types do: its
// class_name or inner class name, else its script's path.
func (r ClassRef) typeName() string {
	if r.Class.Name != "" {
		return r.Class.Name
	}
	return r.Script.Path
}

// typeState is what resolving types keeps while it works, in a Project:
// how deep constants nest (constType), and the walk of a scope.
type typeState struct {
	depth     int        // constType's calls under way, one within another
	scopeMark uint32     // the mark of the walk under way (Class.scopeMark)
	stack     []ClassRef // the classes of the walks under way still to visit
}

// scopeWalk walks the classes whose members a name in a class may be, in
// the analyzer's order (get_class_node_current_scope_classes): the class,
// then its base with that one's bases and outer classes, then its outer
// class with that one's, each class once. It keeps no list, and
// allocates nothing once the Project's stack has grown: a scope is as
// long as a chain of bases, and a script looks as many names up as it
// has types. A walk that meets a class to look into must end before
// another walk starts, which takes its marks. Bases are those resolved
// before the walk (resolveAround).
type scopeWalk struct {
	ts    *typeState
	mark  uint32
	start int // where the walk's part of the stack starts
}

// walkScope starts a walk of the scope of ref's class.
func (p *Project) walkScope(ref ClassRef) scopeWalk {
	ts := &p.types
	ts.scopeMark++
	w := scopeWalk{ts, ts.scopeMark, len(ts.stack)}
	ts.stack = append(ts.stack, ref)
	return w
}

// next returns the walk's next class, or false at its end.
func (w *scopeWalk) next() (ClassRef, bool) {
	ts := w.ts
	for len(ts.stack) > w.start {
		k := ts.stack[len(ts.stack)-1]
		ts.stack = ts.stack[:len(ts.stack)-1]
		if k.Class.scopeMark == w.mark {
			continue
		}
		k.Class.scopeMark = w.mark
		if o := k.Class.outer; o != nil {
			ts.stack = append(ts.stack, ClassRef{k.Script, o})
		}
		if b := k.Class.bases; b.state == resolved && b.base.Class != nil {
			ts.stack = append(ts.stack, b.base)
		}
		return k, true
	}
	return ClassRef{}, false
}

// end ends the walk, leaving the stack as it found it.
func (w *scopeWalk) end() { w.ts.stack = w.ts.stack[:w.start] }

// resolveAround resolves the bases of a class and of its outer classes,
// which begin its scope (inScope).
func (p *Project) resolveAround(ref ClassRef) {
	for c := ref.Class; c != nil; c = c.outer {
		_ = p.resolveBases(ClassRef{ref.Script, c}) // a base the engine refuses refuses its script elsewhere
	}
}
