package csharp

import "fmt"

// The C# reader passes what is not a declaration by matching brackets:
// ( [ { open, ) ] } close, whatever their kind; the lexer has read the
// strings, characters and comments that hold brackets of their own.

func (p *parser) isOpener() bool {
	return p.tok.kind == tkPunct && (p.tok.text == "(" || p.tok.text == "[" || p.tok.text == "{")
}

func (p *parser) isCloser() bool {
	return p.tok.kind == tkPunct && (p.tok.text == ")" || p.tok.text == "]" || p.tok.text == "}")
}

// skipGroup skips a bracketed group that starts at the current token,
// its closing bracket included.
func (p *parser) skipGroup() {
	line, depth := p.tok.line, 0
	for !p.failed() {
		switch {
		case p.tok.kind == tkEOF:
			p.fail(line, "The bracket opened here is not closed.")
			return
		case p.isOpener():
			depth++
		case p.isCloser():
			depth--
		}
		p.advance()
		if depth <= 0 {
			return
		}
	}
}

// skipToken skips the current token, or the group it opens.
func (p *parser) skipToken() {
	if p.isOpener() {
		p.skipGroup()
		return
	}
	p.advance()
}

// skipInit skips an expression to the "," or ";" that ends it, which it
// leaves.
func (p *parser) skipInit() {
	line := p.tok.line
	for !p.failed() {
		switch {
		case p.tok.kind == tkEOF:
			p.fail(line, "';' expected: the expression does not end.")
			return
		case p.isPunct(",") || p.isPunct(";"):
			return
		case p.isCloser():
			p.fail(p.tok.line, fmt.Sprintf("';' expected, found %s.", tokenName(p.tok)))
			return
		}
		p.skipToken()
	}
}

// skipDeclaration skips a declaration the reader does not read (an
// enum's body, a delegate, an event) to its ";", or past its braces.
func (p *parser) skipDeclaration() {
	line := p.tok.line
	for !p.failed() {
		switch {
		case p.tok.kind == tkEOF || p.isCloser():
			p.fail(line, "';' expected: the declaration does not end.")
			return
		case p.isPunct(";"):
			p.advance()
			return
		case p.isPunct("{"):
			p.skipGroup()
			return
		}
		p.skipToken()
	}
}

// skipToParameters skips to a method's parameters (after ~Name, operator
// +, implicit operator T), and past them.
func (p *parser) skipToParameters() {
	line := p.tok.line
	for !p.failed() && !p.isPunct("(") {
		if p.tok.kind == tkEOF || p.isOpener() || p.isCloser() || p.isPunct(";") {
			p.fail(line, "'(' expected: the operator has no parameters.")
			return
		}
		p.advance()
	}
	p.skipGroup()
}

// methodTail reads what follows a method's parameters: constraints or a
// constructor's initializer, then a body, an expression body, or ";".
func (p *parser) methodTail() {
	line := p.tok.line
	for !p.failed() && !p.isPunct("{") && !p.isPunct("=>") && !p.isPunct(";") {
		if p.tok.kind == tkEOF || p.isCloser() {
			p.fail(line, "'{' or ';' expected: the method has no body.")
			return
		}
		p.skipToken()
	}
	p.accessorBody()
}

// accessorBody reads a body: {…}, => expression;, or ";".
func (p *parser) accessorBody() {
	switch {
	case p.isPunct("{"):
		p.skipGroup()
	case p.isPunct("=>"):
		p.advance()
		p.skipInit()
		p.expect(";")
	default:
		p.expect(";")
	}
}

// propertyTail reads a property's accessors, {…} then maybe "= value;",
// or its expression body, and says whether it can be read and set (an
// init accessor sets it only where it is made).
func (p *parser) propertyTail() (get, set bool) {
	if p.isPunct("=>") {
		p.accessorBody()
		return true, false
	}
	line := p.tok.line
	if !p.expect("{") {
		return false, false
	}
	for !p.failed() && !p.isPunct("}") {
		switch {
		case p.tok.kind == tkEOF:
			p.fail(line, "'}' expected: the accessors are not closed.")
			return get, set
		case p.isPunct("["):
			p.skipGroup()
		case p.isWord("get"), p.isWord("set"), p.isWord("init"), p.isWord("add"), p.isWord("remove"):
			get = get || p.isWord("get")
			set = set || p.isWord("set")
			p.advance()
			p.accessorBody()
		default: // private, protected, internal, readonly
			p.advance()
		}
	}
	p.advance()
	if p.isPunct("=") {
		p.advance()
		p.skipInit()
		p.expect(";")
	}
	return get, set
}

// declarators reads a field's declarators after its type, the first
// name given: [= value] {, name [= value]} ;, calling each for each name.
// A "," in an initializer that no declarator follows belongs to it, as in
// x = F<int, int>().
func (p *parser) declarators(first token, each func(token)) {
	each(first)
	for !p.failed() {
		if p.isPunct("[") { // fixed int buffer[8]
			p.skipGroup()
		}
		if p.isPunct("=") {
			p.advance()
			p.skipInit()
		}
		switch {
		case p.isPunct(";"):
			p.advance()
			return
		case p.isPunct(","):
			p.advance()
			if p.tok.kind == tkIdent {
				name := p.tok
				p.advance()
				if p.isPunct("=") || p.isPunct(",") || p.isPunct(";") || p.isPunct("[") {
					each(name)
					continue
				}
			}
			p.skipInit()
		default:
			p.fail(p.tok.line, fmt.Sprintf("';' expected, found %s.", tokenName(p.tok)))
		}
	}
}
