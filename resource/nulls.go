package resource

import (
	"slices"
	"strings"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/vartext"
)

// A null Object property, as the engines save it: the text saver leaves
// out an Object property whose value is null (a null Object, or nil),
// unless the property is flagged PROPERTY_USAGE_STORE_IF_NULL, which it
// writes "= null"; the binary saver writes every one.

// storesNull reports whether the class flags its property name
// PROPERTY_USAGE_STORE_IF_NULL, which the text form writes null: Godot 4's
// Theme does so of its icon, stylebox and font entries (Type/icons/name,
// Type/styles/name, Type/fonts/name; theme.cpp's _get_property_list).
func storesNull(d vartext.Dialect, class, name string) bool {
	if d != vartext.Godot4 || class != "Theme" {
		return false
	}
	parts := strings.Split(name, "/")
	if len(parts) != 3 {
		return false
	}
	switch parts[1] {
	case "icons", "styles", "fonts":
		return true
	}
	return false
}

// objectTyped reports whether the class's property name holds an Object,
// so that a nil value there is a null Object, which the text form leaves
// out: a resource's script, the script of a TileSet's tile
// (x:y/alternative/script), and the Object properties the class lists
// with a null default.
func objectTyped(d vartext.Dialect, class, name string) bool {
	if name == "script" || strings.HasSuffix(name, "/script") && !strings.HasPrefix(name, "metadata/") {
		return true
	}
	c := classesOf(d)[class]
	if c == nil {
		return false
	}
	at := c.index(name, 0)
	return at >= 0 && c.props[at].nullObject
}

// isNullObject reports whether v is a null Object as a binary file holds
// it: an Object of no class.
func isNullObject(v any) bool {
	o, ok := v.(*gdvar.Object)
	return ok && o.Class == ""
}

// heldAsNil reports whether the class gives nil, not a null Object, for
// its Object property name, which the binary form then writes nil:
// AnimationNodeStateMachine's _get refuses the node of its Start and End
// states (can_edit_node is false for them); a ShaderMaterial gives a
// sampler uniform's unset Texture as the rendering server's default, nil.
func heldAsNil(class, name string) bool {
	return class == "AnimationNodeStateMachine" && (name == "states/Start/node" || name == "states/End/node") ||
		class == "ShaderMaterial" && strings.HasPrefix(name, "shader_parameter/")
}

func allDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// meshItemMembers are the properties a MeshLibrary lists of each item
// (item/N/…), in its order; meshItemObjects those holding an Object, which
// the binary form writes null where the text has none.
var (
	meshItemMembers = []string{"name", "mesh", "mesh_transform", "mesh_cast_shadow", "shapes",
		"navigation_mesh", "navigation_mesh_transform", "navigation_layers", "preview"}
	meshItemObjects = map[string]bool{"mesh": true, "navigation_mesh": true, "preview": true}
)

// meshItem splits the name of a MeshLibrary item's property: the item's
// prefix (item/N/) and the member's place in meshItemMembers.
func meshItem(class, name string) (string, int, bool) {
	if class != "MeshLibrary" || !strings.HasPrefix(name, "item/") {
		return "", 0, false
	}
	n, member, ok := strings.Cut(name[len("item/"):], "/")
	if !ok || !allDigits(n) {
		return "", 0, false
	}
	at := slices.Index(meshItemMembers, member)
	return name[:len("item/")+len(n)+1], at, at >= 0
}
