// Package mathwalk visits the numbers of gdvar's math values (Vector2 …
// Projection, Color) in wire order, for the text and JSON forms, which
// print and parse them one by one.
package mathwalk

import (
	"reflect"

	"github.com/gdvar/gdvar"
)

// Walk calls f with each number of v, a math value (addressable to set
// the numbers), in wire order: float64 components, Color's float32
// channels, the int32 components of the integer vectors.
func Walk(v reflect.Value, f func(reflect.Value)) {
	switch v.Kind() {
	case reflect.Float32, reflect.Float64, reflect.Int32:
		f(v)
	case reflect.Struct:
		for i := range v.NumField() {
			Walk(v.Field(i), f)
		}
	case reflect.Array:
		for i := range v.Len() {
			Walk(v.Index(i), f)
		}
	}
}

// PerElement is how many numbers make one element of a packed array of
// type t: 2, 3 or 4 for the vector and Color arrays, else 1.
func PerElement(t gdvar.Type) int { return max(1, t.Components()) }
