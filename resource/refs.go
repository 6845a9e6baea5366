package resource

import (
	"strconv"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/vartext"
)

// RefKind says which of a file's resources a reference is to.
type RefKind uint8

const (
	NotRef RefKind = iota // not a reference
	ExtRef                // an external resource: ExtResource(id)
	SubRef                // a sub-resource: SubResource(id)
)

// Ext returns a reference to the external resource whose ID is id, as a
// property value holds it.
func Ext(id string) *gdvar.Object { return ref(vartext.ExtResourceClass, id) }

// Sub returns a reference to the sub-resource whose ID is id.
func Sub(id string) *gdvar.Object { return ref(vartext.SubResourceClass, id) }

func ref(class, id string) *gdvar.Object {
	return &gdvar.Object{Class: class, Properties: []gdvar.Property{{Name: vartext.RefID, Value: id}}}
}

// RefOf returns what v refers to, if it is a reference: its kind and the
// ID of the resource, Godot 3's number ids given as decimal text.
func RefOf(v any) (RefKind, string) {
	o, ok := v.(*gdvar.Object)
	if !ok || len(o.Properties) != 1 || o.Properties[0].Name != vartext.RefID {
		return NotRef, ""
	}
	var kind RefKind
	switch o.Class {
	case vartext.ExtResourceClass:
		kind = ExtRef
	case vartext.SubResourceClass:
		kind = SubRef
	default:
		return NotRef, ""
	}
	switch id := o.Properties[0].Value.(type) {
	case string:
		return kind, id
	case int64:
		return kind, strconv.FormatInt(id, 10)
	}
	return NotRef, ""
}

// visitValue calls visit for v and every value inside it (elements, keys
// and values, objects' property values), outermost first; visit says
// whether to look inside.
func visitValue(v any, visit func(any) bool) {
	if !visit(v) {
		return
	}
	switch x := v.(type) {
	case []any:
		for _, e := range x {
			visitValue(e, visit)
		}
	case gdvar.Array:
		for _, e := range x.Values {
			visitValue(e, visit)
		}
	case *gdvar.Dictionary:
		for i := range x.Len() {
			k, val := x.At(i)
			visitValue(k, visit)
			visitValue(val, visit)
		}
	case *gdvar.Object:
		for _, p := range x.Properties {
			visitValue(p.Value, visit)
		}
	}
}

// renames are new IDs for some of a file's resources.
type renames struct{ sub, ext map[string]string }

func (rn renames) empty() bool { return len(rn.sub) == 0 && len(rn.ext) == 0 }

// of returns the new ID of a resource of the kind, or its own.
func (rn renames) of(kind RefKind, id string) string {
	m := rn.sub
	if kind == ExtRef {
		m = rn.ext
	}
	if to, ok := m[id]; ok {
		return to
	}
	return id
}

// script renames the script a container is typed with.
func (rn renames) script(t gdvar.ContainerType) (gdvar.ContainerType, bool) {
	if t.Kind == gdvar.TypedScript {
		if to := rn.of(ExtRef, t.Name); to != t.Name {
			t.Name = to
			return t, true
		}
	}
	return t, false
}

// withRefs returns v with its references renamed, copying the containers
// on the way to a renamed one and sharing the rest; changed reports a
// copy.
func withRefs(v any, rn renames) (out any, changed bool) {
	if rn.empty() {
		return v, false
	}
	if kind, id := RefOf(v); kind != NotRef {
		if to := rn.of(kind, id); to != id {
			return ref(v.(*gdvar.Object).Class, to), true
		}
		return v, false
	}
	switch x := v.(type) {
	case []any:
		return withRefsIn(x, rn)
	case gdvar.Array:
		values, changed := withRefsIn(x.Values, rn)
		t, typed := rn.script(x.Type)
		if changed || typed {
			x.Values, x.Type = values.([]any), t
			return x, true
		}
	case *gdvar.Dictionary:
		d := &gdvar.Dictionary{KeyType: x.KeyType, ValueType: x.ValueType, Shared: x.Shared}
		var kt, vt bool
		d.KeyType, kt = rn.script(x.KeyType)
		d.ValueType, vt = rn.script(x.ValueType)
		copied := kt || vt
		d.Grow(x.Len())
		for i := range x.Len() {
			k, val := x.At(i)
			nk, ck := withRefs(k, rn)
			nv, cv := withRefs(val, rn)
			copied = copied || ck || cv
			d.Append(nk, nv)
		}
		if copied {
			return d, true
		}
	case *gdvar.Object:
		values := make([]any, len(x.Properties))
		for i, p := range x.Properties {
			values[i] = p.Value
		}
		if values, changed := withRefsIn(values, rn); changed {
			o := &gdvar.Object{Class: x.Class, Properties: make([]gdvar.Property, len(x.Properties))}
			for i, p := range x.Properties {
				o.Properties[i] = gdvar.Property{Name: p.Name, Value: values.([]any)[i]}
			}
			return o, true
		}
	}
	return v, false
}

// withRefsIn is withRefs of each element, copying the slice if one changed.
func withRefsIn(a []any, rn renames) (any, bool) {
	var out []any
	for i, e := range a {
		n, changed := withRefs(e, rn)
		if changed && out == nil {
			out = append(make([]any, 0, len(a)), a[:i]...)
		}
		if out != nil {
			out = append(out, n)
		}
	}
	if out == nil {
		return a, false
	}
	return out, true
}
