package resource

import (
	"strings"

	"github.com/gdvar/gdvar/vartext"
)

// Properties flagged PROPERTY_USAGE_RESOURCE_NOT_PERSISTENT hold a
// resource the class makes anew each time it is read: an ImageTexture's
// image (from the texture it holds), a FontFile's cache textures' images.
// The savers write that resource, but do not look into it for the text
// format (its bytes do not make a file format=4), and it never has an ID
// of its own, so each save draws it one.

// notPersistent reports whether the class flags its property name
// PROPERTY_USAGE_RESOURCE_NOT_PERSISTENT (Godot 4).
func notPersistent(d vartext.Dialect, class, name string) bool {
	if d != vartext.Godot4 {
		return false
	}
	switch class {
	case "ImageTexture":
		return name == "image"
	case "FontFile":
		return strings.HasPrefix(name, "cache/") && strings.HasSuffix(name, "/image") && strings.Contains(name, "/textures/")
	}
	return false
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
