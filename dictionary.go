package gdvar

import (
	"iter"
	"reflect"
)

// Dictionary is Godot's Dictionary: entries in insertion order, which Godot
// keeps and which is meaningful, with keys of any type (ints, floats,
// vectors, arrays, …). KeyType and ValueType make it a typed Dictionary
// (Godot 4.4+). The zero value is an empty untyped Dictionary.
//
// Keys compare as Go values: an int 1 and a float 1.0 are different keys, as
// in Godot. Keys that Go cannot compare (arrays, dictionaries) are found by
// deep equality. A Dictionary of more than 32 entries builds an index on its
// first lookup, after which reflect.DeepEqual no longer sees it equal to one
// without; compare Dictionaries with Equal.
type Dictionary struct {
	KeyType, ValueType ContainerType
	Shared             bool // the old shared flag (Godot 2 honours it)

	keys, values []any
	index        map[any]int // comparable key → position; built on the first lookup in a large Dictionary
}

// indexFrom is the size from which lookups use an index.
const indexFrom = 32

// NewDictionary returns a Dictionary holding the given key, value pairs in
// order.
func NewDictionary(kv ...any) *Dictionary {
	d := &Dictionary{}
	for i := 0; i+1 < len(kv); i += 2 {
		d.Set(kv[i], kv[i+1])
	}
	return d
}

// Len returns the number of entries.
func (d *Dictionary) Len() int { return len(d.keys) }

// At returns the i-th entry in order.
func (d *Dictionary) At(i int) (key, value any) { return d.keys[i], d.values[i] }

// Keys returns the keys in order.
func (d *Dictionary) Keys() []any { return append([]any(nil), d.keys...) }

// All iterates over the entries in order.
func (d *Dictionary) All() iter.Seq2[any, any] {
	return func(yield func(any, any) bool) {
		for i := range d.keys {
			if !yield(d.keys[i], d.values[i]) {
				return
			}
		}
	}
}

// Get returns the value for key.
func (d *Dictionary) Get(key any) (any, bool) {
	if i := d.find(key); i >= 0 {
		return d.values[i], true
	}
	return nil, false
}

// Set sets the value for key: in place if the key is there, else as a new
// last entry.
func (d *Dictionary) Set(key, value any) {
	if i := d.find(key); i >= 0 {
		d.values[i] = value
		return
	}
	d.Append(key, value)
}

// Delete removes key's entry and reports whether there was one.
func (d *Dictionary) Delete(key any) bool {
	i := d.find(key)
	if i < 0 {
		return false
	}
	d.keys = append(d.keys[:i], d.keys[i+1:]...)
	d.values = append(d.values[:i], d.values[i+1:]...)
	d.index = nil // positions moved
	return true
}

// Equal reports whether d and o have the same types, flag and entries in the
// same order.
func (d *Dictionary) Equal(o *Dictionary) bool {
	return d.KeyType == o.KeyType && d.ValueType == o.ValueType && d.Shared == o.Shared &&
		reflect.DeepEqual(d.keys, o.keys) && reflect.DeepEqual(d.values, o.values)
}

// Append adds an entry at the end without looking for the key. Decoding
// keeps every entry the input has this way, duplicates included, so that it
// can be written back as it was; Set is what Godot does. Lookups find the
// last of duplicate keys, as Godot keeps the last.
func (d *Dictionary) Append(key, value any) {
	d.keys = append(grow(d.keys, 1), key)
	d.values = append(grow(d.values, 1), value)
	if d.index != nil && mapKey(key) {
		d.index[key] = len(d.keys) - 1
	}
}

// find returns the position of key's last entry, or -1.
func (d *Dictionary) find(key any) int {
	if !mapKey(key) || len(d.keys) <= indexFrom && d.index == nil {
		comparable := mapKey(key)
		for i := len(d.keys) - 1; i >= 0; i-- {
			if comparable && mapKey(d.keys[i]) && d.keys[i] == key || !comparable && reflect.DeepEqual(d.keys[i], key) {
				return i
			}
		}
		return -1
	}
	if d.index == nil {
		d.index = make(map[any]int, len(d.keys))
		for i, k := range d.keys {
			if mapKey(k) {
				d.index[k] = i
			}
		}
	}
	if i, ok := d.index[key]; ok {
		return i
	}
	return -1
}

// mapKey reports whether a key can be looked up in a Go map with Godot's
// meaning: comparable, and not a pointer (a *Dictionary key is equal to
// another by contents, not identity).
func mapKey(k any) bool {
	if k == nil {
		return true
	}
	t := reflect.TypeOf(k)
	return t.Comparable() && t.Kind() != reflect.Pointer && t.Kind() != reflect.Interface
}
