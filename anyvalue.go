package gdvar

import "reflect"

// The generic form (interface{} elements of Arrays, Dictionaries, []any,
// map[string]any) is written value by value: the common leaves by a type
// switch, the rest by their type's encoder, found in a small cache of the
// Encoder's before the package's map.

// any writes x as value(reflect.ValueOf(x)) does.
func (es *encodeState) any(x any) error {
	switch x := x.(type) {
	case nil:
		return es.e.WriteToken(NilToken)
	case string:
		return es.e.WriteToken(StringToken(x))
	case int:
		return es.e.WriteToken(IntToken(int64(x)))
	case int64:
		return es.e.WriteToken(IntToken(x))
	case float64:
		return es.e.WriteToken(FloatToken(x))
	case bool:
		return es.e.WriteToken(BoolToken(x))
	}
	return es.value(reflect.ValueOf(x))
}

// encoderCache is how many types an Encoder remembers the encoders of.
const encoderCache = 4

// typeEncoder is a remembered type's encoder.
type typeEncoder struct {
	t reflect.Type
	f encoderFunc
}

// encoderOf returns the encoder of type t: a remembered one, else the
// package's, then remembered in place of the oldest.
func (es *encodeState) encoderOf(t reflect.Type) encoderFunc {
	for i := range es.types {
		if es.types[i].t == t {
			return es.types[i].f
		}
	}
	f := encoderFor(t)
	es.types[es.nextType] = typeEncoder{t, f}
	es.nextType = (es.nextType + 1) % encoderCache
	return f
}
