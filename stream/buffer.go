package stream

import (
	"math/bits"
	"sync"
)

// GetVar holds a frame whole, so that a read deadline mid-frame leaves the
// Reader able to resume. The buffer grows as the frame's bytes arrive, at
// most doubling and never past the frame, never to the length the frame
// declares before its bytes are there: a peer that declares 16 MiB and
// stalls costs one small buffer. Buffers come from pools by size class, so
// that large frames are read without allocating.

// defaultStreamFrom is the frame length above which GetVar decodes a frame
// as it arrives (streamFrame), where a smaller one is read whole and then
// decoded in place: the size of a Decoder's read buffer.
const defaultStreamFrom = 64 << 10

// minFrameBuf is the smallest frame buffer, the one every frame starts with.
const minFrameBuf = 4 << 10

// frameClasses is the number of size classes: minFrameBuf<<19 is 2 GiB,
// beyond the largest frame a Reader accepts.
const frameClasses = 20

// frameBufs holds the buffers of each class c, of at least minFrameBuf<<c
// bytes.
var frameBufs [frameClasses]sync.Pool

// frameBuf is the body of the frame being read, and a buffer of the
// smallest class kept between frames, as a connection reads many small
// frames.
type frameBuf struct {
	b     *[]byte // nil between frames, but for the one ReadFrame gave out
	spare *[]byte
}

// room returns the space after the first have bytes of a frame of n bytes,
// growing the buffer when it is full: to at most twice its bytes, and no
// more than n.
func (f *frameBuf) room(have, n int) []byte {
	switch {
	case f.b == nil && f.spare != nil:
		f.b, f.spare = f.spare, nil
	case f.b == nil:
		f.b = getFrameBuf(minFrameBuf)
	case have == len(*f.b) && have < n:
		next := getFrameBuf(min(n, 2*have))
		copy(*next, (*f.b)[:have])
		f.release()
		f.b = next
	}
	return (*f.b)[have:min(n, len(*f.b))]
}

// bytes returns the first n bytes of the frame.
func (f *frameBuf) bytes(n int) []byte {
	if f.b == nil {
		return nil // an empty frame
	}
	return (*f.b)[:n]
}

// release keeps a buffer of the smallest class, and gives a larger one to
// the pool of the largest class it fills.
func (f *frameBuf) release() {
	if f.b != nil && len(*f.b) == minFrameBuf {
		f.b, f.spare = nil, f.b
	}
	if f.b != nil {
		frameBufs[bits.Len(uint(len(*f.b)/minFrameBuf))-1].Put(f.b)
		f.b = nil
	}
}

// getFrameBuf returns a buffer of at least size bytes: a pooled one of the
// smallest class that holds size, or one of the class below that is large
// enough (a frame's last buffer is cut to the frame's length, so frames of
// one size reuse it from there), or a new one of size.
func getFrameBuf(size int) *[]byte {
	c := bits.Len(uint((size - 1) / minFrameBuf))
	if b, ok := frameBufs[c].Get().(*[]byte); ok {
		return b
	}
	if c > 0 {
		if b, ok := frameBufs[c-1].Get().(*[]byte); ok {
			if len(*b) >= size {
				return b
			}
			frameBufs[c-1].Put(b)
		}
	}
	b := make([]byte, size)
	return &b
}
