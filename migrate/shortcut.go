package migrate

import "github.com/gdvar/gdvar"

// shortcut gives a Shortcut (Godot 3's ShortCut) Godot 4's property for its
// event: Godot 3 has one InputEvent in shortcut, Godot 4 a list of them in
// events, and drops shortcut on loading. This is gdvar's rule: the
// converter renames only the class.
func shortcut(class string, props []gdvar.Property) []gdvar.Property {
	if class != "Shortcut" {
		return props
	}
	for i, p := range props {
		if p.Name == "shortcut" {
			events := []any{}
			if p.Value != nil {
				events = []any{p.Value}
			}
			props[i] = gdvar.Property{Name: "events", Value: events}
		}
	}
	return props
}
