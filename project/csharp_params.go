package project

// csParamList is where a method's parameter list starts in its file:
// after its "(", with the lexer's #if groups open there (after the
// token past it, where the reader looked ahead), to read it again as it
// was read (csSig.read).
type csParamList struct {
	at, line, ifs int32
}

// csSig is what reading a C# method's parameters again takes: the type
// part that declares it, whose file has the source and whose names its
// types are looked up from, and the scope of its project.
type csSig struct {
	scope *csScope
	t     *csType
	list  csParamList
}

// csParamModifiers are the modifiers a parameter may have.
var csParamModifiers = map[string]bool{"ref": true, "out": true, "in": true, "params": true, "this": true, "scoped": true, "readonly": true}

// methodParams reads a method's parameter list, from its "(" to past its
// ")": an [Rpc] method's as the compiler reads it, keeping only where it
// starts (its parameters are read again when asked for: csSig.read); any
// other's skipped.
func (p *csParser) methodParams(rpc bool) csParamList {
	if !rpc {
		p.skipGroup()
		return csParamList{}
	}
	list := csParamList{at: p.tok.pos + 1, line: int32(p.tok.line), ifs: int32(p.l.ifs)}
	p.advance()
	p.parameters(nil)
	return list
}

// parameters reads parameters to past the ")" that ends them, giving
// each to each when it is not nil: attributes and modifiers passed, the
// type, the name, a default passed to the "," or ")" after it.
func (p *csParser) parameters(each func(name string, typ csTypeRef, def bool) bool) {
	line := p.tok.line
	for !p.failed() && !p.isPunct(")") {
		for p.isPunct("[") {
			p.skipGroup()
		}
		for p.tok.kind == csIdent && !p.tok.verbatim && csParamModifiers[p.tok.text] {
			p.advance()
		}
		if p.isWord("__arglist") {
			p.advance()
			break
		}
		typ := p.typeRef()
		if p.failed() {
			return
		}
		if p.tok.kind != csIdent {
			p.fail(p.tok.line, "Identifier expected, found "+csTokenName(p.tok)+".")
			return
		}
		name := p.tok.text
		p.advance()
		def := p.isPunct("=")
		for depth := 0; !p.failed() && (depth > 0 || !p.isPunct(",") && !p.isPunct(")")); {
			switch {
			case p.tok.kind == csEOF:
				p.fail(line, "')' expected: the parameters are not closed.")
				return
			case p.isOpener():
				depth++
			case p.isCloser():
				depth--
			}
			p.advance()
		}
		if each != nil && !each(name, typ, def) {
			return
		}
		if !p.isPunct(",") {
			break
		}
		p.advance()
	}
	if !p.failed() && !p.isPunct(")") {
		p.fail(p.tok.line, "')' expected, found "+csTokenName(p.tok)+".")
		return
	}
	p.advance()
}

// asks notes a name of the body being read that asks who called it, or
// whether it runs on the server.
func (p *csParser) asks() {
	switch p.tok.text {
	case "GetRemoteSenderId":
		p.asked[0] = true
	case "IsServer":
		p.asked[1] = true
	}
}

// read reads a C# method's parameters again, giving each with the
// Variant type its argument is marshalled as (csScope.variantType);
// a type the generators do not marshal is left untyped.
func (sig *csSig) read(yield func(Param) bool) {
	f := sig.t.file
	at := int(sig.list.at)
	for at < len(f.src) && (f.src[at] == ' ' || f.src[at] == '\t') {
		at++
	}
	if at < len(f.src) && f.src[at] == ')' { // none: no reader made
		return
	}
	l := newCSLexer(f.src, sig.scope.maxDepth)
	l.pos, l.line, l.ifs, l.lineStart = int(sig.list.at), int(sig.list.line), int(sig.list.ifs), false
	q := &csParser{l: l, limits: Limits{MaxDepth: sig.scope.maxDepth}, file: f}
	q.advance()
	q.parameters(func(name string, typ csTypeRef, def bool) bool {
		par := Param{Name: name, Default: def}
		if t, ok := sig.scope.variantType(typ, sig.t); ok {
			par.Type = t
		}
		return yield(par)
	})
}
