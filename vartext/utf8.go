package vartext

import "unicode/utf8"

// The engines turn a text file's bytes into a String before str_to_var
// parses it, each with its own UTF-8 decoder; a string's bytes are read as
// that decoder reads them.
//
// Godot 3 (checked against 3.2.3 and 3.6) reads sequences of 1 to 6 bytes,
// so code points past U+10FFFF and encoded surrogates come through, and its
// var2str writes them that way. Any sequence it refuses makes the whole
// text an empty String: that is an error here.
//
// Godot 4 (checked against 4.6) reads strict UTF-8 and puts one U+FFFD in
// place of each sequence it refuses. How many bytes one U+FFFD replaces
// follows the engine's String::append_utf8: a truncated three or four-byte
// sequence whose bytes were right so far is replaced whole, anything else
// one byte at a time. It never swallows an ASCII byte, so a quote or a
// backslash after a bad sequence still counts.

// replacement is U+FFFD in UTF-8.
var replacement = []byte("\uFFFD")

// godot3Len returns the length of the sequence b starts with, as Godot 3
// reads it, or 0 if Godot 3 refuses it. b holds what the input has from
// the lead byte on, up to 6 bytes.
func godot3Len(b []byte) int {
	c := b[0]
	n := 0
	switch {
	case c < 0x80:
		return 1
	case c&0xe0 == 0xc0:
		n = 2
	case c&0xf0 == 0xe0:
		n = 3
	case c&0xf8 == 0xf0:
		n = 4
	case c&0xfc == 0xf8:
		n = 5
	case c&0xfe == 0xfc:
		n = 6
	default:
		return 0 // a continuation byte, or 0xfe and 0xff
	}
	if len(b) < n || n == 2 && c&0x1e == 0 { // cut short, or an overlong 2-byte form
		return 0
	}
	for _, cont := range b[1:n] {
		if cont&0xc0 != 0x80 {
			return 0
		}
	}
	// Godot 3's overlong check for longer forms: no payload bit set in the
	// lead byte nor in the top bits the next two bytes carry for it.
	if n >= 3 && c&(0xff>>(n+1)) == 0 && b[1]&0x3f == 0 && (b[2]&0x7f)>>(7-n) == 0 {
		return 0
	}
	return n
}

// godot4Len returns the length of the sequence b starts with and whether
// Godot 4 takes it as it is; when not, the engine writes one U+FFFD for
// those bytes. b holds what the input has from the lead byte on, up to 4
// bytes.
func godot4Len(b []byte) (n int, ok bool) {
	if _, size := utf8.DecodeRune(b); size > 1 || b[0] < utf8.RuneSelf {
		return size, true // Go's valid UTF-8 is Godot 4's
	}
	at := func(i int) byte { // the engine reads a byte past the end as 0
		if i < len(b) {
			return b[i]
		}
		return 0
	}
	cont := func(c byte) bool { return c&0xc0 == 0x80 }
	c := b[0]
	lo, hi := byte(0x80), byte(0xbf) // the range of the second byte
	switch {
	case c&0xf0 == 0xe0:
		if c == 0xe0 {
			lo = 0xa0
		} else if c == 0xed {
			hi = 0x9f
		}
		if c2, c3 := at(1), at(2); c2 >= lo && c2 <= hi && c3 != 0 && !cont(c3) {
			return 2, false
		}
	case c&0xf8 == 0xf0:
		if c == 0xf0 {
			lo = 0x90
		} else if c == 0xf4 {
			hi = 0x8f
		}
		c2, c3, c4 := at(1), at(2), at(3)
		switch {
		case c2 < lo || c2 > hi || c3 == 0: // (a whole sequence past U+10FFFF too)
		case !cont(c3):
			return 2, false
		case c4 != 0 && !cont(c4):
			return 3, false
		}
	}
	return 1, false
}
