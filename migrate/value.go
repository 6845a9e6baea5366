package migrate

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/gdvar/gdvar"
)

// Value returns the Godot 4 form of a Godot 3 value in gdvar's generic form,
// as packages configfile, resource and vartext read it from text (values
// read from binary go through [Values], [Save] or [Resource], which follow Godot
// 3's binary reader). Most values are the same in both versions: the Go
// types say the Godot type, and gdvar writes each as Godot 4 has it (a
// Quaternion where Godot 3 had a Quat, a []int32 as a PackedInt32Array, …).
// What changes:
//
//   - a full object's class is renamed (Class), its metadata moves from
//     __meta__ to metadata/NAME properties, and the properties of an
//     InputEvent and a Shortcut follow the rules of docs/migrate.md;
//   - a NodePath loses the wire form Godot 3 wrote it in (its padding holds
//     stray bytes), which would not be Godot 4's;
//   - an Array or a Dictionary loses Godot 3's shared flag;
//   - a Dictionary keeps one entry of a key that repeats, as both engines
//     read it (distinctKeys);
//   - a RawValue, which holds a value in Godot 3's bytes, is decoded and
//     mapped.
//
// It refuses what Godot 3 cannot have written, or Godot 4 cannot read: a
// type only Godot 4 has ([ErrNotGodot3]), and a string that is not UTF-8 (Godot
// 3 reads some such bytes; Godot 4 refuses them).
//
// Arrays and dictionaries whose contents change are mapped into new ones,
// objects always; the rest is shared with v: an Array or a Dictionary that
// needs no change, packed arrays, a NodePath's names. v is not changed. A
// value that holds itself (a Dictionary among its own values) cannot be
// mapped: Godot writes no such value.
func Value(v any) (any, error) {
	m, _, err := mapping{}.value(v)
	return m, err
}

// mapping maps values read one way.
type mapping struct {
	// binary says the values were read from binary, where Godot 3 reads
	// an absolute NodePath without names ("/") as the empty one, which
	// Godot 4 does not.
	binary bool
	// inPlace maps arrays in place: the values are the mapping's own.
	inPlace bool
}

// value returns the Godot 4 form of v, and whether it is another value
// than v: what needs no change is v itself (a copy of an Array 1000 deep
// took 20 bytes a byte of its text, as much as reading it).
func (m mapping) value(v any) (any, bool, error) {
	switch x := v.(type) {
	case string:
		return v, false, validText(x)
	case []string:
		for _, s := range x {
			if err := validText(s); err != nil {
				return nil, false, err
			}
		}
		return v, false, nil
	case gdvar.NodePath:
		p, err := m.nodePath(x)
		return p, true, err
	case []any:
		a, changed, err := m.array(x)
		if err != nil || !changed {
			return v, false, err
		}
		return a, true, nil
	case gdvar.Array:
		if x.Type != (gdvar.ContainerType{}) {
			return nil, false, godot4Only("a typed Array")
		}
		a, _, err := m.array(x.Values) // untyped, without Godot 3's shared flag
		return a, true, err
	case *gdvar.Dictionary:
		if x == nil {
			return nil, true, nil
		}
		if x.KeyType != (gdvar.ContainerType{}) || x.ValueType != (gdvar.ContainerType{}) {
			return nil, false, godot4Only("a typed Dictionary")
		}
		d, err := m.dictionary(x)
		if err != nil || d == nil {
			return v, false, err
		}
		return d, true, nil
	case *gdvar.Object:
		if x == nil {
			return nil, true, nil
		}
		o, err := m.object(x)
		return o, true, err
	case gdvar.RawValue:
		var u any
		if err := anyObjects.Unmarshal(x, &u); err != nil {
			return nil, false, fmt.Errorf("migrate: a raw value: %w", err)
		}
		mu, _, err := mapping{binary: true, inPlace: true}.value(u)
		return mu, true, err
	}
	if name := godot4Type(v); name != "" {
		return nil, false, godot4Only(name)
	}
	return v, false, nil
}

// array maps an Array's elements: in place when the values are the
// mapping's own, else into a copy made at the first that changes. It
// reports whether it made one.
func (m mapping) array(v []any) ([]any, bool, error) {
	a, copied := v, false
	for i, e := range v {
		me, changed, err := m.value(e)
		if err != nil {
			return nil, false, err
		}
		if !changed {
			continue
		}
		if !copied && !m.inPlace {
			a, copied = slices.Clone(v), true
		}
		a[i] = me
	}
	return a, copied, nil
}

// dictionary maps a Dictionary's entries into a new one, made at the
// first entry that changes, or at once to drop Godot 3's shared flag, or
// at the end where a key repeats (distinctKeys); nil if none does.
func (m mapping) dictionary(v *gdvar.Dictionary) (*gdvar.Dictionary, error) {
	var d *gdvar.Dictionary
	start := func(n int) {
		d = &gdvar.Dictionary{}
		d.Grow(v.Len())
		for i := range n {
			d.Append(v.At(i))
		}
	}
	if v.Shared {
		start(0)
	}
	for i := range v.Len() {
		k, e := v.At(i)
		mk, keyChanged, err := m.value(k)
		if err != nil {
			return nil, err
		}
		me, changed, err := m.value(e)
		if err != nil {
			return nil, err
		}
		if d == nil && (keyChanged || changed) {
			start(i)
		}
		if d != nil {
			d.Append(mk, me)
		}
	}
	mapped := d
	if mapped == nil {
		mapped = v
	}
	if u := distinctKeys(mapped); u != nil {
		return u, nil
	}
	return d, nil
}

// godot4Type names the type of v if only Godot 4 has it, else "".
func godot4Type(v any) string {
	switch v.(type) {
	case gdvar.StringName:
		return "a StringName"
	case gdvar.Vector2i, gdvar.Rect2i, gdvar.Vector3i, gdvar.Vector4, gdvar.Vector4i, gdvar.Projection:
		return "a " + strings.TrimPrefix(fmt.Sprintf("%T", v), "gdvar.")
	case gdvar.Callable:
		return "a Callable"
	case gdvar.Signal:
		return "a Signal"
	case []int64:
		return "a PackedInt64Array"
	case []float64:
		return "a PackedFloat64Array"
	case []gdvar.Vector4:
		return "a PackedVector4Array"
	}
	return ""
}

// godot4Only is the error of a value only Godot 4 has.
func godot4Only(what string) error {
	return fmt.Errorf("%w: %s, which only Godot 4 has", ErrNotGodot3, what)
}

// validText fails a string Godot 4 cannot read: one that is not UTF-8.
func validText(s string) error {
	if !utf8.ValidString(s) {
		return fmt.Errorf("migrate: the string %+q is not UTF-8, which Godot 4 refuses", s)
	}
	return nil
}

// nodePath maps a NodePath: the parts without Godot 3's wire form.
func (m mapping) nodePath(p gdvar.NodePath) (any, error) {
	if m.binary && len(p.Names) == 0 && len(p.SubNames) == 0 {
		return gdvar.NodePath{}, nil
	}
	for _, names := range [][]string{p.Names, p.SubNames} {
		if _, _, err := m.value(names); err != nil {
			return nil, err
		}
	}
	return gdvar.NodePath{Names: p.Names, SubNames: p.SubNames, Absolute: p.Absolute}, nil
}

// object maps a full object: its class and its properties.
func (m mapping) object(o *gdvar.Object) (*gdvar.Object, error) {
	class, props, err := m.classProperties(o.Class, o.Properties)
	if err != nil {
		return nil, err
	}
	return &gdvar.Object{Class: class, Properties: props}, nil
}

// classProperties maps the class and the properties of an object or a
// resource: the class renamed, each value mapped, the metadata moved, and
// the rules of InputEvents and Shortcuts.
func (m mapping) classProperties(class string, props []gdvar.Property) (string, []gdvar.Property, error) {
	if err := validText(class); err != nil {
		return "", nil, err
	}
	props, err := m.properties(props)
	if err != nil {
		return "", nil, err
	}
	if props, err = metadata(props); err != nil {
		return "", nil, err
	}
	class, props = inputEvent(Class(class), props)
	return class, shortcut(class, props), nil
}

// properties maps the values of properties.
func (m mapping) properties(props []gdvar.Property) ([]gdvar.Property, error) {
	out := props
	if !m.inPlace {
		out = make([]gdvar.Property, len(props))
	}
	for i, p := range props {
		if err := validText(p.Name); err != nil {
			return nil, err
		}
		v, _, err := m.value(p.Value)
		if err != nil {
			return nil, fmt.Errorf("migrate: property %q: %w", p.Name, err)
		}
		out[i] = gdvar.Property{Name: p.Name, Value: v}
	}
	return out, nil
}
