package csharp

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gdvar/gdvar/project/internal/source"
)

// tokenKind is the kind of a C# token.
type tokenKind uint8

const (
	tkEOF    tokenKind = iota
	tkIdent            // an identifier or a keyword; text is without a verbatim @
	tkNumber           // text is the literal
	tkString           // a string literal of any form; its text is not kept
	tkChar             // a character literal; its text is not kept
	tkPunct            // one character, or "::", "=>" or ".."; text is it
)

// token is one token of a C# source.
type token struct {
	kind tokenKind
	text string
	line int
	// verbatim says an identifier was written @name, which is never a
	// keyword.
	verbatim bool
	pos      int32 // where it starts in the source
}

// lexer reads a C# source token by token, as the C# specification's
// lexical grammar has it, for a declaration reader: it skips blanks,
// comments and preprocessor lines, and keeps the text of identifiers,
// numbers and punctuation only. Of an #if group it reads the first
// branch, as if its condition held, and skips the others as the compiler
// skips a branch not taken: line by line, looking at directives only. It
// keeps no token it has given.
type lexer struct {
	src       string
	pos, line int
	lineStart bool // only blanks since the line began: # starts a directive
	maxDepth  int  // the most interpolated strings within one another
	holes     int  // interpolations open
	ifs       int  // #if groups open
	// bareDollars is the end of the last run of $ found to start no
	// string: each $ of it is a token of its own, and the run is not
	// scanned again for each.
	bareDollars int
	err         *Fault
}

func newLexer(src string, maxDepth int) *lexer {
	return &lexer{src: src, line: 1, lineStart: true, maxDepth: maxDepth}
}

// fail records the first error.
func (l *lexer) fail(line int, msg string) {
	if l.err == nil {
		l.err = &Fault{Line: line, Message: msg}
	}
}

// failBound records that a bound is passed.
func (l *lexer) failBound(msg string) {
	if l.err == nil {
		l.err = &Fault{Line: l.line, Message: msg, Bound: true}
	}
}

// at returns the byte i past the current one, or 0 past the end.
func (l *lexer) at(i int) byte {
	if l.pos+i < len(l.src) {
		return l.src[l.pos+i]
	}
	return 0
}

// newline consumes a line break at the current position: \n, \r\n or \r.
func (l *lexer) newline() {
	if l.src[l.pos] == '\r' && l.at(1) == '\n' {
		l.pos++
	}
	l.pos++
	l.line++
}

// next returns the next token; after an error it returns EOF.
func (l *lexer) next() token {
	for l.err == nil && l.pos < len(l.src) {
		c := l.src[l.pos]
		switch {
		case c == '\n' || c == '\r':
			l.newline()
			l.lineStart = true
		case c == ' ' || c == '\t' || c == '\v' || c == '\f':
			l.pos++
		case c == '#' && l.lineStart && l.holes == 0:
			l.directive()
		case c == '/' && l.at(1) == '/':
			l.skipLine()
		case c == '/' && l.at(1) == '*':
			l.blockComment()
		case c >= utf8.RuneSelf:
			if r, n := utf8.DecodeRuneInString(l.src[l.pos:]); unicode.In(r, unicode.Zs, unicode.Zl, unicode.Zp) || r == '\u0085' {
				l.pos += n
				continue
			}
			l.lineStart = false
			start := l.pos
			tok := l.scanToken()
			tok.pos = int32(start)
			return tok
		default:
			l.lineStart = false
			start := l.pos
			tok := l.scanToken()
			tok.pos = int32(start)
			return tok
		}
	}
	return token{kind: tkEOF, line: l.line, pos: int32(l.pos)}
}

// skipLine moves to the end of the line, before its break.
func (l *lexer) skipLine() {
	if i := strings.IndexAny(l.src[l.pos:], "\r\n"); i >= 0 {
		l.pos += i
	} else {
		l.pos = len(l.src)
	}
}

// blockComment skips a /* */ comment.
func (l *lexer) blockComment() {
	line := l.line
	end := strings.Index(l.src[l.pos+2:], "*/")
	if end < 0 {
		l.fail(line, "End-of-file found, '*/' expected.")
		return
	}
	body := l.src[l.pos : l.pos+2+end]
	l.line += strings.Count(body, "\n") + strings.Count(body, "\r") - strings.Count(body, "\r\n")
	l.pos += 2 + end + 2
}

// directiveName reads the name of the directive at the current position
// (after blanks, # and blanks) and moves to the end of its line.
func (l *lexer) directiveName() string {
	l.pos++ // #
	for l.pos < len(l.src) && (l.src[l.pos] == ' ' || l.src[l.pos] == '\t') {
		l.pos++
	}
	start := l.pos
	for l.pos < len(l.src) && l.src[l.pos] >= 'a' && l.src[l.pos] <= 'z' {
		l.pos++
	}
	name := l.src[start:l.pos]
	l.skipLine()
	return name
}

// directive reads a preprocessor line: #if opens a group whose first
// branch is read; #elif and #else skip the group's other branches.
func (l *lexer) directive() {
	switch l.directiveName() {
	case "if":
		l.ifs++
	case "elif", "else":
		if l.ifs > 0 {
			l.skipBranches()
		}
	case "endif":
		if l.ifs > 0 {
			l.ifs--
		}
	}
}

// skipBranches skips lines to the #endif that closes the current group,
// and that #endif.
func (l *lexer) skipBranches() {
	line, nest := l.line, 0
	for l.pos < len(l.src) {
		l.newline()
		for l.pos < len(l.src) && (l.src[l.pos] == ' ' || l.src[l.pos] == '\t') {
			l.pos++
		}
		if l.pos < len(l.src) && l.src[l.pos] == '#' {
			switch l.directiveName() {
			case "if":
				nest++
			case "endif":
				if nest == 0 {
					l.ifs--
					return
				}
				nest--
			}
			continue
		}
		l.skipLine()
	}
	l.fail(line, "#endif directive expected.")
}

// scanToken reads the token that starts at the current byte, which is not
// blank.
func (l *lexer) scanToken() token {
	line, c := l.line, l.src[l.pos]
	switch {
	case c == '.' && l.at(1) == '.':
		l.pos += 2
		return token{kind: tkPunct, text: "..", line: line}
	case c == '"':
		l.str(0, false)
		return token{kind: tkString, line: line}
	case c == '@' && l.at(1) == '"':
		l.pos++
		l.str(0, true)
		return token{kind: tkString, line: line}
	case c == '@' && l.at(1) == '$' && l.at(2) == '"':
		l.pos += 2
		l.str(1, true)
		return token{kind: tkString, line: line}
	case c == '$' && l.pos >= l.bareDollars:
		n := l.run('$')
		switch {
		case l.at(n) == '"':
			l.pos += n
			l.str(n, false)
			return token{kind: tkString, line: line}
		case l.at(n) == '@' && l.at(n+1) == '"':
			l.pos += n + 1
			l.str(n, true)
			return token{kind: tkString, line: line}
		}
		l.bareDollars = l.pos + n
	case c == '\'':
		l.char()
		return token{kind: tkChar, line: line}
	case c >= '0' && c <= '9' || c == '.' && l.at(1) >= '0' && l.at(1) <= '9':
		return token{kind: tkNumber, text: l.number(), line: line}
	case c == '@':
		l.pos++
		if name := l.identifier(); name != "" {
			return token{kind: tkIdent, text: name, line: line, verbatim: true}
		}
		l.pos--
	case c == ':' && l.at(1) == ':', c == '=' && l.at(1) == '>':
		l.pos += 2
		return token{kind: tkPunct, text: l.src[l.pos-2 : l.pos], line: line}
	}
	if name := l.identifier(); name != "" {
		return token{kind: tkIdent, text: name, line: line}
	}
	n := 1
	if c >= utf8.RuneSelf {
		_, n = utf8.DecodeRuneInString(l.src[l.pos:])
	}
	l.pos += n
	return token{kind: tkPunct, text: l.src[l.pos-n : l.pos], line: line}
}

// identifier reads an identifier at the current position, or returns "".
func (l *lexer) identifier() string {
	start := l.pos
	l.pos = source.IdentEnd(l.src, start)
	return l.src[start:l.pos]
}

// number reads a numeric literal: 12, 0x1F, 0b1_0, 1.5e-3f, 10UL.
func (l *lexer) number() string {
	start := l.pos
	hex := l.at(0) == '0' && (l.at(1) == 'x' || l.at(1) == 'X')
	word := func() {
		for l.pos < len(l.src) {
			c := l.src[l.pos]
			if c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
				l.pos++
				if !hex && (c == 'e' || c == 'E') && (l.at(0) == '+' || l.at(0) == '-') {
					l.pos++
				}
				continue
			}
			return
		}
	}
	word()
	if !hex && l.at(0) == '.' && l.at(1) >= '0' && l.at(1) <= '9' {
		l.pos++
		word()
	}
	return l.src[start:l.pos]
}

// char reads a character literal: 'a', '\u0041', an escaped quote.
func (l *lexer) char() {
	line := l.line
	l.pos++
	for l.pos < len(l.src) {
		switch l.src[l.pos] {
		case '\\':
			l.pos += 2
			continue
		case '\'':
			l.pos++
			return
		case '\n', '\r':
			l.fail(line, "Newline in constant.")
			return
		}
		l.pos++
	}
	l.fail(line, "Newline in constant.")
}

// run counts the bytes c from the current position on.
func (l *lexer) run(c byte) int {
	n := 0
	for l.at(n) == c {
		n++
	}
	return n
}

// str reads a string literal whose opening quote is at the current
// position: regular "…", verbatim @"…" (verbatim), raw """…""", each
// interpolated when dollars (the $ before it) is not 0, its
// interpolations read as tokens.
func (l *lexer) str(dollars int, verbatim bool) {
	line := l.line
	quotes := l.run('"')
	raw := quotes >= 3 && !verbatim
	if quotes == 2 && !verbatim {
		l.pos += 2 // "": empty
		return
	}
	if !raw {
		quotes = 1
	}
	l.pos += quotes
	for l.err == nil {
		if l.pos >= len(l.src) {
			l.fail(line, "Unterminated string literal.")
			return
		}
		switch c := l.src[l.pos]; {
		case c == '"':
			n := l.run('"')
			switch {
			case raw && n >= quotes, !raw && !verbatim:
				l.pos += min(n, quotes)
				return
			case verbatim: // each "" is a quote; an odd one ends the string
				l.pos += n
				if n%2 == 1 {
					return
				}
			default:
				l.pos += n
			}
		case c == '\\' && !verbatim && !raw:
			l.pos++
			if l.pos < len(l.src) && l.src[l.pos] != '\n' && l.src[l.pos] != '\r' {
				l.pos++
			}
		case c == '\n' || c == '\r':
			if !verbatim && !raw {
				l.fail(line, "Newline in constant.")
				return
			}
			l.newline()
		case c == '{' && dollars > 0:
			n := l.run('{')
			switch {
			case raw && n >= dollars:
				l.pos += n
				l.hole(dollars, true)
			case raw:
				l.pos += n
			default: // each {{ is a brace; an odd one opens a hole
				l.pos += n
				if n%2 == 1 {
					l.hole(1, verbatim)
				}
			}
		default:
			l.pos++
		}
	}
}

// hole reads the interpolation of a string after its opening braces, to
// its closing braces (closing of them): an expression, then maybe a
// format after ":". A format spans lines only where multiline says the
// string may.
func (l *lexer) hole(closing int, multiline bool) {
	line := l.line
	if l.holes++; l.holes > l.maxDepth {
		l.failBound("Interpolated strings nested too deep.")
		return
	}
	defer func() { l.holes-- }()
	nest := 0
	for l.err == nil {
		tok := l.next()
		switch {
		case tok.kind == tkEOF:
			l.fail(line, "Unterminated string literal.")
			return
		case tok.kind != tkPunct:
		case tok.text == "(" || tok.text == "[" || tok.text == "{":
			nest++
		case (tok.text == ")" || tok.text == "]") && nest > 0:
			nest--
		case tok.text == "}" && nest > 0:
			nest--
		case tok.text == "}":
			l.pos += min(l.run('}'), closing-1)
			return
		case tok.text == ":" && nest == 0:
			for l.pos < len(l.src) && l.src[l.pos] != '}' {
				if c := l.src[l.pos]; c == '\n' || c == '\r' {
					if !multiline {
						l.fail(line, "Newline in constant.")
						return
					}
					l.newline()
					continue
				}
				l.pos++
			}
		}
	}
}
