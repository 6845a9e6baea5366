package gdvar

import "reflect"

// The generic form (interface{} elements of Arrays, Dictionaries, []any,
// map[string]any) is written value by value: the common leaves by a type
// switch, the rest by their type's encoder (encoderFor).

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
