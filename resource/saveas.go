package resource

import (
	"bytes"
	"slices"
	"strconv"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/vartext"
)

// Form is one of a resource file's two forms.
type Form uint8

const (
	Text   Form = iota // .tres, .tscn
	Binary             // .res, .scn
)

// SavedAs returns the [File] as the engine's ResourceSaver.save writes the
// same resource to path (as res://dir/name.tres) in the given form, once
// it has loaded it: its values as [File.AsSaved] gives them, with the IDs
// [File.WithIDsFor] gives. Write the result with [File.WriteText] or [File.WriteBinary]. Set
// Path first to where the resource was loaded from, if the engine would
// know it (the binary form then names the main resource by it, and a
// text file saved back to where it was loaded keeps its external IDs).
// f is not changed.
func (f *File) SavedAs(path string, form Form) (*File, error) {
	g := f.copied()
	g.asSaved()
	if err := g.withIDs(path, form); err != nil {
		return nil, err
	}
	return g, nil
}

// AsSaved returns a copy of f with the values the engine saves once it
// has loaded f: its load conversions (an older editor's forms and names
// taken as its classes take them: 3.x material names, a Curve's bounds,
// SDFGI distances, SpriteFrames's "loop": 1, an ArrayMesh's surfaces, an
// AnimationLibrary's names, 32-bit floats, typed containers) and what a
// save leaves out or adds (defaults, properties no longer stored or
// hidden by the class's values, script variables at their defaults,
// properties their values show), its properties in their class's order,
// and no load_steps (Godot 3 counts what it saves, Godot 4.6 writes
// none). Its IDs are f's: [File.SavedAs]
// gives those of a save to a path. See docs/resources.md, "A save through
// the engine". A [File] as read keeps the file's own values and forms:
// write it as it is to get the file back. f is not changed.
func (f *File) AsSaved() *File {
	g := f.copied()
	g.asSaved()
	if !g.binaryRead {
		g.inSavedOrder()
	}
	return g
}

// WithIDsFor returns a copy of f with the IDs the engine's
// ResourceSaver.save gives its resources when it saves them to path (as
// res://dir/name.tres) in the given form, and its values as they are: a
// change of form without the engine's re-save (see [File.AsSaved], [File.SavedAs]).
//
// Godot 4 draws IDs from a generator seeded with the path: the external
// resources' of the text form (1_ab3cd, numbered in the order met), and
// those of resources that have none (Gradient_ab3cd), among them the main
// resource's in the binary form. Godot 3 numbers external resources as
// its editor builds do where a file tells it (Godot 3.6: in the order the
// file lists them; Godot 3.2: as met, as export builds do) and gives
// resources without an ID the next free numbers. f is not changed.
func (f *File) WithIDsFor(path string, form Form) (*File, error) {
	g := f.copied()
	if err := g.withIDs(path, form); err != nil {
		return nil, err
	}
	return g, nil
}

// copied returns a copy of f whose resources and external resources may
// be changed (each resource's Properties replaced, not changed).
func (f *File) copied() *File {
	g := *f
	g.External = cloneAll(f.External)
	g.Resources = cloneAll(f.Resources)
	main := *f.Main
	g.Main = &main
	if f.walkDefaults != nil { // AsSaved's, by the copies
		g.walkDefaults = make(map[*Resource]*defaultsWalk, len(f.walkDefaults))
		for i, r := range append(f.Resources[:len(f.Resources):len(f.Resources)], f.Main) {
			if dw, ok := f.walkDefaults[r]; ok {
				g.walkDefaults[append(g.Resources[:len(g.Resources):len(g.Resources)], g.Main)[i]] = dw
			}
		}
	}
	return &g
}

// withIDs gives g, a copy, the IDs of a save to path in the form (see
// WithIDsFor).
func (g *File) withIDs(path string, form Form) error {
	f := g
	if form == Text {
		g.bin = nil
	}
	found := newWalker(g, form == Text)
	if err := found.walk(); err != nil {
		return err
	}
	godot4 := f.dialect == vartext.Godot4
	var ids *sceneIDs
	if godot4 {
		ids = newSceneIDs(path)
	}
	var rn renames
	if form == Text && path != f.Path {
		rn.ext = g.externalIDs(found, ids, false)
	} else if ids != nil && slices.ContainsFunc(found.external, func(x *External) bool { return x.ID == "" }) {
		rn.ext = g.externalIDs(found, ids, true)
	}
	if f.dialect == vartext.Godot32 && !f.binaryRead {
		// Godot 3.2 keeps no ID of a resource it reads from text: it
		// numbers them all anew, in the order saved. Those it reads
		// from binary keep theirs (local://N).
		rn.sub = map[string]string{}
		for i, r := range g.inFileOrder(found.found) {
			rn.sub[r.ID] = strconv.Itoa(i + 1)
			r.ID = rn.sub[r.ID]
		}
	}
	// Resources keep their IDs, but for one given twice: the later loses
	// it, and one the class makes anew has none. Those without one get
	// one, in the order saved.
	used := map[string]bool{}
	anew, was := g.madeAnew(), map[*Resource]string{}
	for _, r := range found.found {
		if anew[r.ID] && !used[r.ID] {
			was[r] = r.ID
		}
		if used[r.ID] || anew[r.ID] {
			r.ID = ""
		} else if r.ID != "" {
			used[r.ID] = true
		}
	}
	missing := slices.Clone(found.found)
	if form == Binary && g.Path == "" {
		missing = append(missing, g.Main)
	}
	for _, r := range missing {
		if r.ID == "" {
			r.ID = g.newID(r.Type, used, ids)
			used[r.ID] = true
		}
	}
	for r, id := range was { // references to it follow
		if rn.sub == nil {
			rn.sub = map[string]string{}
		}
		rn.sub[id] = r.ID
	}
	if !rn.empty() {
		return g.rename(rn)
	}
	return nil
}

// asSaved makes the resources of g, a copy, what the engine saves of them
// once it has loaded them: what loading makes of their values and what
// its classes make of older editors' names and values, without what it
// would not save (see docs/resources.md, "A save through the engine").
func (g *File) asSaved() {
	d := g.dialect
	g.walkDefaults = map[*Resource]*defaultsWalk{} // found here: a write need not look again
	g.ownOrder = false
	g.decimalBytes = false                  // Godot 4.6 writes its own format
	g.floats42 = false                      // and its own digits
	g.layout3 = layoutOwn                   // and the engine its own layout
	g.LoadSteps, g.LoadStepsZero = 0, false // Godot 3 counts what it saves; Godot 4.6 writes none
	g.uidText = ""                          // the engine prints its UIDs
	g.crlf = false                          // and writes LF
	g.endBreaks = 0                         // and one at the end
	for _, x := range g.External {
		x.uidText = ""
	}
	g.digitsLoaded()
	for _, r := range append(g.Resources[:len(g.Resources):len(g.Resources)], g.Main) {
		loaded(d, r)
	}
	g.typeScriptVariables()
	k := g.finder()
	for _, r := range append(g.Resources[:len(g.Resources):len(g.Resources)], g.Main) {
		material3Names(d, r)
		curveRanges(d, r)
		sdfgiDistances(d, r)
		rebuildOnSave(d, r)
		fontFaces(d, r)
		dropUnstored(d, r)
		dropHidden(d, r)
		g.dropUntaken(r, k)
		dropDefaults(d, r)
		g.dropScriptDefaults(r, k)
		addShown(d, r)
		inClassOrder(r, k.classOf(r))
		dropNullParameters(d, r)
	}
}

// inSavedOrder puts g's resources in the order the text saver meets them,
// those it does not meet after them, so that the JSON form of a re-save
// lists them as its text does (a binary file's stay in its order, which
// its binary form keeps). A file whose walk fails keeps its order:
// its write fails alike.
func (g *File) inSavedOrder() {
	found := newWalker(g, true)
	if found.walk() != nil {
		return
	}
	met := make(map[*Resource]bool, len(found.found))
	order := make([]*Resource, 0, len(g.Resources))
	for _, r := range found.found {
		met[r] = true
		order = append(order, r)
	}
	for _, r := range g.Resources {
		if !met[r] {
			order = append(order, r)
		}
	}
	if len(order) == len(g.Resources) { // each met once, and every one of them g's
		g.Resources = order
	}
}

// externalIDs gives the external resources met the IDs of a text save,
// or only those without one (a save where the others keep theirs), and
// returns the renames.
func (g *File) externalIDs(found *walker, ids *sceneIDs, onlyMissing bool) map[string]string {
	rn := map[string]string{}
	if ids == nil { // Godot 3: 1, 2, …
		for i, x := range g.godot3Order(found.external) {
			rn[x.ID] = strconv.Itoa(i + 1)
		}
	} else {
		// The engine draws an id as it meets each one, which its editor
		// builds throw away, then one for each in turn that has none;
		// the number is its place in the order met (those a write as it
		// is keeps, which it does not meet, after).
		for range found.met {
			ids.next()
		}
		used := map[string]bool{}
		if onlyMissing {
			for _, x := range found.external {
				used[x.ID] = x.ID != ""
			}
		}
		for i, x := range found.external {
			if onlyMissing && x.ID != "" {
				continue
			}
			id := strconv.Itoa(i+1) + "_" + ids.next()
			for used[id] {
				id = strconv.Itoa(i+1) + "_" + ids.next()
			}
			used[id] = true
			rn[x.key()] = id
		}
	}
	for _, x := range g.External {
		if id, ok := rn[x.key()]; ok {
			x.ID = id
		}
	}
	return rn
}

// godot3Order orders the external resources a text save writes as Godot
// 3 numbers them. Its editor builds number them by their addresses in
// memory, which no file tells (docs/resources.md). Godot 3.6 loads a
// file's external resources in the order the file lists them and, where
// loading one loads no other, gives each the address after the one
// before: that order (those the file does not list after, as met).
// Godot 3.2's heap lays them out otherwise: the order met, as its export
// builds number them.
func (g *File) godot3Order(met []*External) []*External {
	if g.dialect != vartext.Godot3 {
		return met
	}
	listed := make(map[*External]int, len(g.External))
	for i, x := range g.External {
		listed[x] = i
	}
	out := slices.Clone(met)
	slices.SortStableFunc(out, func(a, b *External) int {
		i, ok := listed[a]
		j, ok2 := listed[b]
		switch {
		case ok && ok2:
			return compareInt(i, j)
		case ok:
			return -1
		case ok2:
			return 1
		}
		return 0
	})
	return out
}

// newID returns an ID for a resource of the class that has none.
func (g *File) newID(class string, used map[string]bool, ids *sceneIDs) string {
	if ids != nil {
		for {
			if id := class + "_" + ids.next(); !used[id] {
				return id
			}
		}
	}
	n := 0
	for id := range used {
		if k, err := strconv.Atoi(id); err == nil {
			n = max(n, k)
		}
	}
	return strconv.Itoa(n + 1)
}

// rename renames references throughout the file, copying what it changes.
// A binary scene's _bundled read is renamed alike, and kept.
func (g *File) rename(rn renames) error {
	if g.kept != nil { // still the state of the sections?
		snap, err := g.sceneSnapshot()
		if err != nil {
			return err
		}
		if !bytes.Equal(snap, g.kept.snapshot) {
			g.kept = nil
		}
	}
	props := func(ps []gdvar.Property) []gdvar.Property {
		out := slices.Clone(ps)
		for i := range out {
			out[i].Value, _ = withRefs(out[i].Value, rn)
		}
		return out
	}
	for _, r := range append(g.Resources, g.Main) {
		r.Properties = props(r.Properties)
	}
	nodes := make([]*Node, len(g.Nodes))
	for i, n := range g.Nodes {
		c := *n
		c.Properties = props(n.Properties)
		c.Instance = rn.of(ExtRef, n.Instance)
		nodes[i] = &c
	}
	g.Nodes = nodes
	conns := make([]*Connection, len(g.Connections))
	for i, c := range g.Connections {
		d := *c
		binds, _ := withRefsIn(c.Binds, rn)
		d.Binds, _ = binds.([]any)
		conns[i] = &d
	}
	g.Connections = conns
	if g.kept != nil {
		d, _ := withRefs(g.kept.bundled, rn)
		snap, err := g.sceneSnapshot()
		if err != nil {
			return err
		}
		g.kept = &sceneKept{bundled: d.(*gdvar.Dictionary), snapshot: snap}
	}
	return nil
}

func cloneAll[T any](s []*T) []*T {
	out := make([]*T, len(s))
	for i, p := range s {
		c := *p
		out[i] = &c
	}
	return out
}
