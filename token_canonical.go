package gdvar

import (
	"bytes"
	"math"
	"unsafe"
)

// IsCanonical reports whether t is written as Godot itself writes what it
// says: no header bits the engine ignores, a bool word of 0 or 1, zero
// padding, counts without stray bits, an int or float with the width Godot
// picks (NaN with 64 bits), a math value with the width Marshal's default
// rule picks and the same bits.
//
// [Unmarshal] into an interface{} keeps a value as a [RawValue] exactly when one
// of its own tokens is not canonical, or, for a packed array of vectors,
// when its elements do not have the width Marshal's rule picks for them
// all (which no single token shows). A NodePath written in an older or odd
// form is not a RawValue: the NodePath keeps its wire form. Tokens made by the *Token functions are
// canonical except for ints, floats and math values of an odd width.
func (t Token) IsCanonical() bool {
	if t.hdrx() != 0 {
		return false
	}
	switch t.Kind() {
	case KindBool:
		return t.num <= 1
	case KindInt64:
		n := t.Int()
		return n != int64(int32(n))
	case KindFloat32:
		return !math.IsNaN(t.Float())
	case KindFloat64:
		f := t.Float()
		return float64(float32(f)) != f
	case KindString, KindStringName, KindSignal, KindObjectProperty:
		return t.pad() == 0
	case KindInputEvent:
		return t.eventLen() == uint32(12+4*len(t.InputEvent().Fields))
	case KindArrayStart, KindDictStart:
		return t.countWord()&^countSharedBit == uint32(t.Len())
	case KindObjectStart:
		return t.pad() == 0 && (t.Name() == "" || t.countWord() == uint32(t.Len()))
	case KindPackedStart:
		return t.countWord() == uint32(t.Len())
	case KindPackedEnd:
		return t.pad() == 0 && t.flags()&flagUnpadded == 0
	}
	if typ := t.Type(); t.Kind() >= KindVector2 && t.Kind() <= KindColor && typ.HasReals() {
		comps := make([]float64, typ.reals())
		readReals(comps, t.Bytes(), t.Is64())
		return bytes.Equal(appendReals(nil, comps, anyWide(comps)), t.Bytes())
	}
	return true
}

// nodePathCanonical reports whether a NodePath token has the words and
// padding Godot writes for its path.
func nodePathCanonical(t Token) bool {
	w := &t.ext().path
	canon := NodePathToken(t.NodePath()).ext().path
	return w.words == canon.words && bytes.Equal(wordsOf(w.pads), wordsOf(canon.pads)) && w.words[0]&nodePathNewForm != 0
}

func wordsOf(s []uint32) []byte {
	if len(s) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&s[0])), 4*len(s))
}
