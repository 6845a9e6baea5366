package vartext

import (
	"math/bits"
	"slices"
)

// sortKeys sorts a Dictionary's keys (a holds their indexes) as Godot's
// SortArray does (var_to_str sorts the keys with it): an introsort whose
// partitions stop at 16 elements, with a heapsort when the recursion runs
// too deep, then one insertion sort over everything. With a proper order
// any sort gives the same result up to ties; Godot's key orders are not all
// proper (see order), and then only the same steps give the same output.
// The bounds checks are the engine's: it stops a scan that would leave the
// range ("bad comparison function") instead of running off it.
//
// On such orders the engine's sort can take time quadratic in the number
// of keys (Godot 3 says most Arrays are less than themselves, so each key
// walks back to the start), and the comparisons themselves time linear in
// the keys' size. When the comparisons go over order's budget, the keys
// are left in the Dictionary's own order (the order of its binary form)
// instead: the output then differs from the engine's, which would take
// time out of proportion to the input.
type sortKeys struct {
	a []int
	o *order
}

const introsortThreshold = 16

func (s *sortKeys) sort() {
	n := len(s.a)
	if n == 0 {
		return
	}
	s.introsort(0, n, 2*(bits.Len(uint(n))-1))
	s.finalInsertionSort(0, n)
	if s.o.exhausted() {
		slices.Sort(s.a) // the entries' own order
	}
}

func (s *sortKeys) less(x, y int) bool { return s.o.less(x, y) }

func (s *sortKeys) medianOf3(a, b, c int) int {
	switch {
	case s.less(a, b):
		switch {
		case s.less(b, c):
			return b
		case s.less(a, c):
			return c
		}
		return a
	case s.less(a, c):
		return a
	case s.less(b, c):
		return c
	}
	return b
}

func (s *sortKeys) partition(first, last, pivot int) int {
	a := s.a
	lo, hi := first, last
	for {
		for s.less(a[first], pivot) && first != hi-1 {
			first++
		}
		last--
		for s.less(pivot, a[last]) && last != lo {
			last--
		}
		if first >= last {
			return first
		}
		a[first], a[last] = a[last], a[first]
		first++
	}
}

func (s *sortKeys) introsort(first, last, depth int) {
	a := s.a
	for last-first > introsortThreshold {
		if depth == 0 {
			s.partialSort(first, last, last)
			return
		}
		depth--
		cut := s.partition(first, last, s.medianOf3(a[first], a[first+(last-first)/2], a[last-1]))
		s.introsort(cut, last, depth)
		last = cut
	}
}

func (s *sortKeys) unguardedLinearInsert(last, value int) {
	a := s.a
	next := last - 1
	for s.less(value, a[next]) && next != 0 {
		a[last] = a[next]
		last = next
		next--
	}
	a[last] = value
}

func (s *sortKeys) linearInsert(first, last int) {
	a := s.a
	value := a[last]
	if s.less(value, a[first]) {
		copy(a[first+1:last+1], a[first:last])
		a[first] = value
		return
	}
	s.unguardedLinearInsert(last, value)
}

func (s *sortKeys) insertionSort(first, last int) {
	for i := first + 1; i < last; i++ {
		s.linearInsert(first, i)
	}
}

func (s *sortKeys) finalInsertionSort(first, last int) {
	if last-first <= introsortThreshold {
		s.insertionSort(first, last)
		return
	}
	s.insertionSort(first, first+introsortThreshold)
	for i := first + introsortThreshold; i < last; i++ {
		s.unguardedLinearInsert(i, s.a[i])
	}
}

// The heap functions, for partialSort.

func (s *sortKeys) pushHeap(first, hole, top, value int) {
	a := s.a
	parent := (hole - 1) / 2
	for hole > top && s.less(a[first+parent], value) {
		a[first+hole] = a[first+parent]
		hole = parent
		parent = (hole - 1) / 2
	}
	a[first+hole] = value
}

func (s *sortKeys) adjustHeap(first, hole, n, value int) {
	a := s.a
	top := hole
	child := 2*hole + 2
	for child < n {
		if s.less(a[first+child], a[first+child-1]) {
			child--
		}
		a[first+hole] = a[first+child]
		hole = child
		child = 2 * (child + 1)
	}
	if child == n {
		a[first+hole] = a[first+child-1]
		hole = child - 1
	}
	s.pushHeap(first, hole, top, value)
}

func (s *sortKeys) popHeap(first, last, result, value int) {
	s.a[result] = s.a[first]
	s.adjustHeap(first, 0, last-first, value)
}

func (s *sortKeys) makeHeap(first, last int) {
	n := last - first
	if n < 2 {
		return
	}
	for parent := (n - 2) / 2; ; parent-- {
		s.adjustHeap(first, parent, n, s.a[first+parent])
		if parent == 0 {
			return
		}
	}
}

func (s *sortKeys) partialSort(first, last, middle int) {
	s.makeHeap(first, middle)
	for i := middle; i < last; i++ {
		if s.less(s.a[i], s.a[first]) {
			s.popHeap(first, middle, i, s.a[i])
		}
	}
	for middle-first > 1 {
		s.popHeap(first, middle-1, middle-1, s.a[middle-1])
		middle--
	}
}
