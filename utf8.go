package gdvar

import (
	"bytes"
	"encoding/binary"
	"unicode/utf8"
)

// utf8Rules is how an engine version checks the UTF-8 of strings. Every
// version reads a string up to its first NUL, so what follows a NUL is never
// checked.
type utf8Rules uint8

const (
	// utf8Strict is Godot 4: valid UTF-8 as Go's unicode/utf8 defines it (no
	// surrogates, nothing above U+10FFFF, no overlong forms).
	utf8Strict utf8Rules = iota
	// utf8Godot3 is Godot 3's older parser (checked against 3.2.3 and 3.6.2,
	// and assumed for Godot 2): lead bytes of 1 to 6-byte sequences,
	// continuation bytes where they belong, no 2-byte overlong form and no
	// zero code point in the first two payload bytes of a longer sequence;
	// surrogates and code points above U+10FFFF pass.
	utf8Godot3
)

// check checks a string's bytes. When b is not the end of its string, a
// sequence cut by the end of b is left for the next chunk: n is how many bytes
// of b to deliver now. nul reports that b holds a NUL.
func (r utf8Rules) check(b []byte, last bool) (n int, nul, ok bool) {
	if i := bytes.IndexByte(b, 0); i >= 0 {
		return len(b), true, r.valid(b[:i])
	}
	n = len(b)
	if !last {
		n = r.boundary(b)
	}
	return n, false, r.valid(b[:n])
}

// valid reports whether b, which holds no NUL, is a whole valid string.
func (r utf8Rules) valid(b []byte) bool {
	if r == utf8Strict {
		return utf8.Valid(b)
	}
	for i := 0; i < len(b); {
		c := b[i]
		n := seqLen(c)
		switch {
		case n == 0:
			return false
		case n == 1:
			i++
			continue
		case n == 2 && c&0x1e == 0, i+n > len(b):
			return false // overlong, or cut short
		}
		for _, cont := range b[i+1 : i+n] {
			if cont&0xc0 != 0x80 {
				return false
			}
		}
		if n >= 3 && c&(0xff>>(n+1)) == 0 && b[i+1]&0x3f == 0 && (b[i+2]&0x7f)>>(7-n) == 0 {
			return false // Godot 3's overlong check
		}
		i += n
	}
	return true
}

// boundary returns the length of b without a trailing incomplete sequence.
func (r utf8Rules) boundary(b []byte) int {
	longest := utf8.UTFMax
	if r == utf8Godot3 {
		longest = 6
	}
	for i := len(b) - 1; i >= 0 && i > len(b)-longest; i-- {
		c := b[i]
		if c < utf8.RuneSelf {
			return len(b)
		}
		if c&0xc0 != 0x80 { // a lead byte
			if i+seqLen(c) > len(b) {
				return i
			}
			return len(b)
		}
	}
	return len(b)
}

// seqLen is the length of the sequence a lead byte starts, in Godot 3's
// reading (up to 6), or 0 for a byte that cannot start one. Godot 4 reads
// fewer forms; its validation rejects the others.
func seqLen(c byte) int {
	switch {
	case c < 0x80:
		return 1
	case c&0xe0 == 0xc0:
		return 2
	case c&0xf0 == 0xe0:
		return 3
	case c&0xf8 == 0xf0:
		return 4
	case c&0xfc == 0xf8:
		return 5
	case c&0xfe == 0xfc:
		return 6
	}
	return 0
}

// isShortASCII reports whether b is made of bytes 0x01..0x7f only, quickly,
// eight bytes at a time (the last word overlapping the one before): the
// common case of a key or a name, which is then valid without further
// checks.
func isShortASCII(b []byte) bool {
	n := len(b)
	switch {
	case n >= 8:
		for i := 0; i < n-8; i += 8 {
			if !asciiWord(binary.LittleEndian.Uint64(b[i:])) { // non-ASCII, or a zero byte
				return false
			}
		}
		return asciiWord(binary.LittleEndian.Uint64(b[n-8:]))
	case n >= 4:
		return asciiWord(uint64(binary.LittleEndian.Uint32(b)) | uint64(binary.LittleEndian.Uint32(b[n-4:]))<<32)
	case n > 0:
		return asciiWord(uint64(b[0]) | uint64(b[n/2])<<8 | uint64(b[n-1])<<16 | asciiLow&^0xffffff)
	}
	return true
}
