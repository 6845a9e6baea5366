package stream

import "sync"

// GetVar holds a frame whole, so that a read deadline mid-frame leaves the
// Reader able to resume. The buffer grows as the frame's bytes arrive, at
// most doubling, never to the length the frame declares: a peer that
// declares 16 MiB and stalls costs one small buffer. Buffers come from pools
// by size class, so that large frames are read without allocating.

// minFrameBuf is the smallest frame buffer, the one every frame starts with.
const minFrameBuf = 4 << 10

// frameClasses is the number of size classes: minFrameBuf<<19 is 2 GiB,
// beyond the largest frame a Reader accepts.
const frameClasses = 20

// frameBufs holds the buffers of each class c, of capacity minFrameBuf<<c.
var frameBufs [frameClasses]sync.Pool

// frameBuf is the body of the frame being read.
type frameBuf struct {
	b     *[]byte // pooled, of capacity minFrameBuf<<class; nil between frames
	class int
}

// room returns the space after the first have bytes of a frame of n bytes,
// moving them to the next class's buffer when the current one is full.
func (f *frameBuf) room(have, n int) []byte {
	if f.b == nil {
		f.b, f.class = getFrameBuf(0), 0
	}
	if have == len(*f.b) && have < n {
		next := getFrameBuf(f.class + 1)
		copy(*next, (*f.b)[:have])
		frameBufs[f.class].Put(f.b)
		f.b, f.class = next, f.class+1
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

// release gives the buffer back to its pool.
func (f *frameBuf) release() {
	if f.b != nil {
		frameBufs[f.class].Put(f.b)
		f.b = nil
	}
}

func getFrameBuf(class int) *[]byte {
	if b, ok := frameBufs[class].Get().(*[]byte); ok {
		return b
	}
	b := make([]byte, minFrameBuf<<class)
	return &b
}
