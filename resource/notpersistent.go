package resource

import "github.com/gdvar/gdvar/vartext"

// Properties flagged PROPERTY_USAGE_RESOURCE_NOT_PERSISTENT hold a
// resource the class makes anew each time it is read: an ImageTexture's
// image (from the texture it holds). The savers write that resource, but
// do not look into it for the text format (its bytes do not make a file
// format=4), and it never has an ID of its own, so each save draws it
// one. Godot 4.6's FontFile no longer flags its cache textures' images
// so: it holds the Image it read, whose ID its saves keep, and whose
// bytes make the text format=4 (TestRealTileSetsAndFonts).

// notPersistent reports whether the class flags its property name
// PROPERTY_USAGE_RESOURCE_NOT_PERSISTENT (Godot 4).
func notPersistent(d vartext.Dialect, class, name string) bool {
	return d == vartext.Godot4 && class == "ImageTexture" && name == "image"
}

// madeAnew returns the IDs of the file's sub-resources a class makes anew
// (see notPersistent).
func (f *File) madeAnew() map[string]bool {
	var ids map[string]bool
	for _, r := range append(f.Resources, f.Main) {
		for _, p := range r.Properties {
			if kind, id := RefOf(p.Value); kind == SubRef && notPersistent(f.dialect, r.Type, p.Name) {
				if ids == nil {
					ids = map[string]bool{}
				}
				ids[id] = true
			}
		}
	}
	return ids
}
