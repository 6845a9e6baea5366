package gdvar

import (
	"bytes"
	"math"
	"unsafe"
)

// The seam between the token layer (Decoder, Encoder) and the value layer
// (Marshal, Unmarshal and their flat paths): besides the exported API, the
// read-only cfg and tab, and the methods of this file are the value layer's
// only way into a Decoder's or an Encoder's internals, so that a change to
// the buffering (need, fill, compact, flushing) stays in the token layer's
// files. token_seam_test.go fails when a value-layer file reaches past them.

// rawValue returns the Decoder's buffer for a value to be read from its raw
// bytes: buf[pos:] is buffered and within MaxValueBytes, and the value is
// depth containers deep. ok is false where no value can start (a key or an
// end comes next, an error is final, the depth is past MaxDepth).
func (d *Decoder) rawValue() (buf []byte, pos, depth int, ok bool) {
	f := d.st.top()
	if d.err != nil || f != nil && (f.next() != expValue || f.inKey) {
		return nil, 0, 0, false
	}
	if f == nil { // a top-level value: where it starts bounds where it ends
		if d.singleDone() {
			return nil, 0, 0, false // readTopValue tells what follows
		}
		d.valueStart = d.InputOffset()
		d.setValueEnd()
	}
	end := min(int64(d.end), d.valueEnd)
	if end < int64(d.pos) || d.st.depth > d.cfg.limits.MaxDepth {
		return nil, 0, 0, false
	}
	return d.buf[:end], d.pos, d.st.depth, true
}

// rawCommit moves the Decoder past a value read from the buffer rawValue
// returned, which ended at buf[pos].
func (d *Decoder) rawCommit(pos int) {
	d.pos = pos
	if f := d.st.top(); f != nil {
		f.startValue()
	} else {
		d.begun = true
	}
}

// trailingHeld is trailing after a whole top-level value read by Decode,
// SkipValue or CopyValue, without reading: it reports the bytes already in
// hand, so that a call does not wait for input after its value (see
// SingleValue).
func (d *Decoder) trailingHeld() error {
	if d.single && d.st.top() == nil && d.pos < d.end {
		return d.trailing()
	}
	return nil
}

// valuePath returns the path of the value to be read next, for errors
// about its key: $[3]["hp"] once the key "hp" is read, where Path says
// $[3]{#0}.
func (d *Decoder) valuePath() string { return d.st.pathIn(d.buf, true) }

// buffered returns the bytes buffered and not read yet.
func (d *Decoder) buffered() []byte { return d.buf[d.pos:d.end] }

// inputRead returns how many bytes of input the Decoder has read so far,
// and whether that is all of it (a byte slice).
func (d *Decoder) inputRead() (n int64, whole bool) { return d.base + int64(d.end), d.r == nil }

// internEntry is what an interned name takes in its map besides its bytes:
// two string headers, and as much again of room as the map grows (7000
// names of 2 bytes take 465 KB).
const internEntry = 64

// heldBytes is about how much memory d keeps for the next input beyond its
// own size: its frames, the value layer's text, its names and the last
// NodePath's names.
func (d *Decoder) heldBytes() uintptr {
	held := uintptr(cap(d.st.frames))*unsafe.Sizeof(frame{}) + uintptr(cap(d.state().text)) + uintptr(d.names.bytes) + uintptr(len(d.names.m))*internEntry
	if d.ext != nil {
		held += uintptr(cap(d.ext.path.names))*unsafe.Sizeof("") + uintptr(cap(d.ext.path.pads))*4
	}
	return held
}

// state returns the value layer's state, made ready for e.
func (e *Encoder) state() *encodeState {
	e.es.e = e
	return &e.es
}

// final returns the Encoder's final error, or nil.
func (e *Encoder) final() error { return e.err }

// path returns the path of the value being written, for errors.
func (e *Encoder) path() string { return e.st.path(true) }

// rawValue returns the Encoder's buffer, to which a value depth containers
// deep may be appended, and the length the buffer may grow to before the
// Encoder must hand it to its writer. ok is false where no value can go (a
// key or an end comes next, an error is final, the depth is past MaxDepth).
func (e *Encoder) rawValue(depth int) (b []byte, max int, ok bool) {
	f := e.st.last
	if e.err != nil || f != nil && f.next() != expValue || e.st.depth+depth > e.cfg.limits.MaxDepth {
		return nil, 0, false
	}
	if e.bb == nil {
		e.bb = getWriteBuffer()
	}
	max = math.MaxInt // Marshal holds its output whole
	if e.w != nil {
		max = len(e.bb.B) + e.flushAt() // an Encoder on a writer holds no more than that
	}
	return e.bb.B, max, true
}

// rawCommit takes b, the buffer rawValue returned with one value appended,
// as the Encoder's output, flushing it when due.
func (e *Encoder) rawCommit(b []byte) error {
	e.bb.B = b
	if f := e.st.last; f != nil {
		f.startValue()
	}
	if e.flushDue() {
		return e.Flush()
	}
	return nil
}

// direct reports whether the Encoder hands a string or packed array of n
// bytes to its writer as it is instead of copying it (see writeData).
func (e *Encoder) direct(n int) bool { return n >= directWriteSize && e.w != nil }

// appendTo makes dst the Encoder's buffer: what it writes is appended to it.
func (e *Encoder) appendTo(dst []byte) {
	e.own.B = dst
	e.bb = &e.own // dst is the caller's, not the pool's
}

// detach returns the buffer appendTo gave, with what was written to it,
// and forgets it.
func (e *Encoder) detach() []byte {
	b := e.own.B
	e.own.B, e.bb = nil, nil
	return b
}

// output returns a copy of what the Encoder wrote, giving its buffer back to
// the pool, which keeps its capacity for the next call.
func (e *Encoder) output() []byte {
	out := bytes.Clone(e.bb.B)
	putWriteBuffer(e.bb)
	e.bb = nil
	return out
}

// trailingBytes is the ErrTrailingData of bytes left after a whole input's
// value (Unmarshal's), or nil.
func (d *Decoder) trailingBytes() error {
	if d.pos < d.end {
		return d.trailing()
	}
	return nil
}
