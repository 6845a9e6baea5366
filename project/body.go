package project

// bodyReader reads a function again from its source, from its
// parameters to the end of its body, counting the brackets open.
type bodyReader struct {
	t    tokenizer
	tok  token
	prev [3]token // the tokens before tok, the nearest first
	nest int      // open brackets
}

// start sets the reader at the parameters of m, a function of s, its
// tokenizer's blocks in indents (room a caller may keep on its stack).
func (b *bodyReader) start(s *Script, m *Method, indents []int) {
	*b = bodyReader{t: tokenizer{src: s.src, pos: int(m.params.pos), line: int(m.params.line),
		maxDepth: s.maxDepth, indents: append(indents[:0], 0), depth: 1}}
}

// advance reads the next token, keeping the brackets' count.
func (b *bodyReader) advance() {
	b.prev[2], b.prev[1], b.prev[0] = b.prev[1], b.prev[0], b.tok
	b.tok = b.t.next()
	if b.tok.kind == tkOp {
		switch b.tok.text {
		case "(", "[", "{":
			b.nest++
		case ")", "]", "}":
			b.nest--
		}
	}
}

// read reads the parameters, giving param each of their tokens (nil for
// none), the signature's rest, then the body, giving body each of its
// tokens: an indented block, or the statements on the func line.
func (b *bodyReader) read(param, body func()) {
	b.nest = 1 // inside the parameters' "("
	for b.advance(); b.nest > 0 && b.tok.kind != tkEOF; b.advance() {
		if param != nil {
			param()
		}
	}
	for b.advance(); !(b.nest == 0 && b.tok.kind == tkOp && b.tok.text == ":"); b.advance() { // -> its type
		if b.tok.kind == tkEOF || b.tok.kind == tkNewline {
			return
		}
	}
	if b.advance(); b.tok.kind != tkNewline {
		for ; b.tok.kind != tkNewline && b.tok.kind != tkEOF; b.advance() {
			body()
		}
		return
	}
	if b.advance(); b.tok.kind != tkIndent {
		return
	}
	for level := 1; level > 0 && b.tok.kind != tkEOF; {
		b.advance()
		switch b.tok.kind {
		case tkIndent:
			level++
		case tkDedent:
			level--
		}
		body()
	}
}
