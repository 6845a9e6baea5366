package resource

import (
	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/vartext"
)

// Godot 4's savers walk every stored value of a resource to find the
// resources it refers to, its script variables' included, before they
// leave out those at their defaults. A variable whose default refers to
// a resource therefore puts that resource in the file's list, whether
// the file sets the variable or not, in its place in the walk: by name in
// the text form, in declared order in the binary one. Such defaults are
// a preloaded resource (= preload("menu.tscn")) and an Array typed with
// a script (Array[Item], empty), whose script the walk meets.

// defaultsWalk is what a save meets walking a scripted resource that it
// does not write: its variables at defaults that refer to a resource,
// each with that default as the file refers to it, in declared order.
type defaultsWalk struct {
	vars   []gdvar.Property
	script *scriptVars // the script's stored variables, by whose places they are ordered
}

// defaultsWalkOf returns what a save meets walking r that it does not
// write: the variables of r's script (vars) whose defaults refer to a
// resource and that the file leaves at them, or nil for none. With add,
// it adds to the file's external resources, without an ID, those the
// file does not list; without, it leaves out the variables referring to
// them.
func (k *finder) defaultsWalkOf(r *Resource, vars *scriptVars, add bool) *defaultsWalk {
	var dw *defaultsWalk
	var values map[string]any
	for _, v := range vars.vars {
		typ, path, ok := walkedDefault(v)
		if !ok {
			continue
		}
		if dw == nil {
			dw = &defaultsWalk{script: vars}
			values = make(map[string]any, len(r.Properties))
			for _, p := range r.Properties {
				if _, ok := values[p.Name]; !ok {
					values[p.Name] = p.Value
				}
			}
		}
		if value, set := values[v.Name]; set && !atDefault(value, v.Default, k.externalPaths()) {
			continue // the walk meets the file's value
		}
		e := k.externalsByPath()[path]
		if e == nil && !add {
			continue
		}
		if e == nil {
			e = &External{Type: typ, Path: path, UID: NoUID}
			k.addExternal(e)
		}
		var value any = Ext(e.key())
		if a, ok := v.Default.(gdvar.Array); ok {
			value = gdvar.Array{Type: gdvar.ContainerType{Kind: gdvar.TypedScript, Name: e.key()}, Values: a.Values}
		}
		dw.vars = append(dw.vars, gdvar.Property{Name: v.Name, Value: value})
	}
	if dw == nil || len(dw.vars) == 0 {
		return nil
	}
	return dw
}

// walkedDefault returns the type and path of the resource a variable's
// default refers to, as an ext_resource lists it: what it preloads, or
// the script an Array is typed with.
func walkedDefault(v ScriptProperty) (typ, path string, ok bool) {
	switch d := v.Default.(type) {
	case *External:
		return d.Type, d.Path, true
	case gdvar.Array:
		if d.Type.Kind == gdvar.TypedScript {
			return "Script", d.Type.Name, true
		}
	}
	return "", "", false
}

// atDefault reports whether a value of a file equals a variable's
// default: a preload by path (paths being g.externalPaths()), anything
// else by Variant's ==.
func atDefault(value, def any, paths map[string]string) bool {
	if x, ok := def.(*External); ok {
		return refersTo(value, x.Path, paths)
	}
	return sameValue(value, def, false)
}

// walkedDefaults returns what a save of f meets walking its scripted
// resources and does not write: what SavedAs found, or, for a file as it
// was read, the defaults of the variables it leaves unset, where they
// refer to files it lists (the engine's save listed them so).
func (f *File) walkedDefaults() map[*Resource]*defaultsWalk {
	if f.walkDefaults != nil || f.scripts == nil || f.dialect != vartext.Godot4 {
		return f.walkDefaults
	}
	var m map[*Resource]*defaultsWalk
	k := f.finder()
	for _, r := range append(f.Resources[:len(f.Resources):len(f.Resources)], f.Main) {
		vars := k.scriptOf(r)
		if !vars.walks {
			continue
		}
		if dw := k.defaultsWalkOf(r, vars, false); dw != nil {
			if m == nil {
				m = map[*Resource]*defaultsWalk{}
			}
			m[r] = dw
		}
	}
	return m
}

// externalPaths maps each external resource's key to its path.
func (g *File) externalPaths() map[string]string {
	m := make(map[string]string, len(g.External))
	for _, e := range g.External {
		if _, ok := m[e.key()]; !ok {
			m[e.key()] = e.Path
		}
	}
	return m
}

// refersTo reports whether v is a reference to the external resource at
// path, paths being g.externalPaths().
func refersTo(v any, path string, paths map[string]string) bool {
	kind, id := RefOf(v)
	p, ok := paths[id]
	return kind == ExtRef && ok && p == path
}

// walked returns the values a save meets walking r, whose properties are
// props: props, and the defaults of the variables props does not set in
// their places.
func (w *walker) walked(r *Resource, props []gdvar.Property) []gdvar.Property {
	dw := w.defaults[r]
	if dw == nil {
		return props
	}
	set := make(map[string]bool, len(props))
	for _, p := range props {
		set[p.Name] = true
	}
	out := make([]gdvar.Property, 0, len(props)+len(dw.vars))
	next := 0
	add := func(upTo int) {
		for ; next < len(dw.vars) && dw.script.last(dw.vars[next].Name) < upTo; next++ {
			if !set[dw.vars[next].Name] {
				out = append(out, dw.vars[next])
			}
		}
	}
	for _, p := range props {
		if i := dw.script.last(p.Name); i >= 0 {
			add(i)
		}
		out = append(out, p)
	}
	add(len(dw.script.vars))
	return out
}

// preloads reports whether a variable's default is a preloaded resource:
// one the file leaves out is at that default, not null.
func preloads(v ScriptProperty) bool {
	_, ok := v.Default.(*External)
	return ok
}

// walksDefault reports whether a variable's default refers to a resource.
func walksDefault(v ScriptProperty) bool {
	_, _, ok := walkedDefault(v)
	return ok
}
