package project

import (
	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/resource"
)

// StoredProperties returns the variables the script at a res:// path and
// its bases declare stored with a resource (Property.Stored), in the
// order the engine lists them, with the element types of those declared
// Array[T] or Dictionary[K, V] as Godot 4 holds them. It makes a Project
// a resource.Scripts: resource.WithScripts(p). Types are resolved as the
// engine's analyzer resolves them: a constant holding a preloaded script
// (const Item = preload("item.gd"), Other.Item) is that script, an enum
// an int. An element type the reader cannot place (an inner class, whose
// script the engine saves as a built-in one; an autoload; an engine or
// global enum) is left untyped. In a Godot 3 project (config_version
// below 5 in project.godot) they are the variables the GDScript 1 scripts
// export, the bases' first.
func (p *Project) StoredProperties(script string) ([]resource.ScriptProperty, error) {
	if p.godot3() {
		return p.storedProperties3(script)
	}
	r, err := p.Resolve(script)
	if err != nil {
		return nil, err
	}
	var out []resource.ScriptProperty
	for _, ref := range r.Chain {
		var f *folder
		if !ref.Class.csharp {
			f = newFolder(ref.Script, p.limits)
			f.global = p.globalFolder
		}
		for _, prop := range ref.Class.Properties {
			if !prop.Stored() {
				continue
			}
			t, _ := p.typeOf(ref, prop.Type, prop.Line, true) // Resolve has checked them
			sp := resource.ScriptProperty{Name: prop.Name, Object: t.kind == typeNative || t.kind == typeClass}
			if f != nil {
				if x := p.preloadDefault(ref, prop); x != nil {
					sp.Default = x
				} else {
					sp.Default = declaredDefault(f, ref, prop, t)
				}
			}
			for _, e := range t.elem {
				sp.Elem = append(sp.Elem, containerType(e))
			}
			out = append(out, sp)
		}
	}
	return out, nil
}

// Takes reports whether an instance of the script at a res:// path keeps
// a property of that name that loading a resource sets on it: the script
// or a base declares a variable so named, stored or not, or defines _set,
// which may take any name. It makes a Project a resource.Setters, so that
// a save leaves out what the engine's load drops. A C# script in the
// chain, whose members the reader does not all know, takes every name, as
// does any script of a Godot 3 project, whose loading it does not model.
func (p *Project) Takes(script, name string) (bool, error) {
	if p.godot3() {
		return true, nil
	}
	r, err := p.Resolve(script)
	if err != nil {
		return false, err
	}
	for _, ref := range r.Chain {
		c := ref.Class
		v, isVar := c.members[name]
		set, hasSet := c.members["_set"]
		if c.csharp || isVar && v.kind == kindVariable || hasSet && set.kind == kindFunction {
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
