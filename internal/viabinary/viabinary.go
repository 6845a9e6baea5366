// Package viabinary is what vartext and varjson share to turn a value they
// parsed (gdvar's generic form, or any Go value) into Go values or tokens:
// through its binary encoding, so that every conversion is gdvar's own.
// What goes through was written by gdvar.Marshal a moment before, not read
// from a peer, so it is read back with objects allowed and no limits.
package viabinary

import (
	"math"

	"github.com/gdvar/gdvar"
)

// unlimited are the limits for reading back what gdvar.Marshal wrote.
var unlimited = gdvar.Limits{
	MaxContainerLen: math.MaxInt64,
	MaxStringBytes:  math.MaxInt64,
	MaxPackedBytes:  math.MaxInt64,
	MaxNameBytes:    math.MaxInt,
	MaxValueBytes:   math.MaxInt64,
}

// Options are opts with objects allowed and no limits.
func Options(opts []gdvar.Option) []gdvar.Option {
	return append(opts[:len(opts):len(opts)], gdvar.AllowObjects(true), gdvar.WithLimits(unlimited))
}

// Convert stores src in dst (a non-nil pointer) as gdvar.Unmarshal would
// store src's encoding.
func Convert(src, dst any, opts ...gdvar.Option) error {
	b, err := gdvar.Marshal(src, opts...)
	if err != nil {
		return err
	}
	return gdvar.Unmarshal(b, dst, Options(opts)...)
}

// Encode writes v to enc as the tokens of its encoding.
func Encode(enc *gdvar.Encoder, v any, opts ...gdvar.Option) error {
	b, err := gdvar.Marshal(v, opts...)
	if err != nil {
		return err
	}
	return gdvar.CopyValue(enc, Decoder(b, opts...))
}

// Decoder returns a Decoder of b, an encoding gdvar.Marshal wrote.
func Decoder(b []byte, opts ...gdvar.Option) *gdvar.Decoder {
	return gdvar.NewDecoderBytes(b, Options(opts)...)
}
