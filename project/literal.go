package project

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gdvar/gdvar"

	"github.com/gdvar/gdvar/project/internal/source"
)

// str reads a string literal: prefix is 'r' (raw), '&' (StringName), '^'
// (NodePath) or 0, and the position is at its opening quote. Escapes are
// those of gdscript_tokenizer.cpp's string().
func (t *tokenizer) str(line int, prefix byte) token {
	quote := t.src[t.pos]
	t.pos++
	triple := strings.HasPrefix(t.src[t.pos:], string([]byte{quote, quote}))
	if triple {
		t.pos += 2
	}
	var b strings.Builder
	var lead rune // a UTF-16 lead surrogate waiting for its trail
	for {
		if t.pos >= len(t.src) {
			t.failAt(line, "Unterminated string.")
			return token{kind: tkEOF, line: line}
		}
		c := t.src[t.pos]
		switch {
		case c == '\\' && prefix == 'r':
			t.pos++
			if t.pos < len(t.src) && (t.src[t.pos] == quote || t.src[t.pos] == '\\') {
				b.WriteByte('\\')
				b.WriteByte(t.src[t.pos])
				t.pos++
			} else {
				b.WriteByte('\\')
			}
		case c == '\\':
			t.pos++
			r, ok := t.escape()
			if !ok {
				continue
			}
			switch {
			case r&^0x3ff == 0xd800 && lead == 0:
				lead = r
				continue
			case r&^0x3ff == 0xdc00 && lead != 0:
				r = lead<<10 + r - (0xd800<<10 + 0xdc00 - 0x10000)
				lead = 0
			case r&^0x3ff == 0xdc00:
				t.fail("Invalid UTF-16 sequence in string, unpaired trail surrogate.")
				continue
			}
			if lead != 0 {
				t.fail("Invalid UTF-16 sequence in string, unpaired lead surrogate.")
			}
			b.WriteRune(r)
		case c == quote:
			t.pos++
			if !triple {
				return t.literal(line, prefix, b.String())
			}
			if strings.HasPrefix(t.src[t.pos:], string([]byte{quote, quote})) {
				t.pos += 2
				return t.literal(line, prefix, b.String())
			}
			b.WriteByte(quote)
		default:
			if c == '\n' {
				t.line++
			}
			if lead != 0 {
				t.fail("Invalid UTF-16 sequence in string, unpaired lead surrogate")
			}
			r, n := utf8.DecodeRuneInString(t.src[t.pos:])
			if r == 0x200E || r == 0x200F || r >= 0x202A && r <= 0x202E || r >= 0x2066 && r <= 0x2069 {
				t.fail("Invisible text direction control character present in the string.")
			}
			b.WriteString(t.src[t.pos : t.pos+n])
			t.pos += n
		}
	}
}

// escape reads the escape after a backslash; ok is false when it adds
// nothing (an escaped newline, or an error).
func (t *tokenizer) escape() (r rune, ok bool) {
	if t.pos+1 >= len(t.src) {
		t.fail("Unterminated string.")
		return 0, false
	}
	code := t.src[t.pos]
	t.pos++
	switch code {
	case 'a':
		return '\a', true
	case 'b':
		return '\b', true
	case 'f':
		return '\f', true
	case 'n':
		return '\n', true
	case 'r':
		return '\r', true
	case 't':
		return '\t', true
	case 'v':
		return '\v', true
	case '\'', '"', '\\':
		return rune(code), true
	case 'u', 'U':
		n := 4
		if code == 'U' {
			n = 6
		}
		for range n {
			if t.pos >= len(t.src) {
				t.fail("Unterminated string.")
				return 0, false
			}
			d, err := strconv.ParseUint(t.src[t.pos:t.pos+1], 16, 8)
			if err != nil {
				t.fail("Invalid hexadecimal digit in unicode escape sequence.")
				return 0, false
			}
			r = r<<4 | rune(d)
			t.pos++
		}
		return r, true
	case '\n':
		t.line++
		return 0, false
	case '\r':
		if t.src[t.pos] == '\n' {
			t.pos++
			t.line++
			return 0, false
		}
		return '\r', true
	}
	t.fail("Invalid escape in string.")
	return 0, false
}

// literal makes the token of a string literal.
func (t *tokenizer) literal(line int, prefix byte, s string) token {
	var v any = s
	switch prefix {
	case '&':
		v = gdvar.StringName(s)
	case '^':
		v = nodePath(s)
	}
	return token{kind: tkString, value: v, line: line}
}

// nodePath is a NodePath literal (^"…"), kept as written.
type nodePath string

// number reads an int or float literal: decimal, 0x, 0b, with _
// separators and exponents.
func (t *tokenizer) number(line int) token {
	start := t.pos
	base, digits := 10, "0123456789_"
	if t.src[t.pos] == '0' && t.pos+1 < len(t.src) {
		switch t.src[t.pos+1] {
		case 'x', 'X':
			base, digits = 16, "0123456789abcdefABCDEF_"
			t.pos += 2
		case 'b', 'B':
			base, digits = 2, "01_"
			t.pos += 2
		}
	}
	for t.pos < len(t.src) && strings.IndexByte(digits, t.src[t.pos]) >= 0 {
		t.pos++
	}
	float := false
	if base == 10 {
		if t.pos < len(t.src) && t.src[t.pos] == '.' && !strings.HasPrefix(t.src[t.pos:], "..") {
			float = true
			t.pos++
			for t.pos < len(t.src) && strings.IndexByte(digits, t.src[t.pos]) >= 0 {
				t.pos++
			}
		}
		if t.pos < len(t.src) && (t.src[t.pos] == 'e' || t.src[t.pos] == 'E') {
			float = true
			t.pos++
			if t.pos < len(t.src) && (t.src[t.pos] == '+' || t.src[t.pos] == '-') {
				t.pos++
			}
			for t.pos < len(t.src) && strings.IndexByte(digits, t.src[t.pos]) >= 0 {
				t.pos++
			}
		}
	}
	text := strings.ReplaceAll(t.src[start:t.pos], "_", "")
	if t.pos < len(t.src) && source.IdentStart(rune(t.src[t.pos])) {
		t.fail("Invalid numeric notation.")
		return token{kind: tkEOF, line: line}
	}
	if float {
		f, err := strconv.ParseFloat(text, 64)
		if err != nil && f == 0 {
			t.fail("Invalid numeric notation.")
		}
		return token{kind: tkFloat, value: f, line: line}
	}
	if base != 10 {
		text = text[2:]
	}
	n, err := strconv.ParseInt(text, base, 64)
	if err != nil {
		t.fail("Invalid numeric notation.")
	}
	return token{kind: tkInt, value: n, line: line}
}
