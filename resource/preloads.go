package resource

import (
	"slices"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/vartext"
)

// Godot 4's savers walk every stored value of a resource to find the
// resources it refers to, its script variables' included, before they
// leave out those at their defaults. A variable whose default is a
// preloaded resource (= preload("menu.tscn")) therefore puts that
// resource in the file's list, whether the file sets the variable or
// not, in its place in the walk: by name in the text form, in declared
// order in the binary one.

// preloadWalk is what a save meets walking a scripted resource that it
// does not write: its variables that preload, each with a reference to
// what it preloads, in declared order.
type preloadWalk struct {
	vars  []gdvar.Property
	order map[string]int // the script's stored variables' places
}

// preloadWalkOf returns what a save meets walking r that it does not
// write: the variables of r's script (vars) that preload a resource and
// that the file leaves at that default, or nil for none. With add, it
// adds to g's external resources (and to paths, g.externalPaths()),
// without an ID, those the file does not list; without, it leaves out
// the variables preloading them.
func (g *File) preloadWalkOf(r *Resource, vars []ScriptProperty, paths map[string]string, add bool) *preloadWalk {
	var pw *preloadWalk
	var values map[string]any
	var byPath map[string]*External
	for _, v := range vars {
		x, ok := v.Default.(*External)
		if !ok {
			continue
		}
		if pw == nil {
			pw = &preloadWalk{order: make(map[string]int, len(vars))}
			for j, v := range vars {
				pw.order[v.Name] = j
			}
			values = make(map[string]any, len(r.Properties))
			for _, p := range r.Properties {
				if _, ok := values[p.Name]; !ok {
					values[p.Name] = p.Value
				}
			}
			byPath = make(map[string]*External, len(g.External))
			for _, e := range g.External {
				if _, ok := byPath[e.Path]; !ok {
					byPath[e.Path] = e
				}
			}
		}
		if value, set := values[v.Name]; set && !refersTo(value, x.Path, paths) {
			continue // the walk meets the file's value
		}
		e := byPath[x.Path]
		if e == nil && !add {
			continue
		}
		if e == nil {
			e = &External{Type: x.Type, Path: x.Path, UID: NoUID}
			g.External = append(g.External, e)
			byPath[x.Path] = e
			paths[e.key()] = e.Path
		}
		pw.vars = append(pw.vars, gdvar.Property{Name: v.Name, Value: Ext(e.key())})
	}
	if pw == nil || len(pw.vars) == 0 {
		return nil
	}
	return pw
}

// walkedPreloads returns what a save of f meets walking its scripted
// resources and does not write: what SavedAs found, or, for a file as it
// was read, the preloads of the variables it leaves unset, of the files
// it lists (the engine's save listed them so).
func (f *File) walkedPreloads() map[*Resource]*preloadWalk {
	if f.preloads != nil || f.scripts == nil || f.dialect != vartext.Godot4 {
		return f.preloads
	}
	var m map[*Resource]*preloadWalk
	var paths map[string]string
	for _, r := range append(f.Resources[:len(f.Resources):len(f.Resources)], f.Main) {
		vars := f.scriptOf(r)
		if !slices.ContainsFunc(vars, preloads) {
			continue
		}
		if paths == nil {
			paths = f.externalPaths()
		}
		if pw := f.preloadWalkOf(r, vars, paths, false); pw != nil {
			if m == nil {
				m = map[*Resource]*preloadWalk{}
			}
			m[r] = pw
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
// props: props, and the preloads of the variables props does not set in
// their places.
func (w *walker) walked(r *Resource, props []gdvar.Property) []gdvar.Property {
	pw := w.preloads[r]
	if pw == nil {
		return props
	}
	set := make(map[string]bool, len(props))
	for _, p := range props {
		set[p.Name] = true
	}
	out := make([]gdvar.Property, 0, len(props)+len(pw.vars))
	next := 0
	add := func(upTo int) {
		for ; next < len(pw.vars) && pw.order[pw.vars[next].Name] < upTo; next++ {
			if !set[pw.vars[next].Name] {
				out = append(out, pw.vars[next])
			}
		}
	}
	for _, p := range props {
		if i, ok := pw.order[p.Name]; ok {
			add(i)
		}
		out = append(out, p)
	}
	add(len(pw.order))
	return out
}

// preloads reports whether a variable's default is a preloaded resource:
// one the file leaves out is at that default, not null.
func preloads(v ScriptProperty) bool {
	_, ok := v.Default.(*External)
	return ok
}
