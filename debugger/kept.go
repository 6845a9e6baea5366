package debugger

import (
	"strings"

	"github.com/gdvar/gdvar/internal/textcut"
)

// kept is the last items of a stream the game sends: at most max of them,
// and at most maxBytes of their sizes together. The oldest go first, and
// are counted. Adding is O(1) amortized, whatever the flood.
type kept[T any] struct {
	items         []T // items[head:] are kept
	sizes         []int
	head          int
	bytes         int
	dropped       int
	max, maxBytes int
}

// add keeps x, of size bytes, and drops the oldest items over the bounds.
func (k *kept[T]) add(x T, size int) {
	k.items = append(k.items, x)
	k.sizes = append(k.sizes, size)
	k.bytes += size
	for k.head < len(k.items) && (len(k.items)-k.head > k.max || k.bytes > k.maxBytes) {
		var zero T
		k.items[k.head] = zero // let the collector have it
		k.bytes -= k.sizes[k.head]
		k.head++
		k.dropped++
	}
	if k.head > len(k.items)/2 { // move the kept half down, at most once every max adds
		n := copy(k.items, k.items[k.head:])
		clear(k.items[n:])
		k.items = k.items[:n]
		k.sizes = k.sizes[:copy(k.sizes, k.sizes[k.head:])]
		k.head = 0
	}
}

// skip counts n items dropped without being kept.
func (k *kept[T]) skip(n int) { k.dropped += n }

// all returns a copy of the kept items, oldest first.
func (k *kept[T]) all() []T { return append([]T(nil), k.items[k.head:]...) }

// last returns the nth item from the end (1 is the newest), if it is kept.
func (k *kept[T]) last(n int) (T, bool) {
	if n < 1 || n > len(k.items)-k.head {
		var zero T
		return zero, false
	}
	return k.items[len(k.items)-n], true
}

// maxText is the longest string a session keeps of what the game sends:
// a stock game sends at most 32 768 characters of output a second.
const maxText = 64 << 10

// clip returns a copy of s (so that it does not hold the message it was
// cut from) of at most maxText bytes, cut at a character's start.
func clip(s string) string {
	return strings.Clone(textcut.Prefix(s, maxText))
}
