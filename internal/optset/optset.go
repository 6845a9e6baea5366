// Package optset lets gdvar's sibling packages (stream, vartext, varjson,
// fileaccess, multiplayer, …) keep their settings in gdvar.Option, so the
// whole module has one option type. Each package names its settings with
// a Key of its own type; an option of a package sets that package's
// settings only when that package reads them, and other uses of the list
// pass over it. optset cannot import gdvar (gdvar imports it), so gdvar
// fills in the two hooks when it initialises; by then every package that
// imports gdvar can use them.
package optset

// Key names one package's settings, of type T, in a list of options.
type Key[T any] struct{ _ byte } // not zero-size: each Key is a distinct pointer

// Shared are gdvar's settings that the sibling packages read.
type Shared struct {
	Engine    int  // gdvar.Engine
	Precision int8 // 0 when not set, else gdvar.Precision+1
}

// Option returns a gdvar.Option, as an any, that applies set to key k's
// settings when they are read. A non-nil err makes the options invalid
// wherever they are used.
func Option[T any](k *Key[T], err error, set func(*T)) any {
	return NewOption(k, err, func(dst any) { set(dst.(*T)) })
}

// Read returns key k's settings in opts, a []gdvar.Option given as an any,
// with the gdvar settings they share, and the error of the first invalid
// option.
func Read[T any](opts any, k *Key[T]) (T, Shared, error) {
	var t T
	shared, err := ReadInto(opts, k, &t)
	return t, shared, err
}

// SharedOf returns the gdvar settings in opts that the packages share, and
// the error of the first invalid option.
func SharedOf(opts any) (Shared, error) { return ReadInto(opts, nil, nil) }

// Text is vartext's settings, which configfile and resource set and read
// too.
type Text struct {
	Dialect  int8 // 0 when not set, else vartext.Dialect+1
	AsHeld   bool // values are written as the engine holds them read from text, not as decoded from the binary form
	Resource int8 // 0, or the format (2 to 4) of the resource file whose syntax is read and written
	Exact    bool // floats are written in digits the engine reads back as the same number
}

// TextKey names the Text settings.
var TextKey = new(Key[Text])

// The hooks gdvar fills in.
var (
	// NewOption returns a gdvar.Option, as an any, that calls set with a
	// pointer to key's settings when they are read; a non-nil err makes
	// the options invalid.
	NewOption func(key any, err error, set func(dst any)) any
	// ReadInto applies opts, a []gdvar.Option given as an any, to dst, a
	// pointer to key's settings, and returns the shared settings and the
	// error of the first invalid option.
	ReadInto func(opts, key, dst any) (Shared, error)
)
