package project

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gdvar/gdvar/project/internal/source"
)

// tokenKind is the kind of a GDScript token.
type tokenKind uint8

const (
	tkEOF tokenKind = iota
	tkNewline
	tkIndent
	tkDedent
	tkIdent      // an identifier or a keyword
	tkAnnotation // @name; text is the name without @
	tkString     // a string literal; value holds it
	tkInt
	tkFloat
	tkOp // punctuation and operators; text is the operator
)

// token is one token of a GDScript source.
type token struct {
	kind tokenKind
	text string // the identifier, annotation name or operator
	// value is a literal's value: a string, [gdvar.StringName], nodePath,
	// int64 or float64.
	value any
	line  int
	pos   int // where it starts in the source
}

// tokenizer reads a GDScript source token by token, as the engine's
// tokenizer does (gdscript_tokenizer.cpp): newlines inside brackets and
// after a backslash are not tokens, blank and comment lines change no
// indentation, and the indentation of each line gives INDENT and DEDENT.
// It keeps no token it has given: memory stays that of the source.
type tokenizer struct {
	src  string
	pos  int
	line int

	depth      int   // open brackets: newlines inside are not tokens
	maxDepth   int   // the most open brackets or indentation levels allowed
	indents    []int // the indentation columns of the open blocks
	indentChar byte  // ' ' or '\t', the first one used for indentation
	pending    int   // DEDENTs to give before the next token
	lineStart  bool  // the next token starts a line: check its indentation
	ended      bool  // the end has been reached and its NEWLINE given
	newlineOut bool  // the last token given was a NEWLINE (or none yet)

	err *ScriptError // the first error met
}

// tabSize is the columns a tab counts for in indentation, as the editor's
// default setting.
const tabSize = 4

// newTokenizer reads src, which has no byte order mark (see [source.Text]).
func newTokenizer(src string, maxDepth int) *tokenizer {
	return &tokenizer{src: src, line: 1, maxDepth: maxDepth, indents: []int{0}, lineStart: true, newlineOut: true}
}

// tokenizerAt reads the source from an expression within it (see span).
func tokenizerAt(src string, at span, maxDepth int) *tokenizer {
	return &tokenizer{src: src, pos: int(at.pos), line: int(at.line), maxDepth: maxDepth, indents: []int{0}}
}

// fail records the first error, at the current line.
func (t *tokenizer) fail(msg string) { t.failAt(t.line, msg) }

func (t *tokenizer) failAt(line int, msg string) {
	if t.err == nil {
		t.err = &ScriptError{Line: line, Message: msg}
	}
}

// failBound records that a bound is passed.
func (t *tokenizer) failBound(msg string) {
	if t.err == nil {
		t.err = &ScriptError{Line: t.line, Message: msg, Err: ErrTooDeep}
	}
}

// next returns the next token; after an error it returns EOF.
func (t *tokenizer) next() token {
	tok := t.scan()
	t.newlineOut = tok.kind == tkNewline
	return tok
}

func (t *tokenizer) scan() token {
	for {
		if t.err != nil {
			return token{kind: tkEOF, line: t.line}
		}
		if t.pending > 0 {
			t.pending--
			return token{kind: tkDedent, line: t.line}
		}
		if t.lineStart && t.depth == 0 {
			t.lineStart = false
			if tok, ok := t.indentation(); ok {
				return tok
			}
			continue
		}
		if t.pos >= len(t.src) {
			if !t.ended {
				t.ended = true
				if !t.newlineOut {
					return token{kind: tkNewline, line: t.line}
				}
			}
			if len(t.indents) > 1 {
				t.indents = t.indents[:len(t.indents)-1]
				return token{kind: tkDedent, line: t.line}
			}
			return token{kind: tkEOF, line: t.line}
		}
		c := t.src[t.pos]
		switch {
		case c == ' ' || c == '\t':
			t.pos++
		case c == '#':
			for t.pos < len(t.src) && t.src[t.pos] != '\n' && t.src[t.pos] != '\r' {
				t.pos++
			}
		case c == '\r' || c == '\n':
			if !t.newline() {
				continue
			}
			if t.depth > 0 {
				continue
			}
			t.lineStart = true
			return token{kind: tkNewline, line: t.line - 1}
		case c == '\\':
			t.pos++
			if !t.atNewline() {
				t.fail(`Expected new line after "\".`)
				continue
			}
			t.newline()
		default:
			start := t.pos
			tok := t.scanToken()
			tok.pos = start
			return tok
		}
	}
}

// atNewline says the source is at a line break.
func (t *tokenizer) atNewline() bool {
	return t.pos < len(t.src) && (t.src[t.pos] == '\n' || t.src[t.pos] == '\r' && t.pos+1 < len(t.src) && t.src[t.pos+1] == '\n')
}

// newline consumes a line break; a carriage return alone is an error.
func (t *tokenizer) newline() bool {
	if t.src[t.pos] == '\r' {
		if t.pos+1 >= len(t.src) || t.src[t.pos+1] != '\n' {
			t.fail("Stray carriage return character in source code.")
			return false
		}
		t.pos++
	}
	t.pos++
	t.line++
	return true
}

// indentation reads the indentation of a line (skipping blank and comment
// lines) and returns the INDENT, NEWLINE-free DEDENT or nothing it gives.
func (t *tokenizer) indentation() (token, bool) {
	for {
		col, start := 0, t.pos
		var first byte
		mixed := false
		for t.pos < len(t.src) && (t.src[t.pos] == ' ' || t.src[t.pos] == '\t') {
			c := t.src[t.pos]
			if first == 0 {
				first = c
			}
			mixed = mixed || c != first
			if c == '\t' {
				col += tabSize
			} else {
				col++
			}
			t.pos++
		}
		if t.pos >= len(t.src) {
			return token{}, false
		}
		switch c := t.src[t.pos]; c {
		case '#':
			for t.pos < len(t.src) && t.src[t.pos] != '\n' && t.src[t.pos] != '\r' {
				t.pos++
			}
			if t.pos >= len(t.src) {
				return token{}, false
			}
			if !t.newline() {
				return token{}, false
			}
			continue
		case '\n', '\r':
			if !t.newline() {
				return token{}, false
			}
			continue
		}
		if t.pos > start {
			if mixed {
				t.fail("Mixed use of tabs and spaces for indentation.")
				return token{}, false
			}
			if t.indentChar == 0 {
				t.indentChar = first
			} else if first != t.indentChar {
				t.fail("Used " + indentName(first) + " character for indentation instead of " + indentName(t.indentChar) + " as used before in the file.")
				return token{}, false
			}
		}
		top := t.indents[len(t.indents)-1]
		switch {
		case col > top:
			if len(t.indents) > t.maxDepth {
				t.failBound("Too many levels of indentation.")
				return token{}, false
			}
			t.indents = append(t.indents, col)
			return token{kind: tkIndent, line: t.line}, true
		case col < top:
			for len(t.indents) > 1 && t.indents[len(t.indents)-1] > col {
				t.indents = t.indents[:len(t.indents)-1]
				t.pending++
			}
			if t.indents[len(t.indents)-1] != col {
				t.fail("Unindent doesn't match the previous indentation level.")
				return token{}, false
			}
			t.pending--
			return token{kind: tkDedent, line: t.line}, true
		}
		return token{}, false
	}
}

func indentName(c byte) string {
	if c == '\t' {
		return "tab"
	}
	return "space"
}

// scanToken reads a token that starts with c, which is not blank.
func (t *tokenizer) scanToken() token {
	line, c := t.line, t.src[t.pos]
	switch {
	case c == '"' || c == '\'':
		return t.str(line, 0)
	case (c == 'r' || c == '&' || c == '^') && t.pos+1 < len(t.src) && (t.src[t.pos+1] == '"' || t.src[t.pos+1] == '\''):
		t.pos++
		return t.str(line, c)
	case c >= '0' && c <= '9' || c == '.' && t.pos+1 < len(t.src) && t.src[t.pos+1] >= '0' && t.src[t.pos+1] <= '9':
		return t.number(line)
	case c == '@':
		t.pos++
		name := t.identifier()
		if name == "" {
			t.fail(`Expected annotation identifier after "@".`)
			return token{kind: tkEOF, line: line}
		}
		return token{kind: tkAnnotation, text: name, line: line}
	}
	if name := t.identifier(); name != "" {
		return token{kind: tkIdent, text: name, line: line}
	}
	if c >= utf8.RuneSelf {
		r, _ := utf8.DecodeRuneInString(t.src[t.pos:])
		if r == 0xA0 || r == 0x2002 || r == 0x3000 || r == 0x200B {
			t.fail("Invalid white space character U+" + strings.ToUpper(strconv.FormatInt(int64(r), 16)) + ".")
		} else {
			t.fail("Invalid character \"" + string(r) + "\" (U+" + strings.ToUpper(strconv.FormatInt(int64(r), 16)) + ").")
		}
		return token{kind: tkEOF, line: line}
	}
	return t.operator(line)
}

// operators are GDScript's operators and punctuation, longest first.
var operators = []string{
	"**=", "<<=", ">>=", "...",
	"==", "!=", "<=", ">=", "&&", "||", "**", "<<", ">>", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "->", "..",
	"(", ")", "[", "]", "{", "}", ",", ";", ".", ":", "=", "<", ">", "+", "-", "*", "/", "%", "&", "|", "^", "~", "!", "$", "?",
}

// operatorsBy are the operators by their first byte, longest first.
var operatorsBy = func() (by [128][]string) {
	for _, op := range operators {
		by[op[0]] = append(by[op[0]], op)
	}
	return by
}()

func (t *tokenizer) operator(line int) token {
	for _, op := range operatorsBy[t.src[t.pos]&0x7f] {
		if strings.HasPrefix(t.src[t.pos:], op) {
			t.pos += len(op)
			switch op {
			case "(", "[", "{":
				if t.depth++; t.depth > t.maxDepth {
					t.failBound("Too many nested brackets.")
				}
			case ")", "]", "}":
				if t.depth > 0 {
					t.depth--
				}
			}
			return token{kind: tkOp, text: op, line: line}
		}
	}
	t.fail("Invalid character \"" + t.src[t.pos:t.pos+1] + "\" (U+" + strings.ToUpper(strconv.FormatInt(int64(t.src[t.pos]), 16)) + ").")
	return token{kind: tkEOF, line: line}
}

// identifier reads an identifier at the current position, or returns "".
func (t *tokenizer) identifier() string {
	start := t.pos
	t.pos = source.IdentEnd(t.src, start)
	return t.src[start:t.pos]
}
