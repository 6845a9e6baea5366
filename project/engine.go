package project

import (
	_ "embed"
	"fmt"
	"strings"
	"sync"
)

// classes4.txt is Godot 4.6's engine singletons, built-in types, the
// classes a game cannot create, and each class's direct subclasses, as
// scripts/project/classes.gd prints them.
//
//go:embed classes4.txt
var classes4 string

// classes47.txt is what Godot 4.7 adds to 4.6's classes, in
// classes4.txt's form, as TestClassesFromDocs writes it from the
// engine's doc/classes/*.xml (docs/projects.md says how it was had).
//
//go:embed classes47.txt
var classes47 string

// names is a set of the engine's names of one kind.
type names = map[string]bool

// engineClasses are the names of one version of the engine: its classes,
// those that are Nodes, those a game cannot create (abstract), its
// singletons and its built-in types, and each class's parent.
type engineClasses struct {
	version                                     string // "4.6"
	classes, nodes, abstract, singletons, types names
	parents                                     map[string]string // class → its parent; Object has none
}

// engineTables are the class tables by engine version, each parsed once.
var engineTables = map[string]func() engineClasses{
	"4.6": sync.OnceValue(func() engineClasses { return parseClasses("4.6", classes4) }),
	"4.7": sync.OnceValue(func() engineClasses { return parseClasses("4.7", classes4+"\n"+classes47) }),
}

// defaultVersion is the table of a project whose config/features names
// no version the reader has a table for.
const defaultVersion = "4.6"

// engineNames returns Godot 4.6's names.
func engineNames() engineClasses { return engineTables[defaultVersion]() }

// parseClasses reads a class table in classes4.txt's form; a kind's
// lines add to those before them.
func parseClasses(version, text string) engineClasses {
	e := engineClasses{version: version, classes: names{}, nodes: names{}, abstract: names{}, singletons: names{}, types: names{}, parents: map[string]string{}}
	for _, line := range strings.Split(text, "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		add := func(set names) {
			for _, n := range fields[1:] {
				set[n] = true
			}
		}
		switch fields[0] {
		case "singletons":
			add(e.singletons)
		case "types":
			add(e.types)
		case "abstract":
			add(e.abstract)
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
}

// inherits says the engine class is base or one of its subclasses, as
// ClassDB::is_parent_class says it, in Godot 4.6.
func inherits(class, base string) bool {
	return inheritsIn(engineNames().parents, class, base)
}

// inherits says the class is base or one of its subclasses in this
// version.
func (e engineClasses) inherits(class, base string) bool {
	return inheritsIn(e.parents, class, base)
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

// unknown is the error of a class this version lacks.
func (e engineClasses) unknown(class string) error {
	return fmt.Errorf("%w: %s is not a class of Godot %s, the engine the reader takes for this project (by its config/features); a GDExtension's class, or a newer engine's, is not known", ErrUnknownClass, Shown(class), e.version)
}

// engine returns the class table of the project's engine version, as
// project.godot's config/features names it ("4.7"): the table of that
// version, or of the newest version before it the reader has; 4.6's
// where the features name none.
func (p *Project) engine() engineClasses {
	if p.classTable == nil {
		table := engineTables[tableFor(p.features())]()
		p.classTable = &table
	}
	return *p.classTable
}

// tableFor returns the version of the class table for a project's
// features: the first feature that is a version of Godot 4, taken to the
// newest table at or before it.
func tableFor(features []string) string {
	for _, f := range features {
		var major, minor int
		if n, err := fmt.Sscanf(f, "%d.%d", &major, &minor); n != 2 || err != nil || fmt.Sprintf("%d.%d", major, minor) != f || major != 4 {
			continue
		}
		best, bestMinor := defaultVersion, -1
		for v := range engineTables {
			var m int
			fmt.Sscanf(v, "4.%d", &m)
			if m <= minor && m > bestMinor {
				best, bestMinor = v, m
			}
		}
		return best
	}
	return defaultVersion
}
