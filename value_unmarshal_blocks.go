package gdvar

import (
	"reflect"
	"unsafe"
)

// The generic form's small parts are cut from blocks, as strings are kept
// in blocks (see keep) and small arrays in slabs (see newArray): the
// Dictionaries, their entries and Arrays' elements, and what an
// interface{} holds that Go would allocate for alone (strings' headers,
// the []any of an Array; ints, floats and math values go with strings'
// bytes, see take). A block's parts go into values and are never handed
// out again; a Reset of the Decoder starts new blocks. Blocks of a kind
// double from 64 bytes (or a quarter of the input left) to blockBytes,
// and hold no more elements than the input left could fill, so that a
// small value takes a few small blocks, spare room stays below what the
// value holds, and, as a slice of the input, a part kept alive keeps at
// most its block alive.

const blockBytes = 4 << 10

// blocks are the current blocks of one Decode call: the unused part of
// each, and the bytes of the last made.
type blocks struct {
	dicts                                               []Dictionary // the empty ones
	dictTables                                          []dictTable
	entries                                             []entry
	anys                                                []any
	lists                                               [][]any // the headers of untyped Arrays
	strs                                                []string
	nDicts, nDictTables, nEntries, nAnys, nLists, nStrs int
}

// cut returns n elements of *b, the unused part of its block, with no room
// beyond them: from the block when it has them, else from a new block of
// twice the bytes of the last (*last), or a quarter of the input left if
// more (a value's parts take a few times its bytes, so a larger input
// starts with larger blocks), less the 8 bytes Go puts before an
// object of pointers over 512 bytes (so that a block fills its size
// class), holding at most the elements of wire size minWire that the
// input left (rest bytes) holds. A large n gets its own array.
func cut[T any](b *[]T, last *int, n, rest, minWire int) []T {
	if n == 0 {
		return make([]T, 0) // not nil, as the token path's
	}
	size := int(unsafe.Sizeof(*new(T)))
	if n*size > blockBytes/4 {
		return make([]T, n)
	}
	if len(*b) < n {
		*last = min(max(2**last, 64, rest/4), blockBytes)
		*b = make([]T, max(n, min((*last-8)/size, n+rest/minWire)))
	}
	s := (*b)[:n:n]
	*b = (*b)[n:]
	return s
}

// eface is the layout of an interface{}: its type and a pointer to its
// value. Building one from a block's element is what makes boxing a value
// free; Go's own conversion allocates for each.
type eface struct {
	typ  unsafe.Pointer
	data unsafe.Pointer
}

// typeWord returns the type word of x's dynamic type.
func typeWord(x any) unsafe.Pointer { return (*eface)(unsafe.Pointer(&x)).typ }

var (
	int64Word   = typeWord(int64(0))
	float64Word = typeWord(0.0)
	stringWord  = typeWord("")
	listWord    = typeWord([]any(nil))
	// mathWords are the type words of the math types' Go types.
	mathWords = func() (w [typeCount]unsafe.Pointer) {
		for t, typ := range mathTypes {
			w[typ] = typeWord(reflect.Zero(t).Interface())
		}
		return w
	}()
)

// boxAt returns an interface{} of the type whose word is typ, holding the
// value at p, which must be of that type and never change after.
func boxAt(typ, p unsafe.Pointer) any {
	var x any
	e := (*eface)(unsafe.Pointer(&x))
	e.typ, e.data = typ, p
	return x
}

// boxWords returns an interface{} of the type whose word is typ, a type
// without pointers, its value the size bytes at v copied into the block
// strings are kept in (see take); rest is the input left.
func (ds *decodeState) boxWords(typ unsafe.Pointer, v unsafe.Pointer, size uintptr, rest int) any {
	b := ds.take(int(size+7)&^7, 8, rest)
	copy(b, unsafe.Slice((*byte)(v), size))
	return boxAt(typ, unsafe.Pointer(&b[0]))
}

// boxInt returns n in an interface{}: 0 to 255 as Go boxes them (without
// allocating), others in a block.
func (ds *decodeState) boxInt(n int64, rest int) any {
	if uint64(n) < 256 {
		return n
	}
	return ds.boxWords(int64Word, unsafe.Pointer(&n), 8, rest)
}

// boxFloat returns f in an interface{}, in a block.
func (ds *decodeState) boxFloat(f float64, rest int) any {
	return ds.boxWords(float64Word, unsafe.Pointer(&f), 8, rest)
}
