package vartext

import "github.com/gdvar/gdvar"

// A Dictionary is the one value the Encoder holds before writing it: the
// engine prints its keys sorted, so the text of every entry is kept until
// the last one has come. dictState holds that text, one Dictionary at a
// time for each level of nesting: an inner Dictionary's sorted text goes
// into the text of the entry that holds it.

// dictState is a Dictionary being printed.
type dictState struct {
	text    []byte  // the entries' text, in the order they came
	entries []entry // where each entry's text starts
	keys    []key   // the keys, for sorting
	size    int     // the keys' elements: the work their comparisons may take
	inKey   bool    // the tokens coming are a key's
	kb      keyBuilder
	idx     []int // the entries printed (see merge), sorted
	own     []int // idx before the sort, where KeepSortedKeys may keep it
	from    []int // the entry whose value each entry prints (see merge)
	merging merger
}

// entry is where an entry's key and value start in dictState.text; the
// value ends where the next entry starts.
type entry struct{ key, value int }

func (ds *dictState) reset() {
	ds.text, ds.entries, ds.keys, ds.size, ds.inKey = ds.text[:0], ds.entries[:0], ds.keys[:0], 0, false
	ds.kb.resetArena()
}

// startKey starts an entry: its key's tokens follow.
func (ds *dictState) startKey() {
	ds.entries = append(ds.entries, entry{key: len(ds.text)})
	ds.keys = append(ds.keys, key{})
	ds.inKey = true
	ds.kb.reset(&ds.keys[len(ds.keys)-1])
}

// keyToken gives a token of the key to the key's builder. When the key is
// complete, its value's text starts and keyToken returns true.
func (ds *dictState) keyToken(t gdvar.Token) bool {
	ds.kb.add(t)
	if !ds.kb.built {
		return false
	}
	ds.size += ds.kb.size
	ds.entries[len(ds.entries)-1].value = len(ds.text)
	ds.inKey = false
	return true
}

// onlyTiesMoved reports whether the sort moved no key but among keys the
// engine's comparison finds equal: at each place, the key the sort put
// there and the one there before (ds.own) are equal, within the budget of
// a sort.
func (ds *dictState) onlyTiesMoved(d Dialect) bool {
	o := newOrder(d, ds.keys, ds.size)
	for i, a := range ds.own {
		if b := ds.idx[i]; a != b && (o.less(a, b) || o.less(b, a)) {
			return false
		}
	}
	return !o.exhausted()
}

// appendSorted appends the Dictionary's text, keys sorted, to dst; asHeld
// says its keys are as the engine holds them read from text (see merge);
// keepSorted keeps them in their order where the sort moves only keys the
// engine's comparison finds equal (see KeepSortedKeys).
func (ds *dictState) appendSorted(dst []byte, d Dialect, asHeld, keepSorted bool) []byte {
	n := len(ds.entries)
	if n == 0 {
		switch d {
		case Godot4:
			return append(dst, "{}"...)
		case Godot3:
			return append(dst, "{\n}"...)
		}
		return append(dst, "{\n\n}"...) // Godot 3.2 and older
	}
	ds.merge(d, asHeld)
	if keepSorted {
		ds.own = append(ds.own[:0], ds.idx...)
	}
	o := newOrder(d, ds.keys, ds.size)
	s := sortKeys{a: ds.idx, o: &o}
	s.sort()
	if keepSorted && ds.onlyTiesMoved(d) {
		copy(ds.idx, ds.own)
	}
	dst = append(dst, "{\n"...)
	for i, e := range ds.idx {
		if i > 0 {
			dst = append(dst, ",\n"...)
		}
		v := ds.from[e]
		end := len(ds.text)
		if v+1 < n {
			end = ds.entries[v+1].key
		}
		dst = append(dst, ds.text[ds.entries[e].key:ds.entries[e].value]...)
		dst = append(dst, ": "...)
		dst = append(dst, ds.text[ds.entries[v].value:end]...)
	}
	return append(dst, "\n}"...)
}
