package resource

import (
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/vartext"
)

// The default values of Godot 4's Resource classes, as
// scripts/resource/defaults4.gd writes them: the engine's savers leave out
// a property whose value equals its class's default. Files the editor
// saved hold none; older editors' may (glow_levels/5 = 0.0), and a save
// through the engine drops them.

var (
	defaultsOnce sync.Once
	defaults     map[string]map[string]any // by class, then property
	// held are the values a new object holds of the properties its class
	// hides at its defaults (which have no default), by class then
	// property: what the savers write of one its values show.
	held map[string]map[string]any
)

// defaultsOf returns Godot 4's class's defaults, by property name; nil
// for a class it does not know.
func defaultsOf(class string) map[string]any {
	defaultsOnce.Do(func() {
		data, err := classFiles.ReadFile("classes/godot4-defaults.txt")
		if err != nil {
			panic(err) // embedded: cannot fail
		}
		parents, own := map[string]string{}, map[string]map[string]any{}
		held = map[string]map[string]any{}
		var class string
		for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			if name, text, ok := strings.Cut(strings.TrimPrefix(line, " "), " "); ok && strings.HasPrefix(line, " ") {
				var v any
				if err := vartext.Unmarshal([]byte(text), &v, vartext.WithDialect(vartext.Godot4)); err != nil {
					panic(class + " " + name + ": " + err.Error()) // embedded: the test reads them all
				}
				if hidden, ok := strings.CutPrefix(name, "?"); ok {
					if held[class] == nil {
						held[class] = map[string]any{}
					}
					held[class][hidden] = v
				} else {
					own[class][name] = v
				}
				continue
			}
			var parent string
			class, parent, _ = strings.Cut(line, " ")
			parents[class], own[class] = parent, map[string]any{}
		}
		defaults = make(map[string]map[string]any, len(own))
		var resolve func(class string) map[string]any
		resolve = func(class string) map[string]any {
			if d, ok := defaults[class]; ok || own[class] == nil {
				return d
			}
			d := map[string]any{}
			for k, v := range resolve(parents[class]) {
				d[k] = v
			}
			for k, v := range own[class] {
				d[k] = v
			}
			defaults[class] = d
			return d
		}
		for class := range own {
			resolve(class)
		}
	})
	return defaults[class]
}

// heldOf returns what a new object of Godot 4's class holds of the
// properties the class hides at its defaults, by name.
func heldOf(class string) map[string]any {
	defaultsOf(class)
	return held[class]
}

// dropDefaults leaves out of r (a copy, whose Properties it replaces) the
// properties whose values are Godot 4's class defaults, as the engine's
// savers do.
func dropDefaults(d vartext.Dialect, r *Resource) {
	if d != vartext.Godot4 {
		return
	}
	defs := defaultsOf(r.Type)
	if defs == nil {
		return
	}
	c := classesOf(d)[r.Type]
	isDefault := func(p gdvar.Property) bool {
		def, ok := defs[p.Name]
		if !ok {
			return false
		}
		single := false
		if c != nil {
			if at := c.index(p.Name, 0); at >= 0 {
				single = c.props[at].single
			}
		}
		return sameValue(p.Value, def, single)
	}
	if slices.ContainsFunc(r.Properties, isDefault) {
		r.Properties = slices.DeleteFunc(slices.Clone(r.Properties), isDefault)
	}
}

// sameValue reports whether a value set equals a default as the engine's
// == does once the property holds it: numbers by value (in 32 bits for a
// float the class keeps so), a StringName as its string.
func sameValue(v, def any, single bool) bool {
	if x, ok := number(v); ok {
		y, ok := number(def)
		if single {
			return ok && float32(x) == float32(y)
		}
		return ok && x == y
	}
	if x, ok := v.(*gdvar.Dictionary); ok {
		y, ok := def.(*gdvar.Dictionary)
		return ok && x.Equal(y)
	}
	if s, ok := v.(gdvar.StringName); ok {
		v = string(s)
	}
	if s, ok := def.(gdvar.StringName); ok {
		def = string(s)
	}
	return reflect.DeepEqual(v, def)
}

// number returns an int or a float as a float64.
func number(v any) (float64, bool) {
	switch x := v.(type) {
	case int64:
		return float64(x), true
	case float64:
		return x, true
	}
	return 0, false
}
