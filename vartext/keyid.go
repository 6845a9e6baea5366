package vartext

import (
	"encoding/binary"
	"math"

	"github.com/gdvar/gdvar"
)

// keyIDs numbers the values read inside Dictionary keys: two values get
// the same number when their binary forms are equal (see equalKey). A
// value of one token is numbered by its form; a container by its type and
// its elements' numbers, so each value is looked at once however deep keys
// nest in keys, where comparing binary forms read each level's key again
// at every level around it.
type keyIDs struct {
	ids   map[string]uint32
	strs  map[string]uint32 // Strings by their text: the common key, not copied
	form  []byte            // the form being numbered
	codec *gdvar.Codec      // writes the binary forms
	// small holds the numbers of the ints from -smallInts/2 on, plus one
	// (0: none yet): the shortest elements a key's Array can have, whose
	// look-up in ids would cost more than the text they take.
	small [smallInts]uint32
}

const smallInts = 256

// noID stands for a value not numbered yet: one that is not a container.
const noID = ^uint32(0)

// reset forgets every number; the binary forms are c's.
func (k *keyIDs) reset(c config) {
	k.forget()
	k.use(c)
}

// forget forgets every number.
func (k *keyIDs) forget() {
	k.ids, k.strs = nil, nil // not cleared: a map keeps the room its largest use took
	k.small = [smallInts]uint32{}
	if cap(k.form) > 64<<10 {
		k.form = nil
	}
}

// use makes the binary forms c's.
func (k *keyIDs) use(c config) { k.codec = c.binary() }

// number returns the number of form, which is kept in k.form.
func (k *keyIDs) number(form []byte) uint32 {
	k.form = form
	if id, ok := k.ids[string(k.form)]; ok {
		return id
	}
	if k.ids == nil {
		k.ids = map[string]uint32{}
	}
	id := k.next()
	k.ids[string(k.form)] = id
	return id
}

// next returns a new number.
func (k *keyIDs) next() uint32 { return uint32(len(k.ids) + len(k.strs)) }

// value returns the number of v, a value of one token or a packed array,
// inside a key.
func (k *keyIDs) value(v any) uint32 {
	if i, ok := v.(int64); ok && uint64(i+smallInts/2) < smallInts {
		if id := k.small[i+smallInts/2]; id > 0 {
			return id - 1
		}
		id := k.number(binary.LittleEndian.AppendUint64(append(k.form[:0], 'i'), uint64(i)))
		k.small[i+smallInts/2] = id + 1
		return id
	}
	f := k.form[:0]
	switch x := v.(type) {
	case nil:
		f = append(f, 'z')
	case bool:
		f = append(f, 't')
		if x {
			f = append(f, 1)
		}
	case int64:
		f = binary.LittleEndian.AppendUint64(append(f, 'i'), uint64(x))
	case float64:
		f = binary.LittleEndian.AppendUint64(append(f, 'f'), math.Float64bits(x))
	case string:
		id, ok := k.strs[x]
		if !ok {
			if k.strs == nil {
				k.strs = map[string]uint32{}
			}
			id = k.next()
			k.strs[x] = id
		}
		return id
	case gdvar.StringName:
		f = append(append(f, 'n'), x...)
	default:
		b, err := k.codec.AppendMarshal(append(f, 'b'), v)
		if err != nil {
			b = append(append(f[:0], 'e'), err.Error()...)
		}
		f = b
	}
	return k.number(f)
}

// key returns the number of v as a Dictionary's own key, which the engine
// compares as equalKey says: id if v is a container, else v's number after
// the changes equalKey makes.
func (k *keyIDs) key(v any, id uint32, d Dialect) uint32 {
	if id != noID {
		return id
	}
	switch x := v.(type) {
	case gdvar.StringName:
		if d == Godot4 {
			return k.value(string(x))
		}
	case float64:
		return k.value(sameFloat(x))
	}
	return k.value(v)
}

// start begins the form of a container: its tag and type.
func (k *keyIDs) start(tag byte, types ...gdvar.ContainerType) {
	k.form = append(k.form[:0], tag)
	for _, t := range types {
		k.form = append(k.form, byte(t.Kind), byte(t.Builtin))
		k.form = binary.LittleEndian.AppendUint32(k.form, uint32(len(t.Name)))
		k.form = append(k.form, t.Name...)
	}
}

// element adds an element's number to the container's form.
func (k *keyIDs) element(id uint32) { k.form = binary.LittleEndian.AppendUint32(k.form, id) }

// name adds a property's name to an object's form.
func (k *keyIDs) name(s string) {
	k.form = binary.LittleEndian.AppendUint32(k.form, uint32(len(s)))
	k.form = append(k.form, s...)
}

// equalKey returns a string that two keys have the same of when the engine
// takes them for the same key: their binary form with math values of the
// configured precision, a float -0.0 as 0.0 and any NaN as one, and in
// Godot 4 a StringName as the String of its text. (A -0.0 or a NaN inside
// an Array or a vector keeps its bits: Godot also finds those equal.) It
// serves keys of one token; keyIDs numbers the rest by the same rule.
func equalKey(k any, c config) string {
	switch x := k.(type) {
	case string:
		return "s" + x
	case gdvar.StringName:
		if c.dialect == Godot4 {
			return "s" + string(x)
		}
		return "n" + string(x)
	case float64:
		k = sameFloat(x)
	}
	b, err := c.binary().Marshal(k)
	if err != nil {
		return "e" + err.Error()
	}
	return "b" + string(b)
}
