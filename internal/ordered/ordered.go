// Package ordered is a map that keeps its names in the order they came, as
// Godot's insertion-ordered maps keep a spawner's nodes: finding, setting
// and removing a name cost O(1) amortized, so that input adding and
// removing names takes time linear in it. (A ConfigFile keeps its sections
// and keys in a store of its own, smaller for a section: package
// configfile.)
package ordered

import "iter"

// Map is values by name in the order the names came. The zero Map is
// empty.
type Map[V any] struct {
	items []item[V] // in order; removed ones stay until compact
	at    map[string]int
	gone  int // removed items in items
}

type item[V any] struct {
	name    string
	v       V
	removed bool
}

// Get returns name's value, and whether it is there.
func (o *Map[V]) Get(name string) (V, bool) {
	if i, ok := o.at[name]; ok {
		return o.items[i].v, true
	}
	var zero V
	return zero, false
}

// Set sets name's value; a new name comes last, or first if front (which
// costs O(n): for Godot 4's ConfigFile section "" alone).
func (o *Map[V]) Set(name string, v V, front bool) {
	if i, ok := o.at[name]; ok {
		o.items[i].v = v
		return
	}
	if o.at == nil {
		o.at = map[string]int{}
	}
	if !front {
		o.at[name] = len(o.items)
		o.items = append(o.items, item[V]{name: name, v: v})
		return
	}
	o.items = append([]item[V]{{name: name, v: v}}, o.items...)
	o.reindex()
}

// Remove removes name, if it is there.
func (o *Map[V]) Remove(name string) {
	i, ok := o.at[name]
	if !ok {
		return
	}
	delete(o.at, name)
	o.items[i] = item[V]{removed: true}
	if o.gone++; o.gone > 16 && o.gone > len(o.at) {
		kept := o.items[:0]
		for _, it := range o.items {
			if !it.removed {
				kept = append(kept, it)
			}
		}
		clear(o.items[len(kept):])
		o.items, o.gone = kept, 0
		o.reindex()
	}
}

func (o *Map[V]) reindex() {
	for i, it := range o.items {
		if !it.removed {
			o.at[it.name] = i
		}
	}
}

// Len returns the number of names.
func (o *Map[V]) Len() int { return len(o.at) }

// All yields the names and values in order.
func (o *Map[V]) All() iter.Seq2[string, V] {
	return func(yield func(string, V) bool) {
		for _, it := range o.items {
			if !it.removed && !yield(it.name, it.v) {
				return
			}
		}
	}
}
