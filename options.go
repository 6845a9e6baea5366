package gdvar

import (
	"fmt"

	"github.com/gdvar/gdvar/internal/optset"
)

// Option configures a Decoder or an Encoder, Marshal and Unmarshal, and the
// readers, writers and converters of the stream, vartext and varjson
// packages: one option type for the whole module, so one list of options can
// be handed from layer to layer. Options that do not apply to a use are
// ignored by it. An invalid option (an unknown engine, a negative limit, …)
// fails the first call that uses the list, before any input is read or
// output written, with an error matching ErrInvalidOption.
type Option func(*config)

type config struct {
	err        error // the first invalid option
	engine     Engine
	limits     Limits
	objects    bool
	inputLimit int64   // bytes the Decoder may read; < 0 for no bound
	precision  int8    // math precision for the value layer: 0 auto, else Precision+1
	semantic   bool    // Unmarshal into interface{} gives values only, never RawValue
	ext        extRead // the sibling package's settings being read, if any
}

// extRead is what optset.ReadInto reads: the settings named key, into dst.
// The options of a sibling package set them only then.
type extRead struct{ key, dst any }

// defaultConfig is the configuration without options.
var defaultConfig = config{inputLimit: -1, limits: DefaultLimits()}

// set makes c the configuration opts describe. It works in place so that
// resetting a Decoder or Encoder does not allocate.
func (c *config) set(opts []Option) {
	*c = defaultConfig
	if len(opts) == 0 {
		return
	}
	c.limits = Limits{}
	for _, o := range opts {
		o(c)
	}
	c.limits = c.limits.withDefaults()
}

// invalid records the first invalid option.
func (c *config) invalid(format string, args ...any) {
	if c.err == nil {
		c.err = fmt.Errorf("%w: "+format, append([]any{ErrInvalidOption}, args...)...)
	}
}

func init() {
	optset.NewOption = func(key any, err error, set func(dst any)) any {
		return Option(func(c *config) {
			if err != nil && c.err == nil {
				c.err = fmt.Errorf("%w: %w", ErrInvalidOption, err)
			}
			if c.ext.key == key {
				set(c.ext.dst)
			}
		})
	}
	optset.ReadInto = func(opts, key, dst any) (optset.Shared, error) {
		c := defaultConfig
		c.ext = extRead{key, dst}
		for _, o := range opts.([]Option) {
			o(&c)
		}
		return optset.Shared{Engine: int(c.engine), Precision: c.precision}, c.err
	}
}

// WithEngine selects the engine version whose wire format is read or
// written. The default is Godot4.
func WithEngine(e Engine) Option {
	return func(c *config) {
		c.engine = e
		if e > Godot2 {
			c.invalid("unknown engine %d", e)
		}
	}
}

// WithLimits sets the Decoder's limits; zero fields keep their defaults,
// negative ones are invalid. The Encoder uses MaxDepth only.
func WithLimits(l Limits) Option {
	return func(c *config) {
		c.limits = l
		if name, v := l.negative(); name != "" {
			c.invalid("Limits.%s is %d", name, v)
		}
	}
}

// AllowObjects lets a Decoder accept full objects (class name and
// properties), as Godot's bytes_to_var_with_objects and get_var(true) do.
// Without it, like bytes_to_var, a full object is an ErrObjectsNotAllowed
// error. Objects written as instance ids are always accepted.
func AllowObjects(allow bool) Option { return func(c *config) { c.objects = allow } }

// WithInputLimit bounds a Decoder to the first n bytes of its reader: it
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

// WithMathPrecision makes Marshal and Encoder.Encode write the real-valued
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

// Semantic, when on, makes Unmarshal and Decoder.Decode give an interface{}
// what each value means, even where it is encoded in a way Godot would not
// write it (see RawValue): a 64-bit int that fits in 32 bits is an int64
// like any other, non-zero padding is dropped, and so on. Marshal then
// writes such values as Godot would, which may not be the input's bytes.
func Semantic(on bool) Option { return func(c *config) { c.semantic = on } }
