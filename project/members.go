package project

import (
	"fmt"
	"strings"
)

// declare adds a member's name to its class, or fails if the class has a
// member of that name already.
func (p *parser) declare(c *Class, name string, m member, line int) bool {
	if old, ok := c.members[name]; ok {
		kind := m.kind.String()
		p.fail(line, fmt.Sprintf(`%s "%s" has the same name as a previously declared %s.`, strings.ToUpper(kind[:1])+kind[1:], name, old.kind))
		return false
	}
	if c.members == nil {
		c.members = map[string]member{}
	}
	c.members[name] = m
	return true
}

// appendDoubling appends v to s, doubling its room when full: the room
// taken over a slice's growth stays twice its size, where append's
// smaller steps for long slices take five times.
func appendDoubling[T any](s []T, v T) []T {
	if len(s) == cap(s) {
		grown := make([]T, len(s), 2*len(s)+1)
		copy(grown, s)
		s = grown
	}
	return append(s, v)
}

// name reads the name a declaration gives, or fails with msg.
func (p *parser) name(msg string) (string, bool) {
	if p.tok.kind != tkIdent || keywords[p.tok.text] {
		p.fail(p.tok.line, msg)
		return "", false
	}
	name := p.tok.text
	p.advance()
	return name, true
}

// variable reads a member variable: var name[: Type][ = value][: accessors].
func (p *parser) variable(c *Class, static bool, line int) {
	name, ok := p.name(`Expected variable name after "var".`)
	if !ok {
		return
	}
	v := Property{Name: name, Static: static, Line: line}
	for _, a := range p.pending {
		switch {
		case a.name == "export_storage":
			v.Storage = true
		case a.name == "onready":
			v.OnReady = true
		case strings.HasPrefix(a.name, "export"):
			v.Export = true
		}
	}
	if p.isOp(":") {
		p.advance()
		switch {
		case p.tok.kind == tkNewline: // var p:\n\tget: …
			p.advance()
			p.block()
			p.addProperty(c, v)
			return
		case p.isOp("="):
			v.Type.Inferred = true
		default:
			v.Type = p.typ()
		}
	}
	if p.isOp("=") {
		p.advance()
		v.init = int32(p.tok.pos) + 1
		if p.initializer() {
			p.addProperty(c, v)
			return
		}
	}
	if p.isOp(":") { // accessors
		p.advance()
		if p.tok.kind == tkNewline {
			p.advance()
			p.block()
			p.addProperty(c, v)
			return
		}
		p.skipStatement()
	}
	if p.addProperty(c, v) {
		p.endStatement("variable declaration")
	}
}

func (p *parser) addProperty(c *Class, v Property) bool {
	if !p.declare(c, v.Name, member{kind: kindVariable}, v.Line) {
		return false
	}
	c.Properties = appendDoubling(c.Properties, v)
	return true
}

// typ reads a type: Name, Outer.Inner, Array[T], Dictionary[K, V].
func (p *parser) typ() Type {
	var t Type
	for {
		if p.tok.kind != tkIdent {
			p.fail(p.tok.line, `Expected type specifier.`)
			return t
		}
		t.Name += p.tok.text
		p.advance()
		if !p.isOp(".") {
			break
		}
		t.Name += "."
		p.advance()
	}
	if !p.isOp("[") {
		return t
	}
	if p.nest++; p.nest > p.limits.MaxDepth {
		p.t.failBound("Type nested too deep.")
		return t
	}
	defer func() { p.nest-- }()
	p.advance()
	for !p.failed() {
		t.Elem = append(t.Elem, p.typ())
		if !p.isOp(",") {
			break
		}
		p.advance()
	}
	if !p.isOp("]") {
		p.fail(p.tok.line, `Expected closing "]" after type.`)
		return t
	}
	p.advance()
	return t
}

// initializer skips a value to the end of its expression; when a lambda
// ends the line, it skips the lambda's block too and says the statement
// has ended.
func (p *parser) initializer() (ended bool) {
	lambda := p.skipExprLambda()
	if !lambda || p.tok.kind != tkNewline {
		return false
	}
	p.advance()
	if p.tok.kind == tkIndent {
		p.advance()
		p.skipBlock()
	}
	return true
}

// skipExprLambda is skipExpr, saying whether the expression holds a
// lambda (func).
func (p *parser) skipExprLambda() bool {
	depth, lambda := 0, false
	for p.tok.kind != tkEOF && p.tok.kind != tkNewline {
		switch {
		case p.tok.kind == tkIdent && p.tok.text == "func":
			lambda = true
		case p.tok.kind == tkAnnotation:
			p.bodyAnnotation()
		case depth == 0 && (p.isOp(";") || p.isOp(",")):
			return lambda
		case depth == 0 && p.isOp(":") && !lambda:
			return false
		}
		depth += p.nesting()
		p.advance()
	}
	return lambda
}

// constant reads const name[: Type] = value.
func (p *parser) constant(c *Class) {
	line := p.tok.line
	name, ok := p.name(`Expected constant name after "const".`)
	if !ok {
		return
	}
	if p.isOp(":") {
		p.advance()
		if !p.isOp("=") {
			p.typ()
		}
	}
	if !p.isOp("=") {
		p.fail(line, `Expected initializer after constant name.`)
		return
	}
	p.advance()
	init := p.spanHere()
	p.skipExpr()
	if p.declare(c, name, member{kind: kindConstant, index: int32(len(c.consts))}, line) {
		c.consts = appendDoubling(c.consts, init)
		p.endStatement("constant declaration")
	}
}

// signal reads signal name[(parameters)].
func (p *parser) signal(c *Class) {
	line := p.tok.line
	name, ok := p.name(`Expected signal name after "signal".`)
	if !ok {
		return
	}
	if p.isOp("(") {
		p.skipBrackets()
	}
	if p.declare(c, name, member{kind: kindSignal}, line) {
		p.endStatement("signal declaration")
	}
}

// enum reads enum [Name] {…}.
func (p *parser) enum(c *Class) {
	line := p.tok.line
	name := ""
	if p.tok.kind == tkIdent {
		name = p.tok.text
		p.advance()
	}
	// The engine reads the brace in multiline mode, so the line may break
	// before it (parse_enum's push_multiline skips what is pending).
	for p.tok.kind == tkNewline || p.tok.kind == tkIndent || p.tok.kind == tkDedent {
		p.advance()
	}
	if !p.isOp("{") {
		p.fail(line, `Expected "{" after "enum".`)
		return
	}
	body := p.spanHere()
	p.skipBrackets()
	if name == "" || p.declare(c, name, member{kind: kindEnum, index: int32(len(c.enums))}, line) {
		if name != "" {
			c.enums = appendDoubling(c.enums, body)
		}
		p.endStatement("enum")
	}
}

// function reads func name(parameters)[ -> Type]: body.
func (p *parser) function(c *Class, static bool, line int) {
	name, ok := p.name(`Expected function name after "func".`)
	if !ok {
		return
	}
	m := Method{Name: name, Static: static, Line: line}
	var rpc *annotation
	for i := range p.pending {
		switch a := &p.pending[i]; a.name {
		case "rpc":
			rpc = a
		case "abstract":
			if !p.abstract(a, "function") {
				return
			}
			if static {
				p.fail(a.line, `"@abstract" annotation cannot be applied to static functions.`)
				return
			}
			m.Abstract = true
		}
	}
	if !p.isOp("(") {
		p.fail(p.tok.line, `Expected opening "(" after function name.`)
		return
	}
	p.advance()
	m.params = p.spanHere()
	if p.parameters(nil); p.failed() {
		return
	}
	if p.isOp("->") {
		p.advance()
		p.typ()
	}
	bodyless := !p.isOp(":")
	if bodyless && !m.Abstract {
		p.fail(line, `A function must either have a ":" followed by a body, or be marked as "@abstract".`)
		return
	}
	if !bodyless {
		p.advance()
	}
	if !p.declare(c, name, member{kind: kindFunction, index: int32(len(c.Methods))}, line) {
		return
	}
	if rpc != nil {
		p.rpcs = appendDoubling(p.rpcs, pendingRPC{class: c, method: len(c.Methods), annotation: *rpc})
	}
	c.Methods = appendDoubling(c.Methods, m)
	switch {
	case bodyless:
		p.endStatement("bodyless function declaration")
	case m.Abstract:
		p.abstractBody()
	default:
		p.asking = &c.Methods[len(c.Methods)-1] // the body adds no member to c
		p.asking.BodyLine = p.body(`Expected indented block after function declaration.`)
		p.asking = nil
	}
}

// abstract checks an @abstract annotation of a class or a function (what):
// the engine takes one per member.
func (p *parser) abstract(a *annotation, what string) bool {
	if a.again != 0 {
		p.fail(a.again, `"@abstract" annotation can only be used once per `+what+`.`)
		return false
	}
	return true
}

// abstractBody refuses the body an abstract function has after its ":",
// at the body's first statement, as the engine does.
func (p *parser) abstractBody() {
	if line := p.tok.line; p.tok.kind == tkNewline {
		p.advance()
		if p.tok.kind != tkIndent {
			p.fail(line, `Expected indented block after function declaration.`)
			return
		}
	}
	p.fail(p.tok.line, "An abstract function cannot have a body.")
}

// body skips a suite: an indented block after a newline, or statements to
// the end of the line; it returns the line of its first statement (0 if
// it fails).
func (p *parser) body(msg string) int {
	if p.tok.kind != tkNewline {
		first := p.tok.line
		p.skipStatement()
		if p.tok.kind == tkNewline {
			p.advance()
		}
		return first
	}
	line := p.tok.line // the engine's error is at the line that ends
	p.advance()
	if p.tok.kind != tkIndent {
		p.fail(line, msg)
		return 0
	}
	p.advance()
	first := p.tok.line
	p.skipBlock()
	return first
}

// block skips an indented block that must follow.
func (p *parser) block() {
	if p.tok.kind != tkIndent {
		p.fail(p.tok.line, "Expected indented block.")
		return
	}
	p.advance()
	p.skipBlock()
}

// skipBlock skips the tokens of a block whose INDENT has been read, up to
// and including its DEDENT.
func (p *parser) skipBlock() {
	for level := 1; level > 0 && p.tok.kind != tkEOF; p.advance() {
		switch p.tok.kind {
		case tkIndent:
			level++
		case tkDedent:
			level--
		case tkAnnotation:
			p.bodyAnnotation()
		}
	}
}

// skipStatement skips tokens to the end of the line.
func (p *parser) skipStatement() {
	for p.tok.kind != tkNewline && p.tok.kind != tkEOF {
		if p.tok.kind == tkAnnotation {
			p.bodyAnnotation()
		}
		p.advance()
	}
}

// bodyAnnotation checks an annotation inside a function, where only
// statement annotations are allowed.
func (p *parser) bodyAnnotation() {
	info, ok := annotations[p.tok.text]
	switch {
	case !ok:
		p.fail(p.tok.line, `Unrecognized annotation: "@`+p.tok.text+`".`)
	case info&targetScript != 0 && info&(targetStatement|targetStandalone) == 0:
		p.fail(p.tok.line, `Annotation "@`+p.tok.text+`" must be at the top of the script, before "extends" and "class_name".`)
	case info&(targetStatement|targetStandalone) == 0:
		p.fail(p.tok.line, `Annotation "@`+p.tok.text+`" is not allowed in this level.`)
	}
}

// skipBrackets skips a bracketed group that starts at the current token.
func (p *parser) skipBrackets() {
	depth := 0
	for p.tok.kind != tkEOF {
		depth += p.nesting()
		p.advance()
		if depth == 0 {
			return
		}
	}
}

// class reads an inner class: class Name [extends Base]: body.
func (p *parser) class(outer *Class, line int) {
	name, ok := p.name(`Expected identifier for the class name after "class".`)
	if !ok {
		return
	}
	c := &Class{Name: name, Line: line, outer: outer}
	for i := range p.pending {
		if a := &p.pending[i]; a.name == "abstract" {
			if !p.abstract(a, "class") {
				return
			}
			c.Abstract = true
		}
	}
	if p.isKeyword("extends") {
		p.advance()
		p.extends(c, line)
	}
	if !p.isOp(":") {
		p.fail(p.tok.line, `Expected ":" after class declaration.`)
		return
	}
	p.advance()
	if !p.declare(outer, name, member{kind: kindClass, index: int32(len(outer.Classes))}, line) {
		return
	}
	outer.Classes = appendDoubling(outer.Classes, c)
	multiline := p.tok.kind == tkNewline
	if multiline {
		p.advance()
		if p.tok.kind != tkIndent {
			p.fail(p.tok.line, `Expected indented block after class declaration.`)
			return
		}
		p.advance()
	}
	if p.isKeyword("extends") {
		eline := p.tok.line
		p.advance()
		if c.Extends.Line != 0 {
			p.fail(eline, `Cannot use "extends" more than once in the same class.`)
			return
		}
		p.extends(c, eline)
		p.endStatement("superclass")
	}
	p.classBody(c, multiline)
	if multiline && !p.failed() {
		if p.tok.kind != tkDedent {
			p.fail(p.tok.line, `Missing unindent at the end of the class body.`)
			return
		}
		p.advance()
	}
}

// annotation reads an annotation and its arguments (parse_annotation),
// checking that it is one the engine knows and that it may be where it
// is; ok is false when it is not kept.
func (p *parser) annotation(where uint16) (a annotation, info uint16, ok bool) {
	a = annotation{name: p.tok.text, line: p.tok.line}
	p.advance()
	info, known := annotations[a.name]
	switch {
	case !known:
		p.fail(a.line, `Unrecognized annotation: "@`+a.name+`".`)
		return a, 0, false
	case info&where == 0 && info&targetScript != 0:
		p.fail(a.line, `Annotation "@`+a.name+`" must be at the top of the script, before "extends" and "class_name".`)
		return a, 0, false
	case info&where == 0:
		p.fail(a.line, `Annotation "@`+a.name+`" is not allowed in this level.`)
		return a, 0, false
	}
	if p.isOp("(") && a.name != "rpc" {
		p.skipBrackets()
	} else if p.isOp("(") {
		p.advance()
		for !p.isOp(")") && !p.failed() {
			if p.tok.kind == tkEOF || p.tok.kind == tkNewline {
				break
			}
			if p.isOp(",") {
				p.fail(p.tok.line, "Expected expression as the annotation argument.")
				return a, 0, false
			}
			if a.n < len(a.args) {
				a.args[a.n] = p.spanHere()
			}
			a.n++
			p.skipExpr()
			if !p.isOp(",") {
				break
			}
			p.advance()
		}
		if !p.isOp(")") {
			p.fail(p.tok.line, `Expected ")" after annotation arguments.`)
			return a, 0, false
		}
		p.advance()
	}
	if p.tok.kind == tkNewline {
		p.advance()
	}
	if a.name == "rpc" && a.n > len(a.args) {
		p.fail(a.line, fmt.Sprintf(`Annotation "@rpc" requires at most 4 arguments, but %d were given.`, a.n))
		return a, 0, false
	}
	return a, info, !p.failed()
}

// Annotation targets (GDScriptParser::AnnotationInfo::TargetKind).
const (
	targetScript uint16 = 1 << iota
	targetClass
	targetVariable
	targetConstant
	targetSignal
	targetFunction
	targetStatement
	targetStandalone
	targetClassLevel = targetClass | targetVariable | targetConstant | targetSignal | targetFunction
)

// annotations are the annotations of GDScript 4.6 and where each may be
// (GDScriptParser::GDScriptParser's register_annotation calls).
var annotations = func() map[string]uint16 {
	m := map[string]uint16{
		"tool": targetScript, "icon": targetScript, "static_unload": targetScript,
		"abstract":       targetScript | targetClass | targetFunction,
		"warning_ignore": targetClassLevel | targetStatement,
		"rpc":            targetFunction,
	}
	for _, name := range []string{"onready", "export", "export_enum", "export_file", "export_file_path", "export_dir",
		"export_global_file", "export_global_dir", "export_multiline", "export_placeholder", "export_range",
		"export_exp_easing", "export_color_no_alpha", "export_node_path", "export_flags", "export_flags_2d_render",
		"export_flags_2d_physics", "export_flags_2d_navigation", "export_flags_3d_render", "export_flags_3d_physics",
		"export_flags_3d_navigation", "export_flags_avoidance", "export_storage", "export_custom", "export_tool_button"} {
		m[name] = targetVariable
	}
	for _, name := range []string{"export_category", "export_group", "export_subgroup", "warning_ignore_start", "warning_ignore_restore"} {
		m[name] = targetStandalone
	}
	return m
}()

// keywords are GDScript's reserved words, which cannot name anything.
var keywords = func() map[string]bool {
	m := map[string]bool{}
	for _, k := range strings.Fields(`and as assert await break breakpoint class class_name const continue elif else
		enum extends for func if in is match namespace not or pass preload return self signal static super trait
		var void while yield true false null PI TAU INF NAN`) {
		m[k] = true
	}
	return m
}()
