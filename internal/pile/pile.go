// Package pile holds the elements of the containers a tree reader has open,
// whose counts the input does not say until each ends: varjson's and
// vartext's readers gather them here, and make each container's slice to
// size at its end.
package pile

import "unsafe"

// A Pile is a stack kept in chunks that stay for the next elements: growing
// it copies nothing, so that it allocates what it held at the most, where a
// slice that doubles when full allocates two to four times that in all.
// The chunks double from 256 bytes to 16 KiB, then stay at 16 KiB, so that
// a small value takes a small chunk. The zero Pile is empty.
type Pile[T any] struct {
	chunks [][]T // full below top
	top    int   // the chunk that takes the next element
	cur    []T   // chunks[top]; nil before the first
	i      int   // elements in cur
	below  int   // elements below cur
}

// doubling is the chunks that double in size; those after them are all of
// chunkLen(doubling).
const doubling = 6

// chunkLen returns the elements of chunk c: 256 bytes doubling to 16 KiB,
// less the 8 bytes Go puts before an object of pointers over 512 bytes, so
// that a chunk fills its size class.
func chunkLen[T any](c int) int {
	bytes := 16 << 10
	if c < doubling {
		bytes = 256 << c
	}
	if bytes > 512 {
		bytes -= 8
	}
	return bytes / int(unsafe.Sizeof(*new(T)))
}

// Push puts v on top.
func (p *Pile[T]) Push(v T) {
	if p.i == len(p.cur) {
		p.next()
	}
	p.cur[p.i] = v
	p.i++
}

// next moves on to the next chunk, made if it is not there yet.
func (p *Pile[T]) next() {
	if p.cur != nil {
		p.top, p.below = p.top+1, p.below+len(p.cur)
	}
	if p.top == len(p.chunks) {
		p.chunks = append(p.chunks, make([]T, chunkLen[T](p.top)))
	}
	p.cur, p.i = p.chunks[p.top], 0
}

// Len returns the number of elements.
func (p *Pile[T]) Len() int { return p.below + p.i }

// locate returns the chunk of the element at position pos, and the
// position of the chunk's first element: the top's, or one found from the
// chunks' sizes, which depend only on their place, so that reaching an
// element deep in a large Pile costs no more than one near its top.
func (p *Pile[T]) locate(pos int) (chunk, start int) {
	if pos >= p.below {
		return p.top, p.below
	}
	for ; chunk < doubling; chunk++ {
		n := chunkLen[T](chunk)
		if pos < start+n {
			return chunk, start
		}
		start += n
	}
	n := chunkLen[T](doubling)
	c := (pos - start) / n
	return chunk + c, start + c*n
}

// At returns the element at position pos.
func (p *Pile[T]) At(pos int) T {
	c, start := p.locate(pos)
	return p.chunks[c][pos-start]
}

// Set replaces the element at position pos with v.
func (p *Pile[T]) Set(pos int, v T) {
	c, start := p.locate(pos)
	p.chunks[c][pos-start] = v
}

// Truncate drops the elements from position n on, letting go of what they
// point to.
func (p *Pile[T]) Truncate(n int) {
	if n >= p.below { // within the top chunk, as most are
		clear(p.cur[n-p.below : p.i])
		p.i = n - p.below
		return
	}
	k := p.From(n)
	for left := p.Len() - n; left > 0; {
		s := k.Take(left)
		clear(s)
		left -= len(s)
	}
	top, start := p.locate(n)
	p.top, p.cur, p.i, p.below = top, p.chunks[top], n-start, start
}

// Take returns the elements from position pos on, in a slice of their
// number, and drops them.
func (p *Pile[T]) Take(pos int) []T {
	out := make([]T, p.Len()-pos)
	for k, i := p.From(pos), 0; i < len(out); {
		i += copy(out[i:], k.Take(len(out)-i))
	}
	p.Truncate(pos)
	return out
}

// Empty drops every element, and the chunks beyond the first 16 KiB: a
// large value's are not kept for the life of a reader.
func (p *Pile[T]) Empty() {
	p.Truncate(0)
	if len(p.chunks) > doubling { // 256 bytes to 8 KiB
		clear(p.chunks[doubling:])
		p.chunks = p.chunks[:doubling]
	}
}

// A Cursor reads a Pile's elements in order.
type Cursor[T any] struct {
	p    *Pile[T]
	c, i int // the chunk and index of the next element
}

// From returns a Cursor at position pos.
func (p *Pile[T]) From(pos int) Cursor[T] {
	c, start := p.locate(pos)
	return Cursor[T]{p, c, pos - start}
}

// Next returns the element at the Cursor and moves past it; there must be
// one.
func (k *Cursor[T]) Next() T {
	if k.i == len(k.p.chunks[k.c]) {
		k.c, k.i = k.c+1, 0
	}
	k.i++
	return k.p.chunks[k.c][k.i-1]
}

// Take returns the next elements, at most n, as many as are together in
// one chunk, and moves past them; n must be at least 1, and there must be
// one.
func (k *Cursor[T]) Take(n int) []T {
	if k.i == len(k.p.chunks[k.c]) {
		k.c, k.i = k.c+1, 0
	}
	s := k.p.chunks[k.c][k.i:]
	s = s[:min(n, len(s))]
	k.i += len(s)
	return s
}
