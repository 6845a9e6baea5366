package configfile

// index finds the items of a list by hash: open addressing with linear
// probing in a table, a power of two at most three quarters full, of the
// items' positions, each with a tag of 8 bits of its hash, in groups of
// eight that hold their tags and positions together. The tags tell most
// other items from the one sought without reading them: at 8 MiB of keys,
// reading each item a probe met was a cache miss apiece, which doubled the
// time a byte. The list's items are never taken out of it, only rebuilt
// with the list (see store.compact): a slot is 5 bytes, where a Go map of
// strings takes about 24 for each key, and a map of its own for each
// section took hundreds.
type index struct {
	groups []group
	n      int32 // the positions indexed: 0 to n-1
}

// group is eight slots: a position+1 (0 is free), and the top 8 bits of
// its hash.
type group struct {
	tags [8]uint8
	pos  [8]int32
}

// find returns the position of hash h that match accepts, or -1.
func (x *index) find(h uint64, match func(p int32) bool) int32 {
	if len(x.groups) == 0 {
		return -1
	}
	mask, tag := uint64(8*len(x.groups)-1), uint8(h>>56)
	for i := h & mask; ; i = (i + 1) & mask {
		g := &x.groups[i/8]
		p := g.pos[i%8]
		if p == 0 {
			return -1
		}
		if g.tags[i%8] == tag && match(p-1) {
			return p - 1
		}
	}
}

// add indexes the next position, of hash h; hash gives the hash of a
// position, to place the others anew when the table grows.
func (x *index) add(h uint64, hash func(p int32) uint64) {
	if 4*int(x.n+1) > 3*8*len(x.groups) {
		x.rebuild(x.n, hash)
	}
	x.put(h, x.n)
	x.n++
}

// rebuild indexes positions 0 to n-1 anew, in a table at most three eighths
// full.
func (x *index) rebuild(n int32, hash func(p int32) uint64) {
	groups := 2
	for 3*8*groups < 8*int(n) {
		groups *= 2
	}
	x.groups, x.n = make([]group, groups), n
	for p := range n {
		x.put(hash(p), p)
	}
}

func (x *index) put(h uint64, p int32) {
	mask := uint64(8*len(x.groups) - 1)
	i := h & mask
	for x.groups[i/8].pos[i%8] != 0 {
		i = (i + 1) & mask
	}
	g := &x.groups[i/8]
	g.pos[i%8], g.tags[i%8] = p+1, uint8(h>>56)
}
