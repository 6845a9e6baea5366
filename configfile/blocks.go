package configfile

import "slices"

// blocks is a list kept in blocks of blockLen items, so that growing it
// allocates each item about once: a slice grown by append allocates about
// five times its final size in all (a quarter more at a time, once large),
// which a file of many small sections or keys makes tens of bytes a byte of
// text. The first block grows as a slice does, so that a small file takes
// little.
type blocks[T any] struct {
	b [][]T
	n int32
}

// blockLen is the items of a block.
const blockLen = 256

// add appends v and returns its position.
func (l *blocks[T]) add(v T) int32 {
	k := int(l.n / blockLen)
	if k == len(l.b) {
		var b []T // the first grows by append
		if k > 0 {
			b = make([]T, 0, blockLen)
		}
		l.b = append(l.b, b)
	}
	l.b[k] = append(l.b[k], v)
	l.n++
	return l.n - 1
}

// at returns the item at position i.
func (l *blocks[T]) at(i int32) *T { return &l.b[i/blockLen][i%blockLen] }

// clone returns a copy of the list, its blocks made to size.
func (l *blocks[T]) clone() blocks[T] {
	c := blocks[T]{b: make([][]T, len(l.b)), n: l.n}
	for i, b := range l.b {
		c.b[i] = slices.Clone(b)
	}
	return c
}
