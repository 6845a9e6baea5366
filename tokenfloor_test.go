package gdvar

import (
	"io"
	"unsafe"
)

// tokenFloor reads the tokens of a well-formed Godot 4 value made of the
// game state's types with the least work any token reader must do: one
// call a token, which returns the token and keeps only the counts of the
// open containers. It checks nothing (no bounds, UTF-8, limits or depth)
// and keeps nothing for paths or offsets, so it is a floor for ReadToken,
// not a reader: BenchmarkDecodeGameStateFloor measures both on the game
// state.
type tokenFloor struct {
	buf   []byte
	pos   int
	depth int
	// Per open container: the values still to come (two an entry in a
	// Dictionary), whether it is a Dictionary, and whether the marker of
	// the entry being read has been returned.
	left   [32]int64
	isDict [32]bool
	marked [32]bool
}

// newTokenFloor returns a tokenFloor over a copy of data, with room after
// it for the word reads that run past a value's end.
func newTokenFloor(data []byte) *tokenFloor {
	buf := make([]byte, len(data), len(data)+8)
	copy(buf, data)
	t := &tokenFloor{buf: buf}
	t.left[0] = 1
	return t
}

// Next returns the next token, or io.EOF after the value. It is kept out
// of line, as ReadToken is, so that both pay for a call.
//
//go:noinline
func (t *tokenFloor) Next() (Token, error) {
	depth := t.depth
	if t.left[depth] == 0 {
		if depth == 0 {
			return Token{}, io.EOF
		}
		t.depth--
		if t.isDict[depth] {
			return DictEndToken, nil
		}
		return ArrayEndToken, nil
	}
	if t.isDict[depth] && t.left[depth]&1 == 0 && !t.marked[depth] {
		t.marked[depth] = true
		return DictKeyToken, nil
	}
	t.marked[depth] = false
	t.left[depth]--
	pos := t.pos
	p := unsafe.Add(unsafe.Pointer(unsafe.SliceData(t.buf[:cap(t.buf)])), pos)
	hdr := load32(p, 0)
	// A switch on the header, not a table: each case's size is a constant,
	// so the next token's position waits for no load (measured faster).
	switch Type(hdr & 0xff) {
	case TypeString:
		l := int(load32(p, 4))
		t.pos = pos + 8 + l + padding(int64(l))
		return Token{meta: newToken(KindString, TypeString, flagWire|flagLast|flagRaw).meta | uint64(l)<<32, num: uint64(l), p: unsafe.Add(p, 8)}, nil
	case TypeBool:
		t.pos = pos + 8
		return Token{meta: newToken(KindBool, TypeBool, 0).meta, num: uint64(load32(p, 4))}, nil
	case TypeInt:
		if hdr&flag64 != 0 {
			t.pos = pos + 12
			return Token{meta: newToken(KindInt64, TypeInt, flagWide).meta, num: load64(p, 4)}, nil
		}
		t.pos = pos + 8
		return Token{meta: newToken(KindInt32, TypeInt, 0).meta, num: uint64(int64(int32(load32(p, 4))))}, nil
	case TypeFloat:
		if hdr&flag64 != 0 {
			t.pos = pos + 12
			return Token{meta: newToken(KindFloat64, TypeFloat, flagWide).meta, num: load64(p, 4)}, nil
		}
		t.pos = pos + 8
		return Token{meta: newToken(KindFloat32, TypeFloat, 0).meta, num: uint64(load32(p, 4))}, nil
	case TypeVector3:
		t.pos = pos + 16
		return Token{meta: newToken(KindVector3, TypeVector3, 0).meta | 12<<32, p: unsafe.Add(p, 4)}, nil
	case TypeArray, TypeDictionary:
		w := load64(p, 4)
		count := int64(uint32(w) &^ countSharedBit)
		depth++
		t.depth = depth
		t.isDict[depth] = hdr&0xff == uint32(TypeDictionary)
		tok := Token{meta: newToken(KindArrayStart, TypeArray, flagRaw).meta, num: uint64(count) | w<<32}
		if t.isDict[depth] {
			tok.meta = newToken(KindDictStart, TypeDictionary, flagRaw).meta
			count *= 2
		}
		t.left[depth] = count
		t.pos = pos + 8
		return tok, nil
	}
	t.pos = pos + 4
	return newToken(KindNil, TypeNil, 0), nil
}
