package vartext

import "github.com/gdvar/gdvar"

// Godot prints a Dictionary's keys sorted with its own sort (see sortKeys)
// and its own "less than" for Variants: by type number first (so the order
// depends on the engine version), then by value where the type has an order
// (numbers, strings, vectors, RIDs, objects, arrays). Keys of a type
// without one compare as equal. Godot 4 compares a String with a StringName
// as strings, which makes its order intransitive (&"n" < "s" < Color <
// &"n"); Godot 3 compares arrays with a test that is not an order at all.
// The output still follows from the sort's exact steps, which is why
// sortKeys copies them.

// less reports whether key a sorts before key b.
func (d Dialect) less(a, b any) bool {
	ta, tb := typeOf(a), typeOf(b)
	if d == Godot4 && isString(ta) && isString(tb) {
		return stringOf(a) < stringOf(b)
	}
	if ta != tb {
		e := d.Engine()
		wa, _ := e.WireType(ta)
		wb, _ := e.WireType(tb)
		return wa < wb
	}
	switch x := a.(type) {
	case bool:
		return !x && b.(bool)
	case int64:
		return x < b.(int64)
	case float64:
		return x < b.(float64)
	case string, gdvar.StringName:
		return stringOf(a) < stringOf(b)
	case gdvar.RID:
		return x < b.(gdvar.RID)
	case gdvar.ObjectID:
		return x < b.(gdvar.ObjectID)
	}
	switch ta {
	case gdvar.TypeVector2, gdvar.TypeVector2i, gdvar.TypeVector3, gdvar.TypeVector3i, gdvar.TypeVector4, gdvar.TypeVector4i:
		ca, _ := components(a)
		cb, _ := components(b)
		for i := range ca {
			if ca[i] != cb[i] {
				return ca[i] < cb[i]
			}
		}
	case gdvar.TypeArray:
		if d == Godot4 {
			return d.arrayLess(arrayValues(a), arrayValues(b))
		}
		return d.arrayLess3(arrayValues(a), arrayValues(b))
	}
	return false
}

// arrayLess is Godot 4's order of Arrays: by the first element that
// differs, then the shorter first.
func (d Dialect) arrayLess(a, b []any) bool {
	for i := range min(len(a), len(b)) {
		if d.less(a[i], b[i]) {
			return true
		}
		if d.less(b[i], a[i]) {
			return false
		}
	}
	return len(a) < len(b)
}

// arrayLess3 is Godot 3's test for Arrays: a is "less" when b is not
// shorter and some element of a is not less than b's.
func (d Dialect) arrayLess3(a, b []any) bool {
	if len(b) < len(a) {
		return false
	}
	for i := range a {
		if !d.less(a[i], b[i]) {
			return true
		}
	}
	return false
}

func isString(t gdvar.Type) bool { return t == gdvar.TypeString || t == gdvar.TypeStringName }

func stringOf(v any) string {
	if s, ok := v.(gdvar.StringName); ok {
		return string(s)
	}
	return v.(string)
}

func arrayValues(v any) []any {
	if a, ok := v.(gdvar.Array); ok {
		return a.Values
	}
	return v.([]any)
}

// typeOf returns the Godot type of a value in the generic form.
func typeOf(v any) gdvar.Type {
	t, _ := gdvar.TypeOf(v)
	return t
}
