package multiplayer

import "iter"

// objectList is a spawner's nodes in the order they came. A removed node
// leaves a hole, closed up once holes outnumber nodes: removing one of n
// nodes costs O(1) amortized, not O(n), so n despawns take linear time.
type objectList struct {
	all  []*Object // nil where a node was removed
	live int
}

// add appends o.
func (l *objectList) add(o *Object) {
	o.index = len(l.all)
	l.all = append(l.all, o)
	l.live++
}

// remove removes o, if it is in the list.
func (l *objectList) remove(o *Object) {
	if o.index >= len(l.all) || l.all[o.index] != o {
		return
	}
	l.all[o.index] = nil
	l.live--
	if holes := len(l.all) - l.live; holes > 16 && holes > l.live {
		kept := l.all[:0]
		for _, x := range l.all {
			if x != nil {
				x.index = len(kept)
				kept = append(kept, x)
			}
		}
		clear(l.all[len(kept):])
		l.all = kept
	}
}

// each yields the nodes in order.
func (l *objectList) each() iter.Seq[*Object] {
	return func(yield func(*Object) bool) {
		for _, o := range l.all {
			if o != nil && !yield(o) {
				return
			}
		}
	}
}
