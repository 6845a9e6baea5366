package gdvar

import (
	"encoding/binary"
	"unsafe"
)

// fastValueMax is the most bytes a value read by readSmall may take.
const fastValueMax = 64

// readSmall reads the most common small values (nil, bool, int, float, a
// short ASCII string, a 32-bit Vector2 or Vector3, the start of an untyped
// Array or Dictionary) when they are already buffered and carry no unusual
// bits, skipping the general path's checks that cannot fail for them. It reports false, having changed nothing, when
// the general path must handle the value. f is the frame the value belongs
// to, nil at the top level.
func (d *Decoder) readSmall(t *Token, f *frame) bool {
	pos := d.pos
	if d.end-pos < fastValueMax || d.st.depth > d.cfg.limits.MaxDepth {
		return false
	}
	b := d.buf[pos : pos+fastValueMax : pos+fastValueMax]
	hdr := binary.LittleEndian.Uint32(b)
	if hdr&^(0xff|flag64) != 0 {
		return false // bits the engine ignores: the general path keeps them
	}
	sv := &d.tab.small[hdr&0xff|hdr>>8&0x100]
	size := int(sv.size)
	var num, pad uint64
	var data []byte
	flags := uint8(0)
	switch sv.kind {
	case KindInvalid:
		return false
	case KindString:
		l32 := binary.LittleEndian.Uint32(b[4:]) // compared unsigned: an int is 32 bits on some machines
		if l32 > fastStringMax {
			return false
		}
		l := int(l32)
		if !shortASCII(b[8:], l) {
			return false
		}
		n := padding(int64(l))
		data, num, flags = b[8:8+l], uint64(l), flagWire|flagLast|flagRaw
		pad = uint64(binary.LittleEndian.Uint32(b[8+l:]) & (1<<(8*n) - 1))
		size = 8 + l + n
	case KindVector2, KindVector3:
		data = b[4:size]
	case KindInt64, KindFloat64:
		num, flags = binary.LittleEndian.Uint64(b[4:]), flagWide
	case KindInt32:
		num = uint64(int64(int32(binary.LittleEndian.Uint32(b[4:]))))
	case KindArrayStart, KindDictStart:
		word := binary.LittleEndian.Uint32(b[4:])
		count := word &^ countSharedBit
		if int64(count) > d.cfg.limits.MaxContainerLen {
			return false
		}
		num, flags = uint64(count)|uint64(word)<<32, flagRaw
	case KindNil:
	default:
		num = uint64(binary.LittleEndian.Uint32(b[4:]))
	}
	if int64(pos+size) > d.valueEnd {
		return false // past MaxValueBytes: the general path reports it
	}
	*t = Token{meta: uint64(sv.kind) | uint64(sv.typ)<<8 | uint64(flags)<<16 | uint64(len(data))<<32, num: num, x: pad << 32}
	if len(data) > 0 {
		t.p = unsafe.Pointer(unsafe.SliceData(data))
	}
	if f != nil {
		f.startValue()
		if f.inKey {
			f.noteKey(sv.kind, data, int64(num))
		}
	}
	d.pos = pos + size
	switch sv.kind {
	case KindArrayStart:
		d.st.push(frame{kind: frameArray, remain: int64(uint32(num)), total: int64(uint32(num))})
	case KindDictStart:
		d.st.push(frame{kind: frameDict, remain: int64(uint32(num)), total: int64(uint32(num))})
	}
	return true
}

// fastStringMax is the longest string readSmall reads: its bytes and a word
// past them fit in the fastValueMax bytes it looks at.
const fastStringMax = fastValueMax - 8 - 4

// shortASCII reports whether the first n bytes of b are 0x01..0x7f: the
// common case of a key or a name, valid without further checks. b holds at
// least n+4 bytes, and at least 8. Strings of up to 8 bytes, the most common,
// take one word.
func shortASCII(b []byte, n int) bool {
	w := binary.LittleEndian.Uint64(b)
	if n < 8 {
		keep := uint64(1)<<(uint(8*n)&63) - 1 // &63: n < 8, and the compiler need not check
		w = w&keep | asciiLow&^keep           // bytes past n count as 0x01
	}
	return asciiWord(w) && (n <= 8 || isShortASCII(b[8:n]))
}

const asciiLow, asciiHigh = 0x0101010101010101, 0x8080808080808080

// asciiWord reports whether all eight bytes of w are 0x01..0x7f.
func asciiWord(w uint64) bool {
	return w&asciiHigh == 0 && (w-asciiLow)&^w&asciiHigh == 0
}

// padValue packs padding bytes as Token.pad holds them.
func padValue(b []byte) uint32 {
	var p uint32
	for i, c := range b {
		p |= uint32(c) << (8 * i)
	}
	return p
}
