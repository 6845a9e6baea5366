package filter

import (
	"encoding/binary"
	"math"

	"github.com/gdvar/gdvar"
)

// oddities counts, token by token, what an engine writes rarely or never:
// the marks of bytes read in the wrong framing, where a length word is read
// as a type header or the other way round, and words meant as integers are
// read as reals or text.
type oddities struct {
	n             int
	packedStrings bool // in a PackedStringArray, whose elements end in a NUL
}

// add counts tok's oddities: written as no engine writes it (stray header
// bits, a bool word over 1, padding that is not zero, ...), reals that are
// denormal, infinite or NaN (a small integer's bits read as a float is a
// denormal), and control characters in text.
func (o *oddities) add(tok gdvar.Token) {
	if !tok.IsCanonical() {
		o.n++
	}
	typ := tok.Type()
	switch k := tok.Kind(); {
	case k == gdvar.KindFloat32:
		o.n += oddReal32(math.Float32bits(float32(tok.Float())))
	case k == gdvar.KindFloat64:
		o.n += oddReal64(math.Float64bits(tok.Float()))
	case k == gdvar.KindString || k == gdvar.KindStringName:
		o.n += oddText(tok.Bytes(), o.packedStrings)
	case k == gdvar.KindPackedStart:
		o.packedStrings = typ == gdvar.TypePackedStringArray
	case k == gdvar.KindPackedEnd:
		o.packedStrings = false
	case k == gdvar.KindPackedChunk && realElems(typ):
		o.n += oddReals(tok.Bytes(), tok.Is64() || typ == gdvar.TypePackedFloat64Array)
	case typ.HasReals():
		o.n += oddReals(tok.Bytes(), tok.Is64())
	case k == gdvar.KindRID || k == gdvar.KindObjectID || k == gdvar.KindCallable || k == gdvar.KindSignal:
		o.n++ // a handle of the engine that wrote it, which no data keeps
	}
}

// realElems reports whether a packed array of typ holds reals.
func realElems(typ gdvar.Type) bool {
	switch typ {
	case gdvar.TypePackedFloat32Array, gdvar.TypePackedFloat64Array, gdvar.TypePackedVector2Array,
		gdvar.TypePackedVector3Array, gdvar.TypePackedColorArray, gdvar.TypePackedVector4Array:
		return true
	}
	return false
}

// oddReals counts the reals in b (64-bit if wide, else 32-bit) that are
// denormal, infinite or NaN.
func oddReals(b []byte, wide bool) int {
	n := 0
	for ; wide && len(b) >= 8; b = b[8:] {
		n += oddReal64(binary.LittleEndian.Uint64(b))
	}
	for ; !wide && len(b) >= 4; b = b[4:] {
		n += oddReal32(binary.LittleEndian.Uint32(b))
	}
	return n
}

// oddReal32 reports (as 1) whether a float32's bits are denormal (a small
// integer's bits are), infinite or NaN.
func oddReal32(bits uint32) int {
	if exp, mant := bits>>23&0xff, bits&(1<<23-1); exp == 0xff || exp == 0 && mant != 0 {
		return 1
	}
	return 0
}

// oddReal64 is oddReal32 for a float64's bits.
func oddReal64(bits uint64) int {
	if exp, mant := bits>>52&0x7ff, bits&(1<<52-1); exp == 0x7ff || exp == 0 && mant != 0 {
		return 1
	}
	return 0
}

// oddText reports (as 1) whether text holds a control character other than
// tab, line feed and carriage return, or a NUL, which no String holds; an
// element of a PackedStringArray ends in one NUL, as the engine writes it.
func oddText(text []byte, element bool) int {
	if element && len(text) > 0 && text[len(text)-1] == 0 {
		text = text[:len(text)-1]
	}
	for _, c := range text {
		if c < 0x20 && c != '\t' && c != '\n' && c != '\r' {
			return 1
		}
	}
	return 0
}
