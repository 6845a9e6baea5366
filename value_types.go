package gdvar

// The Go types of the value layer for Godot types that have no natural Go
// equivalent. Unmarshal into an interface{} gives these (see Unmarshal for
// the whole mapping); Marshal writes them back as the Godot types they name.

// StringName is Godot's StringName (&"name").
type StringName string

// RID is Godot's RID, a resource id. Godot 3 and 2 write no id.
type RID uint64

// ObjectID is an Object written as its instance id (0 is a null object).
type ObjectID uint64

// Object is a full object: its class and its properties in order. An empty
// Class is a null object. Decoding full objects needs [AllowObjects].
type Object struct {
	Class      string
	Properties []Property
}

// Property is one property of a full Object.
type Property struct {
	Name  string
	Value any
}

// Get returns the value of the first property called name.
func (o *Object) Get(name string) (any, bool) {
	for _, p := range o.Properties {
		if p.Name == name {
			return p.Value, true
		}
	}
	return nil, false
}

// Callable is Godot 4's Callable. Godot writes none of its contents.
type Callable struct{}

// Signal is Godot 4's Signal: a signal name on an object.
type Signal struct {
	Name   string
	Object ObjectID
}

// Array is a typed Godot Array (Array[int], Array[Node], …), or an untyped
// one with Godot 2's shared flag. A plain untyped Array is a []any.
type Array struct {
	Type   ContainerType // the element type
	Shared bool          // the old shared flag (Godot 2 honours it)
	Values []any
}

// Image is a Godot 2 Image: its header and its pixel data.
type Image struct {
	ImageHeader
	Data []byte
}

// RawValue is one encoded value, kept as bytes: a field of this type
// receives the bytes of its value undecoded, and [Marshal] writes a RawValue
// as it is (after checking that it is one valid value). [Unmarshal] into an
// interface{} also gives a RawValue for a value encoded in a way Godot never
// writes (a 64-bit int that fits in 32 bits, a bool word of 2, non-zero
// padding, header bits Godot ignores, …), so that Marshal writes such input
// back unchanged.
type RawValue []byte

// Marshaler is implemented by types that write themselves as one Godot
// value, token by token.
type Marshaler interface {
	MarshalGodot(enc *Encoder) error
}

// Unmarshaler is implemented by types that read themselves from one Godot
// value, token by token: UnmarshalGodot must read exactly one value from
// dec.
type Unmarshaler interface {
	UnmarshalGodot(dec *Decoder) error
}
