package debuggertest

import (
	"reflect"
)

// AssertProperty reports whether the property of the node at path is
// want, as debugger.Session.Get returns it (int64 for a Godot int,
// float64 for a float, gdvar.Vector2, …); if not, the test fails, naming
// both values and their types, and goes on.
func (g *Game) AssertProperty(path, property string, want any) bool {
	g.t.Helper()
	got := g.Get(path, property)
	if reflect.DeepEqual(got, want) {
		return true
	}
	g.t.Errorf("%s of %s is %#v (%T), not %#v (%T)", property, path, got, got, want, want)
	return false
}

// Number returns the property of the node at path that is a number, a
// Godot int or float, as a float64, such as position:x; the test fails if
// it is not a number.
func (g *Game) Number(path, property string) float64 {
	g.t.Helper()
	switch v := g.Get(path, property).(type) {
	case int64:
		return float64(v)
	case float64:
		return v
	default:
		g.t.Fatalf("%s of %s is %#v (%T), not a number", property, path, v, v)
		return 0
	}
}
