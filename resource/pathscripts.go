package resource

import (
	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/vartext"
)

// Godot 4.1 wrote the script of a typed container by its path,
// Array[Resource("res://s.gd")], with no [ext_resource] for it. Reading
// such a file registers the script as an External with no ID, keyed by
// its path (the container type's Name); writing it as read gives the same
// form back, and SavedAs gives it the ID the engine's saver does (its
// re-save adds the [ext_resource]).

// registerPathScripts registers the scripts v's containers name by a path
// no [ext_resource] gave.
func (r *textReader) registerPathScripts(v any) {
	if r.f.dialect != vartext.Godot4 {
		return
	}
	add := func(t gdvar.ContainerType) {
		if t.Kind != gdvar.TypedScript || r.exts[t.Name] || r.pathScripts[t.Name] {
			return
		}
		if r.pathScripts == nil {
			r.pathScripts = map[string]bool{}
		}
		r.pathScripts[t.Name] = true
		r.f.External = append(r.f.External, &External{Type: "Script", Path: t.Name, UID: NoUID})
	}
	visitValue(v, func(x any) bool {
		switch c := x.(type) {
		case gdvar.Array:
			add(c.Type)
		case *gdvar.Dictionary:
			add(c.KeyType)
			add(c.ValueType)
		}
		return true
	})
}

// pathScripts returns the paths of the scripts with no ID.
func (f *File) pathScripts() map[string]bool {
	var m map[string]bool
	for _, x := range f.External {
		if x.ID == "" {
			if m == nil {
				m = map[string]bool{}
			}
			m[x.Path] = true
		}
	}
	return m
}

// key is what references to x give: its ID, or a script's path if it has
// none.
func (x *External) key() string {
	if x.ID == "" {
		return x.Path
	}
	return x.ID
}

// appendPathTyped appends an Array typed with a script of no ID as Godot
// 4.1 wrote it, Array[Resource("path")]([…]), and reports whether v is
// one.
func (w *textWriter) appendPathTyped(v any) (bool, error) {
	a, ok := v.(gdvar.Array)
	if !ok || a.Type.Kind != gdvar.TypedScript || !w.pathScripts[a.Type.Name] {
		return false, nil
	}
	w.s("Array[Resource(")
	var err error
	if w.b, err = w.values.append(w.b, a.Type.Name); err != nil {
		return true, err
	}
	w.s(")](")
	if w.b, err = w.values.append(w.b, a.Values); err != nil {
		return true, err
	}
	w.s(")")
	return true, nil
}
