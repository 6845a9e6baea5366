package enet

import "math/rand/v2"

// A host's free slots are kept in a set that gives one at random, and
// takes or frees one, in constant time: a connect, or a flood of them,
// never walks the slots (4095 at most), and a spoofer cannot tell which
// slot its connect was offered.

// slots is the set of free slot ids.
type slots struct {
	free []uint16 // the free ids, in no order
	at   []int32  // each id's index in free; -1 if taken
}

// newSlots is n slots, all free.
func newSlots(n int) slots {
	s := slots{free: make([]uint16, n), at: make([]int32, n)}
	for i := range n {
		s.free[i], s.at[i] = uint16(i), int32(i)
	}
	return s
}

// isFree says whether slot id is free.
func (s *slots) isFree(id uint16) bool { return s.at[id] >= 0 }

// random returns a free slot at random; false if none is.
func (s *slots) random() (uint16, bool) {
	if len(s.free) == 0 {
		return 0, false
	}
	return s.free[rand.IntN(len(s.free))], true
}

// take marks the free slot id taken.
func (s *slots) take(id uint16) {
	i, last := s.at[id], s.free[len(s.free)-1]
	s.free[i], s.at[last] = last, i
	s.free = s.free[:len(s.free)-1]
	s.at[id] = -1
}

// release marks the taken slot id free.
func (s *slots) release(id uint16) {
	s.at[id] = int32(len(s.free))
	s.free = append(s.free, id)
}
