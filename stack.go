package gdvar

import "strconv"

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
	wide     bool  // 64-bit packed vector elements
	inKey    bool  // a Dictionary key is being read or written
	nulSeen  bool  // frameString: a NUL has been seen, so UTF-8 is no longer checked
	deferred bool  // the Encoder fills in the count at the end (DeferredCount)
	addNUL   bool  // frameString: the Encoder ends the string with a NUL (PackedStringArray)
	remain   int64 // elements, entries, properties or bytes still to come
	total    int64 // declared size: bytes of a string or packed payload
	at       int64 // deferred: the output offset of the count word
	idx      int64 // index of the current element, entry or property; -1 before the first
	// The current key or property, for paths: a short copy of a string key,
	// or an int key.
	keyKind Kind
	keyInt  int64
	keyLen  uint8
	keyBuf  [24]byte
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
	f.remain--
	f.idx++
	f.keyKind, f.keyLen = KindInvalid, 0
	if f.kind == frameDict {
		f.phase = phaseKey
	} else {
		f.phase = phaseValue
	}
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

// path renders the location of the current value, like $[3]["pos"]. With
// pending, the location is that of the next element of the top frame, which
// has not been recorded yet.
func (s *stack) path(pending bool) string {
	return string(s.appendPath(nil, pending, len(s.frames)))
}

// appendPath appends the path with at most max levels: the outermost and
// the innermost, around …(n)… for the n left out. Its cost is that of the
// levels shown.
func (s *stack) appendPath(b []byte, pending bool, max int) []byte {
	b = append(b, '$')
	n := len(s.frames)
	head := n
	if n > max {
		head = max / 2
	}
	for i := range head {
		b = s.appendStep(b, i, pending)
	}
	if head < n {
		tail := n - (max - head)
		b = append(strconv.AppendInt(append(b, "…("...), int64(tail-head), 10), ")…"...)
		for i := tail; i < n; i++ {
			b = s.appendStep(b, i, pending)
		}
	}
	return b
}

// appendStep appends frame i's part of the path.
func (s *stack) appendStep(b []byte, i int, pending bool) []byte {
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
		return f.appendKey(append(b, '.'), false)
	case frameDict:
		return appendDictStep(b, f, pending && i == len(s.frames)-1)
	}
	return b
}

// appendKey appends the short copy of f's key, quoted or not, with … when
// the key is longer.
func (f *frame) appendKey(b []byte, quote bool) []byte {
	key := f.keyBuf[:f.keyLen]
	more := ""
	if int(f.keyLen) == len(f.keyBuf) {
		more = "…"
	}
	if !quote {
		return append(append(b, key...), more...)
	}
	return strconv.AppendQuote(b, string(key)+more)
}

// appendDictStep appends a Dictionary entry: ["name"], [&"name"], [7], or
// [#i] for a key of another type; {#i} while the key itself is being read.
// pending says the next value of f is meant.
func appendDictStep(b []byte, f *frame, pending bool) []byte {
	if f.phase == phaseKey || f.inKey && !(pending && f.phase == phaseValue) {
		return append(strconv.AppendInt(append(b, "{#"...), f.idx, 10), '}')
	}
	b = append(b, '[')
	switch f.keyKind {
	case KindString:
		b = f.appendKey(b, true)
	case KindStringName:
		b = f.appendKey(append(b, '&'), true)
	case KindInt32, KindInt64:
		b = strconv.AppendInt(b, f.keyInt, 10)
	default:
		b = strconv.AppendInt(append(b, '#'), f.idx, 10)
	}
	return append(b, ']')
}
