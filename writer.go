package gdvar

import (
	"fmt"
	"io"
	"math"

	"github.com/valyala/bytebufferpool"
)

// directWriteSize is the chunk size from which an Encoder hands a chunk's
// bytes to the writer as they are instead of copying them into its buffer.
const directWriteSize = 4 << 10

// flushSize is how much output an Encoder buffers inside a value before
// handing it to the writer.
const flushSize = 64 << 10

// Encoder writes Godot Variant values to an output as a stream of tokens.
//
// It checks the structure as it goes: a container gets exactly the elements
// its start token declared, string chunks add up to the declared length, a
// Dictionary's entries are DictKey, key, value, and every end matches its
// start. A token that does not fit is refused with an *EncodeError matching
// [ErrUnexpectedToken], and nothing is written for it, so the value can be
// completed with the right token. An error from the writer is final.
//
// Output is collected in a pooled buffer and handed to the writer when a
// top-level value is complete, when more than 64 KiB is buffered (1 MiB
// while a [DeferredCount] is open, so that most counts are filled in in the
// buffer), on Flush, and for large chunks, which go to the writer directly.
// Memory therefore stays bounded however large a value is.
type Encoder struct {
	w        io.Writer
	cfg      *config // read only: a Codec's, or defaultConfig
	tab      *engineTable
	bb       *bytebufferpool.ByteBuffer
	st       stack
	out      int64 // bytes handed to the writer
	deferred int   // deferred counts open
	seeks    int8  // whether w can seek back (DeferredCount): 0 not asked yet, 1 yes, -1 no
	err      error
	es       encodeState               // the value layer's state (Encode)
	own      bytebufferpool.ByteBuffer // AppendMarshal's buffer: the caller's slice
}

// NewEncoder returns an [Encoder] writing to w with the default settings (a
// Codec's NewEncoder takes others).
func NewEncoder(w io.Writer) *Encoder {
	e := &Encoder{}
	e.reset(w, &defaultConfig)
	return e
}

// Reset makes e write to w with the settings it was made with, dropping
// any unfinished value and unflushed output ([Codec.ResetEncoder] changes
// the settings).
func (e *Encoder) Reset(w io.Writer) {
	cfg := e.cfg
	if cfg == nil { // a zero Encoder
		cfg = &defaultConfig
	}
	e.reset(w, cfg)
}

// reset makes e write to w with the configuration cfg, which it never
// writes.
func (e *Encoder) reset(w io.Writer, cfg *config) {
	if e.bb != nil && e.bb != &e.own {
		putWriteBuffer(e.bb)
	}
	// Field by field, every one but the value layer's scratch space and its
	// remembered encoders: zeroing the whole Encoder cost more than the
	// rest of writing a small value.
	e.w, e.bb, e.own = w, nil, bytebufferpool.ByteBuffer{}
	e.st = stack{frames: e.st.frames[:0]}
	e.out, e.deferred, e.seeks = 0, 0, 0
	e.es.e, e.es.flatMax, e.es.chunk, e.es.refs, e.es.hops = nil, 0, nil, e.es.refs[:0], 0
	e.cfg = cfg
	e.tab = e.cfg.engine.table()
	e.err = nil
}

// OutputOffset returns the number of bytes written so far, flushed or not.
func (e *Encoder) OutputOffset() int64 {
	if e.bb == nil {
		return e.out
	}
	return e.out + int64(len(e.bb.B))
}

// Depth returns the number of open containers, packed arrays and chunked
// strings.
func (e *Encoder) Depth() int { return len(e.st.frames) }

// Flush hands the buffered output to the writer.
func (e *Encoder) Flush() error {
	if e.err != nil {
		return e.err
	}
	if e.bb == nil {
		return nil
	}
	if e.w == nil {
		return nil // Marshal: the output stays in the buffer
	}
	if len(e.bb.B) > 0 {
		n, err := e.w.Write(e.bb.B)
		e.out += int64(n)
		e.bb.B = e.bb.B[:0]
		if err != nil {
			e.err = &EncodeError{Path: e.st.path(false), Detail: "write", Err: err}
			return e.err
		}
	}
	if len(e.st.frames) == 0 {
		putWriteBuffer(e.bb)
		e.bb = nil
	}
	return nil
}

// misuse reports a token that does not fit; nothing is written.
func (e *Encoder) misuse(format string, args ...any) error {
	return &EncodeError{Path: e.st.path(true), Detail: fmt.Sprintf(format, args...), Err: ErrUnexpectedToken}
}

// WriteToken writes the next token.
func (e *Encoder) WriteToken(t Token) error {
	if e.err != nil {
		return e.err
	}
	if e.bb == nil {
		e.bb = getWriteBuffer()
	}
	f := e.st.top()
	leaf := f != nil && t.x == 0 && leafKinds[t.Kind()] && f.next() == expValue && e.writeLeaf(t, f)
	if !leaf {
		if err := e.writeToken(t, f); err != nil {
			return err
		}
	}
	if e.flushDue() {
		return e.Flush()
	}
	return nil
}

// flushDue reports whether the output goes to the writer now: a top-level
// value is complete, or enough is buffered.
func (e *Encoder) flushDue() bool {
	return len(e.st.frames) == 0 || len(e.bb.B) >= e.flushAt() && e.w != nil
}

// writeToken writes t, which the top frame f (nil at the top level) takes
// next, with every check.
func (e *Encoder) writeToken(t Token, f *frame) error {
	if f != nil && f.deferred && endsDeferred(f, t) {
		if err := e.closeDeferred(f); err != nil {
			return err
		}
	}
	var err error
	switch exp := e.st.next(); exp {
	case expValue:
		err = e.writeValue(t)
	case expElement:
		if t.Kind() != KindString {
			return e.unexpected(t, exp, f)
		}
		err = e.writeString(t, false)
	case expStringChunk:
		err = e.writeStringChunk(t, f)
	case expChunk:
		err = e.writeChunk(t, f)
	default:
		if t.Kind() != markerKinds[exp] {
			return e.unexpected(t, exp, f)
		}
		err = e.writeMarker(t, f)
	}
	return err
}

// leafKinds are the kinds writeLeaf may take.
var leafKinds = func() (k [kindCount]bool) {
	for _, kind := range []Kind{KindBool, KindInt32, KindInt64, KindFloat32, KindFloat64, KindString} {
		k[kind] = true
	}
	for kind := KindVector2; kind <= KindColor; kind++ {
		k[kind] = true
	}
	return k
}()

// markerKinds is the token kind each structural expectation takes.
var markerKinds = [...]Kind{
	expArrayEnd: KindArrayEnd, expDictKey: KindDictKey, expDictEnd: KindDictEnd,
	expProperty: KindObjectProperty, expObjectEnd: KindObjectEnd, expPackedEnd: KindPackedEnd,
}

// unexpected explains why t does not fit where exp was expected.
func (e *Encoder) unexpected(t Token, exp expect, f *frame) error {
	what := exp.String()
	if f != nil {
		switch f.kind {
		case frameArray, framePackedStrings:
			what += " (" + f.written("elements") + ")"
		case frameDict:
			what += " (" + f.written("entries") + ")"
		case frameObject:
			what += " (" + f.written("properties") + ")"
		case framePacked, frameString:
			what += " (" + f.written("bytes") + ")"
		}
	}
	return e.misuse("got %s, expected %s", t.Kind(), what)
}

// writeMarker writes an end token or a DictKey / ObjectProperty marker.
func (e *Encoder) writeMarker(t Token, f *frame) error {
	switch t.Kind() {
	case KindDictKey:
		e.st.startEntry()
		return nil
	case KindObjectProperty:
		e.bb.B = appendName(e.bb.B, t.Bytes(), t.pad())
		e.st.startEntry()
		e.st.noteKey(KindString, t.Bytes(), 0)
		return nil
	case KindPackedEnd:
		if f.typ == TypePackedByteArray || f.typ == TypeImage {
			n := padding(f.total)
			if t.flags()&flagUnpadded != 0 {
				n = int(t.num)
			}
			e.bb.B = appendPad(e.bb.B, n, t.pad())
		}
	}
	e.st.pop()
	return nil
}

// header returns the header word of a value of type typ with the given flag
// bits, keeping the ignored bits of a decoded token.
func (e *Encoder) header(t Token, flags uint32) uint32 {
	return uint32(e.tab.wire[t.Type()]) | flags | t.hdrx()
}

// untypedExt is the extra part of an untyped container's start.
var untypedExt tokenExt

// valueKinds are the kinds that start a value; opensFrame, those whose value
// continues in later tokens.
var valueKinds, opensFrame [kindCount]bool

func init() {
	for k := KindNil; k < kindCount; k++ {
		switch k {
		case KindPackedChunk, KindArrayEnd, KindDictEnd, KindDictKey, KindObjectEnd, KindObjectProperty, KindPackedEnd:
		default:
			valueKinds[k] = true
		}
	}
	for _, k := range []Kind{KindObjectStart, KindArrayStart, KindDictStart, KindPackedStart, KindImageStart} {
		opensFrame[k] = true
	}
}

// writeValue writes t where a value goes: checked (checkValue), then a
// container's start (appendStart), which opens a frame, or a whole value
// (appendWhole).
func (e *Encoder) writeValue(t Token) error {
	flags, deferred, err := e.checkValue(t)
	if err != nil {
		return err
	}
	k := t.Kind()
	if k == KindString || k == KindStringName {
		return e.writeString(t, true)
	}
	var b []byte
	if opensFrame[k] {
		b, err = e.appendStart(e.bb.B, t, flags)
	} else {
		b, err = e.appendWhole(e.bb.B, t, flags)
	}
	if err != nil {
		return err
	}
	if deferred {
		e.deferTop(b)
	}
	e.bb.B = b
	if !opensFrame[k] {
		e.st.startValue()
		if k == KindInt32 || k == KindInt64 {
			e.st.noteKey(k, nil, int64(t.num))
		}
	}
	return nil
}

// checkValue returns the header flags of t, a value to write, and whether
// it opens a frame of a deferred count; or the error of a token that is
// not a value, or that the engine version or the limits refuse.
func (e *Encoder) checkValue(t Token) (flags uint32, deferred bool, err error) {
	k := t.Kind()
	if k >= kindCount || !valueKinds[k] {
		return 0, false, e.unexpected(t, expValue, e.st.top())
	}
	if !e.tab.has(t.Type()) {
		return 0, false, e.misuse("%s does not exist in %s", t.Type(), e.tab.name)
	}
	if e.st.depth > e.cfg.limits.MaxDepth {
		return 0, false, &EncodeError{Path: e.st.path(true), Detail: fmt.Sprintf("value nested in more than %d containers", e.cfg.limits.MaxDepth), Err: errTooDeepToken}
	}
	if t.Is64() {
		if e.tab.flagBits[t.Type()]&flag64 == 0 {
			return 0, false, e.misuse("%s has no 64-bit form in %s", t.Type(), e.tab.name)
		}
		flags = flag64
	}
	deferred = opensFrame[k] && t.count() == DeferredCount && k != KindImageStart
	if deferred {
		if err := e.canDefer(); err != nil {
			return 0, false, err
		}
	} else if n := t.count(); opensFrame[k] && (n < 0 || n > math.MaxInt32) {
		return 0, false, e.misuse("%s count %d is outside the int32 range Godot allows", k, n)
	}
	return flags, deferred, nil
}

// appendWhole appends to b t, a value that opens no frame (not a string),
// with header flags flags.
func (e *Encoder) appendWhole(b []byte, t Token, flags uint32) ([]byte, error) {
	switch t.Kind() {
	case KindNil, KindCallable:
		b = le32(b, e.header(t, 0))
	case KindBool, KindInt32, KindFloat32:
		b = appendWord(b, e.header(t, 0), uint32(t.num))
	case KindInt64, KindFloat64:
		b = appendWord64(b, e.header(t, flags), t.num)
	case KindRID:
		b = le32(b, e.header(t, 0))
		if e.tab.ridPayload {
			b = le64(b, t.num)
		} else if t.num != 0 {
			return nil, e.misuse("a RID has no payload in %s: only RID 0 can be written, got %d", e.tab.name, t.num)
		}
	case KindObjectID:
		if !e.tab.objectPayload {
			if t.num != 0 {
				return nil, e.misuse("an Object has no payload in %s: only a null object can be written, got id %d", e.tab.name, t.num)
			}
			return le32(b, e.header(t, 0)), nil
		}
		b = appendWord64(b, e.header(t, flagObjectAsID), t.num)
	case KindInputEvent:
		ev := t.InputEvent()
		if n, known := knownFields(ev.Type); known && n != len(ev.Fields) {
			return nil, e.misuse("InputEvent of type %d has %d fields in Godot 2, got %d", ev.Type, n, len(ev.Fields))
		}
		b = append(le32(le32(le32(le32(b, e.header(t, 0)), ev.Type), ev.Device), t.eventLen()), t.Bytes()...)
	case KindSignal:
		b = le64(appendName(le32(b, e.header(t, 0)), t.Bytes(), t.pad()), t.num)
	case KindNodePath:
		w := &t.ext().path
		if w.words[0]&nodePathNewForm == 0 {
			if !e.tab.nodePathOldForm {
				return nil, e.misuse("the old plain-string NodePath form does not exist in %s", e.tab.name)
			}
			return appendName(le32(b, e.header(t, 0)), stringBytes(w.names[0]), w.pads[0]), nil
		}
		b = le32(le32(le32(le32(b, e.header(t, 0)), w.words[0]), w.words[1]), w.words[2])
		for i, name := range w.names {
			b = appendName(b, stringBytes(name), w.pads[i])
		}
	default: // math types
		if size := t.Type().mathSize(t.Is64()); len(t.Bytes()) != size {
			return nil, e.misuse("%s payload of %d bytes, want %d", t.Type(), len(t.Bytes()), size)
		}
		b = appendMath(b, e.header(t, flags), t.Bytes())
	}
	return b, nil
}

// appendStart appends to b t, the start of a container, with header flags
// flags, and opens its frame.
func (e *Encoder) appendStart(b []byte, t Token, flags uint32) ([]byte, error) {
	var fr frame
	switch t.Kind() {
	case KindImageStart:
		h := t.Image()
		b = le32(le32(le32(le32(le32(le32(b, e.header(t, 0)), h.Format), h.Mipmaps), h.Width), h.Height), t.countWord())
		fr = frame{kind: framePacked, typ: TypeImage, remain: t.count()}
	case KindObjectStart:
		if !e.tab.objectPayload {
			return nil, e.misuse("full objects do not exist in %s", e.tab.name)
		}
		if len(t.Bytes()) == 0 && t.count() != 0 {
			return nil, e.misuse("a null object (empty class name) has no properties, got %d", t.count())
		}
		b = appendName(le32(b, e.header(t, 0)), t.Bytes(), t.pad())
		if len(t.Bytes()) != 0 {
			b = le32(b, t.countWord())
		}
		fr = frame{kind: frameObject, remain: t.count()}
	case KindArrayStart, KindDictStart:
		ext := t.ext()
		if ext == nil {
			ext = &untypedExt
		}
		if !e.tab.typed() && (ext.elem.Kind|ext.key.Kind|ext.value.Kind) != Untyped {
			return nil, e.misuse("typed containers do not exist in %s", e.tab.name)
		}
		fr = frame{kind: frameArray, remain: t.count()}
		if t.Kind() == KindArrayStart {
			b = le32(b, e.header(t, uint32(ext.elem.Kind)<<arrayKindShift))
			b = e.appendContainerType(b, ext.elem)
		} else {
			fr.kind = frameDict
			b = le32(b, e.header(t, uint32(ext.key.Kind)<<dictKeyShift|uint32(ext.value.Kind)<<dictValueShift))
			b = e.appendContainerType(e.appendContainerType(b, ext.key), ext.value)
		}
		b = le32(b, t.countWord())
	case KindPackedStart:
		if !t.Type().IsPacked() {
			return nil, e.misuse("PackedStart of %s, which is not a packed array", t.Type())
		}
		b = appendWord(b, e.header(t, flags), t.countWord())
		fr = frame{kind: framePacked, typ: t.Type(), wide: t.Is64(), remain: t.count()}
		if t.Type() == TypePackedStringArray {
			fr.kind = framePackedStrings
		} else {
			fr.remain *= int64(t.Type().packedElemSize(fr.wide))
		}
	}
	fr.total = fr.remain
	e.st.startValue()
	e.st.push(fr)
	return b, nil
}

func (e *Encoder) appendContainerType(b []byte, ct ContainerType) []byte {
	switch ct.Kind {
	case TypedBuiltin:
		return le32(b, uint32(e.tab.wire[ct.Builtin]))
	case TypedClass, TypedScript:
		return appendName(b, stringBytes(ct.Name), ct.pad)
	}
	return b
}

// writeString writes the first chunk of a String or StringName value
// (withHeader) or of a PackedStringArray element. A string from a Decoder
// is written as it was; another element gets the NUL terminator Godot writes.
func (e *Encoder) writeString(t Token, withHeader bool) error {
	addNUL := !withHeader && t.flags()&flagWire == 0
	total := t.count()
	deferred := total == DeferredCount
	if deferred {
		if err := e.canDefer(); err != nil {
			return err
		}
		total = math.MaxInt32 // the most it can hold
		if addNUL {
			total--
		}
	}
	if total < 0 {
		return e.misuse("string length %d is negative", total)
	}
	if int64(len(t.Bytes())) > total {
		return e.misuse("string chunk of %d bytes exceeds the declared length %d", len(t.Bytes()), total)
	}
	wireLen := total
	if addNUL {
		wireLen++
	}
	if wireLen > 1<<31-1 {
		return e.misuse("string of %d bytes is longer than Godot allows", wireLen)
	}
	if withHeader {
		e.bb.B = le32(e.bb.B, e.header(t, 0))
	}
	e.bb.B = le32(e.bb.B, uint32(wireLen))
	e.st.startValue()
	e.st.noteKey(t.Kind(), t.Bytes(), 0)
	if data := t.Bytes(); int64(len(data)) == total && len(data) < directWriteSize {
		// The whole string in one token, the common case: no frame needed.
		e.bb.B = append(e.bb.B, data...)
		if addNUL {
			e.bb.B = append(e.bb.B, 0)
		}
		e.bb.B = appendPad(e.bb.B, padding(wireLen), t.pad())
		return nil
	}
	e.st.push(frame{kind: frameString, typ: t.Type(), total: total, remain: total, addNUL: addNUL,
		deferred: deferred, at: e.out + int64(len(e.bb.B)) - 4})
	if deferred {
		e.deferred++
	}
	return e.writeStringChunk(t, e.st.top())
}

// writeStringChunk writes a chunk of the string in frame f.
func (e *Encoder) writeStringChunk(t Token, f *frame) error {
	if t.Type() != f.typ || t.Kind() != KindString && t.Kind() != KindStringName {
		return e.unexpected(t, expStringChunk, f)
	}
	if f.deferred {
		if n := t.count(); n != DeferredCount {
			if err := e.endDeferredString(f, n, len(t.Bytes())); err != nil {
				return err
			}
		} else if int64(len(t.Bytes())) >= f.remain { // only the last chunk may fill it
			return e.misuse("string of deferred length longer than Godot allows (%d bytes and more)", f.total-f.remain+int64(len(t.Bytes())))
		}
	} else if t.count() != f.total {
		return e.misuse("string chunk declares length %d, the string being written has %d", t.count(), f.total)
	}
	if int64(len(t.Bytes())) > f.remain {
		return e.misuse("string chunk of %d bytes exceeds the %d bytes left", len(t.Bytes()), f.remain)
	}
	if err := e.writeData(t.Bytes()); err != nil {
		return err
	}
	f.remain -= int64(len(t.Bytes()))
	if f.remain == 0 {
		n := f.total
		if f.addNUL {
			e.bb.B = append(e.bb.B, 0)
			n++
		}
		e.bb.B = appendPad(e.bb.B, padding(n), t.pad())
		e.st.pop()
	}
	return nil
}

// writeChunk writes a chunk of the numeric packed array in frame f.
func (e *Encoder) writeChunk(t Token, f *frame) error {
	if t.Kind() != KindPackedChunk {
		return e.unexpected(t, expChunk, f)
	}
	if elem := f.typ.packedElemSize(f.wide); len(t.Bytes())%elem != 0 {
		return e.misuse("%s chunk of %d bytes is not whole %d-byte elements", f.typ, len(t.Bytes()), elem)
	}
	if int64(len(t.Bytes())) > f.remain {
		return e.misuse("%s chunk of %d bytes exceeds the %d bytes left", f.typ, len(t.Bytes()), f.remain)
	}
	if err := e.writeData(t.Bytes()); err != nil {
		return err
	}
	f.remain -= int64(len(t.Bytes()))
	return nil
}

// writeData writes a chunk's bytes: copied into the buffer when small, else
// straight to the writer after what is buffered.
func (e *Encoder) writeData(p []byte) error {
	if len(p) < directWriteSize || e.w == nil {
		e.bb.B = append(e.bb.B, p...)
		return nil
	}
	if err := e.Flush(); err != nil {
		return err
	}
	n, err := e.w.Write(p)
	e.out += int64(n)
	if err != nil {
		e.err = &EncodeError{Path: e.st.path(false), Detail: "write", Err: err}
	}
	return e.err
}

// writeRaw writes bytes of a top-level value that the caller checked
// (CopyValue), handing them to the writer as WriteToken would.
func (e *Encoder) writeRaw(b []byte) error {
	if e.err != nil {
		return e.err
	}
	if e.bb == nil {
		e.bb = getWriteBuffer()
	}
	if err := e.writeData(b); err != nil {
		return err
	}
	if e.bb != nil && len(e.bb.B) >= flushSize && e.w != nil { // (a large b went out directly, the buffer with it)
		return e.Flush()
	}
	return nil
}
