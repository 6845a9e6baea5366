package configfile

import "iter"

// ordered is values by name in the order the names came, as the engine's
// insertion-ordered maps keep sections and keys: finding, setting and
// removing a name cost O(1) amortized, so that reading a file takes time
// linear in it whatever its sections and erased keys.
type ordered[V any] struct {
	items []item[V] // in order; removed ones stay until compact
	at    map[string]int
	gone  int // removed items in items
}

type item[V any] struct {
	name    string
	v       V
	removed bool
}

func (o *ordered[V]) get(name string) (V, bool) {
	if i, ok := o.at[name]; ok {
		return o.items[i].v, true
	}
	var zero V
	return zero, false
}

// set sets name's value; a new name comes last, or first if front (which
// costs O(n): the engine's section "" alone).
func (o *ordered[V]) set(name string, v V, front bool) {
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

// remove removes name, if it is there.
func (o *ordered[V]) remove(name string) {
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

func (o *ordered[V]) reindex() {
	for i, it := range o.items {
		if !it.removed {
			o.at[it.name] = i
		}
	}
}

func (o *ordered[V]) len() int { return len(o.at) }

// all yields the names and values in order.
func (o *ordered[V]) all() iter.Seq2[string, V] {
	return func(yield func(string, V) bool) {
		for _, it := range o.items {
			if !it.removed && !yield(it.name, it.v) {
				return
			}
		}
	}
}
