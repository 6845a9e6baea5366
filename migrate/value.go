package migrate

import (
	"fmt"

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
//   - a full object's class is renamed (Class), and an InputEvent's
//     properties follow the converter's rules for input maps;
//   - a NodePath loses the wire form Godot 3 wrote it in (its padding holds
//     stray bytes), which would not be Godot 4's;
//   - an Array or a Dictionary loses Godot 3's shared flag;
//   - a RawValue, which holds a value in Godot 3's bytes, is decoded and
//     mapped.
//
// Arrays, dictionaries and objects are mapped element by element into new
// ones; v is not changed.
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
	case gdvar.NodePath:
		if m.binary && len(v.Names) == 0 && len(v.SubNames) == 0 {
			return gdvar.NodePath{}, nil
		}
		return gdvar.NodePath{Names: v.Names, SubNames: v.SubNames, Absolute: v.Absolute}, nil
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
	case gdvar.Array: // Godot 3 has no typed arrays: an untyped one with the shared flag
		elems, err := m.value(v.Values)
		if err != nil || v.Type == (gdvar.ContainerType{}) {
			return elems, err
		}
		return gdvar.Array{Type: v.Type, Values: elems.([]any)}, nil
	case *gdvar.Dictionary:
		d := &gdvar.Dictionary{KeyType: v.KeyType, ValueType: v.ValueType}
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
		return m.object(v)
	case gdvar.RawValue:
		var u any
		if err := gdvar.Unmarshal(v, &u, gdvar.WithEngine(gdvar.Godot3), gdvar.Semantic(true), gdvar.AllowObjects(true)); err != nil {
			return nil, fmt.Errorf("migrate: a raw value: %w", err)
		}
		return mapping{binary: true, inPlace: true}.value(u)
	}
	return v, nil
}

// object maps a full object: its class, its properties' values, and an
// InputEvent's properties.
func (m mapping) object(o *gdvar.Object) (*gdvar.Object, error) {
	props, err := m.properties(o.Properties)
	if err != nil {
		return nil, err
	}
	class, props := inputEvent(Class(o.Class), props)
	return &gdvar.Object{Class: class, Properties: props}, nil
}

// properties maps the values of properties into a new slice.
func (m mapping) properties(props []gdvar.Property) ([]gdvar.Property, error) {
	out := props
	if !m.inPlace {
		out = make([]gdvar.Property, len(props))
	}
	for i, p := range props {
		v, err := m.value(p.Value)
		if err != nil {
			return nil, fmt.Errorf("migrate: property %q: %w", p.Name, err)
		}
		out[i] = gdvar.Property{Name: p.Name, Value: v}
	}
	return out, nil
}
