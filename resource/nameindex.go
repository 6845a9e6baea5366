package resource

import "hash/maphash"

// nameIndex finds a name in a list of names by its hash: a table of the
// positions in the list, at most half full, found by linear probing from
// the name's hash. It takes 8 to 16 bytes a name where a map[string]int
// takes 40 to 80, which counts where a file is nothing but short names.
// The seed is random, so that no file can choose names that collide.
type nameIndex struct {
	seed  maphash.Seed
	slots []int32 // a position + 1; 0 is empty
	n     int
}

// find returns the position of s, the list's names given by name, or -1.
func (x *nameIndex) find(s string, name func(int) string) int {
	if x.n == 0 {
		return -1
	}
	mask := len(x.slots) - 1
	for i := int(maphash.String(x.seed, s)) & mask; ; i = (i + 1) & mask {
		p := int(x.slots[i]) - 1
		if p < 0 || name(p) == s {
			return p
		}
	}
}

// add adds position p, whose name is s, which is not in the index.
func (x *nameIndex) add(s string, p int, name func(int) string) {
	if 2*(x.n+1) > len(x.slots) {
		old := x.slots
		if old == nil {
			x.seed = maphash.MakeSeed()
		}
		x.slots = make([]int32, max(16, 2*len(old)))
		for _, q := range old {
			if q != 0 {
				x.put(name(int(q)-1), q)
			}
		}
	}
	x.put(s, int32(p+1))
	x.n++
}

func (x *nameIndex) put(s string, slot int32) {
	mask := len(x.slots) - 1
	i := int(maphash.String(x.seed, s)) & mask
	for x.slots[i] != 0 {
		i = (i + 1) & mask
	}
	x.slots[i] = slot
}
