package gdvar

import "encoding/binary"

// The structure of the value being read or written is a stack of frames, one
// per open container, packed array or chunked string. The Decoder and the
// Encoder share it: what may come next (next), the bookkeeping when a value
// or marker starts, and the path to the current value for errors.

type frameKind uint8

const (
	frameArray         frameKind = iota + 1
	frameDict                    // entries: DictKey marker, key, value
	frameObject                  // properties: ObjectProperty, value
	framePacked                  // a numeric packed array; remain counts bytes
	framePackedStrings           // a PackedStringArray; remain counts strings
	frameString                  // a string arriving in chunks; remain counts bytes
)

// Phases of a Dictionary or full-object frame.
const (
	phaseEntry uint8 = iota // next: DictKey / ObjectProperty, or the end
	phaseKey                // next: the key value
	phaseValue              // next: the value
)

// frame is one open element.
type frame struct {
	kind     frameKind
	typ      Type  // the packed array's or string's type
	phase    uint8 // for frameDict and frameObject
	inKey    bool  // a Dictionary key is being read or written (beside phase: the two are set together)
	wide     bool  // 64-bit packed vector elements
	nulSeen  bool  // frameString: a NUL has been seen, so UTF-8 is no longer checked
	deferred bool  // the Encoder fills in the count at the end (DeferredCount)
	addNUL   bool  // frameString: the Encoder ends the string with a NUL (PackedStringArray)
	remain   int64 // elements, entries, properties or bytes still to come
	total    int64 // declared size: bytes of a string or packed payload
	at       int64 // deferred: the output offset of the count word
	idx      int64 // index of the current element, entry or property; -1 before the first
	// The current key or property, for paths: a short copy of a string key,
	// or an int key (in this order, a frame is 80 bytes, not 88). The
	// Decoder's fast path notes a key where it is instead, with keyInBuf:
	// keyKind is its kind and its header is at keyInt in the Decoder's
	// buffer, read only for a path, or copied to keyBuf and keyInt if the
	// bytes are to leave the buffer (keepKeys).
	keyInt   int64
	keyKind  Kind
	keyLen   uint8
	keyInBuf bool
	keyBuf   [24]byte
}

// expect is what a frame accepts next.
type expect uint8

const (
	expValue expect = iota
	expArrayEnd
	expDictKey
	expDictEnd
	expProperty
	expObjectEnd
	expChunk
	expPackedEnd
	expElement // a PackedStringArray element (a string without header)
	expStringChunk
)

var expectNames = [...]string{
	expValue: "a value", expArrayEnd: "ArrayEnd", expDictKey: "DictKey",
	expDictEnd: "DictEnd", expProperty: "ObjectProperty",
	expObjectEnd: "ObjectEnd", expChunk: "PackedChunk",
	expPackedEnd: "PackedEnd", expElement: "a String element",
	expStringChunk: "the next chunk of the string",
}

func (e expect) String() string { return expectNames[e] }

// next says what the frame accepts next.
func (f *frame) next() expect {
	switch f.kind {
	case frameArray:
		if f.remain > 0 {
			return expValue
		}
		return expArrayEnd
	case frameDict:
		if f.phase != phaseEntry {
			return expValue
		}
		if f.remain > 0 {
			return expDictKey
		}
		return expDictEnd
	case frameObject:
		if f.phase != phaseEntry {
			return expValue
		}
		if f.remain > 0 {
			return expProperty
		}
		return expObjectEnd
	case framePacked:
		if f.remain > 0 {
			return expChunk
		}
		return expPackedEnd
	case framePackedStrings:
		if f.remain > 0 {
			return expElement
		}
		return expPackedEnd
	}
	return expStringChunk
}

// stack is the open frames plus the container depth.
type stack struct {
	frames []frame
	last   *frame // &frames[len(frames)-1], or nil (also after a Decoder's final error): read for every token
	depth  int    // open Arrays, Dictionaries and full objects
}

func (s *stack) top() *frame { return s.last }

// next says what comes next; at the top level, a value.
func (s *stack) next() expect {
	if f := s.top(); f != nil {
		return f.next()
	}
	return expValue
}

// push opens a frame.
func (s *stack) push(f frame) {
	f.idx = -1
	s.frames = append(s.frames, f)
	s.last = &s.frames[len(s.frames)-1]
	if f.kind <= frameObject {
		s.depth++
	}
}

// pushContainer opens an Array's or Dictionary's frame in place, for the
// decoder's fast path: through push, whose frame is copied in, a token of
// the game state costs 3 instructions more (scripts/bench/instructions.sh).
func (s *stack) pushContainer(kind Kind, count int64) {
	fk := frameArray
	if kind == KindDictStart {
		fk = frameDict
	}
	n := len(s.frames)
	if n == cap(s.frames) {
		s.frames = append(s.frames, frame{})
	}
	s.frames = s.frames[:n+1]
	f := &s.frames[n]
	*f = frame{kind: fk, remain: count, total: count, idx: -1}
	s.last = f
	s.depth++
}

// pop closes the top frame.
func (s *stack) pop() {
	if s.frames[len(s.frames)-1].kind <= frameObject {
		s.depth--
	}
	s.frames = s.frames[:len(s.frames)-1]
	s.last = nil
	if n := len(s.frames); n > 0 {
		s.last = &s.frames[n-1]
	}
}

// popContainer closes the top frame, an Array or a Dictionary, for the
// decoder's fast path: pop without the test of the frame's kind.
func (s *stack) popContainer() {
	s.depth--
	s.last = nil
	if n := len(s.frames) - 1; n > 0 {
		frames := s.frames[:n]
		s.frames, s.last = frames, &frames[n-1]
	} else {
		s.frames = s.frames[:0]
	}
}

// startValue records that a value starts in the top frame, which must expect
// one.
func (s *stack) startValue() {
	if f := s.top(); f != nil {
		f.startValue()
	}
}

// startValue records that a value starts in f.
func (f *frame) startValue() {
	switch f.kind {
	case frameArray, framePackedStrings:
		f.remain--
		f.idx++
	case frameDict:
		if f.phase == phaseKey {
			f.phase, f.inKey = phaseValue, true
		} else {
			f.phase, f.inKey = phaseEntry, false
		}
	case frameObject:
		f.phase = phaseEntry
	}
}

// startEntry records a DictKey or ObjectProperty marker in the top frame.
func (s *stack) startEntry() {
	f := s.top()
	if f.kind == frameDict {
		f.startEntry(phaseKey)
	} else {
		f.startEntry(phaseValue)
	}
}

// startEntry records a marker in f, after which comes phase.
func (f *frame) startEntry(phase uint8) {
	f.remain--
	f.idx++
	f.keyKind, f.keyLen, f.keyInBuf = KindInvalid, 0, false
	f.phase = phase
}

// noteKey remembers a property name, or the first token of a Dictionary key
// when it is a string or an int, for paths.
func (s *stack) noteKey(kind Kind, text []byte, n int64) {
	if f := s.top(); f != nil {
		f.noteKey(kind, text, n)
	}
}

func (f *frame) noteKey(kind Kind, text []byte, n int64) {
	if f.keyKind != KindInvalid || !(f.inKey || f.kind == frameObject) {
		return
	}
	f.keyKind, f.keyInt = kind, n
	f.keyLen = uint8(copy(f.keyBuf[:], text))
}

// key returns the short copy of f's string key; src is the Decoder's
// buffer, which a key noted by its place there is read from.
func (f *frame) key(src []byte) []byte {
	if f.keyInBuf {
		at := f.keyInt + 8 // after the header and the length
		n := min(int64(binary.LittleEndian.Uint32(src[at-4:])), int64(len(f.keyBuf)))
		return src[at : at+n]
	}
	return f.keyBuf[:f.keyLen]
}

// intKey returns f's int key; src is as for key.
func (f *frame) intKey(src []byte) int64 {
	if !f.keyInBuf {
		return f.keyInt
	}
	if f.keyKind == KindInt64 {
		return int64(binary.LittleEndian.Uint64(src[f.keyInt+4:]))
	}
	return int64(int32(binary.LittleEndian.Uint32(src[f.keyInt+4:])))
}

// keepKeys copies the keys noted by their place in src to their frames,
// before the Decoder moves or drops the bytes of src.
func (s *stack) keepKeys(src []byte) {
	for i := range s.frames {
		f := &s.frames[i]
		if !f.keyInBuf {
			continue
		}
		switch f.keyKind {
		case KindString:
			f.keyLen = uint8(copy(f.keyBuf[:], f.key(src)))
		case KindInt32, KindInt64:
			f.keyInt = f.intKey(src)
		}
		f.keyInBuf = false
	}
}
