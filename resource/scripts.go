package resource

import (
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

// Setters is what a Scripts may also tell (package project's *Project
// does): which properties an instance of a script keeps when loading sets
// them. The engine sets each property a file gives on the object it
// loads; one that neither the class nor the script has is lost, and a
// save leaves it out.
type Setters interface {
	// Takes reports whether the script at a res:// path, with its bases,
	// takes a property of that name: it declares a variable so named
	// (stored or not) or defines _set, which may take any name. An error
	// means it cannot tell, and the property is kept.
	Takes(script, name string) (bool, error)
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
	// write every value then. A preloaded resource (= preload("x.tscn"))
	// is an *External with its Type and Path: the savers meet it as they
	// walk the values, so that the file lists it whether or not a
	// property refers to it, and a value naming the same path is at its
	// default.
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
	path, ok := f.scriptPath(r)
	if !ok {
		return nil
	}
	props, err := f.scripts.StoredProperties(path)
	if err != nil {
		return nil // the engine loads the resource without its script's variables
	}
	return props
}

// scriptPath returns the res:// path of r's script, if r has one the
// file refers to.
func (f *File) scriptPath(r *Resource) (string, bool) {
	v, _ := r.Get("script")
	kind, id := RefOf(v)
	if kind != ExtRef {
		return "", false
	}
	for _, x := range f.External {
		if x.ID == id {
			return x.Path, true
		}
	}
	return "", false
}

// typeScriptVariables does what loading does to the values of typed
// script variables: an untyped Array or Dictionary a variable declares
// typed takes its types. An element type that is a script the file does
// not refer to is left out: the text saver would add it to the file.
func (f *File) typeScriptVariables() {
	var byPath map[string]*External // once needed
	for _, r := range append(f.Resources[:len(f.Resources):len(f.Resources)], f.Main) {
		vars := f.scriptOf(r)
		if len(vars) == 0 {
			continue
		}
		at := make(map[string]int, len(r.Properties))
		for i, p := range r.Properties {
			if _, ok := at[p.Name]; !ok {
				at[p.Name] = i
			}
		}
		for _, sp := range vars {
			i, ok := at[sp.Name]
			if !ok {
				continue
			}
			elem := make([]gdvar.ContainerType, len(sp.Elem))
			for j, e := range sp.Elem {
				if e.Kind == gdvar.TypedScript && byPath == nil {
					byPath = f.externalsByPath()
				}
				elem[j] = containerType(e, byPath)
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

// externalsByPath maps each external resource's path to it, the first
// where two share a path.
func (f *File) externalsByPath() map[string]*External {
	m := make(map[string]*External, len(f.External))
	for _, x := range f.External {
		if _, ok := m[x.Path]; !ok {
			m[x.Path] = x
		}
	}
	return m
}

// containerType is an element type as the file holds it: a script by its
// external ID (byPath, f.externalsByPath()).
func containerType(t gdvar.ContainerType, byPath map[string]*External) gdvar.ContainerType {
	if t.Kind != gdvar.TypedScript {
		return t
	}
	if x, ok := byPath[t.Name]; ok {
		return gdvar.ContainerType{Kind: gdvar.TypedScript, Name: x.ID}
	}
	return gdvar.ContainerType{}
}
