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
	// external, the external resources in the order met, the first met of
	// them (those a write as it is keeps after: keepListed).
	found    []*Resource
	external []*External
	met      int
	// nodePath is called with each NodePath met, in order.
	nodePath func(gdvar.NodePath)
	// main are the main resource's properties as saved: a scene's with
	// its _bundled.
	main []gdvar.Property
	// defaults are what the walk meets that the save does not write, and
	// defaultsStates what it knows of them as it goes.
	defaults       map[*Resource]*defaultsWalk
	defaultsStates map[*defaultsWalk]*defaultsState
}

func newWalker(f *File, sorted bool) *walker {
	w := &walker{f: f, sorted: sorted, subs: make(map[string]*Resource, len(f.Resources)), exts: make(map[string]*External, len(f.External)),
		seen: make(map[*Resource]bool, len(f.Resources)+1), seenX: make(map[*External]bool, len(f.External)),
		defaults: f.walkedDefaults()}
	for _, r := range f.Resources {
		if _, ok := w.subs[r.ID]; !ok {
			w.subs[r.ID] = r
		}
	}
	for _, x := range f.External {
		if _, ok := w.exts[x.key()]; !ok {
			w.exts[x.key()] = x
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
	w.properties(f.Main, w.main)
	for _, n := range f.Nodes {
		if n.Instance != "" {
			w.ext(n.Instance)
		}
	}
	w.met = len(w.external)
	if f.ownOrder {
		w.keepListed()
	}
	return nil
}

// keepListed adds to the external resources met, after them, those the
// file lists that nothing met: a write of a text file as it is keeps
// them. The engine that wrote one met it where gdvar may not look (a
// script's typed Array left empty, met with its script, when the
// script's variables are not known), and a file's own form is kept; a
// save through the engine (AsSaved) writes only those it meets.
func (w *walker) keepListed() {
	for _, x := range w.f.External {
		if x.ID != "" && w.exts[x.key()] == x {
			w.ext(x.ID)
		}
	}
}

// properties finds the resources the properties refer to, and those they
// refer to in turn, each sub-resource's before it: depth first, as the
// savers, but on a stack of its own, however many resources refer to one
// another in a chain (the engines' savers recurse, and a long chain
// overflows their stack; a goroutine's grows to 1 GB, and then the
// program stops).
func (w *walker) properties(main *Resource, props []gdvar.Property) {
	type frame struct {
		res      *Resource
		props    []gdvar.Property // the values walked
		order    []int32          // the text saver's, by name
		next     int              // in props
		defaults *frameDefaults   // and its script's defaults, among them
		in       valueCursor
	}
	start := func(res *Resource, props []gdvar.Property) frame {
		f := frame{res: res, props: props, defaults: w.frameDefaults(res, props)}
		if w.sorted {
			f.order = make([]int32, len(props))
			for i := range f.order {
				f.order[i] = int32(i)
			}
			slices.SortStableFunc(f.order, func(a, b int32) int { return strings.Compare(props[a].Name, props[b].Name) })
		}
		return f
	}
	// value returns the next value of a frame: its next property's, or a
	// default met before it; false once all have come.
	value := func(f *frame) (any, bool) {
		var p *gdvar.Property
		if f.next < len(f.props) {
			i := f.next
			if f.order != nil {
				i = int(f.order[i])
			}
			p = &f.props[i]
		}
		if f.defaults != nil {
			if v, ok := f.defaults.before(w, p); ok {
				return v, true
			}
		}
		if p == nil {
			return nil, false
		}
		f.next++
		return p.Value, true
	}
	stack := []frame{start(main, props)}
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		x, ok := top.in.next()
		if !ok {
			if x, ok = value(top); !ok {
				if len(stack) > 1 { // not the main resource
					w.found = append(w.found, top.res)
				}
				stack = stack[:len(stack)-1]
				continue
			}
		}
		switch kind, id := RefOf(x); kind {
		case ExtRef:
			w.ext(id)
		case SubRef:
			if r := w.subs[id]; r != nil && !w.seen[r] {
				w.seen[r] = true
				stack = append(reserve(stack, 1), start(r, r.Properties))
			}
		default:
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
			top.in.enter(x)
		}
	}
}

// valueCursor goes through what is inside values, depth first, as
// visitValue does, one value at a time, so that a walk can stop at any
// value and go on later.
type valueCursor struct{ levels []cursorLevel }

// cursorLevel is a container being gone through: elements, a Dictionary's
// keys and values in turn, or an object's property values.
type cursorLevel struct {
	list  []any
	dict  *gdvar.Dictionary
	props []gdvar.Property
	next  int
}

// enter goes into v, if it holds values: they come next.
func (c *valueCursor) enter(v any) {
	switch x := v.(type) {
	case []any:
		c.levels = append(reserve(c.levels, 1), cursorLevel{list: x})
	case gdvar.Array:
		c.levels = append(reserve(c.levels, 1), cursorLevel{list: x.Values})
	case *gdvar.Dictionary:
		c.levels = append(reserve(c.levels, 1), cursorLevel{dict: x})
	case *gdvar.Object:
		c.levels = append(reserve(c.levels, 1), cursorLevel{props: x.Properties})
	}
}

// next returns the next value, or false when all have come.
func (c *valueCursor) next() (any, bool) {
	for len(c.levels) > 0 {
		l := &c.levels[len(c.levels)-1]
		i := l.next
		l.next++
		switch {
		case l.dict != nil && i < 2*l.dict.Len():
			k, v := l.dict.At(i / 2)
			if i%2 == 0 {
				return k, true
			}
			return v, true
		case l.dict == nil && l.props != nil && i < len(l.props):
			return l.props[i].Value, true
		case l.dict == nil && l.props == nil && i < len(l.list):
			return l.list[i], true
		}
		c.levels = c.levels[:len(c.levels)-1]
	}
	return nil, false
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

// inFileOrder returns the resources a text write found, in the order the
// engine's saver meets them, in the order f has them instead where that
// is an order a save writes (each after those it refers to), for a File
// that keeps its order (read from text, or JSON of a text file): the
// editor that saved it met them in the order it held them, which a file
// does not always tell (an AnimationLibrary's animations in the order
// they were made, which its _data, sorted in text, does not keep), and
// the file comes back as it is. found is not changed.
func (f *File) inFileOrder(found []*Resource) []*Resource {
	if !f.ownOrder || len(found) < 2 {
		return found
	}
	at := make(map[*Resource]int, len(f.Resources))
	for i, r := range f.Resources {
		at[r] = i
	}
	ordered := slices.Clone(found)
	slices.SortStableFunc(ordered, func(a, b *Resource) int { return at[a] - at[b] })
	if slices.Equal(ordered, found) {
		return found
	}
	place := make(map[string]int, len(ordered))
	for i, r := range ordered {
		if _, ok := place[r.ID]; !ok {
			place[r.ID] = i
		}
	}
	for i, r := range ordered {
		after := true
		for _, p := range r.Properties {
			visitValue(p.Value, func(x any) bool {
				kind, id := RefOf(x)
				if j, ok := place[id]; kind == SubRef && ok && j >= i {
					after = false
				}
				return after && kind == NotRef
			})
		}
		if !after {
			return found
		}
	}
	return ordered
}
