package gdvar

import (
	"encoding/binary"
	"unsafe"
)

// fastValueMax is the most bytes a value read by readSmall may take.
const fastValueMax = 64

// readSmall reads the most common small values (nil, bool, int, float, a
// short ASCII string, a 32-bit Vector2 or Vector3) when they are already
// buffered and carry no unusual bits, skipping the general path's checks
// that cannot fail for them. It reports false, having changed nothing, when
// the general path must handle the value. f is the frame the value belongs
// to, nil at the top level.
func (d *Decoder) readSmall(t *Token, f *frame) bool {
	if d.end-d.pos < fastValueMax || d.st.depth > d.cfg.limits.MaxDepth {
		return false
	}
	b := d.buf[d.pos : d.pos+fastValueMax]
	hdr := binary.LittleEndian.Uint32(b)
	if hdr&^(0xff|flag64) != 0 {
		return false // bits the engine ignores: the general path keeps them
	}
	sv := d.tab.small[hdr&0xff|hdr>>8&0x100]
	size := int(sv.size)
	var num, pad uint64
	var data []byte
	flags := uint8(0)
	switch {
	case sv.kind == KindInvalid:
		return false
	case sv.kind == KindString:
		l := binary.LittleEndian.Uint32(b[4:])
		if l > fastValueMax-8 {
			return false
		}
		data = b[8 : 8+l]
		if !isShortASCII(data) {
			return false
		}
		n := padding(int64(l))
		num, flags = uint64(l), flagWire|flagLast|flagRaw
		pad = uint64(padValue(b[8+l : 8+int(l)+n]))
		size = 8 + int(l) + n
	case sv.kind == KindVector2 || sv.kind == KindVector3:
		data = b[4:size]
	case size == 12:
		num, flags = binary.LittleEndian.Uint64(b[4:]), flagWide
	case sv.kind == KindInt32:
		num = uint64(int64(int32(binary.LittleEndian.Uint32(b[4:]))))
	case size == 8:
		num = uint64(binary.LittleEndian.Uint32(b[4:]))
	}
	if int64(d.pos+size) > d.valueEnd {
		return false // past MaxValueBytes: the general path reports it
	}
	*t = Token{meta: uint64(sv.kind) | uint64(sv.typ)<<8 | uint64(flags)<<16 | uint64(len(data))<<32, num: num, x: pad << 32}
	if len(data) > 0 {
		t.p = unsafe.Pointer(unsafe.SliceData(data))
	}
	if f != nil {
		d.st.startValue()
		if f.inKey {
			d.st.noteKey(sv.kind, data, int64(num))
		}
	}
	d.pos += size
	return true
}

// padValue packs padding bytes as Token.pad holds them.
func padValue(b []byte) uint32 {
	var p uint32
	for i, c := range b {
		p |= uint32(c) << (8 * i)
	}
	return p
}
