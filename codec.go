package gdvar

import (
	"io"
	"math"
	"reflect"
	"sync/atomic"

	"github.com/gdvar/gdvar/internal/optset"
)

// A Codec is a set of options checked once: the engine version, the
// limits and the other settings of [Marshal], [Unmarshal], Decoders and
// Encoders. It never changes once made, so one Codec may serve any number
// of goroutines, and the packages built on this one take it whole (their
// WithCodec options). A nil *Codec is the default, as are the package's
// Marshal, Unmarshal, [NewDecoder] and [NewEncoder].
//
//	godot3, err := gdvar.NewCodec(gdvar.WithEngine(gdvar.Godot3))
//	if err != nil { … }               // an invalid option, found once
//	b, err := godot3.Marshal(v)
//	dec := godot3.NewDecoder(conn)
type Codec struct {
	cfg       config
	plain     bool                  // it sets nothing: the fast paths, which read no option, serve it
	unbounded atomic.Pointer[Codec] // see Unbounded, made on its first use
}

// NewCodec returns the [Codec] of opts, or the error, matching
// [ErrInvalidOption], of the first invalid one (an unknown engine, a
// negative limit, …).
func NewCodec(opts ...Option) (*Codec, error) {
	return (*Codec)(nil).With(opts...)
}

// MustCodec is [NewCodec] for options known to be valid, as in a package's
// variables: it panics on an invalid one.
func MustCodec(opts ...Option) *Codec { return optset.Must(NewCodec(opts...)) }

// With returns a Codec with c's settings and then opts: a limit given
// again replaces c's.
func (c *Codec) With(opts ...Option) (*Codec, error) {
	cfg, err := optset.With(*c.config(), opts, func(c *config) error {
		c.limits = c.limits.withDefaults()
		return c.err
	})
	if err != nil {
		return nil, err
	}
	n := &Codec{cfg: cfg}
	n.plain = reflect.DeepEqual(n.cfg, defaultConfig)
	return n, nil
}

// unlimited are the limits of an Unbounded Codec: all but the depth, which
// Marshal bounds too.
var unlimited = Limits{
	MaxContainerLen: math.MaxInt64,
	MaxStringBytes:  math.MaxInt64,
	MaxPackedBytes:  math.MaxInt64,
	MaxNameBytes:    math.MaxInt,
	MaxValueBytes:   math.MaxInt64,
}

// unboundedOf returns the Unbounded Codec of cfg.
func unboundedOf(cfg config) *Codec {
	u := &Codec{cfg: cfg}
	u.cfg.objects = true
	u.cfg.limits = unlimited
	u.cfg.limits.MaxDepth, u.cfg.limits.ChunkSize = cfg.limits.MaxDepth, cfg.limits.ChunkSize
	u.unbounded.Store(u)
	return u
}

// defaultUnbounded is the default Codec's Unbounded.
var defaultUnbounded = unboundedOf(defaultConfig)

// Unbounded returns a Codec with c's settings but full objects allowed and
// no limits but the depth: to read back, in the same program, what c's
// [Marshal] or [Encoder] wrote, as the packages converting values to text do
// (a value Marshal took converts back whole). Never use it on input from
// a peer or a file.
func (c *Codec) Unbounded() *Codec {
	if c == nil {
		return defaultUnbounded
	}
	if u := c.unbounded.Load(); u != nil {
		return u
	}
	c.unbounded.CompareAndSwap(nil, unboundedOf(c.cfg)) // a Codec made but not used costs no more
	return c.unbounded.Load()
}

// config returns the Codec's settings: the defaults for a nil Codec.
func (c *Codec) config() *config {
	if c == nil {
		return &defaultConfig
	}
	return &c.cfg
}

// isPlain reports whether the Codec sets nothing.
func (c *Codec) isPlain() bool { return c == nil || c.plain }

// Engine returns the engine version the Codec reads and writes.
func (c *Codec) Engine() Engine { return c.config().engine }

// Limits returns the Codec's limits, defaults filled in.
func (c *Codec) Limits() Limits { return c.config().limits }

// MathPrecision returns the precision [WithMathPrecision] set, and whether
// it was set.
func (c *Codec) MathPrecision() (Precision, bool) {
	p := c.config().precision
	return Precision(p - 1), p != 0
}

// Marshal returns the Godot encoding of v, as the package's Marshal does,
// with the Codec's settings.
func (c *Codec) Marshal(v any) ([]byte, error) {
	return marshalWith(c.config(), c.isPlain(), v)
}

// AppendMarshal appends the Godot encoding of v to dst, as AppendMarshal
// does, with the Codec's settings.
func (c *Codec) AppendMarshal(dst []byte, v any) ([]byte, error) {
	return appendMarshal(topTypeOf(reflect.TypeOf(v)), dst, v, c.config(), c.isPlain())
}

// Unmarshal decodes data, one value, into v, as the package's Unmarshal
// does, with the Codec's settings.
func (c *Codec) Unmarshal(data []byte, v any) error {
	return unmarshalConfig(data, v, c.config())
}

// NewDecoder returns a [Decoder] reading from r with the Codec's settings,
// which its Reset keeps.
func (c *Codec) NewDecoder(r io.Reader) *Decoder {
	d := &Decoder{}
	d.init(r, nil, c.config())
	return d
}

// NewDecoderBytes returns a [Decoder] reading data in place, as
// NewDecoderBytes does, with the Codec's settings.
func (c *Codec) NewDecoderBytes(data []byte) *Decoder {
	d := &Decoder{}
	d.init(nil, data, c.config())
	return d
}

// ResetDecoder makes d read r with the Codec's settings, reusing its
// memory, as [Decoder.Reset] does.
func (c *Codec) ResetDecoder(d *Decoder, r io.Reader) { d.init(r, nil, c.config()) }

// ResetDecoderBytes makes d read data in place with the Codec's settings,
// as [Decoder.ResetBytes] does.
func (c *Codec) ResetDecoderBytes(d *Decoder, data []byte) { d.init(nil, data, c.config()) }

// NewEncoder returns an [Encoder] writing to w with the Codec's settings.
func (c *Codec) NewEncoder(w io.Writer) *Encoder {
	e := &Encoder{}
	e.reset(w, c.config())
	return e
}

// ResetEncoder makes e write to w with the Codec's settings, as
// [Encoder.Reset] does.
func (c *Codec) ResetEncoder(e *Encoder, w io.Writer) { e.reset(w, c.config()) }

// Convert stores src in dst, a non-nil pointer, as [Unmarshal] stores src's
// encoding, which it goes through: [Marshal] with c's settings, then
// Unbounded's Unmarshal, so that whatever Marshal took converts. vartext
// and varjson decode into Go values so, from the generic form.
func (c *Codec) Convert(src, dst any) error {
	b, err := c.Marshal(src)
	if err != nil {
		return err
	}
	return c.Unbounded().Unmarshal(b, dst)
}
