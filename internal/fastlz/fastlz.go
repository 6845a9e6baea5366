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
	maxDistance1 = 8192 // level 1's matches are nearer than this
	far2         = 8191 // level 2: distances past this take two more bytes
	maxLiterals  = 32   // the longest literal run
	maxMatch     = 264  // the longest match one level-1 instruction holds
	hashBits     = 13   // the encoder's table has 2^hashBits positions
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

// Encode appends to dst src compressed at level 1 and returns the result:
// the bytes FastLZ's own level-1 compressor writes, which Godot uses for
// every block under 64 KiB (FileAccess blocks, ENet datagrams). It matches
// greedily, each position looked up by a hash of its three bytes in a table
// of the last position seen with that hash.
func Encode(dst, src []byte) []byte {
	n := len(src)
	if n < 4 { // too short to match: one literal run, if anything
		if n > 0 {
			dst = append(dst, byte(n-1))
		}
		return append(dst, src...)
	}
	var table [1 << hashBits]int32 // every entry starts at position 0, as FastLZ's
	hash := func(i int) uint32 {
		v := uint32(src[i]) | uint32(src[i+1])<<8
		v ^= (uint32(src[i+1]) | uint32(src[i+2])<<8) ^ v>>(16-hashBits)
		return v & (1<<hashBits - 1)
	}
	// A literal run's count byte is written first as a full run's and set
	// when the run ends; run counts the literals after it.
	dst = append(dst, maxLiterals-1, src[0], src[1])
	run := 2
	closeRun := func() { // sets the literal run's count, or drops an empty run
		if run > 0 {
			dst[len(dst)-run-1] = byte(run - 1)
		} else {
			dst = dst[:len(dst)-1]
		}
	}
	literal := func(b byte) {
		dst = append(dst, b)
		if run++; run == maxLiterals {
			run = 0
			dst = append(dst, maxLiterals-1)
		}
	}
	bound := n - 2 // matches stop short of the last two bytes
	ip := 2
	for ip < n-13 { // the last 13 bytes go as literals
		anchor := ip
		h := hash(ip)
		ref := int(table[h])
		table[h] = int32(ip)
		dist := anchor - ref
		if dist == 0 || dist >= maxDistance1 ||
			src[ref] != src[ip] || src[ref+1] != src[ip+1] || src[ref+2] != src[ip+2] {
			literal(src[ip])
			ip++
			continue
		}
		// The match runs up to the first byte that differs, but not into
		// the last two.
		stop := anchor + 3
		for stop < bound-1 && src[stop] == src[stop-dist] {
			stop++
		}
		closeRun()
		run = 0
		length := stop - anchor - 2 // stored less 2, as a match has at least 3 bytes
		dist--                      // stored less 1
		for length > maxMatch-2 {
			dst = append(dst, 7<<5|byte(dist>>8), maxMatch-2-7-2, byte(dist))
			length -= maxMatch - 2
		}
		if length < 7 {
			dst = append(dst, byte(length)<<5|byte(dist>>8), byte(dist))
		} else {
			dst = append(dst, 7<<5|byte(dist>>8), byte(length-7), byte(dist))
		}
		table[hash(stop-2)] = int32(stop - 2)
		table[hash(stop-1)] = int32(stop - 1)
		ip = stop
		dst = append(dst, maxLiterals-1)
	}
	for ; ip < n; ip++ {
		literal(src[ip])
	}
	closeRun()
	return dst
}
