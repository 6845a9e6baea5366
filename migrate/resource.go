package migrate

import (
	"errors"
	"fmt"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/resource"
)

// Resource returns the Godot 4 form of a Godot 3 resource file (.tres or
// .res, read with [resource.Read]): the same external resources and
// sub-resources with the same IDs, each class renamed ([Class]), each
// property's value mapped ([Value]), the metadata moved from __meta__ to a
// metadata/NAME property per entry (after the other properties, as Godot 4
// lists them), and the properties of InputEvents and Shortcuts as in
// objects (see Value). Properties of other classes keep their names: Godot
// 4's classes take their Godot 3 names on loading where they were renamed,
// as the converter expects.
//
// Write the result as text with WriteText; the binary form needs IDs
// Godot 4 draws for a path: write SavedAs(path, resource.Binary)'s.
// A script the resource refers to is not migrated: it must be Godot 4's by
// the time Godot 4 loads the file. A scene is refused with [ErrScene].
func Resource(f *resource.File) (*resource.File, error) {
	switch {
	case f.Dialect().Engine() != gdvar.Godot3:
		return nil, ErrNotGodot3
	case f.Scene:
		return nil, ErrScene
	}
	if err := validText(f.Type); err != nil {
		return nil, err
	}
	g, err := resource.NewFile(Class(f.Type), resource.WithText(godot4Text...))
	if err != nil {
		return nil, err
	}
	g.Path = f.Path
	for _, e := range f.External {
		for _, s := range []string{e.Type, e.Path, e.ID} {
			if err := validText(s); err != nil {
				return nil, err
			}
		}
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
	if r == nil {
		return nil, errors.New("migrate: a resource missing from the File")
	}
	if err := validText(r.ID); err != nil {
		return nil, err
	}
	class, props, err := m.classProperties(r.Type, r.Properties)
	if err != nil {
		if r.ID == "" {
			return nil, fmt.Errorf("the main resource: %w", err)
		}
		return nil, fmt.Errorf("resource %q: %w", r.ID, err)
	}
	return &resource.Resource{Type: class, ID: r.ID, Properties: props}, nil
}
