package gdvar

import (
	"encoding/binary"
	"io"
	"unsafe"
)

// fastTokens turns ReadToken's fast path for values on (see setFastEnd);
// tests turn it off to compare.
var fastTokens = true

// ReadToken returns the next token. After the last complete top-level value
// it returns io.EOF; input that ends inside a value gives an error matching
// [ErrTruncated] and io.ErrUnexpectedEOF. The token borrows the Decoder's
// memory until the next call.
//
// It reads the most common tokens here, in one function: inside an Array or
// a Dictionary, markers and ends; anywhere, the small values (nil, bool, int, float, a
// short ASCII string, a 32-bit Vector2 or Vector3, the start of an untyped
// Array or Dictionary) when they are already buffered and carry no unusual
// bits, skipping the general path's checks that cannot fail for them. The
// general path (read[Token]) handles the rest, this having changed nothing.
//
// It stays one function of 118 lines, the hottest path of all: with its
// string branch a function of its own, the fastest token pass of
// BenchmarkDecodeGameStateFloor (tokens-min-ns, best of 6 rounds run in
// turn) took 12.8 ms where this took 11.3, a gap the noise of a busy
// 2-core machine (12.0 against 11.1 ms for the same ReadToken) does not
// clear; a split is to show that it costs nothing first.
func (d *Decoder) ReadToken() (Token, error) {
	pos := d.pos
	d.tokenAt = pos
	f := d.st.last
	if f == nil { // at the top level, or after a final error (see stop)
		// A top-level value starts as in readTopValue, which reads the
		// header if it is not buffered, the end of input, the error, or
		// the end of a SingleValue input.
		if d.err != nil || d.end-pos < 4 || d.single {
			if pos == d.end && d.eof && d.bb == nil && d.err == nil {
				return Token{}, io.EOF // the common end: no buffer to give back
			}
			return d.readToken()
		}
		d.valueStart = d.InputOffset()
		d.setValueEnd()
	} else {
		switch f.kind {
		case frameDict:
			if f.phase == phaseEntry {
				if f.remain > 0 {
					f.startEntry(phaseKey)
					return DictKeyToken, nil
				}
				d.popContainer()
				return DictEndToken, nil
			}
		case frameArray:
			if f.remain == 0 {
				d.popContainer()
				return ArrayEndToken, nil
			}
		default:
			return d.readToken()
		}
	}
	// The fast path is off (fastStop is 0) while the containers are
	// deeper than MaxDepth, so that the general path reports it.
	room := d.fastStop - pos // the most bytes the value may take
	if room < 4 {
		return d.readToken()
	}
	// p is the value's first byte in the buffer, where tokens point. The
	// reads below are unchecked: each is within the value's size, once
	// that is known to fit in room, or within room itself, so within buf.
	p := unsafe.Add(unsafe.Pointer(unsafe.SliceData(d.buf)), pos)
	hdr := load32(p, 0) // room >= 4
	if hdr&^(0xff|flag64) != 0 {
		return d.readToken() // bits the engine ignores: the general path keeps them
	}
	sv := &d.tab.small[hdr&0xff|hdr>>8&0x100]
	kind := sv.kind()
	if kind == KindString {
		if room < 8 {
			return d.readToken()
		}
		l32 := load32(p, 4) // compared unsigned: an int is 32 bits on some machines
		if l32 > d.fastString {
			return d.readToken()
		}
		l := int(l32)
		n := padding(int64(l))
		size := 8 + l + n
		if size > room || !shortASCII(p, l) {
			return d.readToken()
		}
		// The padding is the top n bytes of the value's last word.
		pad := uint64(load32(p, size-4)) >> (padShift[n] & 63)
		t := Token{meta: sv.meta | uint64(l)<<32, num: uint64(l), x: pad << 32}
		if l > 0 {
			t.p = unsafe.Add(p, 8)
		}
		d.pos = pos + size
		f.noteValue(kind, pos)
		return t, nil
	}
	size := int(sv.size)
	// The word after the header, as far as the value has it. Such a
	// value takes 16 bytes at most: only nearer the end is its size
	// checked, and then it may be 4 or 8 when room < 12.
	var w uint64
	if room >= 16 {
		w = load64(p, 4)
	} else if size > room {
		return d.readToken()
	} else if room >= 12 {
		w = load64(p, 4)
	} else if room >= 8 {
		w = uint64(load32(p, 4))
	}
	if kind == KindInvalid {
		return d.readToken()
	}
	t := Token{meta: sv.meta, num: w & sv.mask}
	if sv.signed {
		t.num = uint64(int64(int32(w)))
	}
	if sv.data {
		t.p = unsafe.Add(p, 4)
	}
	if kind == KindArrayStart || kind == KindDictStart {
		count := uint32(w) &^ countSharedBit
		if !d.cfg.limits.allows(limitContainer, int64(count)) {
			return d.readToken()
		}
		t.num = uint64(count) | w<<32
		d.pos = pos + size
		f.noteValue(kind, pos)
		d.st.pushContainer(kind, int64(count))
		if d.st.depth > d.maxDepth {
			d.fastStop = 0 // the general path reports what comes inside
		}
		return t, nil
	}
	d.pos = pos + size
	f.noteValue(kind, pos)
	return t, nil
}

// noteValue records in f, the top frame or nil at the top level, that the
// fast path read a value of kind whose header is at buf[at].
func (f *frame) noteValue(kind Kind, at int) {
	switch {
	case f == nil:
	case f.kind == frameArray:
		f.remain--
		f.idx++
	case f.phase == phaseKey:
		f.phase, f.inKey = phaseValue, true
		// The key, for paths: where it is (see frame.keyInBuf).
		f.keyKind, f.keyInt, f.keyInBuf = kind, int64(at), true
	default:
		f.phase, f.inKey = phaseEntry, false
	}
}

// popContainer closes an Array or a Dictionary, turning the fast path back
// on if the containers were too deep.
func (d *Decoder) popContainer() {
	d.st.popContainer()
	if d.st.depth == d.maxDepth && fastTokens {
		d.fastStop = int(min(int64(d.end), d.valueEnd)) // as setFastStop, inlined
	}
}

// fastStringMax is the longest string the fast path reads: keys and
// names, whose ASCII check it unrolls a word at a time.
const fastStringMax = 52

// shortASCII reports whether the n bytes of a string at p[8:], after its
// header, are 0x01..0x7f: the common case of a key or a name, valid
// without further checks. It reads only p[:8+n], a word at a time: its
// last word ends where the string does. For n < 8 that word starts in the
// header, a String's type and a length of at most fastStringMax, whose
// bytes are below 0x80: their low bit set, they pass. It is small enough
// to inline.
func shortASCII(p unsafe.Pointer, n int) bool {
	for at := 8; at < n; at += 8 {
		if !asciiWord(load64(p, at)) {
			return false
		}
	}
	return asciiWord(load64(p, n) | asciiFill[n&63])
}

// asciiFill[n] sets the low bit of the bytes of the last word shortASCII
// reads for a string of n bytes that come before the string: the low 8-n
// bytes, or none from 8 bytes on.
var asciiFill = func() (m [64]uint64) {
	for n := range 8 {
		m[n] = asciiLow >> (8 * n)
	}
	return m
}()

// padShift[n] is the shift that brings the n padding bytes at the top of
// a value's last word to its bottom (0 to 3 bytes; 32 leaves none).
var padShift = [4]uint8{32, 24, 16, 8}

// load32 and load64 read the little-endian word at p[at:], which the
// caller knows to be within the buffer.
func load32(p unsafe.Pointer, at int) uint32 {
	return binary.LittleEndian.Uint32((*[4]byte)(unsafe.Add(p, at))[:])
}

func load64(p unsafe.Pointer, at int) uint64 {
	return binary.LittleEndian.Uint64((*[8]byte)(unsafe.Add(p, at))[:])
}

const asciiLow, asciiHigh = 0x0101010101010101, 0x8080808080808080

// asciiWord reports whether all eight bytes of w are 0x01..0x7f: a byte
// with its high bit set shows in w, a zero byte in w-asciiLow (the first
// zero byte borrows, and gets its high bit set).
func asciiWord(w uint64) bool {
	return (w-asciiLow|w)&asciiHigh == 0
}

// padValue packs padding bytes as Token.pad holds them.
func padValue(b []byte) uint32 {
	var p uint32
	for i, c := range b {
		p |= uint32(c) << (8 * i)
	}
	return p
}
