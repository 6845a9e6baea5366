package gdvar

import (
	"math"
	"strconv"
	"unicode/utf8"
)

// The path to the current value, like $[3]["pos"], from the stack's frames:
// whole in errors, shortened in inspect's lines.

// path renders the location of the current value, like $[3]["pos"]. With
// pending, the location is that of the next element of the top frame, which
// has not been recorded yet.
func (s *stack) path(pending bool) string { return s.pathIn(nil, pending) }

// pathIn is path for a Decoder, whose keys may be in its buffer src (see
// frame.keyInBuf).
func (s *stack) pathIn(src []byte, pending bool) string {
	b, _ := s.appendPath(nil, src, pending, len(s.frames), math.MaxInt)
	return string(b)
}

// appendPath appends the path with at most levels levels: the outermost
// and the innermost, around …(n)… for the n left out. One longer than
// maxBytes keeps its first maxBytes/3 bytes and its last ones around …,
// each end cut at a character, and cut is true. Its cost is that of the
// levels shown; when it cuts, it renders only the parts that reach into
// the ends it keeps, the last ones twice (once to measure them), so its
// cost is bounded by maxBytes and the longest part (a key is at most 24
// bytes), not by the levels or their keys.
func (s *stack) appendPath(b, src []byte, pending bool, levels, maxBytes int) (_ []byte, cut bool) {
	p := s.parts(pending, levels)
	p.src = src
	from := len(b)
	for k := range p.n {
		if b = p.append(b, k); len(b)-from > maxBytes {
			cut = true
			break
		}
	}
	if !cut {
		return b, false
	}
	head := from + maxBytes/3
	for !utf8.RuneStart(b[head]) {
		head--
	}
	b = append(b[:head], "…"...)
	keepTail := max(maxBytes-maxBytes/3-len("…"), 0) // maxBytes under 3 keeps no tail
	// The innermost parts of keepTail bytes or more: the path is longer than
	// maxBytes, so there are enough.
	first, size := p.n, 0
	for size < keepTail {
		first--
		size += len(p.append(b, first)) - len(b)
	}
	start := len(b)
	for k := first; k < p.n; k++ {
		b = p.append(b, k)
	}
	tail := len(b) - keepTail
	for tail < len(b) && !utf8.RuneStart(b[tail]) {
		tail++
	}
	return append(b[:start], b[tail:]...), true
}

// pathParts are the parts of a path: $, the levels [0, head), …(n)… when
// levels are left out, and the levels [tail, len(frames)).
type pathParts struct {
	s          *stack
	src        []byte // the Decoder's buffer (see frame.keyInBuf)
	pending    bool
	head, tail int
	n          int // parts in all
}

// parts splits the path of at most max levels into its parts.
func (s *stack) parts(pending bool, max int) pathParts {
	n := len(s.frames)
	p := pathParts{s: s, pending: pending, head: n, tail: n}
	if n > max {
		p.head = max / 2
		p.tail = n - (max - p.head)
	}
	p.n = 1 + p.head + n - p.tail
	if p.head < p.tail {
		p.n++
	}
	return p
}

// append appends part k.
func (p *pathParts) append(b []byte, k int) []byte {
	switch {
	case k == 0:
		return append(b, '$')
	case k <= p.head:
		return p.s.appendStep(b, p.src, k-1, p.pending)
	case k == p.head+1:
		return append(strconv.AppendInt(append(b, "…("...), int64(p.tail-p.head), 10), ")…"...)
	}
	return p.s.appendStep(b, p.src, p.tail+k-2-p.head, p.pending)
}

// appendStep appends frame i's part of the path.
func (s *stack) appendStep(b, src []byte, i int, pending bool) []byte {
	f := &s.frames[i]
	idx := f.idx
	if pending && i == len(s.frames)-1 && (f.kind == frameArray || f.kind == framePackedStrings) {
		idx++
	}
	if idx < 0 {
		return b
	}
	switch f.kind {
	case frameArray, framePacked, framePackedStrings:
		return append(strconv.AppendInt(append(b, '['), idx, 10), ']')
	case frameObject:
		return f.appendKey(append(b, '.'), src, false)
	case frameDict:
		return appendDictStep(b, src, f, pending && i == len(s.frames)-1)
	}
	return b
}

// appendKey appends the short copy of f's key, quoted or not, with … when
// the key is longer.
func (f *frame) appendKey(b, src []byte, quote bool) []byte {
	key := f.key(src)
	more := len(key) == len(f.keyBuf)
	if !quote {
		if more {
			return append(append(b, key...), "…"...)
		}
		return append(b, key...)
	}
	b = quoteKey(b, key)
	if more {
		// As in strconv.Quote(key + "…"): … starts a character, so it
		// cannot complete one cut at the end of the key.
		b = append(append(b[:len(b)-1], "…"...), '"')
	}
	return b
}

// quoteKey appends a key quoted as strconv.Quote does; a variable, for the
// tests to count the work of a path.
var quoteKey = appendQuoted

// appendQuoted appends key quoted as strconv.Quote does, itself for a key
// of ASCII, which strconv takes rune by rune: 24 control characters quote
// in a third of the time (160-250 ns against 530-700 ns).
func appendQuoted(b, key []byte) []byte {
	for _, c := range key {
		if c >= utf8.RuneSelf {
			return strconv.AppendQuote(b, string(key))
		}
	}
	b = append(b, '"')
	for _, c := range key {
		switch {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c >= ' ' && c < 0x7f:
			b = append(b, c)
		case asciiEscapes[c] != 0:
			b = append(b, '\\', asciiEscapes[c])
		default:
			b = append(b, '\\', 'x', hexDigits[c>>4], hexDigits[c&0xf])
		}
	}
	return append(b, '"')
}

// asciiEscapes are the letters of the control characters strconv.Quote
// writes as \a, \n and so on.
var asciiEscapes = [utf8.RuneSelf]byte{'\a': 'a', '\b': 'b', '\f': 'f', '\n': 'n', '\r': 'r', '\t': 't', '\v': 'v'}

const hexDigits = "0123456789abcdef"

// appendDictStep appends a Dictionary entry: ["name"], [&"name"], [7], or
// [#i] for a key of another type; {#i} while the key itself is being read.
// pending says the next value of f is meant.
func appendDictStep(b, src []byte, f *frame, pending bool) []byte {
	if f.phase == phaseKey || f.inKey && !(pending && f.phase == phaseValue) {
		return append(strconv.AppendInt(append(b, "{#"...), f.idx, 10), '}')
	}
	b = append(b, '[')
	switch f.keyKind {
	case KindString:
		b = f.appendKey(b, src, true)
	case KindStringName:
		b = f.appendKey(append(b, '&'), src, true)
	case KindInt32, KindInt64:
		b = strconv.AppendInt(b, f.intKey(src), 10)
	default:
		b = strconv.AppendInt(append(b, '#'), f.idx, 10)
	}
	return append(b, ']')
}
