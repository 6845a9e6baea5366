package vartext

import (
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/gdvar/gdvar"
)

// appendLeaf appends the text of v when it is one of the common values of
// one token, as Encode prints it through its binary form but without that
// form: nil, a bool, an int or int64, a float64, a String, a Godot 4
// StringName or a NodePath. ok is false for any other value, and for text
// that is not UTF-8, which the binary form refuses.
func (c *config) appendLeaf(b []byte, v any) (out []byte, ok bool) {
	switch x := v.(type) {
	case nil:
		return append(b, "null"...), true
	case bool:
		return strconv.AppendBool(b, x), true
	case int:
		return c.appendInt(b, int64(x))
	case int64:
		return c.appendInt(b, x)
	case float64:
		if c.dialect == Godot2 && float64(float32(x)) != x { // Godot 2's binary form has 32-bit floats only
			return b, false
		}
		return c.newInf(c.appendFloat(b, x), len(b)), true
	case string:
		if !utf8.ValidString(x) {
			return b, false
		}
		return c.appendString(b, x, &multilineEscapes), true
	case gdvar.StringName:
		if c.dialect != Godot4 || !utf8.ValidString(string(x)) {
			return b, false
		}
		return c.appendString(append(b, '&'), string(x), c.dialect.cEscapes()), true
	case gdvar.NodePath:
		size := len(`NodePath("/")`) + len(bom)
		for _, names := range [][]string{x.Names, x.SubNames} {
			for _, n := range names {
				if !utf8.ValidString(n) {
					return b, false
				}
				size += escapedLen(n, c.dialect.cEscapes()) + 1
			}
		}
		return c.appendNodePath(slices.Grow(b, size), x), true
	}
	return b, false
}

// appendInt appends an int, which Godot 2's binary form holds in 32 bits
// only.
func (c *config) appendInt(b []byte, n int64) ([]byte, bool) {
	if c.dialect == Godot2 && n != int64(int32(n)) {
		return b, false
	}
	return strconv.AppendInt(b, n, 10), true
}

// appendString appends a String or StringName's quoted text, escaped with
// esc, into room made for it once.
func (c *config) appendString(b []byte, s string, esc *escapes) []byte {
	var q quoter
	q.start(len(s), c.stringBOM())
	b = append(slices.Grow(b, escapedLen(s, esc)+len(bom)+2), '"')
	b = q.chunk(b, stringBytes(s), esc)
	return append(b, '"')
}

// escapedLen returns the length of s escaped with esc: up to its first
// NUL, each escaped byte taking two.
func escapedLen(s string, esc *escapes) int {
	n := 0
	for i := 0; i < len(s); i++ {
		switch esc[s[i]] {
		case 0:
		case endOfString:
			return n + i
		default:
			n++
		}
	}
	return n + len(s)
}
