package resource

import (
	"slices"
	"strings"

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

// defaultsWalk is what a save meets walking the resources of a script
// that it does not write: the script's variables whose defaults refer to
// a resource, in declared order, each with the external resource it
// refers to once the file lists it. The resources of the script share
// it: the walk of one meets the defaults of the variables it does not
// set, each in its place among its properties (see frameDefaults).
type defaultsWalk struct {
	script *scriptVars
	vars   []walkedVar
	// missing are the variables whose resource the file does not list
	// (yet): a save adds it when a resource leaves one at its default.
	missing []int
}

// walkedVar is a variable whose default refers to a resource.
type walkedVar struct {
	name      string
	at        int // its place among the script's variables (scriptVars.last)
	def       any // its default
	typ, path string
	// array says the default is an Array typed with the script at path,
	// holding values; else it preloads path.
	array  bool
	values []any
	ext    *External // the file's external resource at path, or nil
}

// value is the default as the file refers to it: by its external
// resource's key as it is when the walk meets it (a save renames the
// external resources themselves).
func (v *walkedVar) value() any {
	if v.array {
		return gdvar.Array{Type: gdvar.ContainerType{Kind: gdvar.TypedScript, Name: v.ext.key()}, Values: v.values}
	}
	return Ext(v.ext.key())
}

// defaultsWalkOf returns what a save meets walking the resources of r's
// script (vars) that it does not write, made once a pass for each
// script, or nil if no default of the script refers to a resource. With
// add, it adds to the file's external resources, without an ID, those
// the file does not list that r leaves a variable at (unset, or set to
// its default).
func (k *finder) defaultsWalkOf(r *Resource, vars *scriptVars, add bool) *defaultsWalk {
	if !vars.walks {
		return nil
	}
	dw, ok := k.walks[vars]
	if !ok {
		dw = &defaultsWalk{script: vars}
		for _, v := range vars.vars {
			typ, path, ok := walkedDefault(v)
			if !ok {
				continue
			}
			wv := walkedVar{name: v.Name, at: vars.last(v.Name), def: v.Default, typ: typ, path: path, ext: k.externalsByPath()[path]}
			if a, ok := v.Default.(gdvar.Array); ok {
				wv.array, wv.values = true, a.Values
			}
			if wv.ext == nil {
				dw.missing = append(dw.missing, len(dw.vars))
			}
			dw.vars = append(dw.vars, wv)
		}
		if k.walks == nil {
			k.walks = map[*scriptVars]*defaultsWalk{}
		}
		k.walks[vars] = dw
	}
	if !add || len(dw.missing) == 0 {
		return dw
	}
	values := make(map[string]any, len(r.Properties))
	for _, p := range r.Properties {
		if _, ok := values[p.Name]; !ok {
			values[p.Name] = p.Value
		}
	}
	missing := dw.missing[:0]
	for _, i := range dw.missing {
		v := &dw.vars[i]
		if v.ext = k.externalsByPath()[v.path]; v.ext != nil {
			continue // added for another variable
		}
		if value, set := values[v.name]; set && !atDefault(value, v.def, k.externalPaths()) {
			missing = append(missing, i) // the walk meets the file's value
			continue
		}
		v.ext = &External{Type: v.typ, Path: v.path, UID: NoUID}
		k.addExternal(v.ext)
	}
	dw.missing = missing
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
// default: a preload by path (paths being the finder's externalPaths),
// anything else by Variant's ==.
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
		if dw := k.defaultsWalkOf(r, k.scriptOf(r), false); dw != nil {
			if m == nil {
				m = map[*Resource]*defaultsWalk{}
			}
			m[r] = dw
		}
	}
	return m
}

// refersTo reports whether v is a reference to the external resource at
// path, paths being the finder's externalPaths.
func refersTo(v any, path string, paths map[string]string) bool {
	kind, id := RefOf(v)
	p, ok := paths[id]
	return kind == ExtRef && ok && p == path
}

// frameDefaults are the defaults a walk meets walking one resource, of
// the variables of its script it does not set (set), each where a save
// meets it among the resource's properties: in declared order, or by
// name. Those whose resource the walk has met already meet nothing new,
// and are passed over as the walk's defaultsState says.
type frameDefaults struct {
	state *defaultsState
	set   map[string]bool // the resource's properties
	next  int             // in state.order
}

// defaultsState is what a walk knows of a defaultsWalk: its variables in
// the walk's order, and, as the walk goes, those that meet nothing new.
type defaultsState struct {
	dw    *defaultsWalk
	order []int // dw.vars in the walk's order: declared, or by name
	// skip[i] > i says no default in order[i:skip[i]] meets anything
	// new (the walk met their resources, or the file lists none).
	skip []int
}

// frameDefaults returns the defaults the walk meets walking a resource,
// with properties props, or nil for none.
func (w *walker) frameDefaults(r *Resource, props []gdvar.Property) *frameDefaults {
	dw := w.defaults[r]
	if dw == nil {
		return nil
	}
	s := w.defaultsStates[dw]
	if s == nil {
		s = &defaultsState{dw: dw, order: make([]int, len(dw.vars)), skip: make([]int, len(dw.vars))}
		for i := range s.order {
			s.order[i] = i
		}
		if w.sorted {
			slices.SortStableFunc(s.order, func(a, b int) int { return strings.Compare(dw.vars[a].name, dw.vars[b].name) })
		}
		if w.defaultsStates == nil {
			w.defaultsStates = map[*defaultsWalk]*defaultsState{}
		}
		w.defaultsStates[dw] = s
	}
	set := make(map[string]bool, len(props))
	for _, p := range props {
		set[p.Name] = true
	}
	return &frameDefaults{state: s, set: set}
}

// before returns the next default the walk meets before the property p
// (after the last, if p is nil), or false if none.
func (d *frameDefaults) before(w *walker, p *gdvar.Property) (any, bool) {
	s := d.state
	for {
		d.next = s.live(w, d.next)
		if d.next == len(s.order) {
			return nil, false
		}
		v := &s.dw.vars[s.order[d.next]]
		if p != nil && !s.before(w.sorted, v, p) {
			return nil, false
		}
		d.next++
		if !d.set[v.name] {
			return v.value(), true
		}
	}
}

// before reports whether a save meets a variable's default before the
// property p: by name, or before the variable p sets, if p sets one.
func (s *defaultsState) before(sorted bool, v *walkedVar, p *gdvar.Property) bool {
	if sorted {
		return v.name < p.Name
	}
	at := s.dw.script.last(p.Name)
	return at >= 0 && v.at < at
}

// live returns the first place in the walk's order at or after i whose
// default may meet something new, or len(order).
func (s *defaultsState) live(w *walker, i int) int {
	j := i
	for j < len(s.order) {
		if s.skip[j] > j {
			j = s.skip[j]
			continue
		}
		if !s.dw.vars[s.order[j]].spent(w) {
			break
		}
		s.skip[j] = j + 1
		j++
	}
	for k := i; k < j; { // the way from i to j, shortened
		next := s.skip[k]
		s.skip[k] = j
		k = next
	}
	return j
}

// spent reports whether a variable's default meets nothing new in the
// walk: the file lists no resource at its path, or the walk has met it,
// and it is no Array holding values.
func (v *walkedVar) spent(w *walker) bool {
	if v.ext == nil {
		return true
	}
	if len(v.values) > 0 {
		return false
	}
	x := w.exts[v.ext.key()]
	return x == nil || w.seenX[x]
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
