// Package fastlz is the block compressor behind Godot's FastLZ modes (its
// FileAccess COMPRESSION_FASTLZ and ENetConnection COMPRESS_FASTLZ). No Go
// package for it is maintained, so it is written here from the format's
// description (Ariel Mirani's FastLZ, levels 1 and 2) and checked against
// blocks the engines wrote.
//
// A stream is a series of instructions. The first byte's top three bits
// hold the level minus one; the first instruction is always a literal run.
// An instruction byte below 32 copies the next byte+1 literal bytes. Any
// other is a match: its top three bits give the length, its low five bits
// the high bits of the distance, and the following bytes the rest (level 2
// extends both length and distance further).
package fastlz

import "errors"

// ErrCorrupt is the error for a FastLZ block that does not decode.
var ErrCorrupt = errors.New("bad FastLZ data")

const (
	maxDistance1 = 8192 // level 1's farthest match
	far2         = 8191 // level 2: distances past this take two more bytes
)

// Decode appends to dst the decoding of src, refusing to write more than
// max bytes, and returns the result.
func Decode(dst, src []byte, max int) ([]byte, error) {
	if len(src) == 0 {
		return dst, nil
	}
	level := src[0]>>5 + 1
	if level > 2 {
		return dst, ErrCorrupt
	}
	start := len(dst)
	ctrl := int(src[0] & 31)
	ip := 1
	for {
		if ctrl < 32 { // literals
			n := ctrl + 1
			if ip+n > len(src) || len(dst)-start+n > max {
				return dst, ErrCorrupt
			}
			dst = append(dst, src[ip:ip+n]...)
			ip += n
		} else {
			length := ctrl>>5 - 1
			dist := (ctrl & 31) << 8
			next := func() (int, bool) {
				if ip >= len(src) {
					return 0, false
				}
				ip++
				return int(src[ip-1]), true
			}
			ok := true
			var b int
			if length == 6 {
				if level == 1 {
					b, ok = next()
					length += b
				} else {
					for b = 255; ok && b == 255; {
						b, ok = next()
						length += b
					}
				}
			}
			b, ok2 := next()
			if !ok || !ok2 {
				return dst, ErrCorrupt
			}
			dist += b
			if level == 2 && b == 255 && dist == 31<<8+255 {
				hi, ok1 := next()
				lo, ok2 := next()
				if !ok1 || !ok2 {
					return dst, ErrCorrupt
				}
				dist = hi<<8 + lo + far2
			}
			dist++ // the distance back from the next byte written
			length += 3
			from := len(dst) - dist
			if from < start || len(dst)-start+length > max {
				return dst, ErrCorrupt
			}
			// A match that overlaps what it writes repeats the dist bytes
			// before it: copy all there is from from, twice as much each
			// time, not a byte at a time.
			for length > 0 {
				n := min(length, len(dst)-from)
				dst = append(dst, dst[from:from+n]...)
				length -= n
			}
		}
		if ip >= len(src) {
			return dst, nil
		}
		ctrl = int(src[ip])
		ip++
	}
}

// Encode appends to dst src compressed at level 1, with greedy matching
// over a hash of three bytes: simpler than FastLZ's own compressor, in the
// same format.
func Encode(dst, src []byte) []byte {
	const hashBits = 13
	var table [1 << hashBits]int32 // position+1 of the last sequence with each hash
	hash := func(i int) int {
		v := uint32(src[i]) | uint32(src[i+1])<<8 | uint32(src[i+2])<<16
		return int(v * 2654435761 >> (32 - hashBits))
	}
	anchor := 0 // the first byte not yet written
	literals := func(end int) {
		for anchor < end {
			n := min(end-anchor, 32)
			dst = append(dst, byte(n-1))
			dst = append(dst, src[anchor:anchor+n]...)
			anchor += n
		}
	}
	for ip := 1; ip+3 <= len(src); { // the first byte is always a literal
		h := hash(ip)
		ref := int(table[h]) - 1
		table[h] = int32(ip + 1)
		if ref < 0 || ip-ref > maxDistance1 ||
			src[ref] != src[ip] || src[ref+1] != src[ip+1] || src[ref+2] != src[ip+2] {
			ip++
			continue
		}
		n := 3
		for n < 264 && ip+n < len(src) && src[ref+n] == src[ip+n] {
			n++
		}
		literals(ip)
		ofs := ip - ref - 1
		if n <= 8 {
			dst = append(dst, byte((n-2)<<5|ofs>>8), byte(ofs))
		} else {
			dst = append(dst, byte(7<<5|ofs>>8), byte(n-9), byte(ofs))
		}
		ip += n
		anchor = ip
	}
	literals(len(src))
	return dst
}
