package csharp

// paramList is where a method's parameter list starts in its file:
// after its "(", with the lexer's #if groups open there (after the
// token past it, where the reader looked ahead), to read it again as it
// was read ([Scope.Params]).
type paramList struct {
	at, line, ifs int32
}

// paramModifiers are the modifiers a parameter may have.
var paramModifiers = map[string]bool{"ref": true, "out": true, "in": true, "params": true, "this": true, "scoped": true, "readonly": true}

// methodParams reads a method's parameter list, from its "(" to past its
// ")": an [Rpc] method's as the compiler reads it, keeping only where it
// starts (its parameters are read again when asked for: [Scope.Params]); any
// other's skipped.
func (p *parser) methodParams(rpc bool) paramList {
	if !rpc {
		p.skipGroup()
		return paramList{}
	}
	list := paramList{at: p.tok.pos + 1, line: int32(p.tok.line), ifs: int32(p.l.ifs)}
	p.advance()
	p.parameters(nil)
	return list
}

// parameters reads parameters to past the ")" that ends them, giving
// each to each when it is not nil: attributes and modifiers passed, the
// type, the name, a default passed to the "," or ")" after it.
func (p *parser) parameters(each func(name string, typ TypeRef, def bool) bool) {
	line := p.tok.line
	for !p.failed() && !p.isPunct(")") {
		for p.isPunct("[") {
			p.skipGroup()
		}
		for p.tok.kind == tkIdent && !p.tok.verbatim && paramModifiers[p.tok.text] {
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
		if p.tok.kind != tkIdent {
			p.fail(p.tok.line, "Identifier expected, found "+tokenName(p.tok)+".")
			return
		}
		name := p.tok.text
		p.advance()
		def := p.isPunct("=")
		for !p.failed() && !p.isPunct(",") && !p.isPunct(")") { // the default, its brackets by skipGroup
			if p.tok.kind == tkEOF {
				p.fail(line, "')' expected: the parameters are not closed.")
				return
			}
			p.skipToken()
		}
		if p.failed() || each != nil && !each(name, typ, def) {
			return
		}
		if !p.isPunct(",") {
			break
		}
		p.advance()
	}
	if !p.failed() && !p.isPunct(")") {
		p.fail(p.tok.line, "')' expected, found "+tokenName(p.tok)+".")
		return
	}
	p.advance()
}

// asks notes a name of the body being read that asks who called it, or
// whether it runs on the server.
func (p *parser) asks() {
	switch p.tok.text {
	case "GetRemoteSenderId":
		p.asked[0] = true
	case "IsServer":
		p.asked[1] = true
	}
}

// Params reads again the parameters of m, an [Rpc] method of the
// declaration t, giving each to each: its name, its type as written
// (its Variant type is [Scope.VariantType]'s, from t), and whether it has a
// default; each returns false to stop.
func (s *Scope) Params(t *Type, m *Method, each func(name string, typ TypeRef, def bool) bool) {
	f, list := t.file, m.params
	at := int(list.at)
	for at < len(f.src) && (f.src[at] == ' ' || f.src[at] == '\t') {
		at++
	}
	if at < len(f.src) && f.src[at] == ')' { // none: no reader made
		return
	}
	l := newLexer(f.src, s.maxDepth)
	l.pos, l.line, l.ifs, l.lineStart = int(list.at), int(list.line), int(list.ifs), false
	q := &parser{l: l, maxDepth: s.maxDepth, file: f}
	q.advance()
	q.parameters(each)
}
