package resource

import (
	"slices"
	"strings"

	"github.com/gdvar/gdvar"
)

// stored returns a resource's properties as the binary saver writes them,
// and names every storage property of its class. The list is the
// write's buffer, valid until the next call; made again, it is the same
// (what names a property once named changes no list). The engine's objects
// hold every property of their class: the binary form writes a null
// Object property (the text form leaves it out) and, in Godot 4, the
// script even when null. The class's properties come first, in the
// engine's order, the script after them, then metadata and the script's
// own variables as the File has them. A property a class has as it is
// (an Animation's tracks) comes after those it always has.
// A property the class's _validate_property hides at its defaults
// (classProperty.hidden) is named where the class lists it if r sets it
// (the editor saved it, so r's values showed it) or its values show it
// (showsBy), else not at all.
func (w *binWriter) stored(r *Resource) []gdvar.Property {
	s := storing{w: w, r: r, places: w.placesOf(r)}
	if s.count > 64*len(s.bits) {
		s.many = w.marks((s.count + 63) / 64)
	}
	s.mark(r.Properties, true)
	s.out = slices.Grow(w.out[:0], len(r.Properties)+s.c.nulls+1)
	s.hidden, s.shown = hiddenBy(w.f.dialect, r), showsBy(r)
	s.known = w.listedBy(s.c, s.sv, s.script)
	for i, p := range r.Properties {
		s.property(i, p)
	}
	s.endItem()
	s.upTo(s.count)
	// Every name the class and the script list but those r's values hide
	// is named now, if none were hidden.
	s.known.named = s.known.named || s.hidden == nil && !isScript(r.Type)
	if s.many != nil {
		s.unmark(r.Properties)
	}
	w.out = s.out
	return s.out
}

// places are the places of a resource's properties as its object lists
// them: the class's, then the script, then the script's stored variables
// if known, which the engine names all (those it leaves out as defaults
// too), and writes null where declared an Object. present says which of
// them the resource sets.
type places struct {
	c      *class
	sv     *scriptVars
	script int // the script's place, after the class's
	count  int
	godot4 bool
	// Which are present: in bits for up to 576 places, every class of the
	// engines' tables (AnimatedTexture lists 521); in many past that (a
	// script's variables, a shader's uniforms), the write's, which a
	// resource leaves as it found it. Neither is made for each resource.
	bits [9]uint64
	many []uint64
}

// placesOf returns the places of r's properties, none present yet.
func (w *binWriter) placesOf(r *Resource) places {
	c := w.find.classOf(r)
	if c == nil {
		c = unknownClass
	}
	sv := w.find.scriptOf(r)
	return places{c: c, sv: sv, script: len(c.props), count: len(c.props) + 1 + len(sv.vars), godot4: w.godot4}
}

// mark makes the places of props present, or not.
func (pl *places) mark(props []gdvar.Property, present bool) {
	words := pl.bits[:]
	if pl.many != nil {
		words = pl.many
	}
	for _, p := range props {
		for at := pl.index(p.Name, 0); at >= 0; at = pl.index(p.Name, at+1) {
			if present {
				words[at/64] |= 1 << (at % 64)
			} else {
				words[at/64] &^= 1 << (at % 64)
			}
		}
	}
}

// unmark leaves the write's marks as mark found them.
func (pl *places) unmark(props []gdvar.Property) { pl.mark(props, false) }

// marks returns the write's marks of places, n words, all clear: made
// once, as large as the largest resource needs.
func (w *binWriter) marks(n int) []uint64 {
	if len(w.placeMarks) < n {
		w.placeMarks = make([]uint64, n)
	}
	return w.placeMarks[:n]
}

// prop returns the property at place i.
func (pl *places) prop(i int) classProperty {
	switch {
	case i < pl.script:
		return pl.c.props[i]
	case i == pl.script:
		return classProperty{name: "script", nullObject: pl.godot4}
	}
	return classProperty{name: pl.sv.vars[i-pl.script-1].Name}
}

// index returns the place of the property called name at or after from,
// or -1.
func (pl *places) index(name string, from int) int {
	switch {
	case name == "script" && pl.script >= from:
		return pl.script
	case name == "script":
		return -1
	}
	if at := pl.c.index(name, from); at >= 0 {
		return at
	}
	if at := pl.sv.index(name, max(from-pl.script-1, 0)); at >= 0 {
		return pl.script + 1 + at
	}
	return -1
}

// present reports whether the resource sets the property at place i.
func (pl *places) present(i int) bool {
	if pl.many != nil {
		return pl.many[i/64]&(1<<(i%64)) != 0
	}
	return pl.bits[i/64]&(1<<(i%64)) != 0
}

// storing is a resource's properties being placed among the places its
// object lists (stored), those it does not set named and, where the
// binary form writes them, added.
type storing struct {
	w *binWriter
	r *Resource
	places
	out  []gdvar.Property
	next int // the places before it are visited
	// hidden and shown are what r's values hide and show of its class's
	// properties.
	hidden hiding
	shown  showing
	known  *listed
	// item is the MeshLibrary item being written ("" if none), done its
	// members so far.
	item string
	done int
}

// property places r's property i, p: the places before its own visited,
// then p, then what the class lists right after it.
func (s *storing) property(i int, p gdvar.Property) {
	prefix, member, isItem := meshItem(s.r.Type, p.Name)
	if s.item != "" && (!isItem || prefix != s.item) {
		s.endItem()
	}
	end, listed := s.where(p.Name)
	s.upTo(end)
	if listed {
		s.next++
	}
	if isItem && s.godot4 {
		if s.item == "" {
			s.item, s.done = prefix, -1
		}
		s.nullMembers(member)
		s.done = member
	}
	s.w.name(p.Name)
	s.out = append(s.out, p)
	// A tile's null script: after its alternative's properties, as the
	// class lists it (a binary file read has it there already).
	if script, ok := tileScriptAfter(s.r.Type, s.r.Properties, i); ok && s.godot4 {
		s.w.name(script)
		s.out = append(s.out, gdvar.Property{Name: script})
	}
}

// where returns the place up to which the places are visited before the
// property called name: its own, if listed (at or after next), else the
// end of those it comes after.
func (s *storing) where(name string) (end int, listed bool) {
	if at := s.index(name, s.next); at >= 0 {
		return at, true
	}
	switch {
	case strings.HasPrefix(name, "metadata/"):
		return s.count, false
	case name == "__meta__": // Godot 3's, before the script's variables
		return s.script + 1, false
	case s.c.groups[group(name)] > 0: // after the listed ones of its group
		return s.c.groups[group(name)], false
	case s.c.dynamicAt > 0 && !listedLast(s.r.Type, name): // where the class lists those it has as it is
		return s.c.dynamicAt, false
	}
	// A property the class lists as it is (tracks/0/keys): after those
	// it always has.
	return s.script, false
}

// upTo visits the places from next up to end.
func (s *storing) upTo(end int) {
	if s.known.named { // only those that may add something
		at, _ := slices.BinarySearch(s.known.special, min(s.next, end))
		for ; at < len(s.known.special) && s.known.special[at] < end; at++ {
			s.visit(s.known.special[at])
		}
	} else {
		for i := min(s.next, end); i < end; i++ {
			s.visit(i)
		}
	}
	s.next = max(s.next, end)
}

// visit names the property at place i, unless r's values hide it or the
// class never stores it, and adds the null Object the binary form writes
// there if r does not set it.
func (s *storing) visit(i int) {
	c := s.prop(i)
	if i < s.script && (s.hidden.hides(c.name) || c.unstored || c.hidden && !s.present(i) && !s.shown.shows(c.name)) ||
		i == s.script && isScript(s.r.Type) {
		return
	}
	s.w.name(c.name)
	if i == s.script && !s.known.named {
		// The engine names every stored variable of the script, those
		// it leaves out as defaults too.
		for _, v := range s.sv.vars {
			s.w.name(v.Name)
		}
	}
	switch {
	case s.present(i):
	case c.name == "script" && c.nullObject, i > s.script && s.sv.vars[i-s.script-1].Object && !preloads(s.sv.vars[i-s.script-1]),
		c.nullObject && heldAsNil(s.r.Type, c.name):
		s.out = append(s.out, gdvar.Property{Name: c.name})
	case c.nullObject:
		s.out = append(s.out, gdvar.Property{Name: c.name, Value: nullObject})
	}
}

// nullObject is the null Object the binary form writes where a resource
// leaves an Object property unset: one for every place, which the writer
// only reads.
var nullObject = &gdvar.Object{}

// nullMembers adds the null Objects of the MeshLibrary item being
// written, in their places among its members, after done and before
// upTo.
func (s *storing) nullMembers(upTo int) {
	for m := s.done + 1; m < upTo; m++ {
		if name := meshItemMembers[m]; meshItemObjects[name] {
			s.w.name(s.item + name)
			s.out = append(s.out, gdvar.Property{Name: s.item + name, Value: nullObject})
		}
	}
	s.done = max(s.done, upTo-1)
}

// endItem adds the null Objects of the MeshLibrary item being written,
// if any, after its last member.
func (s *storing) endItem() {
	if s.item != "" {
		s.nullMembers(len(meshItemMembers))
		s.item = ""
	}
}

// unknownClass is the class of the resources whose class is not known:
// one for all, so that what the write knows of it (listed) is known once.
var unknownClass = &class{}

// listed is what a write knows of the properties a class and a script's
// variables list (stored's places: the class's, the script, the
// variables) once it has written a resource of both: each name but those
// hidden by values is in the names table, and a resource visits only the
// places that may add something (special), however many the class and
// the script list (a shader's uniforms, a script's variables).
type listed struct {
	named bool
	// special are the places of the null Objects, the properties hidden
	// at their defaults, the script, and the Object variables that do
	// not preload.
	special []int
}

// listedKey is a class and a script's variables.
type listedKey struct {
	class  *class
	script *scriptVars
}

// listedBy returns what the write knows of the properties of a class c
// and a script's variables, the script's place being at.
func (w *binWriter) listedBy(c *class, sv *scriptVars, at int) *listed {
	key := listedKey{c, sv}
	if l, ok := w.listed[key]; ok {
		return l
	}
	l := &listed{}
	for i, p := range c.props {
		if p.nullObject || p.hidden {
			l.special = append(l.special, i)
		}
	}
	l.special = append(l.special, at)
	for i, v := range sv.vars {
		if v.Object && !preloads(v) {
			l.special = append(l.special, at+1+i)
		}
	}
	if w.listed == nil {
		w.listed = map[listedKey]*listed{}
	}
	w.listed[key] = l
	return l
}
