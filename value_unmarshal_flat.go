package gdvar

import (
	"bytes"
	"encoding"
	"encoding/binary"
	"math"
	"reflect"
	"sync"
	"time"
	"unicode/utf8"
	"unsafe"
)

// Decode reads a value of a flat type (see value_marshal_flat.go) straight from the
// Decoder's buffer when it is there whole and written as the engine writes
// it: an untyped Dictionary of String keys that name fields, each value of
// its field's own wire type, Arrays untyped. Anything else (a value not
// all buffered, a key that names no field, a Nil, an int where a float
// goes, bits the engine ignores, a string that is not UTF-8, a limit
// reached) makes the reader give up, and the token path reads the value
// from its start, with its conversions and its errors. What the reader set
// before giving up, the token path sets again from the same bytes.

// flatReadFunc reads a value into the Go value at p; false: give up.
type flatReadFunc func(r *flatReader, p unsafe.Pointer) bool

// flatReader reads one value from a Decoder's buffer.
type flatReader struct {
	ds    *decodeState
	d     *Decoder
	b     []byte // the buffered input, up to where the value must end
	pos   int
	depth int // containers open
}

// word reads a u32 and the bool ok.
func (r *flatReader) word() (uint32, bool) {
	if len(r.b)-r.pos < 4 {
		return 0, false
	}
	w := binary.LittleEndian.Uint32(r.b[r.pos:])
	r.pos += 4
	return w, true
}

// header reads a value's header, which must be want, or want with FLAG_64
// when wide is possible; wide reports which. (The depth of the value was
// checked where its container opened: see count and readFlat.)
func (r *flatReader) header(typ Type, widePossible bool) (wide, ok bool) {
	h, ok := r.word()
	want := int64(r.d.tab.wire[typ]) // -1, which no header matches, if the version lacks typ
	switch {
	case !ok:
		return false, false
	case int64(h) == want:
		return false, true
	case widePossible && int64(h) == want|flag64 && r.d.tab.flagBits[typ]&flag64 != 0:
		return true, true
	}
	return false, false
}

// bytes takes the next n bytes.
func (r *flatReader) bytes(n int) ([]byte, bool) {
	if n < 0 || len(r.b)-r.pos < n {
		return nil, false
	}
	r.pos += n
	return r.b[r.pos-n : r.pos], true
}

// str reads a String value's bytes (its header read), padding skipped.
func (r *flatReader) str() ([]byte, bool) {
	n, ok := r.word()
	if !ok || !r.d.cfg.limits.allows(limitString, int64(n)) {
		return nil, false
	}
	s, ok := r.bytes(int(n))
	if !ok || !isShortASCII(s) && !utf8.Valid(s) { // most keys and names are ASCII
		return nil, false
	}
	_, ok = r.bytes(padding(int64(n)))
	return s, ok
}

// count reads a container's count word and opens it. Its elements are one
// level deeper: past MaxDepth, the token path reports it.
func (r *flatReader) count() (int, bool) {
	n, ok := r.word()
	if !ok || !r.d.cfg.limits.allows(limitContainer, int64(n)) {
		return 0, false
	}
	r.depth++
	if n > 0 && r.depth > r.d.cfg.limits.MaxDepth {
		return 0, false
	}
	return int(n), true
}

// Strings are kept in blocks: a short string decoded by the flat reader
// goes into the current block (see decodeState.begin). Blocks double from
// arenaFirst to arenaBlock bytes, and are no larger than the string and
// the input left after it, so that a string kept alive keeps at most that
// much alive besides, as a slice of the input would, and the strings of a
// small value take one small block: the fewer bytes a small message
// allocates, the rarer the collections that slow it.
const (
	arenaFirst = 64
	arenaBlock = 4 << 10
	arenaMax   = 256 // longer strings get their own allocation
)

// keep returns s as a string in the current block; rest is the input left
// after it, which bounds a new block.
func (ds *decodeState) keep(s []byte, rest int) string {
	if len(s) == 0 || len(s) > arenaMax {
		return string(s)
	}
	b := ds.take(len(s), 1, rest)
	copy(b, s)
	return unsafe.String(&b[0], len(b))
}

// take returns the next n bytes of the current block (n at most
// arenaMax), at an address that is a multiple of align (1, or 8 for the
// numbers boxWords keeps there, which hold no pointers either); rest is
// the input left, which bounds a new block. A block is only appended to:
// what take returned is never handed out again.
func (ds *decodeState) take(n, align, rest int) []byte {
	end := uintptr(unsafe.Pointer(unsafe.SliceData(ds.arena))) + uintptr(len(ds.arena))
	start := len(ds.arena) + int(-end&uintptr(align-1))
	if cap(ds.arena) < start+n {
		next := min(max(2*cap(ds.arena), arenaFirst), arenaBlock)
		size := max(n, min(next, n+rest))
		if align > 1 {
			size = (size + 7) &^ 7 // Go aligns an allocation of a multiple of 8 bytes to 8
		}
		ds.arena = make([]byte, 0, size)
		start = 0
	}
	ds.arena = ds.arena[:start+n]
	return ds.arena[start : start+n : start+n]
}

// flatReaders caches each type's reader, nil for a type that is not flat.
var flatReaders sync.Map // reflect.Type → flatReadFunc

// flatReaderFor returns the reader of t, or nil. A slice of bytes reads
// from a PackedByteArray, another slice from an Array whether or not its
// field is tagged ",array".
func flatReaderFor(t reflect.Type) flatReadFunc {
	if f, ok := flatReaders.Load(t); ok {
		return f.(flatReadFunc)
	}
	var f flatReadFunc
	if flatReadable(t, map[reflect.Type]bool{}) {
		f = newFlatReader(t)
	}
	flatReaders.Store(t, f)
	return f
}

// flatReadable reports whether the flat reader reads t as the token path
// does (see newDecoderFunc): not a type with UnmarshalGodot or one of
// gdvar's Godot types other than the math types, nor holding one; a
// TextUnmarshaler from a String; bools, signed integers, floats, strings,
// empty interfaces (see value_unmarshal_flat_any.go), slices, Go arrays and structs of
// those, not embedding structs. open holds the
// struct types being checked, as a recursive type is not flat.
func flatReadable(t reflect.Type, open map[reflect.Type]bool) bool {
	pt := reflect.PointerTo(t)
	switch {
	case pt.Implements(unmarshalerType):
		return false
	case mathTypes[t] != 0:
		return true
	case godotTypeDecoder(t) != nil:
		return false
	case pt.Implements(textUnmarshalerType):
		return true
	}
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Float32, reflect.Float64, reflect.String:
		return true
	case reflect.Interface:
		return t.NumMethod() == 0
	case reflect.Slice:
		return isBytes(t) || flatReadable(t.Elem(), open)
	case reflect.Array:
		return flatReadable(t.Elem(), open)
	case reflect.Struct:
		if open[t] {
			return false
		}
		open[t] = true
		defer delete(open, t)
		for _, f := range structFields(t).fields {
			if len(f.index) != 1 || !flatReadable(f.typ, open) {
				return false
			}
		}
		return true
	}
	return false
}

// isBytes reports whether t is a slice of bytes, named or not.
func isBytes(t reflect.Type) bool {
	return t.Kind() == reflect.Slice && t.Elem() == reflect.TypeFor[byte]()
}

// newFlatReader builds the reader of flat type t.
func newFlatReader(t reflect.Type) flatReadFunc {
	if typ, ok := mathTypes[t]; ok {
		return flatReadMath(typ)
	}
	if reflect.PointerTo(t).Implements(textUnmarshalerType) {
		return flatReadText(t)
	}
	switch t.Kind() {
	case reflect.Bool:
		return func(r *flatReader, p unsafe.Pointer) bool {
			if _, ok := r.header(TypeBool, false); !ok {
				return false
			}
			v, ok := r.word()
			if ok {
				*(*bool)(p) = v != 0
			}
			return ok
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return flatReadInt(int(t.Size()) * 8)
	case reflect.Float64, reflect.Float32:
		return flatReadFloat(t.Kind() == reflect.Float32)
	case reflect.String:
		return func(r *flatReader, p unsafe.Pointer) bool {
			if _, ok := r.header(TypeString, false); !ok {
				return false
			}
			s, ok := r.str()
			if ok {
				*(*string)(p) = r.ds.keep(s, len(r.b)-r.pos)
			}
			return ok
		}
	case reflect.Interface:
		return func(r *flatReader, p unsafe.Pointer) bool {
			x, ok := r.anyValue()
			if ok {
				*(*any)(p) = x
			}
			return ok
		}
	case reflect.Slice:
		if isBytes(t) {
			return flatReadBytes
		}
		return flatReadSlice(t)
	case reflect.Array:
		return flatReadArray(t)
	case reflect.Struct:
		if arrayStruct(t) {
			return flatReadArrayStruct(t)
		}
		return flatReadStruct(t)
	}
	return nil
}

// flatReadInt reads an int into a Go int of bits bits.
func flatReadInt(bits int) flatReadFunc {
	return func(r *flatReader, p unsafe.Pointer) bool {
		wide, ok := r.header(TypeInt, true)
		if !ok {
			return false
		}
		var n int64
		if wide {
			w, ok := r.bytes(8)
			if !ok {
				return false
			}
			n = int64(binary.LittleEndian.Uint64(w))
		} else {
			w, ok := r.word()
			if !ok {
				return false
			}
			n = int64(int32(w))
		}
		if n<<(64-bits)>>(64-bits) != n {
			return false // the token path reports the overflow
		}
		switch bits {
		case 8:
			*(*int8)(p) = int8(n)
		case 16:
			*(*int16)(p) = int16(n)
		case 32:
			*(*int32)(p) = int32(n)
		default:
			*(*int64)(p) = n
		}
		return true
	}
}

// flatReadFloat reads a float into a float64, or a float32 where single.
func flatReadFloat(single bool) flatReadFunc {
	return func(r *flatReader, p unsafe.Pointer) bool {
		wide, ok := r.header(TypeFloat, !single)
		if !ok {
			return false
		}
		if wide {
			w, ok := r.bytes(8)
			if ok {
				*(*float64)(p) = math.Float64frombits(binary.LittleEndian.Uint64(w))
			}
			return ok
		}
		w, ok := r.word()
		switch {
		case !ok:
		case single: // through a float64, as the token path goes
			*(*float32)(p) = float32(float64(math.Float32frombits(w)))
		default:
			*(*float64)(p) = float64(math.Float32frombits(w))
		}
		return ok
	}
}

// flatReadMath reads a math value of its own type, 32 or 64 bits.
func flatReadMath(typ Type) flatReadFunc {
	reals, narrow, wideSize := typ.reals(), typ.mathSize(false), typ.mathSize(true) // known when the plan is made
	return func(r *flatReader, p unsafe.Pointer) bool {
		wide, ok := r.header(typ, true)
		if !ok {
			return false
		}
		size := narrow
		if wide {
			size = wideSize
		}
		raw, ok := r.bytes(size)
		if !ok {
			return false
		}
		if reals == 0 {
			readInt32s(unsafe.Slice((*int32)(p), len(raw)/4), raw)
			return true
		}
		readReals(unsafe.Slice((*float64)(p), reals), raw, wide)
		return true
	}
}

// flatReadText reads a String into an encoding.TextUnmarshaler (a
// time.Time, say), which is given the input's bytes, as encoding/json gives
// its own: UnmarshalText must not keep them. Its error is the token path's
// to report.
func flatReadText(t reflect.Type) flatReadFunc {
	unmarshal := func(s []byte, p unsafe.Pointer) bool {
		return reflect.NewAt(t, p).Interface().(encoding.TextUnmarshaler).UnmarshalText(s) == nil
	}
	if t == reflect.TypeFor[time.Time]() { // the common one, its usual text read here
		unmarshal = readTime
	}
	return func(r *flatReader, p unsafe.Pointer) bool {
		if _, ok := r.header(TypeString, false); !ok {
			return false
		}
		s, ok := r.str()
		return ok && unmarshal(s, p)
	}
}

// readTime reads s into the time.Time at p: by parseTimeText when it can,
// else by UnmarshalText.
func readTime(s []byte, p unsafe.Pointer) bool {
	if tm, ok := parseTimeText(s); ok {
		*(*time.Time)(p) = tm
		return true
	}
	return (*time.Time)(p).UnmarshalText(s) == nil
}

// flatReadBytes reads a PackedByteArray into a []byte: its array reused
// when it has room, else a new one taken from the size-hint budget.
func flatReadBytes(r *flatReader, p unsafe.Pointer) bool {
	if _, ok := r.header(TypePackedByteArray, false); !ok {
		return false
	}
	n, ok := r.word()
	if !ok || !r.d.cfg.limits.allows(limitPacked, int64(n)) {
		return false
	}
	data, ok := r.bytes(int(n))
	if !ok {
		return false
	}
	if _, ok := r.bytes(padding(int64(n))); !ok {
		return false
	}
	s := (*[]byte)(p)
	if int(n) > cap(*s) {
		if int64(n) > r.ds.hintRoom() {
			return false
		}
		r.ds.hint(int(n), 1)
		*s = make([]byte, n)
	}
	*s = append((*s)[:0], data...)
	return true
}

// flatReadStruct reads an untyped Dictionary whose String keys name fields.
// A key is first compared, whole, with the next field's as the engine
// writes it (structField.key), when that name is ASCII, valid in every
// version: keys usually come in field order.
func flatReadStruct(t reflect.Type) flatReadFunc {
	si := structFields(t)
	reads := make([]flatReadFunc, len(si.fields))
	offs := make([]uintptr, len(si.fields))
	keys := make([][]byte, len(si.fields))
	longest := 0
	for i, f := range si.fields {
		offs[i] = t.Field(f.index[0]).Offset
		if reads[i] = flatReaderFor(f.typ); reads[i] == nil { // a flat type is not recursive: this ends
			return nil
		}
		if !isShortASCII([]byte(f.name)) {
			continue // its bytes are checked as the key is read
		}
		keys[i] = f.key
		longest = max(longest, len(f.name))
	}
	return func(r *flatReader, p unsafe.Pointer) bool {
		if _, ok := r.header(TypeDictionary, false); !ok {
			return false
		}
		n, ok := r.count()
		if !ok {
			return false
		}
		compare := r.d.cfg.limits.allows(limitString, int64(longest))
		last := -1
		for range n {
			i := last + 1
			if !compare || i >= len(keys) || keys[i] == nil || !bytes.HasPrefix(r.b[r.pos:], keys[i]) {
				if _, ok := r.header(TypeString, false); !ok {
					return false
				}
				key, ok := r.str()
				if !ok {
					return false
				}
				if i = si.find(key, i); i < 0 {
					return false
				}
			} else {
				r.pos += len(keys[i])
			}
			if !reads[i](r, unsafe.Add(p, offs[i])) {
				return false
			}
			last = i
		}
		r.depth--
		return true
	}
}

// flatReadSlice reads an untyped Array into a slice: its array reused when
// it has room, else a new one taken from the size-hint budget (see
// value_unmarshal_budget.go), as the token path's would be.
func flatReadSlice(t reflect.Type) flatReadFunc {
	size := t.Elem().Size()
	elem := flatReaderFor(t.Elem())
	if elem == nil {
		return nil
	}
	return func(r *flatReader, p unsafe.Pointer) bool {
		if _, ok := r.header(TypeArray, false); !ok {
			return false
		}
		n, ok := r.count()
		if !ok || n > (len(r.b)-r.pos)/4 { // each element takes 4 bytes at least
			return false
		}
		s := (*sliceHeader)(p)
		if more := n - s.cap; more > 0 {
			if int64(more)*int64(size) > r.ds.hintRoom() {
				return false // past the size-hint budget: the token path grows it as elements arrive
			}
			if s.cap == 0 && slabbed(n, size) {
				s.data, s.cap = r.ds.newArray(t, size, n, len(r.b)-r.pos), n
			} else {
				// As the token path grows it, in place: one allocation.
				r.ds.hint(more, size)
				v := reflect.NewAt(t, p).Elem()
				v.SetLen(0)
				v.Grow(n)
			}
		}
		s.len = n
		for i := range n {
			if !elem(r, unsafe.Add(s.data, uintptr(i)*size)) {
				return false
			}
		}
		r.depth--
		return true
	}
}

// flatReadArray reads an untyped Array of as many elements as Go array
// type t holds (the token path zeroes the rest of a longer one).
func flatReadArray(t reflect.Type) flatReadFunc {
	size, n := t.Elem().Size(), t.Len()
	elem := flatReaderFor(t.Elem())
	return func(r *flatReader, p unsafe.Pointer) bool {
		if _, ok := r.header(TypeArray, false); !ok {
			return false
		}
		if count, ok := r.count(); !ok || count != n {
			return false
		}
		for i := range n {
			if !elem(r, unsafe.Add(p, uintptr(i)*size)) {
				return false
			}
		}
		r.depth--
		return true
	}
}

// sliceHeader is the layout of a Go slice.
type sliceHeader struct {
	data     unsafe.Pointer
	len, cap int
}

// Small arrays (the few tags of a record) are cut from blocks of up to
// slabBytes, as short strings are kept in blocks (see keep): one allocation
// for many records. A block is no larger than the input left could fill,
// each element taking 4 bytes of it at least, and is taken whole from the
// size-hint budget.
const (
	slabBytes = 4 << 10
	slabMax   = 16 // arrays of more elements get their own allocation
)

// slab is the block small arrays of one slice type are cut from.
type slab struct {
	typ  reflect.Type
	next unsafe.Pointer // nil when the block is used up
	free int            // elements left
}

// slabs are the blocks of the slice types a value holds small arrays of,
// four at most: a fifth type takes the place of the one that came first.
type slabs struct {
	s    [4]slab
	next uint8 // the place a new type takes
}

// slabbed reports whether an array of n elements of size bytes is cut from
// a slab.
func slabbed(n int, size uintptr) bool {
	return n <= slabMax && size != 0 && uintptr(n)*size <= slabBytes/4
}

// newArray returns a new array of n elements of size bytes for slice type
// t, slabbed, taken from the size-hint budget, which the caller checked has
// room for them; rest is the input left.
func (ds *decodeState) newArray(t reflect.Type, size uintptr, n, rest int) unsafe.Pointer {
	s := ds.slabs.of(t)
	if s.free < n {
		ds.hint(n, size)
		count := n + ds.hint(min(int(slabBytes/size), rest/4)-n, size)
		s.next, s.free = reflect.MakeSlice(t, count, count).UnsafePointer(), count
	}
	a := s.next
	s.free -= n
	s.next = nil // a pointer past the block's end would keep what follows it alive
	if s.free > 0 {
		s.next = unsafe.Add(a, uintptr(n)*size)
	}
	return a
}

// of returns the slab of type t, emptied when it is new.
func (ss *slabs) of(t reflect.Type) *slab {
	for i := range ss.s {
		if ss.s[i].typ == t {
			return &ss.s[i]
		}
	}
	s := &ss.s[ss.next]
	ss.next = (ss.next + 1) % uint8(len(ss.s))
	*s = slab{typ: t}
	return s
}

// readFlat reads a value of a flat type into v where a value goes; false
// when the token path must read it.
func (ds *decodeState) readFlat(read flatReadFunc, v reflect.Value) bool {
	if !v.CanAddr() {
		return false
	}
	r := ds.startFlat()
	if r == nil || !read(r, unsafe.Pointer(v.UnsafeAddr())) { // not v.Addr, which looks up the pointer type
		return false
	}
	ds.endFlat(r)
	return true
}

// flatOrTokens returns the decoderFunc of type t that reads a value whole
// on the flat tier where it can, and otherwise reads its first token and
// hands it to fromToken, the token path, which reads the rest.
func flatOrTokens(t reflect.Type, fromToken func(ds *decodeState, tok Token, v reflect.Value) error) decoderFunc {
	read := flatReaderFor(t)
	return func(ds *decodeState, v reflect.Value) error {
		if read != nil && ds.readFlat(read, v) {
			return nil
		}
		tok, err := ds.next()
		if err != nil {
			return err
		}
		return fromToken(ds, tok, v)
	}
}

// startFlat returns the flat reader, ready to read a value from the
// Decoder's buffer, or nil where a value cannot be read flat.
func (ds *decodeState) startFlat() *flatReader {
	if !flatPaths {
		return nil
	}
	buf, pos, depth, ok := ds.d.rawValue()
	if !ok {
		return nil
	}
	r := &ds.flat // kept in ds: the readers' calls would make a local escape
	*r = flatReader{ds: ds, d: ds.d, b: buf, pos: pos, depth: depth}
	return r
}

// endFlat moves the Decoder past the value r read.
func (ds *decodeState) endFlat(r *flatReader) {
	ds.d.rawCommit(r.pos)
	ds.started = true
}
