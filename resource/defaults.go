package resource

import (
	"maps"
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/numeric"
	"github.com/gdvar/gdvar/vartext"
)

// The default values of Godot 4's Resource classes, as
// scripts/resource/defaults4.gd writes them: the engine's savers leave out
// a property whose value equals its class's default. Files the editor
// saved hold none; older editors' may (glow_levels/5 = 0.0), and a save
// through the engine drops them.

// classDefaults are a class's defaults and the values held of the
// properties it hides at its defaults (which have no default: what the
// savers write of one its values show), by property.
type classDefaults struct {
	defaults, held map[string]any
}

var (
	// defaultLines are the lines of each class in the table, read once:
	// its values are read when the class is first asked for, so that a
	// file costs the classes it has (the table is 2 865 values).
	defaultLinesOnce sync.Once
	defaultLines     map[string][]string // the first, "Class Parent"
	defaultsMu       sync.Mutex
	defaultsMade     = map[string]*classDefaults{}
)

// defaultsOfClass returns Godot 4's class's defaults, with those of the
// classes it inherits, and values held; nil for a class it does not know.
func defaultsOfClass(class string) *classDefaults {
	defaultLinesOnce.Do(func() {
		data, err := classFiles.ReadFile("classes/godot4-defaults.txt")
		if err != nil {
			panic(err) // embedded: cannot fail
		}
		defaultLines = map[string][]string{}
		lines := strings.Split(strings.TrimSpace(string(data)), "\n")
		for i := 0; i < len(lines); {
			j := i + 1
			for j < len(lines) && strings.HasPrefix(lines[j], " ") {
				j++
			}
			name, _, _ := strings.Cut(lines[i], " ")
			defaultLines[name] = lines[i:j:j]
			i = j
		}
	})
	defaultsMu.Lock()
	defer defaultsMu.Unlock()
	return makeDefaults(class)
}

// makeDefaults reads a class's defaults, and those of the classes it
// inherits, with defaultsMu held.
func makeDefaults(class string) *classDefaults {
	if d, ok := defaultsMade[class]; ok {
		return d
	}
	lines := defaultLines[class]
	if lines == nil {
		return nil
	}
	d := &classDefaults{defaults: map[string]any{}, held: map[string]any{}}
	_, parent, _ := strings.Cut(lines[0], " ")
	if p := makeDefaults(parent); p != nil {
		maps.Copy(d.defaults, p.defaults)
	}
	for _, line := range lines[1:] {
		name, text, _ := strings.Cut(line[1:], " ")
		var v any
		if err := vartext.Unmarshal([]byte(text), &v, vartext.WithDialect(vartext.Godot4)); err != nil {
			panic(class + " " + name + ": " + err.Error()) // embedded: TestClassDefaults reads them all
		}
		if hidden, ok := strings.CutPrefix(name, "?"); ok {
			d.held[hidden] = v
		} else {
			d.defaults[name] = v
		}
	}
	defaultsMade[class] = d
	return d
}

// defaultsOf returns Godot 4's class's defaults, by property name; nil
// for a class it does not know.
func defaultsOf(class string) map[string]any {
	if d := defaultsOfClass(class); d != nil {
		return d.defaults
	}
	return nil
}

// heldOf returns what a new object of Godot 4's class holds of the
// properties the class hides at its defaults, by name.
func heldOf(class string) map[string]any {
	if d := defaultsOfClass(class); d != nil {
		return d.held
	}
	return nil
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
	if x, ok := numeric.Float(v); ok {
		y, ok := numeric.Float(def)
		if single {
			return ok && float32(x) == float32(y)
		}
		return ok && x == y
	}
	if x, ok := v.(gdvar.Array); ok {
		// Array's == compares the elements alone, each by type and
		// value (hash_compare), not the arrays' types.
		y, ok := def.(gdvar.Array)
		return ok && len(x.Values) == len(y.Values) && (len(x.Values) == 0 || reflect.DeepEqual(x.Values, y.Values))
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
