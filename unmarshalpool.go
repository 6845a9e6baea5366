package gdvar

import (
	"sync"
	"unsafe"
)

// Unmarshal takes its Decoder from a pool: making one (about 1 KiB) cost
// more than decoding a value of tens of bytes. Nothing Unmarshal returns
// points into a Decoder: strings are copied or kept in blocks each Decode
// call makes anew (see keep), names are interned strings, which never
// change. A Decoder goes back emptied of the input and the options, and
// only if what it kept is small, so that one large or deep value does not
// keep its buffers alive in the pool.
var unmarshalPool sync.Pool

// pooledMax is the most memory a pooled Decoder may hold besides itself:
// its stack, the buffer strings are collected in, and the interned names.
const pooledMax = 16 << 10

// putUnmarshalDecoder gives d back to the pool.
func putUnmarshalDecoder(d *Decoder) {
	held := uintptr(cap(d.st.frames))*unsafe.Sizeof(frame{}) + uintptr(cap(d.state().text)) + uintptr(d.names.bytes)
	if held > pooledMax {
		return
	}
	d.ResetBytes(nil)
	unmarshalPool.Put(d)
}
