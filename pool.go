package gdvar

import (
	"sync"

	"github.com/valyala/bytebufferpool"
)

// Buffers are pooled so that decoding and encoding a value allocates nothing
// in steady state. Read buffers and write buffers live in separate pools:
// a Decoder's read buffer is always about ChunkSize, while an Encoder's
// output grows with the values written.
var (
	readPool  bytebufferpool.Pool
	writePool sync.Pool
)

// getReadBuffer returns a pooled buffer whose B has length n.
func getReadBuffer(n int) *bytebufferpool.ByteBuffer {
	bb := readPool.Get()
	if cap(bb.B) < n {
		bb.B = make([]byte, n)
	}
	bb.B = bb.B[:n]
	return bb
}

// putReadBuffer returns a buffer from getReadBuffer to the pool.
func putReadBuffer(bb *bytebufferpool.ByteBuffer) {
	bb.B = bb.B[:cap(bb.B)] // the pool calibrates on length
	readPool.Put(bb)
}

// getWriteBuffer returns an empty pooled output buffer.
func getWriteBuffer() *bytebufferpool.ByteBuffer {
	if bb, ok := writePool.Get().(*bytebufferpool.ByteBuffer); ok {
		return bb
	}
	return new(bytebufferpool.ByteBuffer)
}

// maxPooledWrite is the largest output buffer the pool keeps: an Encoder on
// a writer holds about 64 KiB at most (flushSize) unless a count is
// deferred.
const maxPooledWrite = 256 << 10

// putWriteBuffer returns an output buffer to the pool, unless it is larger
// than an Encoder needs. The write pool is a plain sync.Pool: a calibrating
// pool kept only buffers of the most frequent sizes, so that an Encoder of
// small values now and then a larger one grew a new buffer for each of
// those.
func putWriteBuffer(bb *bytebufferpool.ByteBuffer) {
	if cap(bb.B) <= maxPooledWrite {
		bb.B = bb.B[:0]
		writePool.Put(bb)
	}
}
