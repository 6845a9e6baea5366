package gdvar

import "encoding/binary"

// The leaf wire format, written in one place for the token path (writer.go,
// reader.go), the token fast path (writeLeaf, reader_fast.go) and the flat
// struct paths (marshal_flat.go, struct_*.go, unmarshal_flat*.go): a value
// is a 32-bit header (its type number and flags), then its payload in
// little-endian 32-bit words; a string or name is its length, its bytes and
// zero padding to a multiple of 4.

func le32(b []byte, v uint32) []byte { return binary.LittleEndian.AppendUint32(b, v) }
func le64(b []byte, v uint64) []byte { return binary.LittleEndian.AppendUint64(b, v) }

// appendWord appends a value of one 32-bit payload word: a bool, a 32-bit
// int or float, a container's count after its header.
func appendWord(b []byte, hdr, w uint32) []byte { return le32(le32(b, hdr), w) }

// appendWord64 appends a value of one 64-bit payload: an int or float with
// FLAG_64 in hdr.
func appendWord64(b []byte, hdr uint32, v uint64) []byte { return le64(le32(b, hdr), v) }

// appendMath appends a math value (Vector2 … Projection): its payload is
// its components' words as they were read, or as appendReals makes them.
func appendMath(b []byte, hdr uint32, payload []byte) []byte { return append(le32(b, hdr), payload...) }

// appendStringValue appends a value whose payload is a length and bytes,
// padded: a String, or a PackedByteArray. pad holds the padding bytes (kept
// from a decoded token), or 0.
func appendStringValue(b []byte, hdr uint32, s []byte, pad uint32) []byte {
	return appendName(le32(b, hdr), s, pad)
}

// appendName appends a name: its length, bytes and padding.
func appendName(b, name []byte, pad uint32) []byte {
	b = append(le32(b, uint32(len(name))), name...)
	return appendPad(b, padding(int64(len(name))), pad)
}

// appendPad appends n padding bytes: those in pad (kept from a decoded token)
// or zeros.
func appendPad(b []byte, n int, pad uint32) []byte {
	for i := range n {
		b = append(b, byte(pad>>(8*i)))
	}
	return b
}

// padding is the number of zero bytes that round n up to a multiple of 4.
func padding(n int64) int { return int(-n & 3) }

// lenWord is a length or count as the engines read one: a signed 32-bit
// word (a negative one is invalid).
func lenWord(w uint32) int64 { return int64(int32(w)) }
