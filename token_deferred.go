package gdvar

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
)

// DeferredCount, given as the count of an [ArrayStartToken], [DictStartToken],
// [ObjectStartToken] or [PackedStartToken], or as the total of a
// [StringChunkToken] or [StringNameChunkToken], tells the [Encoder] that the
// number is not known yet: it writes a placeholder and fills it in when the
// value ends. A container, object or packed array of deferred count ends
// with its end token, wherever it is; a string of deferred length with a
// chunk that gives the real length (every byte written, that chunk's
// included), which may be empty.
//
// This is for producers that learn counts only at the end, such as a
// parser of a text form, so they need not read their input twice. The
// placeholder may have been handed to the writer by then, so the Encoder
// must write to an io.WriteSeeker that can seek (an *os.File of a regular
// file, not a pipe, not one opened with O_APPEND), which it seeks back to
// fill it in, or to memory ([AppendMarshal]); with another writer a deferred
// count is refused. Each count is still at most what Godot allows (2^31-1).
const DeferredCount = -1

// deferredFlushSize is how much output an Encoder buffers while a deferred
// count is open: the more it holds, the more counts it fills in in its
// buffer rather than by seeking back in the writer.
const deferredFlushSize = 1 << 20

// flushAt is the buffered output that makes WriteToken flush.
func (e *Encoder) flushAt() int {
	if e.deferred > 0 {
		return deferredFlushSize
	}
	return flushSize
}

// canDefer refuses a deferred count when the Encoder could not fill it in:
// its writer is not an io.WriteSeeker, or one that cannot seek (a pipe is
// an *os.File too), which it asks once.
func (e *Encoder) canDefer() error {
	if e.w == nil {
		return nil
	}
	if ws, ok := e.w.(io.WriteSeeker); ok && e.seeks == 0 {
		e.seeks = -1
		if _, err := ws.Seek(0, io.SeekCurrent); err == nil {
			e.seeks = 1
		}
	}
	if e.seeks > 0 {
		return nil
	}
	return e.misuse("a deferred count needs an Encoder writing to memory or to an io.WriteSeeker that can seek, not %T", e.w)
}

// errNotWhereSought is patch's error when the writer wrote elsewhere than
// where it was sought.
var errNotWhereSought = errors.New("the writer did not write where it was sought (a file opened for appending?)")

// deferTop marks the frame just opened as of deferred count, its count word
// being the last 4 bytes of b, the output not yet buffered.
func (e *Encoder) deferTop(b []byte) {
	f := e.st.top()
	f.deferred, f.at = true, e.out+int64(len(b))-4
	f.total = math.MaxInt32
	if f.kind == framePacked {
		f.total *= int64(f.typ.packedElemSize(f.wide))
	}
	f.remain = f.total
	e.deferred++
}

// endKinds are the tokens that end each kind of frame.
var endKinds = [...]Kind{
	frameArray: KindArrayEnd, frameDict: KindDictEnd, frameObject: KindObjectEnd,
	framePacked: KindPackedEnd, framePackedStrings: KindPackedEnd,
}

// endsDeferred reports whether t ends f, a frame of deferred count.
func endsDeferred(f *frame, t Token) bool {
	return f.kind != frameString && t.Kind() == endKinds[f.kind] && (f.phase == phaseEntry || f.kind != frameDict && f.kind != frameObject)
}

// closeDeferred fills in the count of f, which its end token now ends.
func (e *Encoder) closeDeferred(f *frame) error {
	n := f.total - f.remain
	count := n
	if f.kind == framePacked {
		count /= int64(f.typ.packedElemSize(f.wide))
	}
	f.total, f.remain, f.deferred = n, 0, false
	e.deferred--
	return e.patch(f.at, uint32(count))
}

// endDeferredString fills in the length of f, a string of deferred length,
// whose last chunk declares total bytes and holds size of them.
func (e *Encoder) endDeferredString(f *frame, total int64, size int) error {
	written := f.total - f.remain
	if int64(size) > f.remain {
		return e.misuse("string of deferred length longer than Godot allows (%d bytes and more)", written+int64(size))
	}
	if total != written+int64(size) {
		return e.misuse("string chunk declares length %d, the string has %d bytes with it", total, written+int64(size))
	}
	f.total, f.remain, f.deferred = total, int64(size), false
	e.deferred--
	if f.addNUL {
		total++
	}
	return e.patch(f.at, uint32(total))
}

// patch writes v as the 32-bit word at output offset at: in the buffer,
// or, once handed over, in the writer, an io.WriteSeeker holding the
// output up to its current offset.
func (e *Encoder) patch(at int64, v uint32) error {
	if at >= e.out {
		binary.LittleEndian.PutUint32(e.bb.B[at-e.out:], v)
		return nil
	}
	ws := e.w.(io.WriteSeeker) // canDefer let the count be deferred
	var word [4]byte
	binary.LittleEndian.PutUint32(word[:], v)
	cur, err := ws.Seek(0, io.SeekCurrent)
	pos := cur - (e.out - at)
	if err == nil {
		_, err = ws.Seek(pos, io.SeekStart)
	}
	if err == nil {
		_, err = ws.Write(word[:])
	}
	var end int64
	if err == nil {
		end, err = ws.Seek(0, io.SeekCurrent)
	}
	if err == nil && end != pos+4 {
		err = errNotWhereSought
	}
	if err == nil {
		_, err = ws.Seek(cur, io.SeekStart)
	}
	if err != nil {
		e.err = &EncodeError{Path: e.st.path(false), Detail: "fill in a deferred count", Err: err}
	}
	return e.err
}

// written describes how much of f is written, for errors.
func (f *frame) written(unit string) string {
	if f.deferred {
		return fmt.Sprintf("%d %s written, count deferred", f.total-f.remain, unit)
	}
	return fmt.Sprintf("%d of %d %s written", f.total-f.remain, f.total, unit)
}
