package project

import (
	"fmt"
	"path"
)

// abstractFault is the error the engine's analyzer gives a class for its
// abstract methods (Godot 4.5+), or nil: a class that is not @abstract
// may neither declare an abstract method nor leave one of its bases'
// without an override. Of the methods left, the engine names the first
// its nearest base declares. ref's bases must be resolved.
func abstractFault(ref ClassRef) *ScriptError {
	c := ref.Class
	if c.Abstract {
		return nil
	}
	fail := func(msg string) *ScriptError {
		return &ScriptError{Path: ref.Script.Path, Line: c.Line, Message: msg}
	}
	for _, m := range c.Methods {
		if m.Abstract {
			return fail(fmt.Sprintf(`Class "%s" is not abstract but contains abstract methods. Mark the class as "@abstract" or remove "@abstract" from all methods in this class.`, ref.shownName()))
		}
	}
	overridden := map[string]bool{} // the methods of c and of the bases walked so far
	for k := ref; k.Class != nil; k = k.Class.bases.base {
		for _, m := range k.Class.Methods {
			if m.Abstract && !overridden[m.Name] {
				return fail(fmt.Sprintf(`Class "%s" must implement "%s.%s()" and other inherited abstract methods or be marked as "@abstract".`, ref.shownName(), k.shownName(), m.Name))
			}
		}
		for _, m := range k.Class.Methods {
			overridden[m.Name] = overridden[m.Name] || !m.Abstract
		}
	}
	return nil
}

// shownName names a class as the engine's messages about it do: its
// class_name or inner class name, else its script's file name.
func (r ClassRef) shownName() string {
	if r.Class.Name != "" {
		return r.Class.Name
	}
	return path.Base(r.Script.Path)
}
