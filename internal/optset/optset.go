// Package optset lets gdvar's sibling packages (stream, vartext, varjson,
// fileaccess, multiplayer, …) keep their settings in gdvar.Option, so the
// whole module has one option type. Each package names its settings with
// a Key of its own type; an option of a package sets that package's
// settings only when that package reads them.
//
// An option reaches only the functions that use it: gdvar's own options
// are the codec's, which every package accepts; a package's options are
// accepted by its functions and by the packages that read them too (Read's
// also). Any other is an invalid option naming it and the function's
// package, so that gdvar.Marshal(v, stream.WithMaxFrame(1)) fails rather
// than ignore it. A function that has checked its list and hands it on to
// another package's gives it Forward's list, which the next reader does not
// check again.
//
// optset cannot import gdvar (gdvar imports it), so gdvar fills in the
// hooks when it initialises; by then every package that imports gdvar can
// use them.
package optset

// Key names one package's settings, of type T, in a list of options.
type Key[T any] struct{ pkg string }

// NewKey returns the Key of package pkg's settings (its name, as an option
// is spelled: "stream", "multiplayer").
func NewKey[T any](pkg string) *Key[T] { return &Key[T]{pkg} }

// Shared are gdvar's settings that the sibling packages read.
type Shared struct {
	Engine    int  // gdvar.Engine
	Precision int8 // 0 when not set, else gdvar.Precision+1
}

// Option returns a gdvar.Option, as an any, named name ("stream.WithMaxFrame"),
// that applies set to key k's settings when they are read. A non-nil err
// makes the options invalid wherever they are used.
func Option[T any](k *Key[T], name string, err error, set func(*T)) any {
	return NewOption(k.pkg, name, err, func(dst any) { set(dst.(*T)) })
}

// Read returns key k's settings in opts, a []gdvar.Option given as an any,
// to a function of package reader, with the gdvar settings they share,
// and the error of the first invalid option: one that is invalid itself,
// or one of a package other than k's and those named in also.
func Read[T any](opts any, k *Key[T], reader string, also ...string) (T, Shared, error) {
	var t T
	shared, err := ReadInto(opts, Settings{k.pkg, &t}, reader, also)
	return t, shared, err
}

// SharedOf returns the gdvar settings in opts that the packages share, and
// the error of the first invalid option, to a function of package reader,
// which has no settings of its own and takes the options of the packages
// named in also.
func SharedOf(opts any, reader string, also ...string) (Shared, error) {
	return ReadInto(opts, Settings{}, reader, also)
}

// Check checks opts, a []gdvar.Option, given to a function of package
// reader that takes the options of the packages in also, and returns them
// to hand on (Forward), or the error of the first invalid one.
func Check[O any](opts []O, reader string, also ...string) ([]O, error) {
	if _, err := SharedOf(opts, reader, also...); err != nil {
		return nil, err
	}
	return Forward(opts).([]O), nil
}

// Settings are the settings of package Pkg being read, into Dst, a
// pointer to them; none when Pkg is "".
type Settings struct {
	Pkg string
	Dst any
}

// Text is vartext's settings, which configfile and resource set and read
// too.
type Text struct {
	Dialect  int8 // 0 when not set, else vartext.Dialect+1
	AsHeld   bool // values are written as the engine holds them read from text, not as decoded from the binary form
	Resource int8 // 0, or the format (2 to 4) of the resource file whose syntax is read and written
	Exact    bool // floats are written in digits the engine reads back as the same number
	// ExactText writes a string or NodePath held from text whose text
	// starts with a byte order mark with one more, which the engine's
	// reader drops.
	ExactText bool
}

// TextKey names the Text settings.
var TextKey = NewKey[Text]("vartext")

// AsHeld and ExactText return the options, as gdvar.Options in an any,
// that set Text's AsHeld and ExactText, which the packages writing files
// (configfile, resource, migrate) give vartext. They are functions, not
// variables, as gdvar fills in NewOption after this package initialises.
func AsHeld() any {
	return Option(TextKey, "asHeld", nil, func(t *Text) { t.AsHeld = true })
}

// ExactText: see AsHeld.
func ExactText() any {
	return Option(TextKey, "exactText", nil, func(t *Text) { t.ExactText = true })
}

// The hooks gdvar fills in.
var (
	// NewOption returns a gdvar.Option, as an any, of package pkg, named
	// name, that calls set with a pointer to pkg's settings when they are
	// read; a non-nil err makes the options invalid.
	NewOption func(pkg, name string, err error, set func(dst any)) any
	// ReadInto applies opts, a []gdvar.Option given as an any, to s, for a
	// function of package reader, which takes the options of s's package
	// and of those in also, and returns the shared settings and the error
	// of the first invalid option.
	ReadInto func(opts any, s Settings, reader string, also []string) (Shared, error)
	// Forward returns opts, a []gdvar.Option given as an any and checked
	// by the function it was given to, as a list the functions it is
	// handed on to do not check again.
	Forward func(opts any) any
	// Codec returns opts, a []gdvar.Option given as an any and checked
	// by the function it was given to, as a list for gdvar's codec alone,
	// which it reads without the work of each option: none when they set
	// nothing of the codec's, else one setting what they make.
	Codec func(opts any) any
)
