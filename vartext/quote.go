package vartext

import (
	"bytes"
	"unsafe"
)

// escapes maps each byte to the letter written after a backslash for it,
// or 0 for a byte written as it is.
type escapes [256]byte

// Godot quotes a String with String::c_escape_multiline (only a backslash
// and a double quote get a backslash; newlines and tabs stay as they are),
// and a StringName, a NodePath and a PackedStringArray element with
// String::c_escape, which also writes \a \b \f \n \r \t \v and \' (and \?
// in Godot 3).
var (
	multilineEscapes = escapes{'\\': '\\', '"': '"'}
	cEscapes4        = escapes{'\\': '\\', '"': '"', '\'': '\'', '\a': 'a', '\b': 'b', '\f': 'f', '\n': 'n', '\r': 'r', '\t': 't', '\v': 'v'}
	cEscapes3        = func() escapes { e := cEscapes4; e['?'] = '?'; return e }()
)

// cEscapes returns the dialect's table of String::c_escape.
func (d Dialect) cEscapes() *escapes {
	if d == Godot4 {
		return &cEscapes4
	}
	return &cEscapes3
}

// bom is the UTF-8 byte order mark, which the engine's UTF-8 decoder drops
// from the start of every string it reads.
var bom = []byte("\ufeff")

// quoter writes one string, which may come in chunks, as the engine has it
// after decoding: without a leading byte order mark, and up to its first
// NUL.
type quoter struct {
	remain int  // bytes of the string still to come
	bom    int  // bytes of a leading byte order mark held back; -1 past the start
	ended  bool // a NUL ended the string
}

// start begins a string of n bytes.
func (q *quoter) start(n int) { *q = quoter{remain: n} }

// chunk appends the next chunk b of the string to dst, escaped with esc
// (as it is when esc is nil).
func (q *quoter) chunk(dst, b []byte, esc *escapes) []byte {
	q.remain -= len(b)
	if q.ended {
		return dst
	}
	if i := bytes.IndexByte(b, 0); i >= 0 {
		b, q.ended = b[:i], true
	}
	for q.bom >= 0 && len(b) > 0 {
		if b[0] != bom[q.bom] { // not a byte order mark: write what was held
			dst = escape(dst, bom[:q.bom], esc)
			q.bom = -1
			break
		}
		b = b[1:]
		if q.bom++; q.bom == len(bom) {
			q.bom = -1
		}
	}
	if q.bom > 0 && (q.ended || q.remain == 0) { // the string ended within the mark
		dst = escape(dst, bom[:q.bom], esc)
	}
	return escape(dst, b, esc)
}

// escape appends b to dst with esc's escapes.
func escape(dst, b []byte, esc *escapes) []byte {
	if esc == nil {
		return append(dst, b...)
	}
	start := 0
	for i, c := range b {
		if e := esc[c]; e != 0 {
			dst = append(dst, b[start:i]...)
			dst = append(dst, '\\', e)
			start = i + 1
		}
	}
	return append(dst, b[start:]...)
}

// stringBytes returns s's bytes without copying; they must not be modified.
func stringBytes(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }
