package enet

import "math/rand/v2"

// A channel's waiting packets are kept in order of their numbers. ENet
// keeps each queue as a list it walks from the end to insert, which costs
// the length of the queue for a packet numbered below those waiting: a
// sender numbering packets downwards makes every insert walk the whole
// queue. Here each queue is a treap (a search tree kept balanced by
// random priorities, which a sender cannot choose), linked through the
// entries themselves: finding, inserting and removing cost the logarithm
// of the queue's length, whatever the order packets come in.

// order is incoming entries by key, each key at most once.
type order struct {
	root *incoming
	n    int
}

// get returns the entry with key k, or nil.
func (o *order) get(k uint64) *incoming {
	t := o.root
	for t != nil && t.key != k {
		if k < t.key {
			t = t.left
		} else {
			t = t.right
		}
	}
	return t
}

// min returns the entry with the least key, or nil.
func (o *order) min() *incoming {
	t := o.root
	if t == nil {
		return nil
	}
	for t.left != nil {
		t = t.left
	}
	return t
}

// after returns the entry with the least key above k, or nil.
func (o *order) after(k uint64) *incoming {
	var best *incoming
	for t := o.root; t != nil; {
		if t.key > k {
			best, t = t, t.left
		} else {
			t = t.right
		}
	}
	return best
}

// insert adds in, whose key no entry has.
func (o *order) insert(in *incoming) {
	in.prio = rand.Uint32()
	// in goes below the entries of higher priority on its search path,
	// above the rest of it, which it splits.
	link := &o.root
	for t := *link; t != nil && t.prio > in.prio; t = *link {
		if in.key < t.key {
			link = &t.left
		} else {
			link = &t.right
		}
	}
	in.left, in.right = split(*link, in.key)
	*link = in
	o.n++
}

// remove takes in, which is in the order, out of it.
func (o *order) remove(in *incoming) {
	link := &o.root
	for t := *link; t != in; t = *link {
		if in.key < t.key {
			link = &t.left
		} else {
			link = &t.right
		}
	}
	*link = merge(in.left, in.right)
	in.left, in.right = nil, nil
	o.n--
}

// takeWhile takes entries out of the order from its least key up, while
// f takes them: f is given each in turn, and returns false for the first
// that stays, with those after it. It costs the entries taken and one path
// of the treap, however many they are: no search for each.
func (o *order) takeWhile(f func(*incoming) bool) {
	var stack [64]*incoming // a treap's depth is about 3 ln n; a deeper one grows it
	// The walk's stack holds the entries whose left subtree it is in: once
	// it stops, they are what stays of the path to where it stopped.
	s := stack[:0]
	t := o.root
	for {
		for ; t != nil; t = t.left {
			s = append(s, t)
		}
		if len(s) == 0 {
			o.root = nil // every entry taken
			return
		}
		t, s = s[len(s)-1], s[:len(s)-1]
		next := t.right
		if !f(t) {
			break
		}
		t.left, t.right = nil, nil // its left subtree is taken, and its right is next
		o.n--
		t = next
	}
	// t stays, its left subtree taken; each entry of the stack stays, with
	// what stays of its left subtree below the next one up the path.
	t.left = nil
	for i := len(s) - 1; i >= 0; i-- {
		s[i].left, t = t, s[i]
	}
	o.root = t
}

// each calls f on every entry, in no particular order.
func (o *order) each(f func(*incoming)) {
	var walk func(*incoming)
	walk = func(t *incoming) {
		if t != nil {
			walk(t.left)
			walk(t.right)
			f(t)
		}
	}
	walk(o.root)
}

// split divides the treap t into the entries with keys below k and the
// others.
func split(t *incoming, k uint64) (below, rest *incoming) {
	if t == nil {
		return nil, nil
	}
	if t.key < k {
		t.right, rest = split(t.right, k)
		return t, rest
	}
	below, t.left = split(t.left, k)
	return below, t
}

// merge joins two treaps, every key of a below every key of b.
func merge(a, b *incoming) *incoming {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	case a.prio > b.prio:
		a.right = merge(a.right, b)
		return a
	default:
		b.left = merge(a, b.left)
		return b
	}
}
