package migrate

import (
	"fmt"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/resource"
	"github.com/gdvar/gdvar/vartext"
)

// metaProperty is the property Godot 3 keeps a resource's metadata in, a
// Dictionary; Godot 4 has a property metadata/NAME for each entry, and
// drops __meta__ on loading.
const metaProperty = "__meta__"

// Resource returns the Godot 4 form of a Godot 3 resource file (.tres or
// .res, read with resource.Read): the same external resources and
// sub-resources with the same IDs, each class renamed (Class), each
// property's value mapped (Value), the metadata moved from __meta__ to a
// metadata/NAME property per entry (after the other properties, as Godot 4
// lists them), and the properties of InputEvent resources renamed as in
// objects. Properties of other classes keep their names: Godot 4's classes
// take their Godot 3 names on loading where they were renamed, as the
// converter expects.
//
// Write the result as text with WriteText; the binary form needs IDs
// Godot 4 draws for a path: write SavedAs(path, resource.Binary)'s.
// A script the resource refers to is not migrated: it must be Godot 4's by
// the time Godot 4 loads the file. A scene is refused with ErrScene.
func Resource(f *resource.File) (*resource.File, error) {
	switch {
	case f.Dialect().Engine() != gdvar.Godot3:
		return nil, ErrNotGodot3
	case f.Scene:
		return nil, ErrScene
	}
	g := resource.NewFile(Class(f.Type), vartext.WithDialect(vartext.Godot4))
	g.Path = f.Path
	for _, e := range f.External {
		g.External = append(g.External, &resource.External{Type: Class(e.Type), Path: e.Path, UID: resource.NoUID, ID: e.ID})
	}
	mp := mapping{binary: f.Form() == resource.Binary}
	for _, r := range f.Resources {
		m, err := mp.resource(r)
		if err != nil {
			return nil, err
		}
		g.Resources = append(g.Resources, m)
	}
	m, err := mp.resource(f.Main)
	if err != nil {
		return nil, err
	}
	g.Main = m
	return g, nil
}

// resource maps a resource's class and properties.
func (m mapping) resource(r *resource.Resource) (*resource.Resource, error) {
	props, err := m.properties(r.Properties)
	if err != nil {
		return nil, fmt.Errorf("resource %q: %w", r.ID, err)
	}
	var meta []gdvar.Property
	kept := props[:0]
	for _, p := range props {
		if p.Name != metaProperty {
			kept = append(kept, p)
			continue
		}
		d, ok := p.Value.(*gdvar.Dictionary)
		if !ok {
			return nil, fmt.Errorf("migrate: resource %q: %s is a %T, not a Dictionary", r.ID, metaProperty, p.Value)
		}
		for k, v := range d.All() {
			name, ok := k.(string)
			if !ok || !isIdentifier(name) {
				return nil, fmt.Errorf("migrate: resource %q: metadata %q: Godot 4 takes only names of ASCII letters, digits and _, not starting with a digit", r.ID, fmt.Sprint(k))
			}
			meta = append(meta, gdvar.Property{Name: "metadata/" + name, Value: v})
		}
	}
	class, props := inputEvent(Class(r.Type), append(kept, meta...))
	return &resource.Resource{Type: class, ID: r.ID, Properties: props}, nil
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
