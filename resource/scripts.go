package resource

import (
	"slices"

	"github.com/gdvar/gdvar"
)

// Scripts tells what a project's scripts declare, which the engine knows
// when it loads a resource and a resource file does not say: package
// project's *Project is one. Package resource reads no script.
type Scripts interface {
	// StoredProperties returns the variables the script at a res:// path
	// and its bases declare stored with the resource (@export,
	// @export_storage; Godot 3's export), in the order the engine lists
	// them: in Godot 4 the script's own, then each base's; in Godot 3 the
	// bases' first.
	StoredProperties(script string) ([]ScriptProperty, error)
}

// ScriptProperty is a variable a script declares stored.
type ScriptProperty struct {
	Name string
	// Object says it is declared an Object (a class): null unless set,
	// which the binary form writes and the text form leaves out.
	Object bool
	// Elem are the element types of a typed container, as Godot 4 holds
	// them: one for Array[T], key and value for Dictionary[K, V] (Kind
	// TypedScript names the script's res:// path); none for any other
	// type. An element of no kind (Variant) leaves it untyped.
	Elem []gdvar.ContainerType
	// Default is the variable's declared default, as the engine's editor
	// builds hold it (the script's initializer, once the analyzer has
	// folded it to a constant and converted it to the declared type), or
	// nil where the Scripts cannot tell: a Godot 4 save leaves out a
	// variable whose value equals it. A null default is none: the savers
	// write every value then.
	Default any
}

// useScripts has f know what its scripts declare, if s is not nil.
func (f *File) useScripts(s Scripts) {
	f.scripts = s
	f.typeScriptVariables()
}

// scriptOf returns the stored variables of r's script, if the File knows
// its scripts and r has one.
func (f *File) scriptOf(r *Resource) []ScriptProperty {
	if f.scripts == nil {
		return nil
	}
	v, _ := r.Get("script")
	kind, id := RefOf(v)
	if kind != ExtRef {
		return nil
	}
	for _, x := range f.External {
		if x.ID == id {
			props, err := f.scripts.StoredProperties(x.Path)
			if err != nil {
				return nil // the engine loads the resource without its script's variables
			}
			return props
		}
	}
	return nil
}

// typeScriptVariables does what loading does to the values of typed
// script variables: an untyped Array or Dictionary a variable declares
// typed takes its types. An element type that is a script the file does
// not refer to is left out: the text saver would add it to the file.
func (f *File) typeScriptVariables() {
	for _, r := range append(f.Resources[:len(f.Resources):len(f.Resources)], f.Main) {
		for _, sp := range f.scriptOf(r) {
			i := slices.IndexFunc(r.Properties, func(p gdvar.Property) bool { return p.Name == sp.Name })
			if i < 0 {
				continue
			}
			elem := make([]gdvar.ContainerType, len(sp.Elem))
			for j, e := range sp.Elem {
				elem[j] = f.containerType(e)
			}
			switch v := r.Properties[i].Value.(type) {
			case []any:
				if len(elem) == 1 && elem[0].Kind != gdvar.Untyped {
					r.Properties[i].Value = gdvar.Array{Type: elem[0], Values: v}
				}
			case *gdvar.Dictionary:
				if len(elem) == 2 && v.KeyType.Kind == gdvar.Untyped && v.ValueType.Kind == gdvar.Untyped {
					v.KeyType, v.ValueType = elem[0], elem[1]
				}
			}
		}
	}
}

// containerType is an element type as the file holds it: a script by its
// external ID.
func (f *File) containerType(t gdvar.ContainerType) gdvar.ContainerType {
	if t.Kind != gdvar.TypedScript {
		return t
	}
	for _, x := range f.External {
		if x.Path == t.Name {
			return gdvar.ContainerType{Kind: gdvar.TypedScript, Name: x.ID}
		}
	}
	return gdvar.ContainerType{}
}
