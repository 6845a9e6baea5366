package csharp

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Literal is a string literal of a C# source, and the calls it is an
// argument of.
type Literal struct {
	Value string // as the compiler decodes it
	Line  int
	// Call is the method whose argument list holds it ("Load" of
	// GD.Load<PackedScene>(…)), Outer the one around that; "" where a
	// bracket is no call's.
	Call, Outer string
}

// Literals returns each regular ("…") and verbatim (@"…") string literal
// of a C# source, as the lexer reads them (comments and preprocessor
// lines skipped); interpolated and raw ones are left out, as a path the
// code builds at run time. It stops at the first lexical error, and
// follows at most maxDepth brackets within one another.
func Literals(src string, maxDepth int) []Literal {
	l := newLexer(src, maxDepth)
	var out []Literal
	var calls []string // the brackets open, innermost last
	over := 0          // brackets open past maxDepth
	var prev token
	generic := "" // the name before the last "<", for Load<PackedScene>(
	for {
		tok := l.next()
		if tok.kind == tkEOF || l.err != nil {
			return out
		}
		switch {
		case tok.kind == tkString:
			if v, ok := decodeString(src[tok.pos:l.pos]); ok {
				lit := Literal{Value: v, Line: tok.line}
				if n := len(calls); n > 0 {
					lit.Call = calls[n-1]
					if n > 1 {
						lit.Outer = calls[n-2]
					}
				}
				out = append(out, lit)
			}
		case tok.kind == tkPunct && tok.text == "<" && prev.kind == tkIdent:
			generic = prev.text
		case tok.kind == tkPunct && (tok.text == "(" || tok.text == "[" || tok.text == "{"):
			name := ""
			switch {
			case tok.text != "(":
			case prev.kind == tkIdent:
				name = prev.text
			case prev.kind == tkPunct && prev.text == ">":
				name = generic
			}
			if len(calls) < maxDepth {
				calls = append(calls, name)
			} else {
				over++
			}
		case tok.kind == tkPunct && (tok.text == ")" || tok.text == "]" || tok.text == "}"):
			if over > 0 {
				over--
			} else if len(calls) > 0 {
				calls = calls[:len(calls)-1]
			}
		}
		prev = tok
	}
}

// decodeString returns the value of a regular or verbatim string
// literal's source text; ok is false for another form.
func decodeString(text string) (string, bool) {
	switch {
	case strings.HasPrefix(text, `@"`) && strings.HasSuffix(text, `"`) && len(text) >= 3:
		return strings.ReplaceAll(text[2:len(text)-1], `""`, `"`), true
	case strings.HasPrefix(text, `"`) && !strings.HasPrefix(text, `"""`) && strings.HasSuffix(text, `"`) && len(text) >= 2:
		return unescape(text[1 : len(text)-1])
	}
	return "", false
}

// unescape decodes a regular string literal's escapes: the simple ones,
// \xH to \xHHHH, \uHHHH and \UHHHHHHHH.
func unescape(s string) (string, bool) {
	if !strings.Contains(s, `\`) {
		return s, true
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 >= len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		if r, ok := simpleEscapes[s[i]]; ok {
			b.WriteByte(r)
			continue
		}
		digits, most := 0, 0
		switch s[i] {
		case 'x':
			most = 4
		case 'u':
			digits, most = 4, 4
		case 'U':
			digits, most = 8, 8
		default:
			return "", false
		}
		j := i + 1
		for j < len(s) && j-i-1 < most && isHex(s[j]) {
			j++
		}
		if j == i+1 || digits > 0 && j-i-1 != digits {
			return "", false
		}
		r, _ := strconv.ParseUint(s[i+1:j], 16, 32)
		if r > utf8.MaxRune {
			return "", false
		}
		b.WriteRune(rune(r))
		i = j - 1
	}
	return b.String(), true
}

// simpleEscapes are C#'s one-character escapes.
var simpleEscapes = map[byte]byte{'\'': '\'', '"': '"', '\\': '\\', '0': 0, 'a': '\a', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t', 'v': '\v'}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}
