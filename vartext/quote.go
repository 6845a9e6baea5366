package vartext

import "unsafe"

// escapes maps each byte to the letter written after a backslash for it,
// to endOfString for NUL, or to 0 for a byte written as it is.
type escapes [256]byte

// endOfString marks NUL, which ends a string in Godot.
const endOfString = 0xff

// Godot quotes a String with String::c_escape_multiline (only a backslash
// and a double quote get a backslash; newlines and tabs stay as they are),
// and a StringName, a NodePath and a PackedStringArray element with
// String::c_escape, which also writes \a \b \f \n \r \t \v and \' (and \?
// in Godot 3). rawEscapes copies a string as the engine holds it.
var (
	rawEscapes       = escapes{0: endOfString}
	multilineEscapes = escapes{0: endOfString, '\\': '\\', '"': '"'}
	cEscapes4        = escapes{0: endOfString, '\\': '\\', '"': '"', '\'': '\'', '\a': 'a', '\b': 'b', '\f': 'f', '\n': 'n', '\r': 'r', '\t': 't', '\v': 'v'}
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

// quoter writes one string, which may come in chunks, with its leading
// byte order mark as its bomRule says, and up to its first NUL.
type quoter struct {
	remain int     // bytes of the string still to come
	bom    int     // bytes of a leading byte order mark held back; -1 past the start
	rule   bomRule // what becomes of a leading byte order mark
	ended  bool    // a NUL ended the string
}

// bomRule says what a quoter writes of a string's leading byte order mark.
type bomRule uint8

const (
	// dropBOM drops it, as the engine's decoding of the string does.
	dropBOM bomRule = iota
	// keepBOM writes it, as a string the engine read from text holds one
	// it keeps (the reading dropped the one before it).
	keepBOM
	// doubleBOM writes it twice, so that reading the text, which drops
	// one, gives the string back as held.
	doubleBOM
)

// held is the rule for a string written as the engine holds it read from
// text (keepBOM), or else as it decodes it (dropBOM).
func held(asHeld bool) bomRule {
	if asHeld {
		return keepBOM
	}
	return dropBOM
}

// start begins a string of n bytes.
func (q *quoter) start(n int, rule bomRule) {
	*q = quoter{remain: n, rule: rule}
	if rule == keepBOM {
		q.bom = -1
	}
}

// chunk appends the next chunk b of the string to dst, escaped with esc.
func (q *quoter) chunk(dst, b []byte, esc *escapes) []byte {
	q.remain -= len(b)
	if q.ended {
		return dst
	}
	if q.bom == 0 && len(b) > 0 && b[0] != bom[0] {
		q.bom = -1
	}
	for q.bom >= 0 && len(b) > 0 {
		if b[0] != bom[q.bom] { // not a byte order mark: write what was held
			dst, _ = escape(dst, bom[:q.bom], esc)
			q.bom = -1
			break
		}
		b = b[1:]
		if q.bom++; q.bom == len(bom) {
			if q.rule == doubleBOM {
				dst = append(append(dst, bom...), bom...)
			}
			q.bom = -1
		}
	}
	if q.bom > 0 && q.remain == 0 { // the string ended within the mark
		dst, _ = escape(dst, bom[:q.bom], esc)
	}
	dst, q.ended = escape(dst, b, esc)
	return dst
}

// escape appends b to dst with esc's escapes, up to a NUL; ended reports
// one.
func escape(dst, b []byte, esc *escapes) (out []byte, ended bool) {
	start := 0
	for i, c := range b {
		switch e := esc[c]; e {
		case 0:
		case endOfString:
			return append(dst, b[start:i]...), true
		default:
			dst = append(dst, b[start:i]...)
			dst = append(dst, '\\', e)
			start = i + 1
		}
	}
	return append(dst, b[start:]...), false
}

// stringBytes returns s's bytes without copying; they must not be modified.
func stringBytes(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }
