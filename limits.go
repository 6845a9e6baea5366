package gdvar

// Limits bound what a [Decoder] accepts, so that hostile input costs a known
// amount of memory and work. A zero field takes its default, one of the
// Default* constants; a negative one is an invalid option. Memory held by a Decoder never depends on a length
// the input declares: strings and packed arrays stream in chunks, and a value
// whose declared size breaks a limit fails before its payload is read.
type Limits struct {
	// MaxDepth is how many containers (Array, Dictionary, full Object) a
	// value may be nested in. Godot fails past 1024, so larger settings act
	// as 1024.
	MaxDepth int
	// MaxContainerLen is the largest element count of an Array, the largest
	// entry count of a Dictionary and the largest property count of a full
	// Object.
	MaxContainerLen int64
	// MaxStringBytes is the largest String or StringName, and the largest
	// element of a PackedStringArray, in bytes.
	MaxStringBytes int64
	// MaxPackedBytes is the largest packed array payload in bytes (for a
	// PackedStringArray: its element count times 4, a lower bound of its
	// size).
	MaxPackedBytes int64
	// MaxNameBytes is the largest name held whole in one token: a class name,
	// a script path, a property name, a signal name, or all the names of a
	// NodePath together.
	MaxNameBytes int
	// MaxValueBytes is the largest encoded size of one top-level value.
	MaxValueBytes int64
	// ChunkSize is the largest piece of a string or packed array delivered in
	// one token, in bytes. It also sizes the Decoder's read buffer.
	ChunkSize int
}

// The default limits. They suit untrusted input on a server: a value may be
// as deep as Godot allows and as large as a big save file, while the memory a
// [Decoder] holds stays near ChunkSize + MaxNameBytes.
const (
	DefaultMaxDepth        = maxEngineDepth
	DefaultMaxContainerLen = 1 << 24 // 16 Mi elements
	DefaultMaxStringBytes  = 64 << 20
	DefaultMaxPackedBytes  = 256 << 20
	DefaultMaxNameBytes    = 64 << 10
	DefaultMaxValueBytes   = 1 << 30
	DefaultChunkSize       = 64 << 10

	// MinChunkSize is the smallest ChunkSize: room for the largest packed
	// element (a 64-bit Vector4) and a whole UTF-8 sequence.
	MinChunkSize = 64
)

// withDefaults returns l with zero fields replaced by defaults and values
// clamped to what the codec supports.
func (l Limits) withDefaults() Limits {
	if l.MaxDepth <= 0 || l.MaxDepth > maxEngineDepth {
		l.MaxDepth = DefaultMaxDepth
	}
	if l.MaxContainerLen <= 0 {
		l.MaxContainerLen = DefaultMaxContainerLen
	}
	if l.MaxStringBytes <= 0 {
		l.MaxStringBytes = DefaultMaxStringBytes
	}
	if l.MaxPackedBytes <= 0 {
		l.MaxPackedBytes = DefaultMaxPackedBytes
	}
	if l.MaxNameBytes <= 0 {
		l.MaxNameBytes = DefaultMaxNameBytes
	}
	if l.MaxValueBytes <= 0 {
		l.MaxValueBytes = DefaultMaxValueBytes
	}
	if l.ChunkSize <= 0 {
		l.ChunkSize = DefaultChunkSize
	}
	l.ChunkSize = max(l.ChunkSize, MinChunkSize) &^ 7 // whole 64-bit elements
	return l
}

// negative returns the first negative field of l, if any.
func (l Limits) negative() (string, int64) {
	for _, f := range []struct {
		name string
		v    int64
	}{
		{"MaxDepth", int64(l.MaxDepth)}, {"MaxContainerLen", int64(l.MaxContainerLen)},
		{"MaxStringBytes", int64(l.MaxStringBytes)}, {"MaxPackedBytes", int64(l.MaxPackedBytes)},
		{"MaxNameBytes", int64(l.MaxNameBytes)}, {"MaxValueBytes", int64(l.MaxValueBytes)},
		{"ChunkSize", int64(l.ChunkSize)},
	} {
		if f.v < 0 {
			return f.name, f.v
		}
	}
	return "", 0
}

// DefaultLimits returns the limits a [Decoder] uses when none are given.
func DefaultLimits() Limits { return Limits{}.withDefaults() }

// lenLimit names a limit on a declared length. Every path that reads one
// checks it with allows: the token path reports a breach (Decoder.lenError),
// the fast and flat paths hand the value to the token path so that it does.
type lenLimit uint8

const (
	limitString    lenLimit = iota // MaxStringBytes
	limitContainer                 // MaxContainerLen
	limitPacked                    // MaxPackedBytes
)

var lenLimitNames = [...]string{"MaxStringBytes", "MaxContainerLen", "MaxPackedBytes"}

// max returns limit k's value in l.
func (l *Limits) max(k lenLimit) int64 {
	return [...]int64{l.MaxStringBytes, l.MaxContainerLen, l.MaxPackedBytes}[k]
}

// allows reports whether a declared length n is within limit k.
func (l *Limits) allows(k lenLimit, n int64) bool { return n <= l.max(k) }
