// Package viabinary is what vartext, varjson and the packages printing
// their values share to turn a value (gdvar's generic form, or any Go
// value) into Go values or tokens: through its binary encoding, so that
// every conversion is gdvar's own. What goes through was written by
// gdvar's Marshal a moment before, not read from a peer, so it is read
// back with objects allowed and no limits.
package viabinary

import (
	"math"

	"github.com/gdvar/gdvar"
)

// unlimited are the limits for reading back what gdvar's Marshal wrote.
var unlimited = gdvar.Limits{
	MaxContainerLen: math.MaxInt64,
	MaxStringBytes:  math.MaxInt64,
	MaxPackedBytes:  math.MaxInt64,
	MaxNameBytes:    math.MaxInt,
	MaxValueBytes:   math.MaxInt64,
}

// A Form is a value's binary encoding: the Codec that writes it and the
// one that reads back what it wrote.
type Form struct {
	Marshal *gdvar.Codec
	Read    *gdvar.Codec // Marshal's settings, objects allowed, no limits
}

// NewForm returns the Form of values written with c.
func NewForm(c *gdvar.Codec) (Form, error) {
	read, err := c.With(gdvar.AllowObjects(true), gdvar.WithLimits(unlimited))
	return Form{Marshal: c, Read: read}, err
}

// MustForm is NewForm for a Codec whose settings take the read-back ones,
// as every Codec's do, in a package's variables.
func MustForm(c *gdvar.Codec) Form {
	f, err := NewForm(c)
	if err != nil {
		panic(err)
	}
	return f
}

// Convert stores src in dst (a non-nil pointer) as Unmarshal would store
// src's encoding.
func (f Form) Convert(src, dst any) error {
	b, err := f.Marshal.Marshal(src)
	if err != nil {
		return err
	}
	return f.Read.Unmarshal(b, dst)
}

// Encode writes v to enc as the tokens of its encoding.
func (f Form) Encode(enc *gdvar.Encoder, v any) error {
	b, err := f.Marshal.Marshal(v)
	if err != nil {
		return err
	}
	return gdvar.CopyValue(enc, f.Read.NewDecoderBytes(b))
}

// objectForms are the Forms of each engine version's values with full
// objects allowed, made once.
var objectForms = func() (f [gdvar.Godot2 + 1]Form) {
	for e := range f {
		f[e] = MustForm(gdvar.MustCodec(gdvar.WithEngine(gdvar.Engine(e)), gdvar.AllowObjects(true)))
	}
	return f
}()

// Objects returns the Form of engine version e's values with full objects
// allowed: what vartext and varjson parse and print, and what a file holds.
func Objects(e gdvar.Engine) Form { return objectForms[e] }
