package project

import (
	"strings"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/resource"
)

// StoredProperties returns the variables the script at a res:// path and
// its bases declare stored with a resource (Property.Stored), in the
// order the engine lists them, with the element types of those declared
// Array[T] or Dictionary[K, V] as Godot 4 holds them. It makes a Project
// a resource.Scripts: resource.WithScripts(p). An element type the
// reader cannot place (an inner class, an enum) is left untyped. In a
// Godot 3 project (config_version below 5 in project.godot) they are the
// variables the GDScript 1 scripts export, the bases' first.
func (p *Project) StoredProperties(script string) ([]resource.ScriptProperty, error) {
	if p.godot3() {
		return p.storedProperties3(script)
	}
	r, err := p.Resolve(script)
	if err != nil {
		return nil, err
	}
	var out []resource.ScriptProperty
	for _, prop := range r.Properties() {
		if !prop.Stored() {
			continue
		}
		sp := resource.ScriptProperty{Name: prop.Name}
		if k := p.containerType(prop.Type).Kind; k == gdvar.TypedClass || k == gdvar.TypedScript {
			sp.Object = true
		}
		if t := prop.Type; t.Name == "Array" && len(t.Elem) == 1 || t.Name == "Dictionary" && len(t.Elem) == 2 {
			for _, e := range t.Elem {
				sp.Elem = append(sp.Elem, p.containerType(e))
			}
		}
		out = append(out, sp)
	}
	return out, nil
}

// containerType is the element type a declared type gives a container:
// a built-in type, an engine class, or a global class's script.
func (p *Project) containerType(t Type) gdvar.ContainerType {
	if t.Name == "" || t.Name == "Variant" || len(t.Elem) > 0 || strings.Contains(t.Name, ".") {
		return gdvar.ContainerType{}
	}
	for b := gdvar.TypeBool; b <= gdvar.TypePackedVector4Array; b++ { // Godot 4's; an Object is a class
		if b == gdvar.TypeObject {
			continue
		}
		if b.String() == t.Name {
			return gdvar.ContainerType{Kind: gdvar.TypedBuiltin, Builtin: b}
		}
	}
	if engineNames().classes[t.Name] {
		return gdvar.ContainerType{Kind: gdvar.TypedClass, Name: t.Name}
	}
	if classes, err := p.Classes(); err == nil && classes[t.Name] != "" {
		return gdvar.ContainerType{Kind: gdvar.TypedScript, Name: classes[t.Name]}
	}
	return gdvar.ContainerType{}
}
