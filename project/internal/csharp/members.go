package csharp

import "fmt"

// attrTargets are the declarations each attribute the reader knows may
// be on (their AttributeUsage), as the compiler's CS0592 names them.
var attrTargets = map[string]string{
	"Rpc":         "method",
	"Export":      "field, property",
	"GlobalClass": "class",
	"Tool":        "class",
}

// misplaced records, as the type's fault, an attribute on a declaration
// it may not be on (CS0592), or given twice (CS0579: none allows
// multiple).
func (p *parser) misplaced(t *Type, attrs []attr, allowed ...string) {
	for _, a := range attrs {
		ok := false
		for _, name := range allowed {
			ok = ok || a.name == name
		}
		switch {
		case !ok:
			p.setFault(t, a.line, fmt.Sprintf("CS0592: Attribute '%s' is not valid on this declaration type. It is only valid on '%s' declarations.", a.name, attrTargets[a.name]))
		case a.again != 0:
			p.setFault(t, a.again, fmt.Sprintf("CS0579: Duplicate '%s' attribute", a.name))
		}
	}
}

// findAttr returns the attribute of that name, if it is there.
func findAttr(attrs []attr, name string) (attr, bool) {
	for _, a := range attrs {
		if a.name == name {
			return a, true
		}
	}
	return attr{}, false
}

// exportRules are the messages of the generators' diagnostics on an
// [Export] member (Godot.SourceGenerators' Common.cs), by code.
var exportRules = map[string]string{
	"GD0101": "The exported member '%s' is static",
	"GD0102": "The type of the exported member '%s' is not supported",
	"GD0103": "The exported member '%s' is read-only",
	"GD0104": "The exported property '%s' is write-only",
	"GD0105": "The exported property '%s' is an indexer",
	"GD0106": "The exported property '%s' is an explicit interface implementation",
}

// exportFault is the error of a diagnostic on an exported member.
func exportFault(t *Type, name string, line int, code string) *Fault {
	return &Fault{Path: t.file.path, Line: line, Message: code + ": " + fmt.Sprintf(exportRules[code], t.display()+"."+name)}
}

// memberType is a member's type as written, put on the heap once, when
// an [Export] declarator keeps it: most members are not exported.
type memberType struct {
	ref  TypeRef
	kept *TypeRef
}

func (m *memberType) keep() *TypeRef {
	if m.kept == nil {
		m.kept = new(TypeRef)
		*m.kept = m.ref
	}
	return m.kept
}

// export records a field or property of type typ: with [Export], among
// the type's exports, or as its fault where the generators refuse it
// (code, or GD0101 for a static member; "" for none).
func (p *parser) export(t *Type, attrs []attr, mods modifiers, name string, line int, typ *memberType, code string) {
	p.misplaced(t, attrs, "Export")
	if _, ok := findAttr(attrs, "Export"); !ok {
		return
	}
	if mods.static {
		code = "GD0101"
	}
	if code != "" {
		if t.Fault == nil {
			t.Fault = exportFault(t, name, line, code)
		}
		return
	}
	t.members().exports.add(Exported{Name: name, Type: typ.keep(), Line: int32(line)})
}

// method records a method with [Rpc]: an instance method only, as the
// engine lists no static one (ScriptManagerBridge's
// UpdateScriptClassInfo).
func (p *parser) method(t *Type, attrs []attr, mods modifiers, name string, line int, params paramList) {
	p.misplaced(t, attrs, "Rpc")
	a, ok := findAttr(attrs, "Rpc")
	if !ok {
		return
	}
	r, err := p.evalRPC(a)
	switch {
	case err != nil:
		if t.Fault == nil {
			err.Path = p.file.path
			t.Fault = err
		}
	case !mods.static:
		m := t.members()
		m.methods.add(Method{Name: name, Line: int32(line), RPC: r, params: params, AsksSender: p.asked[0], AsksServer: p.asked[1]})
	}
}
