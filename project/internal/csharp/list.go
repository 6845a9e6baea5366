package csharp

import "iter"

// chunkList is a list that grows by chunks and never copies what it holds:
// what it allocates stays its size, give or take its last chunk, where a
// slice grown by doubling allocates up to four times its size on the
// way. The reader keeps a C# file's types and members in them, as a file
// may declare one every few bytes.
type chunkList[T any] struct {
	chunks [][]T
	n      int
}

// maxChunk is the largest chunk; the first holds 2, each next twice
// the last.
const maxChunk = 1024

// add appends v.
func (l *chunkList[T]) add(v T) {
	if k := len(l.chunks); k == 0 || len(l.chunks[k-1]) == cap(l.chunks[k-1]) {
		size := 2
		if k > 0 {
			size = min(2*cap(l.chunks[k-1]), maxChunk)
		}
		l.chunks = append(l.chunks, make([]T, 0, size))
	}
	last := &l.chunks[len(l.chunks)-1]
	*last = append(*last, v)
	l.n++
}

// len returns how many it holds.
func (l *chunkList[T]) len() int { return l.n }

// refs yields where each value it holds is, in order: a chunk never
// moves what it holds.
func (l *chunkList[T]) refs() iter.Seq[*T] {
	return func(yield func(*T) bool) {
		for _, c := range l.chunks {
			for i := range c {
				if !yield(&c[i]) {
					return
				}
			}
		}
	}
}

// all yields what it holds, in order.
func (l *chunkList[T]) all() iter.Seq[T] {
	return func(yield func(T) bool) {
		for _, c := range l.chunks {
			for _, v := range c {
				if !yield(v) {
					return
				}
			}
		}
	}
}
