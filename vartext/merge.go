package vartext

import (
	"bytes"
	"encoding/binary"
	"hash/maphash"
	"math"
	"slices"

	"github.com/gdvar/gdvar"
)

// The engine decodes a Dictionary entry by entry into a Dictionary of its
// own (d[key] = value), so keys that differ in the binary form but decode
// to equal values make one entry: in the place of the first, with the
// first's key and the last one's value. Decoding makes such keys of
// Strings that differ only by a leading byte order mark or by what follows
// a NUL (the engine drops both), and Godot 4 takes a String and a
// StringName of one text for one key. Godot 3's str2var keeps a leading
// byte order mark and its var2bytes writes it, so the engine makes such
// binary forms itself: {"\uFEFF ": 1, " ": 2} prints as {" ": 2}.
//
// Two keys are taken for one when their identities (appendIdentity) are
// equal. A key holding a Dictionary, an object, a RID, a Callable or a
// Signal has none, as keyBuilder keeps only the type of those: it is never
// merged.

// merger finds the entries whose keys the engine takes for one, by their
// identities' hashes, so that a large Dictionary takes a map of small
// entries and not of its keys' identities.
type merger struct {
	ids   []byte  // the keys' identities, one after the other
	ends  []int   // by entry: where its identity ends in ids
	next  []int32 // by entry: the next entry kept whose hash is the same, or -1
	heads map[uint64]int32
	seed  maphash.Seed
}

// identity returns entry i's identity.
func (m *merger) identity(i int32) []byte {
	start := 0
	if i > 0 {
		start = m.ends[i-1]
	}
	return m.ids[start:m.ends[i]]
}

// merge fills ds.idx with the entries the engine keeps, in their order,
// and ds.from with the entry whose value each prints. With asHeld the
// keys are as the engine holds them read from text, not decoded from the
// binary form: Godot 3's absolute NodePath without names stays one.
func (ds *dictState) merge(d Dialect, asHeld bool) {
	m := &ds.merging
	n := len(ds.entries)
	ds.idx, ds.from = slices.Grow(ds.idx[:0], n), slices.Grow(ds.from[:0], n)
	m.ids, m.ends, m.next = m.ids[:0], slices.Grow(m.ends[:0], n), slices.Grow(m.next[:0], n)
	hashing := n > linearMerge
	if hashing {
		clear(m.heads)
		if m.heads == nil {
			m.heads, m.seed = make(map[uint64]int32, n), maphash.MakeSeed()
		}
	}
	for i := range int32(n) {
		ds.from = append(ds.from, int(i))
		m.next = append(m.next, -1)
		var ok bool
		before := len(m.ids)
		m.ids, ok = appendIdentity(m.ids, &ds.keys[i], d, asHeld, true)
		if !ok { // never looked up: its identity is dropped
			m.ids = m.ids[:before]
			m.ends = append(m.ends, before)
			ds.idx = append(ds.idx, int(i))
			continue
		}
		m.ends = append(m.ends, len(m.ids))
		j, found := m.kept(ds.idx, i, hashing)
		if found {
			ds.from[j] = int(i)
			continue
		}
		ds.idx = append(ds.idx, int(i))
	}
}

// linearMerge is the most entries merged by comparing each key's identity
// with those kept before it, without hashing: for a record's few keys
// that is cheaper than a map (the game state's 100 000 Dictionaries of 6
// keys printed in 119 ms with the map, against 91 before merging). A
// variable so that the tests can send every Dictionary through the map.
var linearMerge = 8

// kept returns the entry kept before entry i whose identity is i's, if
// any, among those kept (idx): by the identities' hashes, which then
// note i's, or by comparing it with each.
func (m *merger) kept(idx []int, i int32, hashing bool) (int32, bool) {
	id := m.identity(i)
	if !hashing {
		k := slices.IndexFunc(idx, func(j int) bool { return bytes.Equal(m.identity(int32(j)), id) })
		if k < 0 {
			return 0, false
		}
		return int32(idx[k]), true
	}
	h := maphash.Bytes(m.seed, id)
	head, hashed := m.heads[h]
	j, found := head, hashed
	for found && !bytes.Equal(m.identity(j), id) {
		j, found = m.next[j], m.next[j] >= 0
	}
	if found {
		return j, true
	}
	if hashed {
		m.next[i] = head
	}
	m.heads[h] = i
	return 0, false
}

// appendIdentity appends to dst a form of k that another key has the same
// of when the engine takes the two for one key (asHeld: as it holds them
// read from text, see merge), and reports whether k has one. Like equalKey it makes a float -0.0 0.0 and every NaN one at the top
// only; in Godot 4 a StringName at the top counts as the String of its
// text.
func appendIdentity(dst []byte, k *key, d Dialect, asHeld, top bool) ([]byte, bool) {
	typ := k.typ
	if top && d == Godot4 && typ == gdvar.TypeStringName {
		typ = gdvar.TypeString
	}
	dst = append(dst, byte(typ))
	switch {
	case typ == gdvar.TypeNil:
	case typ == gdvar.TypeBool || typ == gdvar.TypeInt:
		dst = binary.LittleEndian.AppendUint64(dst, uint64(k.i))
	case typ == gdvar.TypeFloat:
		f := k.f
		if top {
			f = sameFloat(f)
		}
		dst = binary.LittleEndian.AppendUint64(dst, math.Float64bits(f))
	case typ == gdvar.TypeString || typ == gdvar.TypeStringName:
		dst = appendSized(dst, k.s)
	case typ == gdvar.TypePackedStringArray:
		dst = binary.LittleEndian.AppendUint64(dst, uint64(len(k.strs)))
		for _, s := range k.strs {
			dst = appendSized(dst, s)
		}
	case typ.IsMath() || typ.IsPacked():
		dst = binary.LittleEndian.AppendUint64(dst, uint64(len(k.nums)))
		for _, f := range k.nums {
			dst = binary.LittleEndian.AppendUint64(dst, math.Float64bits(f))
		}
	case typ == gdvar.TypeNodePath:
		empty := len(k.s) == 9 && k.s[1:] == "\x00\x00\x00\x00\x00\x00\x00\x00"
		if d != Godot4 && !asHeld && empty { // Godot 3's decoding makes an absolute path without names empty
			dst = append(append(dst, 0), k.s[1:]...)
			break
		}
		dst = append(dst, k.s...)
	case typ == gdvar.TypeArray:
		dst = binary.LittleEndian.AppendUint64(dst, uint64(len(k.elems)))
		for i := range k.elems {
			var ok bool
			if dst, ok = appendIdentity(dst, &k.elems[i], d, asHeld, false); !ok {
				return dst, false
			}
		}
	default:
		return dst, false
	}
	return dst, true
}

// appendSized appends s with its length before it.
func appendSized(dst []byte, s string) []byte {
	return append(binary.LittleEndian.AppendUint64(dst, uint64(len(s))), s...)
}
