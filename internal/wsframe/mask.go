package wsframe

import (
	"encoding/binary"
	"math/bits"
)

// mask masks, or unmasks, p with key (RFC 6455, 5.3), p being the bytes
// of a payload from offset at on: eight bytes at a time.
func mask(p []byte, key [4]byte, at int) {
	k := bits.RotateLeft32(binary.LittleEndian.Uint32(key[:]), -8*(at&3))
	key64 := uint64(k) | uint64(k)<<32
	for ; len(p) >= 8; p = p[8:] {
		binary.LittleEndian.PutUint64(p, binary.LittleEndian.Uint64(p)^key64)
	}
	for i := range p {
		p[i] ^= byte(k >> (8 * (i & 3)))
	}
}
