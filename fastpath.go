package gdvar

import (
	"encoding/binary"
	"unsafe"
)

// fastValueMax is the most bytes a value read by ReadToken's fast path may
// take.
const fastValueMax = 64

// fastTokens turns ReadToken's fast path for values on (see setFastEnd);
// tests turn it off to compare.
var fastTokens = true

// ReadToken returns the next token. After the last complete top-level value
// it returns io.EOF; input that ends inside a value gives an error matching
// ErrTruncated and io.ErrUnexpectedEOF. The token borrows the Decoder's
// memory until the next call.
//
// It reads the most common tokens here, in one function: inside an Array or
// a Dictionary, markers and ends; anywhere, the small values (nil, bool, int, float, a
// short ASCII string, a 32-bit Vector2 or Vector3, the start of an untyped
// Array or Dictionary) when they are already buffered and carry no unusual
// bits, skipping the general path's checks that cannot fail for them. The
// general path (readToken) handles the rest, this having changed nothing.
func (d *Decoder) ReadToken() (Token, error) {
	f := d.st.last
	if f == nil { // at the top level, or after a final error (see stop)
		// A top-level value starts as in readTopValue, which reads the
		// header if it is not buffered, the end of input, or the error.
		if d.err != nil || d.end-d.pos < 4 {
			return d.readToken()
		}
		d.valueStart = d.InputOffset()
		d.setValueEnd()
	} else {
		switch f.kind {
		case frameDict:
			if f.phase == phaseEntry {
				if f.remain > 0 {
					d.st.startEntry()
					return DictKeyToken, nil
				}
				d.st.pop()
				return DictEndToken, nil
			}
		case frameArray:
			if f.remain == 0 {
				d.st.pop()
				return ArrayEndToken, nil
			}
		default:
			return d.readToken()
		}
	}
	pos := d.pos
	room := d.fastStop - pos // the most bytes the value may take
	if room < 4 || d.st.depth > d.maxDepth {
		return d.readToken()
	}
	// b is the window the value is read in: fastValueMax bytes of the
	// buffer, so that the reads below need no bounds, and hold any value
	// the fast path takes. p is the value's first byte in the buffer, where
	// tokens point.
	p := unsafe.Add(unsafe.Pointer(unsafe.SliceData(d.buf)), pos)
	hdr := binary.LittleEndian.Uint32((*[4]byte)(p)[:]) // room >= 4
	if hdr&^(0xff|flag64) != 0 {
		return d.readToken() // bits the engine ignores: the general path keeps them
	}
	sv := &d.tab.small[hdr&0xff|hdr>>8&0x100]
	var b *[fastValueMax]byte
	if room >= fastValueMax {
		b = (*[fastValueMax]byte)(p)
	} else {
		// Near the end of the buffer (a small message is all end): once
		// the value is known to be whole, a copy, padded with zeros, of
		// what it reads: a string's bytes, another value's first 12 at most.
		var tail [fastValueMax]byte
		switch {
		case sv.kind == KindString:
			if room < 8 {
				return d.readToken()
			}
			l := int64(binary.LittleEndian.Uint32((*[8]byte)(p)[4:]))
			if 8+l+int64(padding(l)) > int64(room) {
				return d.readToken()
			}
			copy(tail[:], d.buf[pos:pos+room])
		case int(sv.size) > room:
			return d.readToken()
		case room >= 12:
			*(*[12]byte)(tail[:]) = *(*[12]byte)(p)
		case room >= 8:
			*(*[8]byte)(tail[:]) = *(*[8]byte)(p)
		default:
			*(*[4]byte)(tail[:]) = *(*[4]byte)(p)
		}
		b = &tail
	}
	var t Token
	var size int
	open := false // an Array or Dictionary starts
	if sv.kind == KindString {
		l32 := binary.LittleEndian.Uint32(b[4:]) // compared unsigned: an int is 32 bits on some machines
		if l32 > d.fastString {
			return d.readToken()
		}
		l := int(l32)
		if !shortASCII(b[8:], l) {
			return d.readToken()
		}
		n := padding(int64(l))
		size = 8 + l + n
		// The padding is the top n bytes of the value's last word.
		pad := uint64(binary.LittleEndian.Uint32(b[(size-4)&(fastValueMax-4):])) >> (uint(32-8*n) & 63)
		t = Token{meta: sv.meta | uint64(l)<<32, num: uint64(l), x: pad << 32}
		if l > 0 {
			t.p = unsafe.Add(p, 8)
		}
	} else {
		size = int(sv.size)
		if sv.kind == KindInvalid {
			return d.readToken()
		}
		w := binary.LittleEndian.Uint64(b[4:])
		num := w & sv.mask
		if sv.signed {
			num = uint64(int64(int32(w)))
		}
		if sv.kind == KindArrayStart || sv.kind == KindDictStart {
			count := uint32(w) &^ countSharedBit
			if int64(count) > d.cfg.limits.MaxContainerLen {
				return d.readToken()
			}
			num = uint64(count) | w<<32
			open = true
		}
		t = Token{meta: sv.meta | uint64(sv.data)<<32, num: num}
		if sv.data > 0 {
			t.p = unsafe.Add(p, 4)
		}
	}
	d.pos = pos + size
	switch {
	case f == nil: // a top-level value
	case f.kind == frameArray:
		f.remain--
		f.idx++
	case f.phase == phaseKey:
		f.phase, f.inKey = phaseValue, true
		// The key's first bytes, for paths: b holds them and more.
		f.keyKind, f.keyInt = sv.kind, int64(t.num)
		if sv.kind == KindString {
			f.keyBuf = [len(f.keyBuf)]byte(b[8:])
			f.keyLen = uint8(min(t.num, uint64(len(f.keyBuf))))
		}
	default:
		f.phase, f.inKey = phaseEntry, false
	}
	if open {
		d.st.pushContainer(sv.kind, int64(uint32(t.num)))
	}
	return t, nil
}

// fastStringMax is the longest string the fast path reads: its header and
// its bytes, rounded up to whole words of eight for the ASCII check, fit in
// the fastValueMax bytes it looks at.
const fastStringMax = fastValueMax - 8 - 4

// shortASCII reports whether the first n bytes of b are 0x01..0x7f: the
// common case of a key or a name, valid without further checks. b holds the
// n bytes rounded up to a multiple of eight. It is small enough to inline.
func shortASCII(b []byte, n int) bool {
	for ; n > 8; n -= 8 {
		if !asciiWord(binary.LittleEndian.Uint64(b)) {
			return false
		}
		b = b[8:]
	}
	keep := asciiKeep[n&15] // the last word's bytes before n
	return asciiWord(binary.LittleEndian.Uint64(b)&keep | asciiLow&^keep)
}

// asciiKeep[n] keeps the first n bytes of a little-endian word.
var asciiKeep = [16]uint64{0, 0xff, 0xffff, 0xffffff, 0xffffffff, 0xffffffffff, 0xffffffffffff, 0xffffffffffffff, ^uint64(0)}

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
