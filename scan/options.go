package scan

import (
	"cmp"
	"fmt"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/resource"
	"github.com/gdvar/gdvar/stream"
	"github.com/gdvar/gdvar/vartext"
)

// An Option configures a scan; each function checks them before it reads
// anything.
type Option func(*options)

// options are what the functions take from their Options.
type options struct {
	codec      *gdvar.Codec     // nil for the default
	maxFrame   int64            // 0 for stream's default
	text       []vartext.Option // checked
	maxContent int64            // 0 for resource's default
	err        error            // the first invalid option
}

// WithCodec sets the codec of the binary values scanned: their engine
// version ([Values], [Save]; a ConfigFile's or resource file's values are its
// own version's) and limits. Full objects are read whatever it says.
func WithCodec(c *gdvar.Codec) Option { return func(o *options) { o.codec = c } }

// WithText sets the options of the text of a ConfigFile or resource file
// ([vartext.WithDialect] chooses the engine version), as configfile.WithText
// and [resource.WithText] take them.
func WithText(opts ...vartext.Option) Option {
	return func(o *options) {
		o.text = append(o.text, opts...)
		_, err := vartext.NewCodec(o.text...)
		o.err = cmp.Or(o.err, err)
	}
}

// WithMaxContentSize sets the most content [ResourceFile] accepts in a
// compressed binary file, as [resource.WithMaxContentSize] does.
func WithMaxContentSize(n int64) Option {
	return func(o *options) {
		o.maxContent = n
		if n < 1 {
			o.invalid("scan.WithMaxContentSize(%d): want at least 1", n)
		}
	}
}

// WithMaxFrame bounds a record [Save] reads, in bytes (default
// [stream.DefaultMaxFrame]; at least 1).
func WithMaxFrame(n int64) Option {
	return func(o *options) {
		o.maxFrame = n
		if n < 1 {
			o.invalid("scan.WithMaxFrame(%d): want at least 1", n)
		}
	}
}

// invalid records the first invalid option.
func (o *options) invalid(format string, args ...any) {
	if o.err == nil {
		o.err = fmt.Errorf("%w: "+format, append([]any{gdvar.ErrInvalidOption}, args...)...)
	}
}

// newOptions returns the settings opts make, or the error of the first
// invalid one.
func newOptions(opts []Option) (options, error) {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	return o, o.err
}

// binaryValues returns the settings opts make and the codec of the binary
// values they scan, which reads full objects, or the error of the first
// invalid option.
func binaryValues(opts []Option) (options, *gdvar.Codec, error) {
	o, err := newOptions(opts)
	if err != nil {
		return o, nil, err
	}
	codec, err := o.codec.With(gdvar.AllowObjects(true))
	return o, codec, err
}

// resource returns the options of reading a resource file.
func (o *options) resource() []resource.Option {
	opts := []resource.Option{resource.WithText(o.text...)}
	if o.maxContent != 0 {
		opts = append(opts, resource.WithMaxContentSize(o.maxContent))
	}
	return opts
}

// fileValues returns the codec of a file's values, which are of engine
// version e, with full objects allowed.
func (o *options) fileValues(e gdvar.Engine) (*gdvar.Codec, error) {
	return o.codec.With(gdvar.AllowObjects(true), gdvar.WithEngine(e))
}

// frames returns the stream options of Save, which reads with codec.
func (o *options) frames(codec *gdvar.Codec) []stream.Option {
	opts := []stream.Option{stream.WithCodec(codec)}
	if o.maxFrame != 0 {
		opts = append(opts, stream.WithMaxFrame(o.maxFrame))
	}
	return opts
}
