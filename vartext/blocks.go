package vartext

// blockStack holds the elements of the containers being read, innermost
// last, in blocks of fixed size that are kept for the next containers. Text
// does not say how many elements a container has until it ends, and
// appending to each container's own slice would allocate about five times
// its size as the slice grows; here a container costs its slice, made to
// size at its end, and blocks only when more elements are open at once
// than ever before.
type blockStack[T any] struct {
	blocks [][]T
	n      int
}

// blockLen is the elements of a block.
const blockLen = 1024

func (s *blockStack[T]) push(v T) {
	b := s.n / blockLen
	if b == len(s.blocks) {
		s.blocks = append(s.blocks, make([]T, blockLen))
	}
	s.blocks[b][s.n%blockLen] = v
	s.n++
}

func (s *blockStack[T]) at(i int) T { return s.blocks[i/blockLen][i%blockLen] }

func (s *blockStack[T]) set(i int, v T) { s.blocks[i/blockLen][i%blockLen] = v }

// pop drops the elements from start on, clearing them so that they keep
// nothing alive.
func (s *blockStack[T]) pop(start int) {
	for i := start; i < s.n; {
		b := s.blocks[i/blockLen][i%blockLen:]
		b = b[:min(len(b), s.n-i)]
		clear(b)
		i += len(b)
	}
	s.n = start
}

// take returns the elements from start on, in a slice of their number, and
// pops them.
func (s *blockStack[T]) take(start int) []T {
	out := make([]T, s.n-start)
	for i := start; i < s.n; {
		i += copy(out[i-start:], s.blocks[i/blockLen][i%blockLen:])
	}
	s.pop(start)
	return out
}

// keepBlocks is how many blocks a stack keeps between values.
const keepBlocks = 4

// trim empties the stack and lets its blocks but the first few go.
func (s *blockStack[T]) trim() {
	s.pop(0)
	if len(s.blocks) > keepBlocks {
		clear(s.blocks[keepBlocks:])
		s.blocks = s.blocks[:keepBlocks]
	}
}
