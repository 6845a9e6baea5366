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
