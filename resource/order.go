package resource

import (
	"slices"
	"strings"

	"github.com/gdvar/gdvar"
)

// The savers write the resources they find walking the main resource's
// properties: an external resource when first met, a sub-resource after
// everything it refers to (so that it comes after them), the main
// resource last. The text saver walks each resource's properties sorted
// by name, the binary saver in their order. Arrays are walked in order,
// a typed one's script first; Dictionaries in their order, each key
// before its value. Resources nothing refers to are not saved.

// walker finds a file's resources as a saver does.
type walker struct {
	f      *File
	sorted bool // by property name, as the text saver
	subs   map[string]*Resource
	exts   map[string]*External
	seen   map[*Resource]bool
	seenX  map[*External]bool
	// found are the sub-resources in the order saved, the main one last;
	// external, the external resources in the order met.
	found    []*Resource
	external []*External
	// nodePath is called with each NodePath met, in order.
	nodePath func(gdvar.NodePath)
	// main are the main resource's properties as saved: a scene's with
	// its _bundled.
	main []gdvar.Property
}

func newWalker(f *File, sorted bool) *walker {
	w := &walker{f: f, sorted: sorted, subs: map[string]*Resource{}, exts: map[string]*External{},
		seen: map[*Resource]bool{}, seenX: map[*External]bool{}}
	for _, r := range f.Resources {
		if _, ok := w.subs[r.ID]; !ok {
			w.subs[r.ID] = r
		}
	}
	for _, x := range f.External {
		if _, ok := w.exts[x.ID]; !ok {
			w.exts[x.ID] = x
		}
	}
	return w
}

// walk finds the resources of the whole file. A scene's are met walking
// its PackedScene's _bundled, whose values are its nodes' (see scene.go);
// the text saver then adds the scenes its nodes are instances of, if not
// met.
func (w *walker) walk() error {
	f := w.f
	w.seen[f.Main] = true
	w.main = f.Main.Properties
	if f.Scene {
		d, err := f.bundled()
		if err != nil {
			return err
		}
		// _bundled comes before the script, as the PackedScene lists them.
		at := slices.IndexFunc(w.main, func(p gdvar.Property) bool { return p.Name == "script" })
		if at < 0 {
			at = len(w.main)
		}
		w.main = slices.Insert(slices.Clone(w.main), at, gdvar.Property{Name: bundledProperty, Value: d})
	}
	w.properties(w.main)
	for _, n := range f.Nodes {
		if n.Instance != "" {
			w.ext(n.Instance)
		}
	}
	return nil
}

func (w *walker) properties(props []gdvar.Property) {
	if w.sorted {
		props = slices.Clone(props)
		slices.SortStableFunc(props, func(a, b gdvar.Property) int { return strings.Compare(a.Name, b.Name) })
	}
	for _, p := range props {
		w.value(p.Value)
	}
}

func (w *walker) value(v any) {
	walkValue(v, func(x any) (any, bool) {
		switch kind, id := RefOf(x); kind {
		case ExtRef:
			w.ext(id)
			return x, false
		case SubRef:
			if r := w.subs[id]; r != nil && !w.seen[r] {
				w.seen[r] = true
				w.properties(r.Properties)
				w.found = append(w.found, r)
			}
			return x, false
		}
		switch c := x.(type) {
		case gdvar.Array:
			w.script(c.Type)
		case *gdvar.Dictionary:
			w.script(c.KeyType)
			w.script(c.ValueType)
		case gdvar.NodePath:
			if w.nodePath != nil {
				w.nodePath(c)
			}
		}
		return x, true
	})
}

// script meets the script a container is typed with.
func (w *walker) script(t gdvar.ContainerType) {
	if t.Kind == gdvar.TypedScript {
		w.ext(t.Name)
	}
}

func (w *walker) ext(id string) {
	if x := w.exts[id]; x != nil && !w.seenX[x] {
		w.seenX[x] = true
		w.external = append(w.external, x)
	}
}
