package gdvar

// Engine selects the Godot version whose wire format a Decoder reads and an
// Encoder writes. The zero value is Godot4, the default.
type Engine uint8

// The engine versions gdvar speaks.
const (
	// Godot4 is Godot 4.0 to 4.6: the type numbers the engine really writes
	// (Dictionary 27, Array 28, …), not the stale table on the documentation
	// page.
	Godot4 Engine = iota
)

// String returns the engine's name, such as "Godot 4".
func (e Engine) String() string { return e.table().name }

// maxEngineDepth is Variant::MAX_RECURSION_DEPTH: the engine fails a value
// nested in more containers than this, whatever gdvar's limits say.
const maxEngineDepth = 1024

// engineTable holds what differs between engine versions. The codec is
// written once against Type; an engineTable maps wire numbers to types and
// says which wire rules apply.
type engineTable struct {
	name     string
	types    []Type            // wire number → Type
	wire     [typeCount]int    // Type → wire number; -1 if the version lacks it
	typeMask uint32            // header bits holding the type number
	flagBits [typeCount]uint32 // header flag bits the engine reads, per type
	// small maps the header of a common small value to how to read it, for
	// the Decoder's fast path: index = header & 0xff, plus 256 for FLAG_64.
	// Headers with other bits set are not in it.
	small [512]smallValue
}

// smallValue is what a header says about a common small value.
type smallValue struct {
	kind Kind // KindInvalid: not a small value
	typ  Type
	size uint8 // bytes on the wire; 0 for a string (variable)
}

// fillSmall builds the fast-path table from the type table.
func (t *engineTable) fillSmall() {
	for n, typ := range t.types {
		if n >= 256 {
			break
		}
		narrow, wide := Kind(0), Kind(0)
		size := uint8(8)
		switch typ {
		case TypeNil:
			narrow, size = KindNil, 4
		case TypeBool:
			narrow = KindBool
		case TypeInt:
			narrow, wide = KindInt32, KindInt64
		case TypeFloat:
			narrow, wide = KindFloat32, KindFloat64
		case TypeString:
			narrow, size = KindString, 0
		case TypeVector2, TypeVector3:
			narrow, size = mathKinds[typ], uint8(4+typ.mathSize(false))
		case TypeArray:
			narrow = KindArrayStart // untyped: no flags
		case TypeDictionary:
			narrow = KindDictStart
		}
		t.small[n] = smallValue{narrow, typ, size}
		if wide != KindInvalid && t.flagBits[typ]&flag64 != 0 {
			t.small[256+n] = smallValue{wide, typ, 12}
		}
	}
}

// wireType returns the Type in a header, or false if the engine fails on its
// type number.
func (t *engineTable) wireType(hdr uint32) (Type, bool) {
	n := hdr & t.typeMask
	if n >= uint32(len(t.types)) {
		return 0, false
	}
	return t.types[n], true
}

// ignoredBits returns the header bits the engine ignores for a value of type
// typ; they are kept in tokens so that re-encoding reproduces them.
func (t *engineTable) ignoredBits(hdr uint32, typ Type) uint32 {
	return hdr &^ (t.typeMask | t.flagBits[typ])
}

// Header flag bits.
const (
	flag64            = 1 << 16 // FLAG_64: 64-bit payload
	flagObjectAsID    = 1 << 16 // Object: the payload is an instance id
	arrayKindShift    = 16      // Array: element type kind in bits 16..17
	dictKeyShift      = 16      // Dictionary: key type kind in bits 16..17
	dictValueShift    = 18      // Dictionary: value type kind in bits 18..19
	countSharedBit    = 1 << 31 // Array/Dictionary count: the old shared flag
	containerKindMask = 3
)

// has reports whether the engine version has type typ.
func (t *engineTable) has(typ Type) bool { return typ < typeCount && t.wire[typ] >= 0 }

func newEngineTable(name string, types []Type) *engineTable {
	t := &engineTable{name: name, types: types}
	for i := range t.wire {
		t.wire[i] = -1
	}
	for n, typ := range types {
		t.wire[typ] = n
	}
	return t
}

var godot4Table = func() *engineTable {
	types := make([]Type, TypePackedVector4Array+1)
	for i := range types {
		types[i] = Type(i)
	}
	t := newEngineTable("Godot 4", types)
	t.typeMask = 0xff
	for typ := range typeCount {
		if typ == TypeInt || typ == TypeFloat || typ.hasReals() {
			t.flagBits[typ] = flag64
		}
	}
	t.flagBits[TypeObject] = flagObjectAsID
	t.flagBits[TypeArray] = containerKindMask << arrayKindShift
	t.flagBits[TypeDictionary] = containerKindMask<<dictKeyShift | containerKindMask<<dictValueShift
	t.fillSmall()
	return t
}()

func (e Engine) table() *engineTable {
	return godot4Table
}
