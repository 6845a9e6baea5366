package gdvar

import "fmt"

// Option is one of gdvar's own settings: the engine version, the limits,
// and the other settings of a [Codec]. Options are checked once, by [NewCodec]
// (or [MustCodec], or [Codec.With]), into a Codec that never changes; the
// package's [Marshal], [Unmarshal], [NewDecoder] and [NewEncoder] are the default
// Codec's and take none. An option given a value it does not accept (an
// unknown engine, a negative limit, …) makes NewCodec return an error
// matching [ErrInvalidOption] that names it. The module's other packages
// have option types of their own and take gdvar's settings whole, as a
// *Codec (their WithCodec options).
type Option func(*config)

type config struct {
	err        error // the first invalid option
	engine     Engine
	limits     Limits
	objects    bool
	inputLimit int64 // bytes the Decoder may read; < 0 for no bound
	precision  int8  // math precision for the value layer: 0 auto, else Precision+1
	semantic   bool  // Unmarshal into interface{} gives values only, never RawValue
	single     bool  // the input is one value, nothing after it (SingleValue)
	noUnknown  bool  // a key that names no struct field is an error (DisallowUnknownFields)
}

// defaultConfig is the configuration without options: the default Codec's.
var defaultConfig = config{inputLimit: -1, limits: DefaultLimits()}

// invalid records the first invalid option.
func (c *config) invalid(format string, args ...any) {
	if c.err == nil {
		c.err = fmt.Errorf("%w: "+format, append([]any{ErrInvalidOption}, args...)...)
	}
}

// WithEngine selects the engine version whose wire format is read or
// written. The default is [Godot4].
func WithEngine(e Engine) Option {
	return func(c *config) {
		c.engine = e
		if e > Godot2 {
			c.invalid("unknown engine %d", e)
		}
	}
}

// WithLimits sets the Decoder's limits; zero fields keep their defaults,
// negative ones are invalid. The [Encoder] uses MaxDepth only.
func WithLimits(l Limits) Option {
	return func(c *config) {
		c.limits = l
		if name, v := l.negative(); name != "" {
			c.invalid("Limits.%s is %d", name, v)
		}
	}
}

// AllowObjects lets a [Decoder] accept full objects (class name and
// properties), as Godot's bytes_to_var_with_objects and get_var(true) do.
// Without it, like bytes_to_var, a full object is an [ErrObjectsNotAllowed]
// error. Objects written as instance ids are always accepted.
func AllowObjects(allow bool) Option { return func(c *config) { c.objects = allow } }

// WithInputLimit bounds a [Decoder] to the first n bytes of its reader: it
// never reads past them, so the reader can be handed to the next user, and
// input that needs more bytes is truncated. Use it to decode one frame of a
// framed stream in place. A negative n is invalid.
func WithInputLimit(n int64) Option {
	return func(c *config) {
		c.inputLimit = n
		if n < 0 {
			c.invalid("input limit %d", n)
		}
	}
}

// WithMathPrecision makes [Marshal] and [Encoder.Encode] write the real-valued
// math types (Vector2, Transform3D, …) and packed vector arrays with 32-bit
// reals (Single, as Godot's default build always writes them, rounding) or
// 64-bit reals (Double, as a precision=double build writes them). Without
// it, a value is written with 32-bit reals when that loses nothing and
// 64-bit reals otherwise, so that values decoded from either build are
// written back unchanged. Versions without 64-bit math (Godot 3, 2) always
// take 32 bits. vartext reads text with the reals it selects (Single by
// default, as standard builds of the engine do).
func WithMathPrecision(p Precision) Option {
	return func(c *config) {
		c.precision = int8(p) + 1
		if p > Double {
			c.invalid("unknown precision %d", p)
		}
	}
}

// Semantic, when on, makes [Unmarshal] and [Decoder.Decode] give an interface{}
// what each value means, even where it is encoded in a way Godot would not
// write it (see [RawValue]): a 64-bit int that fits in 32 bits is an int64
// like any other, non-zero padding is dropped, and so on. [Marshal] then
// writes such values as Godot would, which may not be the input's bytes.
func Semantic(on bool) Option { return func(c *config) { c.semantic = on } }

// SingleValue, when on, makes a Decoder's input one value and nothing
// after it, as a packet from a peer is: once the first top-level value is
// read, the [Decoder] returns io.EOF at the end of the input, and a
// *DecodeError matching [ErrTrailingData], at the offset of the first byte
// after the value, if anything follows. [Unmarshal] always checks so.
//
// Decode, SkipValue and [CopyValue] read no further than their value, so
// that a Decoder on a connection does not wait for more input once the
// value is whole: they report the trailing bytes already in hand (on a
// byte slice, all of them), having read the value (Decode has set v). The
// next call reads on to tell the end of the input from trailing bytes, so
// on a reader, call ReadToken once more after the value: it returns io.EOF
// at the end of the input. ReadToken itself reports trailing bytes at the
// call after the value's last token.
func SingleValue(on bool) Option { return func(c *config) { c.single = on } }

// DisallowUnknownFields, when on, makes [Unmarshal] and [Decoder.Decode] fail
// on a Dictionary key or full-object property that names no field of the
// Go struct it is decoded into, which they otherwise skip, as
// encoding/json's Decoder.DisallowUnknownFields does: the error is an
// *UnknownFieldError naming the key and its path, which matches
// [ErrUnknownField].
func DisallowUnknownFields(on bool) Option { return func(c *config) { c.noUnknown = on } }
