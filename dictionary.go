package gdvar

import (
	"fmt"
	"iter"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
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
// without; compare Dictionaries with Equal. A copy of a Dictionary value
// shares its entries with the original, as two pointers to it would.
type Dictionary struct {
	_ [0]func() // not comparable with ==: compare with Equal

	KeyType, ValueType ContainerType
	Shared             bool // the old shared flag (Godot 2 honours it)

	t *table // nil until the first entry, so that an empty Dictionary is 64 bytes
}

// table is a non-empty Dictionary's entries, in order, and its index.
type table struct {
	entries []entry
	index   map[any]int // comparable key → position; built on the first lookup in a large Dictionary
}

// entry is a key and its value.
type entry struct{ key, value any }

// dictTable is a non-empty Dictionary and its table, which decoders make
// in one allocation.
type dictTable struct {
	d Dictionary
	t table
}

// newDictTable returns an empty Dictionary with a table of room for n
// entries.
func newDictTable(n int) *Dictionary {
	dt := &dictTable{}
	dt.t.entries = make([]entry, 0, n)
	dt.d.t = &dt.t
	return &dt.d
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

// entries returns d's entries; none while d has no table.
func (d *Dictionary) entries() []entry {
	if d.t == nil {
		return nil
	}
	return d.t.entries
}

// Len returns the number of entries.
func (d *Dictionary) Len() int { return len(d.entries()) }

// At returns the i-th entry in order.
func (d *Dictionary) At(i int) (key, value any) {
	e := d.entries()[i]
	return e.key, e.value
}

// Keys returns the keys in order.
func (d *Dictionary) Keys() []any {
	entries := d.entries()
	if len(entries) == 0 {
		return nil
	}
	keys := make([]any, len(entries))
	for i, e := range entries {
		keys[i] = e.key
	}
	return keys
}

// All iterates over the entries in order.
func (d *Dictionary) All() iter.Seq2[any, any] {
	return func(yield func(any, any) bool) {
		for i := range d.Len() {
			if e := d.t.entries[i]; !yield(e.key, e.value) {
				return
			}
		}
	}
}

// Get returns the value for key.
func (d *Dictionary) Get(key any) (any, bool) {
	if i := d.find(key); i >= 0 {
		return d.t.entries[i].value, true
	}
	return nil, false
}

// Set sets the value for key: in place if the key is there, else as a new
// last entry.
func (d *Dictionary) Set(key, value any) {
	if i := d.find(key); i >= 0 {
		d.t.entries[i].value = value
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
	d.t.entries = slices.Delete(d.t.entries, i, i+1)
	d.t.index = nil // positions moved
	return true
}

// Equal reports whether d and o have the same types, flag and entries in the
// same order.
func (d *Dictionary) Equal(o *Dictionary) bool {
	return d.KeyType == o.KeyType && d.ValueType == o.ValueType && d.Shared == o.Shared &&
		d.Len() == o.Len() && (d.Len() == 0 || reflect.DeepEqual(d.t.entries, o.t.entries))
}

// Append adds an entry at the end without looking for the key. Decoding
// keeps every entry the input has this way, duplicates included, so that it
// can be written back as it was; Set is what Godot does. Lookups find the
// last of duplicate keys, as Godot keeps the last.
func (d *Dictionary) Append(key, value any) {
	if d.t == nil {
		d.t = &table{}
	}
	t := d.t
	t.entries = append(grow(t.entries, 1), entry{key, value})
	if t.index != nil && mapKey(key) {
		t.index[key] = len(t.entries) - 1
	}
}

// Grow makes room for n more entries, so that as many Appends allocate
// nothing: a decoder that knows the count holds the Dictionary to its size.
func (d *Dictionary) Grow(n int) {
	entries := slices.Grow(d.entries(), n)
	if cap(entries) == 0 {
		return // an empty Dictionary stays without a table
	}
	if d.t == nil {
		d.t = &table{}
	}
	d.t.entries = entries
}

// find returns the position of key's last entry, or -1.
func (d *Dictionary) find(key any) int {
	t := d.t
	if t == nil {
		return -1
	}
	if !mapKey(key) || len(t.entries) <= indexFrom && t.index == nil {
		comparable := mapKey(key)
		for i := len(t.entries) - 1; i >= 0; i-- {
			if k := t.entries[i].key; comparable && mapKey(k) && k == key || !comparable && reflect.DeepEqual(k, key) {
				return i
			}
		}
		return -1
	}
	if t.index == nil {
		t.index = make(map[any]int, len(t.entries))
		for i, e := range t.entries {
			if mapKey(e.key) {
				t.index[e.key] = i
			}
		}
	}
	if i, ok := t.index[key]; ok {
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

// String returns the entries as Godot 4's print shows a Dictionary:
// { "name": "Ann", 2: [1.5, &"id", <null>], "pos": (0.0, 1.0, 2.0) }.
// Floats keep a ".0", as an int 1 and a float 1.0 are different keys;
// strings are quoted as Go quotes them. As in Godot 4.6, containers more
// than 100 deep (a Dictionary inside itself, say) print as { ... } or
// [...].
func (d *Dictionary) String() string {
	if d == nil {
		return "<nil>"
	}
	var b strings.Builder
	appendPrinted(&b, d, 0)
	return b.String()
}

// maxPrintDepth is Godot 4's MAX_RECURSION: a container nested deeper
// (a cycle, say) prints as "{ ... }" or "[...]", as the engine's print does.
const maxPrintDepth = 100

// appendPrinted writes v as Godot prints it inside a container, depth
// containers deep.
func appendPrinted(b *strings.Builder, v any, depth int) {
	switch v := v.(type) {
	case nil:
		b.WriteString("<null>")
	case string:
		b.WriteString(strconv.Quote(v))
	case StringName:
		b.WriteString("&" + strconv.Quote(string(v)))
	case NodePath:
		b.WriteString("^" + strconv.Quote(v.String()))
	case float32:
		appendFloats(b, false, float64(v))
	case float64:
		appendFloats(b, false, v)
	case Vector2:
		appendFloats(b, true, v.X, v.Y)
	case Vector3:
		appendFloats(b, true, v.X, v.Y, v.Z)
	case Vector4:
		appendFloats(b, true, v.X, v.Y, v.Z, v.W)
	case Quaternion:
		appendFloats(b, true, v.X, v.Y, v.Z, v.W)
	case Color:
		appendFloats(b, true, float64(v.R), float64(v.G), float64(v.B), float64(v.A))
	case []any:
		appendList(b, v, depth)
	case Array:
		appendList(b, v.Values, depth)
	case *Dictionary:
		if v == nil {
			b.WriteString("<null>")
			return
		}
		if depth > maxPrintDepth {
			b.WriteString("{ ... }")
			return
		}
		b.WriteString("{ ")
		for i, e := range v.entries() {
			if i > 0 {
				b.WriteString(", ")
			}
			appendPrinted(b, e.key, depth+1)
			b.WriteString(": ")
			appendPrinted(b, e.value, depth+1)
		}
		b.WriteString(" }")
	default:
		fmt.Fprint(b, v)
	}
}

func appendList(b *strings.Builder, vs []any, depth int) {
	if depth > maxPrintDepth {
		b.WriteString("[...]")
		return
	}
	b.WriteByte('[')
	for i, e := range vs {
		if i > 0 {
			b.WriteString(", ")
		}
		appendPrinted(b, e, depth+1)
	}
	b.WriteByte(']')
}

// appendFloats writes one float, or a tuple of them in parentheses.
func appendFloats(b *strings.Builder, tuple bool, fs ...float64) {
	if tuple {
		b.WriteByte('(')
	}
	for i, f := range fs {
		if i > 0 {
			b.WriteString(", ")
		}
		s := strconv.FormatFloat(f, 'f', -1, 64)
		switch {
		case math.IsInf(f, 0) || math.IsNaN(f):
			s = strings.TrimPrefix(strings.ToLower(s), "+")
		case !strings.Contains(s, "."):
			s += ".0"
		}
		b.WriteString(s)
	}
	if tuple {
		b.WriteByte(')')
	}
}
