package gdvar

import "fmt"

// Option configures a Decoder or an Encoder. Options that do not apply to one
// of them are ignored by it.
type Option func(*config)

type config struct {
	err        error // an invalid option
	engine     Engine
	limits     Limits
	objects    bool
	inputLimit int64 // bytes the Decoder may read; < 0 for no bound
	precision  int8  // math precision for the value layer: 0 auto, else Precision+1
	semantic   bool  // Unmarshal into interface{} gives values only, never RawValue
}

// set makes c the configuration opts describe. It works in place so that
// resetting a Decoder or Encoder does not allocate.
func (c *config) set(opts []Option) {
	*c = config{inputLimit: -1}
	for _, o := range opts {
		o(c)
	}
	c.limits = c.limits.withDefaults()
}

// WithEngine selects the engine version whose wire format is read or
// written. The default is Godot4.
func WithEngine(e Engine) Option {
	return func(c *config) {
		c.engine = e
		if e > Godot2 {
			c.err = fmt.Errorf("gdvar: unknown engine %d", e)
		}
	}
}

// WithLimits sets the Decoder's limits; zero fields keep their defaults. The
// Encoder uses MaxDepth only.
func WithLimits(l Limits) Option { return func(c *config) { c.limits = l } }

// AllowObjects lets a Decoder accept full objects (class name and
// properties), as Godot's bytes_to_var_with_objects and get_var(true) do.
// Without it, like bytes_to_var, a full object is an ErrObjectsNotAllowed
// error. Objects written as instance ids are always accepted.
func AllowObjects(allow bool) Option { return func(c *config) { c.objects = allow } }

// WithInputLimit bounds a Decoder to the first n bytes of its reader: it
// never reads past them, so the reader can be handed to the next user, and
// input that needs more bytes is truncated. Use it to decode one frame of a
// framed stream in place.
func WithInputLimit(n int64) Option { return func(c *config) { c.inputLimit = max(n, 0) } }

// WithMathPrecision makes Marshal and Encoder.Encode write the real-valued
// math types (Vector2, Transform3D, …) and packed vector arrays with 32-bit
// reals (Single, as Godot's default build always writes them, rounding) or
// 64-bit reals (Double, as a precision=double build writes them). Without
// it, a value is written with 32-bit reals when that loses nothing and
// 64-bit reals otherwise, so that values decoded from either build are
// written back unchanged. Versions without 64-bit math (Godot 3, 2) always
// take 32 bits.
func WithMathPrecision(p Precision) Option { return func(c *config) { c.precision = int8(p) + 1 } }

// Semantic makes Unmarshal and Decoder.Decode give an interface{} what each
// value means, even where it is encoded in a way Godot would not write it
// (see RawValue): a 64-bit int that fits in 32 bits is an int64 like any
// other, non-zero padding is dropped, and so on. Marshal then writes such
// values as Godot would, which may not be the input's bytes.
func Semantic() Option { return func(c *config) { c.semantic = true } }
