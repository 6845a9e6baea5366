package migrate

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/gdvar/gdvar"
)

// Value returns the Godot 4 form of a Godot 3 value in gdvar's generic form,
// as packages configfile, resource and vartext read it from text (values
// read from binary go through Values, Save or Resource, which follow Godot
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
//   - a RawValue, which holds a value in Godot 3's bytes, is decoded and
//     mapped.
//
// It refuses what Godot 3 cannot have written, or Godot 4 cannot read: a
// type only Godot 4 has (ErrNotGodot3), and a string that is not UTF-8 (Godot
// 3 reads some such bytes; Godot 4 refuses them).
//
// Arrays, dictionaries and objects are mapped into new ones; the rest,
// packed arrays and a NodePath's names among them, is shared with v. v is not
// changed. A value that holds itself (a Dictionary among its own values)
// cannot be mapped: Godot writes no such value.
func Value(v any) (any, error) { return mapping{}.value(v) }

// mapping maps values read one way.
type mapping struct {
	// binary says the values were read from binary, where Godot 3 reads
	// an absolute NodePath without names ("/") as the empty one, which
	// Godot 4 does not.
	binary bool
	// inPlace maps arrays in place: the values are the mapping's own.
	inPlace bool
}

func (m mapping) value(v any) (any, error) {
	switch v := v.(type) {
	case string:
		return v, validText(v)
	case []string:
		for _, s := range v {
			if err := validText(s); err != nil {
				return nil, err
			}
		}
		return v, nil
	case gdvar.NodePath:
		return m.nodePath(v)
	case []any:
		a := v
		if !m.inPlace {
			a = make([]any, len(v))
		}
		for i, e := range v {
			mv, err := m.value(e)
			if err != nil {
				return nil, err
			}
			a[i] = mv
		}
		return a, nil
	case gdvar.Array:
		if v.Type != (gdvar.ContainerType{}) {
			return nil, godot4Only("a typed Array")
		}
		return m.value(v.Values) // untyped, without Godot 3's shared flag
	case *gdvar.Dictionary:
		if v == nil {
			return nil, nil
		}
		if v.KeyType != (gdvar.ContainerType{}) || v.ValueType != (gdvar.ContainerType{}) {
			return nil, godot4Only("a typed Dictionary")
		}
		d := &gdvar.Dictionary{}
		d.Grow(v.Len())
		for k, e := range v.All() {
			mk, err := m.value(k)
			if err != nil {
				return nil, err
			}
			me, err := m.value(e)
			if err != nil {
				return nil, err
			}
			d.Append(mk, me)
		}
		return d, nil
	case *gdvar.Object:
		if v == nil {
			return nil, nil
		}
		return m.object(v)
	case gdvar.RawValue:
		var u any
		if err := gdvar.Unmarshal(v, &u, gdvar.WithEngine(gdvar.Godot3), gdvar.Semantic(true), gdvar.AllowObjects(true)); err != nil {
			return nil, fmt.Errorf("migrate: a raw value: %w", err)
		}
		return mapping{binary: true, inPlace: true}.value(u)
	}
	if name := godot4Type(v); name != "" {
		return nil, godot4Only(name)
	}
	return v, nil
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
		if _, err := m.value(names); err != nil {
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
		v, err := m.value(p.Value)
		if err != nil {
			return nil, fmt.Errorf("migrate: property %q: %w", p.Name, err)
		}
		out[i] = gdvar.Property{Name: p.Name, Value: v}
	}
	return out, nil
}
