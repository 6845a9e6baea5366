package project

import "fmt"

// budget is what reading may make of the bytes of the files it read:
// perByte bytes for each, beyond a floor. A few bytes of a project can ask
// for far more than they are (a scene instanced again and again, autoloads
// naming one large scene, constants that double, a list of a chain of
// bases for each of its scripts): what they ask for is counted against a
// budget before it is made, and refused past it ([ErrBudget]).
//
// A Project keeps one for what it keeps of its files, which every read
// of it draws from (folded constants and defaults, stored-variable lists,
// preloads); a question whose answer it does not keep ([Project.Tree],
// [Project.RunningTree]) has one of its own, over the files it reads.
type budget struct {
	perByte, floor int64
	read           int64 // the bytes of the files counted
	used           int64 // the bytes made
}

// keptFloor is what a Project may keep of its files besides
// [Limits.TreeBytesPerByte] a byte of them: with what reading them costs,
// within 32 bytes a byte and 512 KiB.
const keptFloor = 128 << 10

// limit is what the budget allows.
func (b *budget) limit() int64 { return b.floor + b.perByte*b.read }

// take counts n bytes to be made, and says whether they fit; those that
// do not are not counted.
func (b *budget) take(n int64) bool {
	if n > b.limit()-b.used {
		return false
	}
	b.used += n
	return true
}

// refused is the error of what would pass the budget, as what it is.
func (b *budget) refused(what string) error {
	return fmt.Errorf("%s past the budget of %d bytes (%d a byte of %d bytes read, and %d KiB; raise Limits.TreeBytesPerByte): %w",
		what, b.limit(), b.perByte, b.read, b.floor>>10, ErrBudget)
}
