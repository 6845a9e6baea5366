package gdvar

import (
	"bytes"
	"encoding/binary"
	"unicode/utf8"
)

// checkUTF8 checks a string's bytes as Godot does: the text up to the first
// NUL must be valid UTF-8 (Godot stops reading a string at a NUL, so what
// follows is never checked). When b is not the end of its string, a UTF-8
// sequence cut by the end of b is left for the next chunk: n is how many
// bytes of b to deliver now. nul reports that b holds a NUL.
func checkUTF8(b []byte, last bool) (n int, nul, ok bool) {
	if i := bytes.IndexByte(b, 0); i >= 0 {
		return len(b), true, utf8.Valid(b[:i])
	}
	n = len(b)
	if !last {
		n = runeBoundary(b)
	}
	return n, false, utf8.Valid(b[:n])
}

// runeBoundary returns the length of b without a trailing incomplete UTF-8
// sequence.
func runeBoundary(b []byte) int {
	for i := len(b) - 1; i >= 0 && i >= len(b)-utf8.UTFMax; i-- {
		c := b[i]
		if c < utf8.RuneSelf {
			return len(b)
		}
		if utf8.RuneStart(c) {
			if i+seqLen(c) > len(b) {
				return i
			}
			return len(b)
		}
	}
	return len(b)
}

// seqLen is the length of the UTF-8 sequence a leading byte starts (1 for
// bytes that cannot start one; validation rejects them).
func seqLen(c byte) int {
	switch {
	case c >= 0xF0:
		return 4
	case c >= 0xE0:
		return 3
	case c >= 0xC0:
		return 2
	}
	return 1
}

// validUTF8 reports whether a whole string is valid as Godot reads it.
func validUTF8(b []byte) bool {
	_, _, ok := checkUTF8(b, true)
	return ok
}

// isShortASCII reports whether b is made of bytes 0x01..0x7f only, quickly,
// eight bytes at a time: the common case of a key or a name, which is then
// valid without further checks.
func isShortASCII(b []byte) bool {
	for len(b) >= 8 {
		if !asciiWord(binary.LittleEndian.Uint64(b)) { // non-ASCII, or a zero byte
			return false
		}
		b = b[8:]
	}
	for _, c := range b {
		if c-1 >= 0x7f {
			return false
		}
	}
	return true
}
