package varjson

import (
	"io"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/optset"
)

// A Codec is a set of varjson options made once, as gdvar's and vartext's
// Codecs are: the settings of [Marshal], [Unmarshal], Decoders, Encoders,
// [FromBinary] and [ToBinary]. It never changes once made, so one Codec may
// serve any number of goroutines, and a package that writes JSON takes it
// whole. A nil *Codec is the default, as are the package's functions
// without options.
//
//	godot3 := varjson.MustCodec(varjson.WithCodec(gdvar.MustCodec(gdvar.WithEngine(gdvar.Godot3))))
//	text, err := godot3.Marshal(v)
type Codec struct{ cfg config }

// NewCodec returns the [Codec] of opts. No option of varjson's can be
// invalid today ([WithCodec] takes gdvar's settings checked already); the
// error is there for one that may be, as gdvar's and vartext's NewCodec
// have it.
func NewCodec(opts ...Option) (*Codec, error) { return (*Codec)(nil).With(opts...) }

// MustCodec is [NewCodec] for options known to be valid, as in a package's
// variables: it panics on an invalid one.
func MustCodec(opts ...Option) *Codec { return optset.Must(NewCodec(opts...)) }

// With returns a Codec with c's settings and then opts.
func (c *Codec) With(opts ...Option) (*Codec, error) {
	cfg, err := optset.With(c.config(), opts, nil)
	return &Codec{cfg: cfg}, err
}

// config returns the Codec's settings: the defaults for a nil Codec.
func (c *Codec) config() config {
	if c == nil {
		return config{}
	}
	return c.cfg
}

// Engine returns the engine version of the binary form values go through.
func (c *Codec) Engine() gdvar.Engine { return c.config().engine() }

// Marshal is the package's [Marshal] with c's settings.
func (c *Codec) Marshal(v any) ([]byte, error) { return appendJSON(nil, v, c.config()) }

// Append is the package's [Append] with c's settings.
func (c *Codec) Append(dst []byte, v any) ([]byte, error) { return appendJSON(dst, v, c.config()) }

// Unmarshal is the package's [Unmarshal] with c's settings.
func (c *Codec) Unmarshal(data []byte, v any) error { return unmarshal(data, v, c.config()) }

// NewDecoder returns a [Decoder] reading the values in r with c's
// settings.
func (c *Codec) NewDecoder(r io.Reader) *Decoder { return newDecoder(r, c.config()) }

// NewEncoder returns an [Encoder] writing to w with c's settings.
func (c *Codec) NewEncoder(w io.Writer) *Encoder { return newEncoder(w, c.config()) }

// FromBinary is the package's [FromBinary] with c's settings.
func (c *Codec) FromBinary(dst io.Writer, src io.ReadSeeker) error {
	return fromBinary(dst, src, c.config())
}

// ToBinary is the package's [ToBinary] with c's settings.
func (c *Codec) ToBinary(dst io.Writer, src io.ReadSeeker) error {
	return toBinary(dst, src, c.config())
}
