package configfile

// index finds the items of a list by hash: open addressing with linear
// probing in a table of positions (each plus one; 0 is a free slot), a
// power of two at most half full. The list's items are never taken out of
// it, only rebuilt with the list (see store.compact): a slot is 4 bytes,
// where a Go map of strings takes about 24 for each key, and a map of its
// own for each section took hundreds.
type index struct {
	slots []int32
	n     int32 // the positions indexed: 0 to n-1
}

// find returns the position of hash h that match accepts, or -1.
func (x *index) find(h uint64, match func(p int32) bool) int32 {
	if len(x.slots) == 0 {
		return -1
	}
	mask := uint64(len(x.slots) - 1)
	for i := h & mask; x.slots[i] != 0; i = (i + 1) & mask {
		if p := x.slots[i] - 1; match(p) {
			return p
		}
	}
	return -1
}

// add indexes the next position; hash gives the hash of a position.
func (x *index) add(hash func(p int32) uint64) {
	if 2*int(x.n+1) > len(x.slots) {
		x.rebuild(x.n, hash)
	}
	x.put(hash(x.n), x.n)
	x.n++
}

// rebuild indexes positions 0 to n-1 anew, in a table with room for more.
func (x *index) rebuild(n int32, hash func(p int32) uint64) {
	size := 16
	for size < 4*int(n) {
		size *= 2
	}
	x.slots, x.n = make([]int32, size), n
	for p := range n {
		x.put(hash(p), p)
	}
}

func (x *index) put(h uint64, p int32) {
	mask := uint64(len(x.slots) - 1)
	i := h & mask
	for x.slots[i] != 0 {
		i = (i + 1) & mask
	}
	x.slots[i] = p + 1
}
