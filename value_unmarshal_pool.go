package gdvar

import "sync"

// Unmarshal takes its Decoder from a pool: making one (about 1 KiB) cost
// more than decoding a value of tens of bytes. Nothing Unmarshal returns
// points into a Decoder: strings are copied or kept in blocks each Decode
// call makes anew (see keep), names are interned strings, which never
// change. A Decoder goes back only if what it kept is small, so that one
// large or deep value does not keep its buffers alive in the pool; it
// forgets the input of the last call when the next one resets it, and at
// once if it is over pooledMax bytes: a pooled Decoder keeps at most that
// much of an old input alive, and its strings' blocks (no larger).
var unmarshalPool sync.Pool

// pooledMax is the most memory a pooled Decoder may hold besides itself:
// its stack, the buffer strings are collected in, the interned names and
// the room of the last NodePath's names.
const pooledMax = 16 << 10

// getUnmarshalDecoder takes a Decoder from the pool, or makes one.
func getUnmarshalDecoder() *Decoder {
	if d, ok := unmarshalPool.Get().(*Decoder); ok {
		return d
	}
	return new(Decoder)
}

// putUnmarshalDecoder gives d back to the pool.
func putUnmarshalDecoder(d *Decoder, data []byte) {
	if d.heldBytes() > pooledMax {
		return
	}
	if len(data) > pooledMax {
		d.ResetBytes(nil) // else it is the next Unmarshal's reset that lets data go
	} else if ds := d.state(); ds.boxes.m != nil {
		// The table of strings boxed (past boxAfter of them) is the
		// Decoder's own, not part of the value: a few times the input's
		// bytes, which the pool would keep alive until the next reset.
		ds.boxes = boxTable{}
	}
	unmarshalPool.Put(d)
}
