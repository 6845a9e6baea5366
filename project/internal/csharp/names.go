package csharp

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// typeRef reads a type as written: a dotted name (global::, generic
// arguments), a tuple, then ?, * and array ranks.
func (p *parser) typeRef() TypeRef {
	var t TypeRef
	if !p.enter() {
		return t
	}
	defer func() { p.nest-- }()
	if p.isPunct("(") {
		p.skipGroup() // a tuple
	} else {
		if p.isWord("global") && p.peek().kind == tkPunct && p.peek().text == "::" {
			t.global = true
			p.advance()
			p.advance()
		}
		for !p.failed() {
			if p.tok.kind != tkIdent {
				p.fail(p.tok.line, fmt.Sprintf("Identifier expected, found %s.", tokenName(p.tok)))
				return t
			}
			part := namePart{name: p.tok.text}
			p.advance()
			if p.isPunct("<") {
				part.args = p.typeArguments()
			}
			if len(t.parts) == p.maxDepth {
				p.l.failBound("Name of too many parts.")
				return t
			}
			t.parts = append(t.parts, part)
			if !p.isPunct(".") && !p.isPunct("::") {
				break
			}
			p.advance()
		}
	}
	for !p.failed() {
		switch {
		case p.isPunct("?"):
			t.nullable = true
		case p.isPunct("*"):
			t.pointer = true
		case p.isPunct("[") && p.peek().kind == tkPunct && (p.peek().text == "]" || p.peek().text == ","):
			if len(t.ranks) == p.maxDepth {
				p.l.failBound("Array of too many ranks.")
				return t
			}
			rank := 1
			for p.advance(); p.isPunct(","); p.advance() {
				rank++
			}
			if !p.isPunct("]") {
				p.fail(p.tok.line, fmt.Sprintf("']' expected, found %s.", tokenName(p.tok)))
				return t
			}
			t.ranks = append(t.ranks, rank)
		default:
			return t
		}
		p.advance()
	}
	return t
}

// typeArguments reads <T, U> after a name: types, or nothing for an
// unbound generic (typeof(List<>)).
func (p *parser) typeArguments() []TypeRef {
	line := p.tok.line
	p.advance()
	var args []TypeRef
	for !p.failed() && !p.isPunct(">") {
		if p.isPunct(",") {
			p.advance()
			continue
		}
		if len(args) == p.maxDepth {
			p.l.failBound("Too many type arguments.")
			return args
		}
		args = append(args, p.typeRef())
		if !p.isPunct(",") && !p.isPunct(">") && !p.failed() {
			p.fail(line, fmt.Sprintf("'>' expected, found %s.", tokenName(p.tok)))
			return args
		}
	}
	p.advance()
	return args
}

// expand returns the parts of a type's name with the file's alias for
// its first part put in its place.
func (f *File) expand(t TypeRef) []namePart {
	if len(t.parts) == 0 || t.global {
		return t.parts
	}
	if a, ok := f.aliases[t.parts[0].name]; ok {
		return append(slices.Clip(a.parts), t.parts[1:]...)
	}
	return t.parts
}

// partNames returns the names of a dotted name's parts.
func partNames(parts []namePart) []string {
	out := make([]string, len(parts))
	for i, p := range parts {
		out[i] = p.name
	}
	return out
}

// attr is an attribute the reader knows (Rpc, Export, GlobalClass,
// Tool), with its arguments when it is Rpc.
type attr struct {
	name  string
	args  []attrArg
	more  int // the arguments past those kept
	line  int
	again int // the line of a second one on the same declaration, or 0
}

// attrArg is an attribute's argument: positional, or setting a property
// (Name = v) or naming a parameter (name: v).
type attrArg struct {
	property, param string
	value           argValue
}

// argValue is an attribute argument's value, as far as the reader folds
// it: an int, a bool, a name (an enum's member), or something else.
type argValue struct {
	kind    argKind
	num     int64
	boolean bool
	name    []string
	line    int
}

type argKind uint8

const (
	valOther argKind = iota
	valInt
	valBool
	valName
)

// maxArgs is the most arguments of an attribute the reader keeps:
// RpcAttribute takes one and three properties.
const maxArgs = 8

// attrSet are the attributes the reader knows on one declaration, each
// once (addAttr): held in place, as most declarations have none.
type attrSet struct {
	list [4]attr
	n    int
}

// attributes reads attribute sections: [A, B(…)] [target: C]. It keeps
// those the reader knows that apply to what follows (no target).
func (p *parser) attributes(out *attrSet) {
	for p.isPunct("[") && !p.failed() {
		p.advance()
		target := ""
		if p.tok.kind == tkIdent && p.peek().kind == tkPunct && p.peek().text == ":" {
			target = p.tok.text
			p.advance()
			p.advance()
		}
		for !p.failed() && !p.isPunct("]") {
			a := attr{line: p.tok.line}
			a.name = p.attrName(p.typeRef())
			if p.isPunct("(") {
				if a.name == "Rpc" {
					p.arguments(&a)
				} else {
					p.skipGroup()
				}
			}
			if a.name != "" && target == "" {
				out.add(a)
			}
			if !p.isPunct(",") {
				break
			}
			p.advance()
		}
		p.expect("]")
	}
}

// add adds an attribute, or records that it is there already.
func (attrs *attrSet) add(a attr) {
	for i := range attrs.list[:attrs.n] {
		if attrs.list[i].name == a.name {
			if attrs.list[i].again == 0 {
				attrs.list[i].again = a.line
			}
			return
		}
	}
	attrs.list[attrs.n] = a
	attrs.n++
}

// attrName returns the name of an attribute the reader knows, as the
// C# compiler finds it (Godot.RpcAttribute, Rpc, an alias), or "".
func (p *parser) attrName(t TypeRef) string {
	if len(t.parts) == 0 {
		return ""
	}
	names := partNames(p.file.expand(t))
	if len(names) == 2 && names[0] == "Godot" {
		names = names[1:]
	}
	if len(names) != 1 {
		return ""
	}
	switch n := strings.TrimSuffix(names[0], "Attribute"); n {
	case "Rpc", "Export", "GlobalClass", "Tool":
		return n
	}
	return ""
}

// arguments reads an attribute's arguments: (v, Name = v, name: v).
func (p *parser) arguments(a *attr) {
	p.advance()
	for !p.failed() && !p.isPunct(")") {
		var arg attrArg
		if p.tok.kind == tkIdent && p.peek().kind == tkPunct {
			switch p.peek().text {
			case "=":
				arg.property = p.tok.text
				p.advance()
				p.advance()
			case ":":
				arg.param = p.tok.text
				p.advance()
				p.advance()
			}
		}
		arg.value = p.value()
		if len(a.args) < maxArgs {
			a.args = append(a.args, arg)
		} else {
			a.more++
		}
		if !p.isPunct(",") {
			break
		}
		p.advance()
	}
	p.expect(")")
}

// value reads an argument's value, to the "," or ")" after it.
func (p *parser) value() argValue {
	v := p.primary()
	if !p.isPunct(",") && !p.isPunct(")") {
		v = argValue{line: v.line}
		for depth := 0; !p.failed(); p.advance() {
			switch {
			case p.tok.kind == tkEOF:
				p.fail(v.line, "')' expected: the arguments are not closed.")
				return v
			case depth == 0 && (p.isPunct(",") || p.isPunct(")")):
				return v
			case p.isOpener():
				depth++
			case p.isCloser():
				depth--
			}
		}
	}
	return v
}

// primary reads a value the reader folds: an int, true, false, a dotted
// name, -v, (v), a cast (T)v; or one token of anything else.
func (p *parser) primary() argValue {
	v := argValue{line: p.tok.line}
	if !p.enter() {
		return v
	}
	defer func() { p.nest-- }()
	switch {
	case p.tok.kind == tkNumber:
		if n, ok := intLiteral(p.tok.text); ok {
			v.kind, v.num = valInt, n
		}
		p.advance()
	case p.isWord("true"), p.isWord("false"):
		v.kind, v.boolean = valBool, p.isWord("true")
		p.advance()
	case p.isPunct("-"):
		p.advance()
		if w := p.primary(); w.kind == valInt {
			v.kind, v.num = valInt, -w.num
		}
	case p.isPunct("("):
		p.advance()
		inner := p.primary()
		if !p.isPunct(")") {
			p.value() // to the ")" or ","
			p.expect(")")
			return v
		}
		p.advance()
		if inner.kind == valName && p.startsOperand() { // a cast
			return p.primary()
		}
		return inner
	case p.tok.kind == tkIdent:
		if p.isWord("global") && p.peek().kind == tkPunct && p.peek().text == "::" {
			p.advance()
			p.advance()
		}
		for p.tok.kind == tkIdent && len(v.name) < p.maxDepth {
			v.name = append(v.name, p.tok.text)
			p.advance()
			if !p.isPunct(".") {
				break
			}
			p.advance()
		}
		v.kind = valName
		if p.isPunct("(") { // nameof(x), typeof(T)
			p.skipGroup()
			v.kind = valOther
		}
	default:
		if !p.isCloser() && !p.isPunct(",") && p.tok.kind != tkEOF {
			p.skipToken()
		}
	}
	return v
}

// startsOperand says the current token can start what a cast applies
// to: (T)x, (T)1, (T)(x); not (a) - b, which subtracts.
func (p *parser) startsOperand() bool {
	switch p.tok.kind {
	case tkIdent, tkNumber, tkString, tkChar:
		return true
	}
	return p.isPunct("(") || p.isPunct("~") || p.isPunct("!")
}

// intLiteral reads an integer literal: 12, 0x1F, 0b101, 1_000, 10UL; not a
// real (1.5, 1e3, 1f, 1m).
func intLiteral(text string) (int64, bool) {
	s := strings.ReplaceAll(text, "_", "")
	base := 10
	switch {
	case len(s) > 2 && (s[:2] == "0x" || s[:2] == "0X"):
		base, s = 16, s[2:]
	case len(s) > 2 && (s[:2] == "0b" || s[:2] == "0B"):
		base, s = 2, s[2:]
	}
	s = strings.TrimRight(s, "uUlL")
	n, err := strconv.ParseInt(s, base, 64)
	return n, err == nil
}
