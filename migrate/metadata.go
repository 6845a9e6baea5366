package migrate

import (
	"fmt"

	"github.com/gdvar/gdvar"
)

// metaProperty is the property Godot 3 keeps an object's metadata in, a
// Dictionary; Godot 4 has a property metadata/NAME for each entry, and
// drops __meta__.
const metaProperty = "__meta__"

// metadata moves the entries of __meta__ to metadata/NAME properties after
// the others, as Godot 4 lists them. Godot 4 takes only ASCII identifiers as
// names: another one is refused (Godot 4 would drop it).
func metadata(props []gdvar.Property) ([]gdvar.Property, error) {
	var meta []gdvar.Property
	kept := props[:0:0]
	for _, p := range props {
		if p.Name != metaProperty {
			kept = append(kept, p)
			continue
		}
		d, ok := p.Value.(*gdvar.Dictionary)
		if !ok {
			return nil, fmt.Errorf("migrate: %s is a %T, not a Dictionary", metaProperty, p.Value)
		}
		for k, v := range d.All() {
			name, ok := k.(string)
			if !ok || !isIdentifier(name) {
				return nil, fmt.Errorf("migrate: metadata %q: Godot 4 takes only names of ASCII letters, digits and _, not starting with a digit", fmt.Sprint(k))
			}
			meta = append(meta, gdvar.Property{Name: "metadata/" + name, Value: v})
		}
	}
	if meta == nil {
		return props, nil
	}
	return append(kept, meta...), nil
}

// isIdentifier reports whether Godot 4 takes name as a metadata name.
func isIdentifier(name string) bool {
	for i, c := range []byte(name) {
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return name != ""
}
