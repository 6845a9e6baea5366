package csharp

import (
	"fmt"
	"strings"

	"github.com/gdvar/gdvar/project/internal/source"
)

// parser reads the declarations of a C# source: using directives,
// namespaces, types with their attributes, bases and members. It skips
// method bodies, initializers and accessors by matching their brackets,
// the lexer having read strings, characters and comments. It stops at
// the first error.
type parser struct {
	l      *lexer
	tok    token
	ahead  token
	peeked bool
	// maxDepth bounds the nesting: namespaces, types, type arguments
	// and values within one another (nest), names' parts, arrays' ranks,
	// type parameters and using directives.
	maxDepth int
	nest     int
	file     *File
	ns       string // the namespace being read
	// asking says a body whose names are looked at is being read, and
	// asked what they ask ([Method.AsksSender]).
	asking bool
	asked  [2]bool
}

// Parse reads the declarations of a C# file, path naming it in faults,
// nesting at most maxDepth deep. It stops at the first error of syntax,
// its fault; the faults of declarations the generators or the compiler
// refuse are the types' ([Type.Fault]).
func Parse(src []byte, path string, maxDepth int) (*File, *Fault) {
	text := source.Text(src)
	p := &parser{l: newLexer(text, maxDepth), maxDepth: maxDepth, file: &File{path: path, src: text}}
	p.advance()
	p.body(nil)
	if err := p.l.err; err != nil {
		err.Path = path
		return nil, err
	}
	return p.file, nil
}

func (p *parser) advance() {
	if p.peeked {
		p.tok, p.peeked = p.ahead, false
	} else {
		p.tok = p.l.next()
	}
	if p.asking && p.tok.kind == tkIdent {
		p.asks()
	}
}

// peek returns the token after the current one.
func (p *parser) peek() token {
	if !p.peeked {
		p.ahead, p.peeked = p.l.next(), true
	}
	return p.ahead
}

func (p *parser) fail(line int, msg string) { p.l.fail(line, msg) }

func (p *parser) failed() bool { return p.l.err != nil }

func (p *parser) isPunct(s string) bool { return p.tok.kind == tkPunct && p.tok.text == s }

// isWord says the current token is the keyword (or contextual keyword) w.
func (p *parser) isWord(w string) bool {
	return p.tok.kind == tkIdent && !p.tok.verbatim && p.tok.text == w
}

// expect consumes the punctuation s, or fails.
func (p *parser) expect(s string) bool {
	if !p.isPunct(s) {
		p.fail(p.tok.line, fmt.Sprintf("%s expected, found %s.", quote(s), tokenName(p.tok)))
		return false
	}
	p.advance()
	return true
}

// enter counts one more level of nesting, or fails past maxDepth.
func (p *parser) enter() bool {
	if p.nest++; p.nest > p.maxDepth {
		p.l.failBound("Declarations nested too deep.")
		return false
	}
	return true
}

// quote quotes a token as the compiler's messages do.
func quote(s string) string { return "'" + s + "'" }

// tokenName names a token in a message, cut to a bounded length.
func tokenName(t token) string {
	switch t.kind {
	case tkEOF:
		return "end of file"
	case tkString:
		return "a string"
	case tkChar:
		return "a character"
	case tkNumber:
		return "number " + quote(source.Shown(t.text))
	}
	return quote(source.Shown(t.text))
}

// body reads the members of a compilation unit or namespace block (outer
// nil) or of a type, to its closing brace, which it leaves, or the end.
func (p *parser) body(outer *Type) {
	for !p.failed() {
		switch {
		case p.tok.kind == tkEOF || p.isPunct("}"):
			return
		case p.isPunct(";"):
			p.advance()
		case outer == nil && p.isWord("using"):
			p.using()
		case outer == nil && p.isWord("global") && p.peek().kind == tkIdent && p.peek().text == "using":
			p.advance()
			p.using()
		case outer == nil && p.isWord("extern") && p.peek().kind == tkIdent && p.peek().text == "alias":
			p.skipInit()
			p.expect(";")
		case outer == nil && p.isWord("namespace"):
			p.namespace()
		default:
			var attrs attrSet
			p.attributes(&attrs)
			if outer == nil && (p.isWord("namespace") || p.isWord("using") || p.tok.kind == tkEOF) {
				continue // after [assembly: …]
			}
			p.member(outer, attrs.list[:attrs.n])
		}
	}
}

// using reads a using directive: using N; using static T; using A = T;
func (p *parser) using() {
	if len(p.file.usings)+len(p.file.statics)+len(p.file.aliases) == p.maxDepth {
		p.l.failBound(fmt.Sprintf("More than %d using directives.", p.maxDepth))
		return
	}
	p.advance()
	switch {
	case p.isWord("static"):
		p.advance()
		t := p.typeRef()
		p.file.statics = append(p.file.statics, strings.Join(partNames(t.parts), "."))
	case p.tok.kind == tkIdent && p.peek().kind == tkPunct && p.peek().text == "=":
		alias := p.tok.text
		p.advance()
		p.advance()
		t := p.typeRef()
		if p.file.aliases == nil {
			p.file.aliases = map[string]TypeRef{}
		}
		p.file.aliases[alias] = t
	default:
		t := p.typeRef()
		p.file.usings = append(p.file.usings, strings.Join(partNames(t.parts), "."))
	}
	p.expect(";")
}

// namespace reads namespace N; (the rest of the file) or namespace N {…}.
func (p *parser) namespace() {
	line := p.tok.line
	p.advance()
	t := p.typeRef()
	name := strings.Join(partNames(t.parts), ".")
	if p.ns != "" {
		name = p.ns + "." + name
	}
	if p.isPunct(";") {
		p.advance()
		p.ns = name
		return
	}
	if !p.expect("{") || !p.enter() {
		return
	}
	outer := p.ns
	p.ns = name
	p.body(nil)
	if !p.failed() && !p.isPunct("}") {
		p.fail(line, "'}' expected: the namespace's block is not closed.")
		return
	}
	p.advance()
	p.ns = outer
	p.nest--
}

// modifierWords are the modifiers of a member or type that the reader
// reads or passes.
var modifierWords = map[string]bool{
	"public": true, "private": true, "protected": true, "internal": true, "file": true,
	"static": true, "readonly": true, "volatile": true, "virtual": true, "override": true,
	"abstract": true, "sealed": true, "extern": true, "new": true, "unsafe": true,
	"partial": true, "async": true, "required": true, "ref": true, "fixed": true,
}

// modifiers is what a declaration's modifiers say.
type modifiers struct {
	static, abstract, partial, readonly bool
}

// modifiers reads the modifiers of a member.
func (p *parser) modifiers() modifiers {
	var m modifiers
	for p.tok.kind == tkIdent && !p.tok.verbatim && modifierWords[p.tok.text] {
		if p.tok.text == "new" && p.peek().kind == tkPunct && p.peek().text == "(" {
			break // new(): not a modifier
		}
		switch p.tok.text {
		case "static":
			m.static = true
		case "abstract":
			m.abstract = true
		case "partial":
			m.partial = true
		case "readonly":
			m.readonly = true
		}
		p.advance()
	}
	return m
}

// member reads a member of a namespace or type: a type, a method, a
// property, a field, or a member whose kind the reader passes (an event,
// a constant, an operator, a constructor).
func (p *parser) member(outer *Type, attrs []attr) {
	mods := p.modifiers()
	line := p.tok.line
	switch {
	case p.failed():
		return
	case p.isWord("class"), p.isWord("struct"), p.isWord("interface"), p.isWord("enum"),
		p.isWord("record") && p.peek().kind == tkIdent:
		p.typeDecl(outer, attrs, mods)
		return
	case p.isWord("delegate"):
		if outer != nil {
			p.misplaced(outer, attrs)
		}
		p.skipDeclaration()
		return
	case outer == nil:
		p.fail(line, fmt.Sprintf("Invalid token %s in a namespace: a type declaration expected.", tokenName(p.tok)))
		return
	case p.isWord("const"): // a constant is static
		mods.static = true
		p.advance()
	case p.isWord("event"):
		p.misplaced(outer, attrs)
		p.skipDeclaration()
		return
	case p.isPunct("~"), p.isWord("implicit"), p.isWord("explicit"):
		p.misplaced(outer, attrs, "Rpc")
		p.skipToParameters()
		p.methodTail()
		return
	}
	typ := &memberType{ref: p.typeRef()}
	switch {
	case p.failed():
	case p.isPunct("("): // a constructor
		p.misplaced(outer, attrs)
		p.skipGroup()
		p.methodTail()
	case p.isWord("operator"):
		p.misplaced(outer, attrs, "Rpc")
		p.skipToParameters()
		p.methodTail()
	case p.isWord("this"): // an indexer
		p.advance()
		p.skipGroup()
		p.propertyTail()
		p.export(outer, attrs, mods, "this[]", line, typ, "GD0105")
	case p.tok.kind == tkIdent:
		last, explicit := p.tok.text, false
		if next := p.peek(); next.kind == tkPunct && (next.text == "." || next.text == "<" || next.text == "::") {
			name := p.typeRef() // I.Name, Name<T>
			last, explicit = name.parts[len(name.parts)-1].name, len(name.parts) > 1
		} else {
			p.advance()
		}
		switch {
		case p.isPunct("("):
			_, rpc := findAttr(attrs, "Rpc")
			params := p.methodParams(rpc)
			p.asking, p.asked = rpc, [2]bool{}
			p.methodTail()
			p.asking = false
			p.method(outer, attrs, mods, last, line, params)
		case p.isPunct("{"), p.isPunct("=>"):
			get, set := p.propertyTail()
			code := ""
			switch {
			case explicit:
				code = "GD0106"
			case !get:
				code = "GD0104"
			case !set:
				code = "GD0103"
			}
			p.export(outer, attrs, mods, last, line, typ, code)
		default:
			code := ""
			if mods.readonly {
				code = "GD0103"
			}
			p.declarators(token{text: last, line: line}, func(n token) {
				p.export(outer, attrs, mods, n.text, n.line, typ, code)
			})
		}
	default:
		p.fail(line, fmt.Sprintf("Invalid token %s in a member declaration.", tokenName(p.tok)))
	}
}

// typeDecl reads a type: class, struct, interface, record or enum, its
// name, type parameters, bases and members.
func (p *parser) typeDecl(outer *Type, attrs []attr, mods modifiers) {
	keyword, line := p.tok.text, p.tok.line
	t := &Type{file: p.file, kind: typeKinds[keyword], namespace: p.ns, outer: outer, line: int32(line),
		partial: mods.partial, abstract: mods.abstract}
	p.advance()
	if keyword == "record" && (p.isWord("class") || p.isWord("struct")) {
		t.kind = typeKinds[p.tok.text]
		p.advance()
	}
	if p.tok.kind != tkIdent {
		p.fail(line, fmt.Sprintf("Identifier expected after %s, found %s.", quote(keyword), tokenName(p.tok)))
		return
	}
	t.name = p.tok.text
	p.advance()
	for _, a := range attrs {
		switch a.name {
		case "GlobalClass":
			t.global = true
		case "Tool":
			t.tool = true
		}
	}
	p.misplaced(t, attrs, "GlobalClass", "Tool")
	if p.isPunct("<") {
		t.arity = uint16(p.typeParameters())
	}
	p.file.types.add(t)
	if t.kind == enumKind {
		p.skipDeclaration()
		return
	}
	if p.isPunct("(") { // a primary constructor
		p.skipGroup()
	}
	if p.isPunct(":") {
		t.baseLine = int32(p.tok.line)
		p.advance()
		for !p.failed() {
			t.bases = append(t.bases, p.typeRef())
			if p.isPunct("(") { // a record's base arguments
				p.skipGroup()
			}
			if !p.isPunct(",") {
				break
			}
			p.advance()
		}
	}
	for !p.failed() && !p.isPunct("{") && !p.isPunct(";") { // where T : …
		if p.tok.kind == tkEOF {
			p.fail(line, "'{' expected: the type has no body.")
			return
		}
		p.skipToken()
	}
	if p.isPunct(";") {
		p.advance()
		return
	}
	if !p.enter() {
		return
	}
	p.advance()
	p.body(t)
	if !p.failed() && !p.isPunct("}") {
		p.fail(line, fmt.Sprintf("'}' expected: the body of %s is not closed.", quote(source.Shown(t.name))))
		return
	}
	p.advance()
	p.nest--
}

// typeParameters reads <T, U> and returns how many there are.
func (p *parser) typeParameters() int {
	line, depth, n := p.tok.line, 0, 1
	for !p.failed() {
		switch {
		case p.tok.kind == tkEOF:
			p.fail(line, "'>' expected: the type parameters are not closed.")
			return n
		case p.isPunct("<"):
			depth++
		case p.isPunct(">"):
			depth--
		case p.isPunct(",") && depth == 1:
			if n++; n > p.maxDepth {
				p.l.failBound("Too many type parameters.")
				return n
			}
		}
		p.advance()
		if depth == 0 {
			break
		}
	}
	return n
}

// setFault records the first error of a type.
func (p *parser) setFault(t *Type, line int, msg string) {
	if t.Fault == nil {
		t.Fault = &Fault{Path: p.file.path, Line: line, Message: msg}
	}
}
