package resource

import (
	"slices"
	"strings"
)

// stateMachineStates returns Godot 4's AnimationNodeStateMachine class as
// an object r of it lists its properties: its states (states/NAME/node,
// states/NAME/position) are all its End and Start and those r sets, by
// name (_get_property_list sorts them, StringName::AlphCompare: by code
// point), where the class table has End's and Start's.
func stateMachineStates(c *class, r *Resource) *class {
	const group = "states/"
	first, last := -1, -1
	for i, p := range c.props {
		if strings.HasPrefix(p.name, group) {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if first < 0 {
		return c
	}
	names := []string{}
	for _, p := range c.props[first : last+1] {
		names = append(names, stateName(p.name))
	}
	for _, p := range r.Properties {
		if n := stateName(p.Name); n != "" {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	names = slices.Compact(names)
	props := slices.Clone(c.props[:first])
	for _, n := range names {
		props = append(props, classProperty{name: group + n + "/node", nullObject: true}, classProperty{name: group + n + "/position"})
	}
	return newClass(append(props, c.props[last+1:]...))
}

// stateName returns the state a property states/NAME/… is of, or "".
func stateName(prop string) string {
	rest, ok := strings.CutPrefix(prop, "states/")
	if !ok {
		return ""
	}
	i := strings.LastIndexByte(rest, '/')
	if i <= 0 {
		return ""
	}
	return rest[:i]
}
