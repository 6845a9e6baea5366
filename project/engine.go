package project

import (
	_ "embed"
	"strings"
	"sync"
)

// classes4.txt is Godot 4.6's engine singletons, built-in types, the
// classes a game cannot create, and each class's direct subclasses, as
// scripts/project/classes.gd prints them.
//
//go:embed classes4.txt
var classes4 string

// names is a set of the engine's names of one kind.
type names = map[string]bool

// engineClasses are the names of the engine: its classes, those that are
// Nodes, those a game cannot create (abstract), its singletons and its
// built-in types, and each class's parent.
type engineClasses struct {
	classes, nodes, abstract, singletons, types names
	parents                                     map[string]string // class → its parent; Object has none
}

var engineNames = sync.OnceValue(func() engineClasses {
	e := engineClasses{classes: names{}, nodes: names{}, parents: map[string]string{}}
	for _, line := range strings.Split(classes4, "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		set := names{}
		for _, n := range fields[1:] {
			set[n] = true
		}
		switch fields[0] {
		case "singletons":
			e.singletons = set
		case "types":
			e.types = set
		case "abstract":
			e.abstract = set
		case "subclasses":
			e.classes[fields[1]] = true
			for _, c := range fields[2:] {
				e.classes[c] = true
				e.parents[c] = fields[1]
			}
		}
	}
	for c := range e.classes {
		if inheritsIn(e.parents, c, "Node") {
			e.nodes[c] = true
		}
	}
	return e
})

// inherits says the engine class is base or one of its subclasses, as
// ClassDB::is_parent_class says it.
func inherits(class, base string) bool {
	return inheritsIn(engineNames().parents, class, base)
}

// inheritsIn is inherits over a map of parents.
func inheritsIn(parents map[string]string, class, base string) bool {
	for ; class != ""; class = parents[class] {
		if class == base {
			return true
		}
	}
	return false
}
