package varjson

import (
	"io"
	"math"
	"reflect"
	"strings"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/numeric"
)

// jq before 1.7 reads every JSON number as a double and prints it in the
// shortest form: a float 100.0 comes back as 100, which reads as an int,
// an int of 10^17 as 1e+17, which reads as a float, and ints past 2^53 are
// rounded. The JSON a value was edited from knows each number's type, so
// a Decoder given it with Like takes the types from there.

// Like makes Decode and DecodeTo give each number of a value read the type
// of the number at the same place in the matching value of ref, the JSON
// the input was edited from (the first value read matches ref's first, and
// so on): an int where ref has an int and the number is whole, a float
// where ref has a float; where the two are equal as doubles, ref's own
// value, which restores ints past 2^53 that a double rounded (those of a
// PackedInt64Array, an ObjectID, a RID and a Signal's object too, keys
// included). Places are matched by Dictionary key (by position first,
// where ref's key there is the same or, for numbers, equal as doubles) and
// Object property name, Array elements by position. A number with no
// number at its place in ref (one added by the edit) and the elements of a
// typed Array of floats keep or take the type that [Unmarshal] gives them,
// except that an int past int64's range, as jq 1.6 prints the ints nearest
// its ends (9223372036854776000 for 2^63-1), is the float it is to jq (the
// nearest int in a PackedInt64Array, an ObjectID or a RID). With Like,
// DecodeTo converts each value whole, as Decode does, and OnePass has no
// effect. Like panics if ref is d, or takes its types from d through other
// Decoders' Like.
func (d *Decoder) Like(ref *Decoder) {
	for r := ref; r != nil; r = r.like {
		if r == d {
			panic("varjson: Like would make a Decoder its own reference")
		}
	}
	d.like = ref
}

// likeValue returns v with the types of the next value of d.like.
func (d *Decoder) likeValue(v any) (any, error) {
	var ref any
	if err := d.like.Decode(&ref); err != nil && err != io.EOF {
		return nil, likeError{err}
	}
	return keepTypes(v, ref), nil
}

// likeError is an error reading ref, which says so: its lines and offsets
// are not the input's.
type likeError struct{ err error }

func (e likeError) Error() string {
	return "varjson: the reference JSON (Like): " + strings.TrimPrefix(e.err.Error(), "varjson: ")
}

func (e likeError) Unwrap() error { return e.err }

// keepTypes returns v, its numbers given the types of those at the same
// places in ref.
func keepTypes(v, ref any) any {
	switch x := v.(type) {
	case int64, float64:
		return numberLike(x, ref)
	case []int64: // a PackedInt64Array
		r, _ := ref.([]int64)
		for i := range min(len(x), len(r)) {
			if float64(x[i]) == float64(r[i]) {
				x[i] = r[i]
			}
		}
		return x
	case gdvar.ObjectID:
		if r, ok := ref.(gdvar.ObjectID); ok && float64(x) == float64(r) {
			return r
		}
	case gdvar.RID:
		if r, ok := ref.(gdvar.RID); ok && float64(x) == float64(r) {
			return r
		}
	case gdvar.Signal:
		if r, ok := ref.(gdvar.Signal); ok && float64(x.Object) == float64(r.Object) {
			x.Object = r.Object
		}
		return x
	case []any:
		r, _ := ref.([]any)
		if a, ok := ref.(gdvar.Array); ok {
			r = a.Values
		}
		for i := range x {
			if i < len(r) {
				x[i] = keepTypes(x[i], r[i])
			}
		}
		return x
	case gdvar.Array:
		x.Values = keepTypes(x.Values, ref).([]any)
		if x.Type.Kind == gdvar.TypedBuiltin && x.Type.Builtin == gdvar.TypeFloat {
			// Numbers with none at their place in ref are the floats the
			// type says; the others took ref's type (an int, read from
			// bytes, stays one).
			r, _ := ref.(gdvar.Array)
			for i, e := range x.Values {
				if i >= len(r.Values) || !isNumberValue(r.Values[i]) {
					x.Values[i] = numberLike(e, 0.0)
				}
			}
		}
		return x
	case *gdvar.Dictionary:
		r, _ := ref.(*gdvar.Dictionary)
		if r == nil {
			return x
		}
		out := &gdvar.Dictionary{KeyType: x.KeyType, ValueType: x.ValueType, Shared: x.Shared}
		for i := range x.Len() {
			k, e := x.At(i)
			// By position first: ref may hold 1 and 1.0, which jq prints
			// alike, or (read from bytes) a key twice.
			var re any
			rk, rv := entryAt(r, i)
			// A key's numbers are restored as a value's are: an ObjectID
			// or a RID key past 2^53 comes back whole.
			k = keepTypes(k, rk)
			if sameKey(k, rk) {
				k, re = rk, rv
			} else {
				re, _ = r.Get(k)
			}
			out.Append(k, keepTypes(e, re))
		}
		return out
	case *gdvar.Object:
		r, _ := ref.(*gdvar.Object)
		if r == nil {
			return x
		}
		for i, p := range x.Properties {
			for _, rp := range r.Properties {
				if rp.Name == p.Name {
					x.Properties[i].Value = keepTypes(p.Value, rp.Value)
					break
				}
			}
		}
		return x
	}
	return v
}

// entryAt returns d's i-th entry, or nils past its end.
func entryAt(d *gdvar.Dictionary, i int) (key, value any) {
	if i >= d.Len() {
		return nil, nil
	}
	return d.At(i)
}

// sameKey reports whether the key a was printed from the key b: equal, or
// numbers equal as doubles.
func sameKey(a, b any) bool {
	if numberEqual(a, b) {
		return true
	}
	// DeepEqual, since a key may be a RawValue or an Array, which == cannot
	// compare.
	return reflect.DeepEqual(a, b)
}

// numberLike returns the number v with the type of the number ref, if ref
// is one and v can take its type.
func numberLike(v, ref any) any {
	if numberEqual(v, ref) {
		return ref
	}
	switch x := v.(type) {
	case int64:
		if _, ok := ref.(float64); ok {
			return float64(x)
		}
	case float64:
		// Whole and within int64 (2^63 is the first double past it).
		if _, ok := ref.(int64); ok && x == math.Trunc(x) && x >= -(1<<63) && x < 1<<63 {
			return int64(x)
		}
	}
	return v
}

// numberEqual reports whether a and b are numbers equal as doubles, as
// jq 1.6 holds them.
func numberEqual(a, b any) bool {
	x, ok1 := numeric.Float(a)
	y, ok2 := numeric.Float(b)
	return ok1 && ok2 && x == y
}

// isNumberValue reports whether v is an int or a float of the generic form.
func isNumberValue(v any) bool {
	_, ok := numeric.Float(v)
	return ok
}
