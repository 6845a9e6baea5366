package project

import "fmt"

// checkScripts refuses a node whose class cannot hold its script, as
// GDScript::instance_create does: the engine class the script's chain
// ends at must be the node's class or one of its bases. The engine then
// leaves the node without a script, so without the script's methods.
//
// The node's class is its type, or its instanced scene's root's, where a
// game can create that class. Where it cannot (a script's class_name
// written as the type, an abstract or editor class), SceneState::instantiate
// makes a placeholder: a Node, as a text scene stores every parent by its
// path; in a binary scene, one chosen by the parent's class where the
// parent is stored by its index, which is not read.
//
// An @abstract script (Godot 4.5+) is refused too: SceneState::instantiate
// leaves the node without it.
//
// A script the engine does not load (a parse error, a file the project
// lacks, a base that does not load) costs only its nodes, as in the
// engine, which runs them without it: their Script is "", their
// ScriptFault why. A bound of the reader passed is the tree's error.
//
// A node's type that is neither a class of the project's version of the
// engine nor a global class of the project is an error ([ErrUnknownClass]),
// script or not. A node whose class is not known (Partial) is not
// checked.
func (w *treeWalk) checkScripts(res string, nodes []SceneNode) error {
	e := w.p.engine()
	natives := map[string]string{} // the engine class each script's chain ends at: resolved once
	faults := map[string]error{}   // the scripts that do not load
	for i := range nodes {
		n := &nodes[i]
		fail := func(err error) error { return &SceneError{Chain: []string{res}, Node: n.Path, Err: err} }
		if n.Type != "" && !e.classes[n.Type] {
			classes, err := w.p.Classes()
			if err != nil {
				return fail(err)
			}
			if _, ok := classes[n.Type]; !ok {
				return fail(e.unknown(n.Type))
			}
		}
		if n.Script == "" || n.Type == "" && n.Partial != "" {
			continue
		}
		refuse := func(format string, args ...any) error {
			return fail(fmt.Errorf("script %s: "+format, append([]any{Shown(n.Script)}, args...)...))
		}
		native, ok := natives[n.Script]
		if fault := faults[n.Script]; !ok && fault == nil {
			var err error
			if native, err = w.p.native(n.Script); isBound(err) {
				return fail(err)
			} else if err != nil {
				faults[n.Script] = err
			}
			natives[n.Script] = native
		}
		if fault := faults[n.Script]; fault != nil {
			n.Script, n.ScriptFault = "", fault
			continue
		}
		if s, err := w.p.Script(n.Script); err == nil && s.CSharp == nil && s.Abstract {
			name := n.Path
			if n.Node != nil {
				name = n.Node.Name
			}
			return refuse("Node \"%s\" previously had a script, but that script is now abstract.", name)
		}
		class := n.Type
		if !e.nodes[class] || e.abstract[class] {
			if w.binary[n.Node] && n.Instance == "" && n.Path != "." {
				return refuse("type %s, which a game cannot create, in a binary scene: the class of the placeholder the engine makes is not read", Shown(class))
			}
			class = "Node"
		}
		if !e.inherits(class, native) {
			return refuse("Script inherits from native type '%s', so it can't be assigned to an object of type '%s'.", native, class)
		}
	}
	return nil
}
