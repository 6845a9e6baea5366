package migrate

import (
	"strings"

	"github.com/gdvar/gdvar"
)

// The engine's project converter rewrites the InputEvent objects of a
// project's input map (in project.godot) with these rules; they apply as
// well to InputEvent objects and resources wherever a game saved them, as
// key bindings in a settings file. Godot 4 sets properties by name and
// ignores those it does not know, so without them a binding loads empty.

// eventProperties are the InputEvent properties Godot 4 renamed.
var eventProperties = map[string]string{
	"alt":               "alt_pressed",
	"shift":             "shift_pressed",
	"control":           "ctrl_pressed",
	"meta":              "meta_pressed",
	"scancode":          "keycode",
	"physical_scancode": "physical_keycode",
	"doubleclick":       "double_click",
}

// Key codes beyond the printable ones had bit 24 in Godot 3 (KEY_SPECIAL)
// and have bit 22 in Godot 4 (Key::SPECIAL).
const (
	specialKey3 = 1 << 24
	specialKey4 = 1 << 22
)

// joypadButtons maps Godot 3 joypad buttons to Godot 4's, the converter's
// table: the index is the Godot 3 button. L2 and R2 (6 and 7) are axes in
// Godot 4 (see triggerAxis). The converter leaves button 22 (the touchpad)
// as it is, though its table maps it, by an off-by-one in its bounds; here
// it becomes Godot 4's touchpad.
var joypadButtons = [23]int64{0, 1, 2, 3, 9, 10, -1, -1, 7, 8, 4, 6, 11, 12, 13, 14, 5, 15, 16, 17, 18, 19, 20}

// triggerAxis is the Godot 4 axis of the Godot 3 buttons L2 and R2, and of
// the Godot 3 axes 6 and 7.
var triggerAxis = map[int64]int64{6: 4, 7: 5}

// inputEvent applies the rules to the properties of an object or resource
// of the (Godot 4) class, and returns its class, which a trigger button
// changes.
func inputEvent(class string, props []gdvar.Property) (string, []gdvar.Property) {
	if !strings.HasPrefix(class, "InputEvent") {
		return class, props
	}
	out := props[:0:0]
	trigger := false
	for _, p := range props {
		if n, ok := eventProperties[p.Name]; ok {
			p.Name = n
		}
		n, isInt := p.Value.(int64)
		switch {
		case !isInt:
		case p.Name == "keycode" || p.Name == "physical_keycode":
			if n&specialKey3 != 0 {
				p.Value = n&^specialKey3 | specialKey4
			}
		case class == "InputEventJoypadButton" && p.Name == "button_index" && n >= 0 && n < int64(len(joypadButtons)):
			if axis, ok := triggerAxis[n]; ok {
				// Pressing a trigger is its axis at its full value.
				out = append(out, gdvar.Property{Name: "axis", Value: axis}, gdvar.Property{Name: "axis_value", Value: 1.0})
				trigger = true
				continue
			}
			p.Value = joypadButtons[n]
		case class == "InputEventJoypadMotion" && p.Name == "axis":
			if axis, ok := triggerAxis[n]; ok {
				p.Value = axis
			}
		}
		out = append(out, p)
	}
	if !trigger {
		return class, out
	}
	// A button's pressure and state have no place in a motion.
	kept := out[:0]
	for _, p := range out {
		if p.Name != "pressure" && p.Name != "pressed" {
			kept = append(kept, p)
		}
	}
	return "InputEventJoypadMotion", kept
}
