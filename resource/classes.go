package resource

import (
	"embed"
	"slices"
	"strings"
	"sync"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/vartext"
)

// The storage properties of the engines' Resource classes, as
// scripts/resource/classes4.gd and classes3.gd write them: the binary form
// names every one of them, default or not, and Godot 4 writes a null
// Object property that the text form leaves out.
//
//go:embed classes/*.txt
var classFiles embed.FS

// classProperty is a storage property of a class.
type classProperty struct {
	name string
	// nullObject says an Object property whose default is null: the
	// binary form writes it (as a null object) where the text has none.
	nullObject bool
	// single says a float the class keeps in 32 bits.
	single bool
	// keys are the keys of a Dictionary the class makes of its own, in
	// the order it makes them, which the binary form keeps.
	keys []string
	// elem is the type of the elements of an Array the class gives typed
	// (Font's fallbacks: Array[Font]; NavigationPolygon's polygons:
	// Array[PackedInt32Array]), which loading makes typed; untyped if not.
	elem gdvar.ContainerType
	// hidden says a storage property the class's _validate_property hides
	// at its defaults: the engine names it only when the values show it.
	hidden bool
	// unstored says a property the class never stores: loading sets it,
	// saving drops it.
	unstored bool
}

// class is a class's storage properties, in the order of the engine's
// property list, but for "script", and where each name is in it (Godot 3's
// ImageTexture lists flags twice).
type class struct {
	props []classProperty
	at    map[string][]int
	nulls int // the properties that are null Objects
	// groups are where the last property of each group of names the class
	// lists ends ("states/" of states/Start/node): properties of the group
	// it does not list (states/idle/node) come in the group, as its
	// property list makes them.
	groups map[string]int
	// dynamicAt is where the class lists the properties it has as it is
	// (a TileSet's sources/N, physics_layer_N/…: before its tile_proxies),
	// when not after all the others.
	dynamicAt int
}

// newClass returns the class of these properties, in this order.
func newClass(props []classProperty) *class {
	c := &class{props: props, at: map[string][]int{}, groups: map[string]int{}}
	for j, p := range c.props {
		c.at[p.name] = append(c.at[p.name], j)
		if g := group(p.name); g != "" && g != "metadata/" {
			c.groups[g] = j + 1
		}
		if p.nullObject {
			c.nulls++
		}
	}
	return c
}

// classOf returns r's class as r lists its properties, which some
// classes make of their values (an AnimationNodeStateMachine's states, a
// ShaderMaterial's shader's uniforms), or nil for a class not known.
func (k *finder) classOf(r *Resource) *class {
	c := classesOf(k.f.dialect)[r.Type]
	if c == nil || k.f.dialect != vartext.Godot4 {
		return c
	}
	switch r.Type {
	case "AnimationNodeStateMachine":
		return stateMachineStates(c, r)
	case "ShaderMaterial":
		return k.shaderMaterial(c, r)
	}
	return c
}

// dynamicBefore are the classes that list the properties they have as
// they are before one they always have: the first after them.
var dynamicBefore = map[string]string{"TileSet": "tile_proxies/source_level"}

// group returns the group of a property name: up to its first "/", or "".
func group(name string) string {
	if i := strings.IndexByte(name, '/'); i >= 0 {
		return name[:i+1]
	}
	return ""
}

// unstored reports whether the class has a property called name that it
// never stores.
func (c *class) unstored(name string) bool {
	at := c.at[name]
	return len(at) > 0 && c.props[at[0]].unstored
}

// index returns the first place of the property called name at or after
// from, or -1.
func (c *class) index(name string, from int) int {
	for _, i := range c.at[name] {
		if i >= from {
			return i
		}
	}
	return -1
}

var (
	classesOnce [3]sync.Once
	classTables [3]map[string]*class
)

// classesOf returns the dialect's classes, by name.
func classesOf(d vartext.Dialect) map[string]*class {
	i, file := 0, "classes/godot4.txt"
	switch d {
	case vartext.Godot3:
		i, file = 1, "classes/godot3.6.txt"
	case vartext.Godot32, vartext.Godot2:
		i, file = 2, "classes/godot3.2.txt"
	}
	classesOnce[i].Do(func() {
		data, err := classFiles.ReadFile(file)
		if err != nil {
			panic(err) // embedded: cannot fail
		}
		lines := map[string][]string{}
		for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			fields := strings.Split(line, " ")
			lines[fields[0]] = fields[1:]
		}
		table := map[string][]classProperty{}
		var resolve func(class string) []classProperty
		resolve = func(name string) []classProperty {
			if props, ok := table[name]; ok || name == "" {
				return props
			}
			fields := lines[name]
			var props []classProperty
			if len(fields) > 0 && fields[0] != "=" {
				props = append(props, resolve(fields[0])...)
			}
			for _, f := range fields[min(1, len(fields)):] {
				f, hidden := strings.CutSuffix(f, "?")
				f, unstored := strings.CutSuffix(f, "!")
				f, elem, _ := strings.Cut(strings.TrimSuffix(f, "]"), "[")
				f, keys, _ := strings.Cut(strings.TrimSuffix(f, "}"), "{")
				name, null := strings.CutSuffix(f, "*")
				name, single := strings.CutSuffix(name, "~")
				c := classProperty{name: name, nullObject: null, single: single, elem: elementType(elem), hidden: hidden, unstored: unstored}
				if keys != "" {
					c.keys = strings.Split(keys, ",")
				}
				props = append(props, c)
			}
			table[name] = props
			return props
		}
		classTables[i] = map[string]*class{}
		for name := range lines {
			c := newClass(slices.Clip(resolve(name)))
			if before, ok := dynamicBefore[name]; ok {
				c.dynamicAt = max(c.index(before, 0), 0)
			}
			classTables[i][name] = c
		}
	})
	return classTables[i]
}

// elementType returns the element type a class table names: a built-in
// type by its name (PackedInt32Array), else a class; none for "".
func elementType(name string) gdvar.ContainerType {
	if name == "" {
		return gdvar.ContainerType{}
	}
	for t := gdvar.TypeNil; t <= gdvar.TypePackedVector4Array; t++ {
		if t.String() == name {
			return gdvar.ContainerType{Kind: gdvar.TypedBuiltin, Builtin: t}
		}
	}
	return gdvar.ContainerType{Kind: gdvar.TypedClass, Name: name}
}

// loaded makes r's properties (r is a copy, whose Properties it
// replaces) what the engine holds once it has loaded them: a float the
// class keeps in 32 bits rounded to them, an Array typed where the class
// gives it typed, a Dictionary's keys in the order the class makes them,
// what rebuilt makes of some classes' values, a null the class stores as
// a null Object one, and Godot 4's metadata set to null erased. These
// are load conversions: the engine's re-save (File.AsSaved, SavedAs)
// makes them; a file read keeps its values as it holds them.
func loaded(d vartext.Dialect, r *Resource) {
	c := classesOf(d)[r.Type]
	erased := func(p gdvar.Property) bool { return erasesMeta(d, p.Name, p.Value) }
	props, cloned := r.Properties, false
	if slices.ContainsFunc(props, erased) {
		props, cloned = slices.DeleteFunc(slices.Clone(props), erased), true
	}
	for i, p := range props {
		v, changed := loadedValue(c, d, r.Type, p)
		if !changed {
			continue
		}
		if !cloned {
			props, cloned = slices.Clone(props), true // r's stay as they are
		}
		props[i].Value = v
	}
	r.Properties = props
}

// loadedValue returns what the class c (of the dialect, called class; nil
// if not known) holds once it has loaded a property set to p, and whether
// that is another value.
func loadedValue(c *class, d vartext.Dialect, class string, p gdvar.Property) (any, bool) {
	if p.Value == nil && storesNull(d, class, p.Name) {
		return &gdvar.Object{}, true // the null Ref the class holds
	}
	v, changed := p.Value, false
	if rebuilds(class, p.Name) {
		v, changed = rebuilt(class, p.Name, p.Value), true
	}
	if c == nil {
		return v, changed
	}
	at := c.index(p.Name, 0)
	if at < 0 {
		at = c.index(firstOfMany(p.Name), 0)
	}
	if at < 0 {
		return v, changed
	}
	switch x := v.(type) {
	case float64:
		if c.props[at].single && float64(float32(x)) != x {
			return float64(float32(x)), true
		}
	case *gdvar.Dictionary:
		if keys := c.props[at].keys; keys != nil {
			return inKeyOrder(x, keys), true
		}
	case []any:
		if elem := c.props[at].elem; elem.Kind != gdvar.Untyped {
			return gdvar.Array{Type: elem, Values: x}, true
		}
	}
	return v, changed
}

// textNulls makes a null the text form gives a property the class stores
// as a null Object (a Theme's icon, stylebox and font entries: see
// storesNull) that null Object. The text form writes nil and a null
// Object alike, "= null", and the binary form tells them apart: a file
// read from text keeps its text, and a change of form writes what the
// class holds there. This is the only thing reading a file does to its
// values (see loaded).
func textNulls(d vartext.Dialect, r *Resource) {
	for i, p := range r.Properties {
		if p.Value == nil && storesNull(d, r.Type, p.Name) {
			r.Properties[i].Value = &gdvar.Object{}
		}
	}
}

// firstOfMany returns the name of the first of the many a class lists as
// it has them (bus/0/volume_db for bus/3/volume_db: AudioBusLayout lists
// its buses, the class table those of one), which is held as it is: its
// first numbered part made 0. Without one, "".
func firstOfMany(name string) string {
	for start := 0; start < len(name); {
		end := strings.IndexByte(name[start:], '/')
		if end < 0 {
			end = len(name)
		} else {
			end += start
		}
		if part := name[start:end]; part != "" && allDigits(part) {
			if part == "0" {
				return ""
			}
			return name[:start] + "0" + name[end:]
		}
		start = end + 1
	}
	return ""
}

// inKeyOrder returns d with the keys given first, in their order, then the
// others.
func inKeyOrder(d *gdvar.Dictionary, keys []string) *gdvar.Dictionary {
	out := &gdvar.Dictionary{KeyType: d.KeyType, ValueType: d.ValueType, Shared: d.Shared}
	out.Grow(d.Len())
	for _, k := range keys {
		if v, ok := d.Get(k); ok {
			out.Set(k, v)
		}
	}
	for i := range d.Len() {
		k, v := d.At(i)
		if s, ok := k.(string); !ok || !slices.Contains(keys, s) {
			out.Append(k, v)
		}
	}
	return out
}

// erasesMeta reports whether setting a property as the engine loads it
// erases it instead: Godot 4's set_meta erases an entry set to null.
func erasesMeta(d vartext.Dialect, name string, v any) bool {
	return v == nil && d == vartext.Godot4 && strings.HasPrefix(name, "metadata/")
}

// rebuilds reports whether rebuilt may make another value of the class's
// property name.
func rebuilds(class, name string) bool {
	return class == "Curve" && name == "_data" ||
		class == "Animation" && strings.HasPrefix(name, "tracks/") && strings.HasSuffix(name, "/keys") ||
		class == "SpriteFrames" && name == "animations"
}

// rebuilt returns a property's value as the class makes it of what it is
// set to, where the class's own form shows: Curve keeps its points' reals
// in 32 bits, Animation and SpriteFrames make their keys and animations
// in an order of their own (see rebuilt.go).
func rebuilt(class, name string, v any) any {
	switch {
	case class == "Curve" && name == "_data":
		if a, ok := v.([]any); ok {
			out := slices.Clone(a)
			for i, x := range out {
				if f, ok := x.(float64); ok {
					out[i] = float64(float32(f))
				}
			}
			return out
		}
	case class == "Animation" && strings.HasPrefix(name, "tracks/") && strings.HasSuffix(name, "/keys"):
		return animationKeys(v)
	case class == "SpriteFrames" && name == "animations":
		return spriteAnimations(v)
	}
	return v
}
