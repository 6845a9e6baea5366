package debugger

import (
	"fmt"
	"strings"

	"github.com/gdvar/gdvar"
)

// Property is one row of an inspected object: a property with its type,
// hint and usage as get_property_list() gives them, its value, or a
// category row (type 0, usage 128). Script members the inspector does not
// list as exported are named "Members/name", constants "Constants/name".
// A Resource with a path is sent as that path; another Object as its
// [gdvar.ObjectID]; a value over 1 MiB as nil.
type Property struct {
	Name       string
	Type       int64 // the Variant type
	Hint       int64
	HintString string
	Usage      int64
	Value      any
}

// Object is an inspected object: its instance id, get_class() and
// properties.
type Object struct {
	ID         int64
	Class      string
	Properties []Property
}

// Property returns the property named name, also where the inspector
// names it "Members/…/name" or "Constants/name".
func (o *Object) Property(name string) (Property, bool) {
	for _, p := range o.Properties {
		if p.Usage&usageCategory != 0 && p.Type == 0 {
			continue
		}
		n := p.Name
		if rest, ok := strings.CutPrefix(n, "Members/"); ok {
			n = rest[strings.LastIndexByte(rest, '/')+1:]
		} else if rest, ok := strings.CutPrefix(n, "Constants/"); ok {
			n = rest
		}
		if n == name {
			return p, true
		}
	}
	return Property{}, false
}

// Heading says whether the row names a class, a group or a subgroup of
// the properties that follow it, and is no property itself.
func (p Property) Heading() bool {
	return p.Type == 0 && p.Usage&(usageCategory|usageGroup|usageSubgroup) != 0
}

// VariantType returns the property's type as gdvar numbers it, reading
// Type as the engine e numbers its types; false for a number e has no
// type of.
func (p Property) VariantType(e gdvar.Engine) (gdvar.Type, bool) {
	return propertyType(e, p.Type)
}

// usageGroup and usageSubgroup are PROPERTY_USAGE_GROUP and
// PROPERTY_USAGE_SUBGROUP: rows that name a group of properties.
const (
	usageGroup    = 64
	usageSubgroup = 256
)

// usageCategory is PROPERTY_USAGE_CATEGORY: a row naming a class.
const usageCategory = 128

// ParseObject reads one inspected object: [id, class, [[name, type, hint,
// hint_string, usage, value], …]] (scene:inspect_object in Godot 4, and the
// values of message:inspect_object in Godot 3).
func ParseObject(data []any) (*Object, error) {
	o := &Object{}
	var props any
	if !fields(data, &o.ID, &o.Class, &props) {
		return nil, fmt.Errorf("%w: inspected object %s", ErrMalformed, shown(data))
	}
	rows, ok := props.([]any)
	if !ok {
		return nil, fmt.Errorf("%w: inspected object's properties %T", ErrMalformed, props)
	}
	o.Properties = make([]Property, 0, len(rows))
	for _, r := range rows {
		row, _ := r.([]any)
		var p Property
		if !fields(row, &p.Name, &p.Type, &p.Hint, &p.HintString, &p.Usage, &p.Value) {
			return nil, fmt.Errorf("%w: property %s", ErrMalformed, shown(r))
		}
		o.Properties = append(o.Properties, p)
	}
	return o, nil
}

// ParseObjects reads scene:inspect_objects or remote_objects_selected
// (Godot 4.5+): an Array of inspected objects.
func ParseObjects(m Message) ([]*Object, error) {
	var objs []*Object
	for _, v := range m.Data {
		a, _ := v.([]any)
		o, err := ParseObject(a)
		if err != nil {
			return nil, err
		}
		objs = append(objs, o)
	}
	return objs, nil
}
