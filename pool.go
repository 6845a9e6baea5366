package gdvar

import "github.com/valyala/bytebufferpool"

// Buffers are pooled so that decoding and encoding a value allocates nothing
// in steady state. Read buffers and write buffers live in separate pools
// because the pool calibrates itself to the sizes it sees: a Decoder's read
// buffer is always about ChunkSize, while an Encoder's output grows with the
// values written.
var (
	readPool  bytebufferpool.Pool
	writePool bytebufferpool.Pool
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
func getWriteBuffer() *bytebufferpool.ByteBuffer { return writePool.Get() }

// putWriteBuffer returns an output buffer to the pool. Its length is its
// capacity, as the pool calibrates on length: an Encoder puts its buffer
// back emptied, which the pool would take for a buffer of no size and
// discard the next larger one.
func putWriteBuffer(bb *bytebufferpool.ByteBuffer) {
	bb.B = bb.B[:cap(bb.B)]
	writePool.Put(bb)
}
