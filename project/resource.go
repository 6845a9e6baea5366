package project

import (
	"fmt"
	"unsafe"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/resource"
)

// StoredProperties returns the variables the script at a res:// path and
// its bases declare stored with a resource ([Property.Stored]), in the
// order the engine lists them, with the element types of those declared
// Array[T] or Dictionary[K, V] as Godot 4 holds them. It makes a Project
// a [resource.Scripts]: resource.WithScripts(p). Types are resolved as the
// engine's analyzer resolves them: a constant holding a preloaded script
// (const Item = preload("item.gd"), Other.Item) is that script, an enum
// an int. An element type the reader cannot place (an inner class, whose
// script the engine saves as a built-in one; an autoload; an engine or
// global enum) is left untyped. In a Godot 3 project (config_version
// below 5 in project.godot) they are the variables the GDScript 1 scripts
// export, the bases' first.
//
// The list is made once for each script, and each class's variables
// (their defaults folded) once, however many resources ask: it is the
// Project's, shared by every call, and must not be changed.
func (p *Project) StoredProperties(script string) ([]resource.ScriptProperty, error) {
	if p.godot3() {
		return p.storedProperties3(script)
	}
	s, err := p.checkedScript(script)
	if err != nil {
		return nil, err
	}
	return p.chainStored(ClassRef{s, &s.Class})
}

// classStored is what [Project.StoredProperties] made of a class, in its
// Project.
type classStored struct {
	own     []resource.ScriptProperty // the class's own stored variables
	chain   []resource.ScriptProperty // with its bases', once chained
	chained bool
	err     error // why its own could not be made: a default past the budget
}

// chainStored returns the stored variables of a class whose bases are
// resolved and of its bases, most derived first: made once for the class
// asked of, and shared by the classes at the head of its chain that
// declare none, as their lists are the same.
//
// Scripts by the thousand over one long chain each have a list of the
// whole chain, as in the engine: the lists made are held, with the rest
// the Project keeps, to its budget ([ErrBudget]).
func (p *Project) chainStored(ref ClassRef) ([]resource.ScriptProperty, error) {
	if st := p.ownStored(ref); st.chained {
		return st.chain, nil
	}
	for k := ref; k.Class != nil; k = k.Class.bases.base {
		if err := p.ownStored(k).err; err != nil {
			return nil, err
		}
	}
	var chain []resource.ScriptProperty
	first := ref // the first class of the chain chained or declaring some
	for ; first.Class != nil; first = first.Class.bases.base {
		st := p.ownStored(first)
		if st.chained {
			chain = st.chain
			break
		}
		if len(st.own) == 0 {
			continue
		}
		n := 0
		for k := first; k.Class != nil; k = k.Class.bases.base {
			n += len(p.ownStored(k).own)
		}
		if !p.kept.take(int64(n) * int64(unsafe.Sizeof(resource.ScriptProperty{}))) {
			return nil, fmt.Errorf("%s: %w", Shown(ref.Script.Path), p.kept.refused(fmt.Sprintf("its %d stored variables with its bases' take its project's lists", n)))
		}
		chain = make([]resource.ScriptProperty, 0, n)
		for k := first; k.Class != nil; k = k.Class.bases.base {
			chain = append(chain, p.ownStored(k).own...)
		}
		break
	}
	for k := ref; k.Class != nil; k = k.Class.bases.base {
		st := p.ownStored(k)
		st.chain, st.chained = chain, true
		if k == first {
			break
		}
	}
	return chain, nil
}

// ownStored returns what [Project.StoredProperties] made of a class, its own
// stored variables made the first time, their defaults within the
// budget of what the Project keeps.
func (p *Project) ownStored(ref ClassRef) *classStored {
	c := ref.Class
	if c.stored != nil {
		return c.stored
	}
	c.stored = &classStored{}
	var f *folder
	if !c.csharp {
		f = newFolder(ref.Script, p.limits)
		f.global = p.globalFolder
	}
	n := 0
	for _, prop := range c.Properties {
		if prop.Stored() {
			n++
		}
	}
	c.stored.own = make([]resource.ScriptProperty, 0, n)
	for _, prop := range c.Properties {
		if !prop.Stored() {
			continue
		}
		t, _ := p.typeOf(ref, prop.Type, prop.Line, true) // checkScript has checked them
		sp := resource.ScriptProperty{Name: prop.Name, Object: t.kind == typeNative || t.kind == typeClass}
		if f != nil {
			if x := p.preloadDefault(f, ref, prop); x != nil {
				sp.Default = x
			} else if sp.Default, c.stored.err = declaredDefault(f, ref, prop, t); c.stored.err != nil {
				return c.stored
			}
		}
		for _, e := range t.elem {
			sp.Elem = append(sp.Elem, containerType(e))
		}
		c.stored.own = append(c.stored.own, sp)
	}
	return c.stored
}

// Takes reports whether an instance of the script at a res:// path keeps
// a property of that name that loading a resource sets on it: the script
// or a base declares a variable so named, stored or not, or defines _set,
// which may take any name. It makes a Project a [resource.Setters], so that
// a save leaves out what the engine's load drops. A C# script in the
// chain, whose members the reader does not all know, takes every name, as
// does any script of a Godot 3 project, whose loading it does not model.
// A save asks for each property: once the script is resolved, it looks
// the name up in each class of the chain, and allocates nothing.
func (p *Project) Takes(script, name string) (bool, error) {
	if p.godot3() {
		return true, nil
	}
	s, err := p.checkedScript(script)
	if err != nil {
		return false, err
	}
	if s.Class.bases.takesAny {
		return true, nil
	}
	for c := &s.Class; c != nil; c = c.bases.base.Class {
		if m, ok := c.members[name]; ok && m.kind == kindVariable {
			return true, nil
		}
	}
	return false, nil
}

// containerType is the element type a resolved type gives a container: a
// built-in type (an enum is an int), an engine class, or a script.
func containerType(t resolvedType) gdvar.ContainerType {
	switch t.kind {
	case typeBuiltin:
		return gdvar.ContainerType{Kind: gdvar.TypedBuiltin, Builtin: t.builtin}
	case typeEnum:
		return gdvar.ContainerType{Kind: gdvar.TypedBuiltin, Builtin: gdvar.TypeInt}
	case typeNative:
		return gdvar.ContainerType{Kind: gdvar.TypedClass, Name: t.native}
	case typeClass:
		if t.class.Class == &t.class.Script.Class {
			return gdvar.ContainerType{Kind: gdvar.TypedScript, Name: t.class.Script.Path}
		}
	}
	return gdvar.ContainerType{}
}
