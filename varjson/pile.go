package varjson

import "unsafe"

// pile is a stack kept in chunks that stay for the next elements: growing
// it copies nothing, so that it allocates what it held at the most, where a
// slice that doubles when full allocates two to four times that in all.
// The chunks double from 256 bytes to 16 KiB, then stay at 16 KiB, so that
// a small value takes a small chunk.
type pile[T any] struct {
	chunks [][]T // full below top
	top    int   // the chunk that takes the next element
	cur    []T   // chunks[top]; nil before the first
	i      int   // elements in cur
	below  int   // elements below cur
}

// chunkLen returns the elements of chunk c: 256 bytes doubling to 16 KiB,
// less the 8 bytes Go puts before an object of pointers over 512 bytes, so
// that a chunk fills its size class.
func chunkLen[T any](c int) int {
	bytes := 16 << 10
	if c < 6 {
		bytes = 256 << c
	}
	if bytes > 512 {
		bytes -= 8
	}
	return bytes / int(unsafe.Sizeof(*new(T)))
}

// push puts v on top.
func (p *pile[T]) push(v T) {
	if p.i == len(p.cur) {
		p.next()
	}
	p.cur[p.i] = v
	p.i++
}

// next moves on to the next chunk, made if it is not there yet.
func (p *pile[T]) next() {
	if p.cur != nil {
		p.top, p.below = p.top+1, p.below+len(p.cur)
	}
	if p.top == len(p.chunks) {
		p.chunks = append(p.chunks, make([]T, chunkLen[T](p.top)))
	}
	p.cur, p.i = p.chunks[p.top], 0
}

// len returns the number of elements.
func (p *pile[T]) len() int { return p.below + p.i }

// locate returns the chunk of the element at position pos, and the
// position of the chunk's first element, looking down from the top.
func (p *pile[T]) locate(pos int) (chunk, start int) {
	chunk, start = p.top, p.below
	for start > pos {
		chunk--
		start -= len(p.chunks[chunk])
	}
	return chunk, start
}

// at returns the element at position pos.
func (p *pile[T]) at(pos int) T {
	c, start := p.locate(pos)
	return p.chunks[c][pos-start]
}

// last returns the element on top.
func (p *pile[T]) last() T { return p.at(p.len() - 1) }

// truncate drops the elements from position n on, letting go of what they
// point to.
func (p *pile[T]) truncate(n int) {
	if n >= p.below { // within the top chunk, as most are
		clear(p.cur[n-p.below : p.i])
		p.i = n - p.below
		return
	}
	k := p.from(n)
	for left := p.len() - n; left > 0; {
		s := k.take(left)
		clear(s)
		left -= len(s)
	}
	top, start := p.locate(n)
	p.top, p.cur, p.i, p.below = top, p.chunks[top], n-start, start
}

// empty drops every element, and the chunks beyond the first 16 KiB: a
// large value's are not kept for the life of a Decoder.
func (p *pile[T]) empty() {
	p.truncate(0)
	const kept = 6 // 256 bytes to 8 KiB
	if len(p.chunks) > kept {
		clear(p.chunks[kept:])
		p.chunks = p.chunks[:kept]
	}
}

// cursor reads a pile's elements in order.
type cursor[T any] struct {
	p    *pile[T]
	c, i int // the chunk and index of the next element
}

// from returns a cursor at position pos.
func (p *pile[T]) from(pos int) cursor[T] {
	c, start := p.locate(pos)
	return cursor[T]{p, c, pos - start}
}

// next returns the element at the cursor and moves past it.
func (k *cursor[T]) next() T {
	if k.i == len(k.p.chunks[k.c]) {
		k.c, k.i = k.c+1, 0
	}
	k.i++
	return k.p.chunks[k.c][k.i-1]
}

// take returns the next elements, at most n, as many as are together in
// one chunk, and moves past them.
func (k *cursor[T]) take(n int) []T {
	if k.i == len(k.p.chunks[k.c]) {
		k.c, k.i = k.c+1, 0
	}
	s := k.p.chunks[k.c][k.i:]
	s = s[:min(n, len(s))]
	k.i += len(s)
	return s
}
