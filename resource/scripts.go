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

// Setters is what a [Scripts] may also tell (package project's *Project
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

// useScripts has f know what its scripts declare, if s is not nil. The
// values of a binary file take the container types the script declares,
// which the binary form does not hold; a text file's hold the types it
// gives them (see typeScriptVariables).
func (f *File) useScripts(s Scripts) {
	f.scripts = s
	if f.binaryRead {
		f.typeScriptVariables()
	}
}

// scriptVars are the stored variables of a script, and where each name
// is among them.
type scriptVars struct {
	vars  []ScriptProperty
	first map[string]int // where each name is first
	// more are where each name given more than once is, in order (a
	// script may not, but a Scripts may say so).
	more map[string][]int
	// walks says some variable's default refers to a resource
	// (walksDefault).
	walks bool
}

// noScriptVars are those of a resource without a script, or whose
// variables are not known.
var noScriptVars = newScriptVars(nil)

func newScriptVars(vars []ScriptProperty) *scriptVars {
	s := &scriptVars{vars: vars, first: make(map[string]int, len(vars)), walks: slices.ContainsFunc(vars, walksDefault)}
	for i, v := range vars {
		first, again := s.first[v.Name]
		if !again {
			s.first[v.Name] = i
			continue
		}
		if s.more == nil {
			s.more = map[string][]int{}
		}
		if s.more[v.Name] == nil {
			s.more[v.Name] = []int{first}
		}
		s.more[v.Name] = append(s.more[v.Name], i)
	}
	return s
}

// index returns the place of the first variable called name at or after
// from, or -1.
func (s *scriptVars) index(name string, from int) int {
	if at, ok := s.more[name]; ok {
		if i, _ := slices.BinarySearch(at, from); i < len(at) {
			return at[i]
		}
		return -1
	}
	if i, ok := s.first[name]; ok && i >= from {
		return i
	}
	return -1
}

// last returns the place of the last variable called name, or -1.
func (s *scriptVars) last(name string) int {
	if at, ok := s.more[name]; ok {
		return at[len(at)-1]
	}
	if i, ok := s.first[name]; ok {
		return i
	}
	return -1
}

// object reports whether a variable called name is declared an Object.
func (s *scriptVars) object(name string) bool {
	if at, ok := s.more[name]; ok {
		return slices.ContainsFunc(at, func(i int) bool { return s.vars[i].Object })
	}
	i, ok := s.first[name]
	return ok && s.vars[i].Object
}

// scriptOf returns the stored variables of r's script, if the File knows
// its scripts and r has one, asked of the Scripts once a pass for each
// script.
func (k *finder) scriptOf(r *Resource) *scriptVars {
	if k.f.scripts == nil {
		return noScriptVars
	}
	path, ok := k.scriptPath(r)
	if !ok {
		return noScriptVars
	}
	vars, ok := k.scripts[path]
	if !ok {
		vars = noScriptVars // the engine loads the resource without its script's variables
		if props, err := k.f.scripts.StoredProperties(path); err == nil {
			vars = newScriptVars(props)
		}
		k.scripts[path] = vars
	}
	return vars
}

// scriptPath returns the res:// path of r's script, if r has one the
// file refers to.
func (k *finder) scriptPath(r *Resource) (string, bool) {
	v, _ := r.Get("script")
	kind, id := RefOf(v)
	if kind != ExtRef {
		return "", false
	}
	if x := k.external(id); x != nil {
		return x.Path, true
	}
	return "", false
}

// typeScriptVariables does what loading does to the values of typed
// script variables (the resources' Properties are replaced, not changed):
// an untyped Array or Dictionary a variable declares typed takes its
// types. An element type that is a script the file does not refer to is
// left out: the text saver would add it to the file. Reading a binary
// file does it, its form having no container types; for a text file or
// JSON, which give them, it is a load conversion of the re-save
// (asSaved).
func (f *File) typeScriptVariables() {
	k := f.finder()
	for _, r := range append(f.Resources[:len(f.Resources):len(f.Resources)], f.Main) {
		vars := k.scriptOf(r)
		if len(vars.vars) == 0 {
			continue
		}
		// Each property given, the first of its name, takes the types
		// of the first variable of its name.
		seen := make(map[string]bool, len(r.Properties))
		props := slices.Clone(r.Properties)
		for i, p := range props {
			at, ok := vars.first[p.Name]
			if seen[p.Name] || !ok {
				continue
			}
			seen[p.Name] = true
			sp := vars.vars[at]
			elem := make([]gdvar.ContainerType, len(sp.Elem))
			for j, e := range sp.Elem {
				elem[j] = containerType(e, k)
			}
			switch v := p.Value.(type) {
			case []any:
				if len(elem) == 1 && elem[0].Kind != gdvar.Untyped {
					props[i].Value = gdvar.Array{Type: elem[0], Values: v}
				}
			case *gdvar.Dictionary:
				if len(elem) == 2 && v.KeyType.Kind == gdvar.Untyped && v.ValueType.Kind == gdvar.Untyped {
					typed := &gdvar.Dictionary{KeyType: elem[0], ValueType: elem[1], Shared: v.Shared}
					typed.Grow(v.Len())
					for key, value := range v.All() {
						typed.Append(key, value)
					}
					props[i].Value = typed
				}
			}
		}
		r.Properties = props
	}
}

// containerType is an element type as the file holds it: a script by its
// external ID.
func containerType(t gdvar.ContainerType, k *finder) gdvar.ContainerType {
	if t.Kind != gdvar.TypedScript {
		return t
	}
	if x, ok := k.externalsByPath()[t.Name]; ok {
		return gdvar.ContainerType{Kind: gdvar.TypedScript, Name: x.ID}
	}
	return gdvar.ContainerType{}
}
