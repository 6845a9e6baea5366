package migrate

import (
	"encoding/binary"
	"reflect"
	"slices"

	"github.com/gdvar/gdvar"
)

// smallDict is the size up to which distinctKeys compares each key with
// those before it: a map costs more than that.
const smallDict = 32

// distinctKeys returns d with one entry for each key that repeats, as both
// engines read a Dictionary (d[key] = value for each entry): at the place
// of the key's first entry, with the value of its last. It returns nil if
// no key repeats. Godot 3 writes repeated keys where its reader makes two
// keys one (an absolute NodePath without names and the empty one, in
// binary) and where Godot 3.2 corrupts a key (a pool array key, now and
// then) into the String "[Deleted Object]".
func distinctKeys(d *gdvar.Dictionary) *gdvar.Dictionary {
	n := d.Len()
	if n < 2 {
		return nil
	}
	var small [smallDict]any // the identities of a small d's keys
	var index map[any]int    // a larger d's: an identity → its first entry
	if n > smallDict {
		index = make(map[any]int, n)
	}
	var from []int // from[i]: the entry whose value the i-th takes, -1 to drop it; nil while no key repeats
	for i := range n {
		k, _ := d.At(i)
		id := keyIdentity(k)
		if id == nil {
			continue
		}
		j := -1
		if index == nil {
			j, small[i] = slices.Index(small[:i], id), id
		} else if first, seen := index[id]; seen {
			j = first
		} else {
			index[id] = i
		}
		if j < 0 {
			continue
		}
		if from == nil {
			from = make([]int, n)
			for i := range from {
				from[i] = i
			}
		}
		from[j], from[i] = i, -1
	}
	if from == nil {
		return nil
	}
	out := &gdvar.Dictionary{}
	for i, f := range from {
		if f >= 0 {
			k, _ := d.At(i)
			_, v := d.At(f)
			out.Append(k, v)
		}
	}
	return out
}

// nilKey is the identity of the Nil key.
type nilKey struct{}

// nodePathKey is the identity of a NodePath key: whether it is absolute,
// then its names and its subnames, each list after its length and each
// name after its own.
type nodePathKey string

// keyIdentity returns what a key equals the keys of the same identity by:
// the key itself where Go compares it with == (its type and value; a NaN
// equals nothing), a NodePath's parts. It returns nil for a key whose
// repeats are left: an Array, a Dictionary, a packed array or an object,
// which Godot 3 writes no two alike of but by a fault (an object equals
// only itself in Godot).
func keyIdentity(k any) any {
	if k == nil {
		return nilKey{}
	}
	if p, ok := k.(gdvar.NodePath); ok {
		var buf [64]byte
		b := buf[:1]
		if p.Absolute {
			b[0] = 1
		}
		for _, names := range [][]string{p.Names, p.SubNames} {
			b = binary.AppendUvarint(b, uint64(len(names)))
			for _, n := range names {
				b = append(binary.AppendUvarint(b, uint64(len(n))), n...)
			}
		}
		return nodePathKey(b)
	}
	if t := reflect.TypeOf(k); t.Comparable() && t.Kind() != reflect.Pointer {
		return k
	}
	return nil
}
