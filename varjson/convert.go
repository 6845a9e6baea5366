package varjson

import (
	"errors"
	"io"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/fallback"
)

// FromBinary reads one binary value at src's offset and writes its JSON
// form to dst, as [Marshal] prints it, with nothing after it; it leaves src
// just after the value, so that a loop converts a sequence, and returns
// io.EOF at the end of src.
//
// It reads the value once and prints the forms values written by Godot
// take ([Encoder.Guess]); on the rare value that does not take them, it
// prints the value again, from its start, after a first pass
// ([Encoder.LookAhead]). dst gets one printing only: the first is held back
// in memory, and a value whose JSON is longer than 256 KiB goes the two
// passes' way, unless dst can take back what was written (it has the
// methods Offset() int64, where the next Write goes, and Rewind(offset
// int64) error).
//
// A failure's offset (in a *gdvar.DecodeError) is src's, not the value's.
func FromBinary(dst io.Writer, src io.ReadSeeker, opts ...Option) error {
	return fromBinary(dst, src, newConfig(opts))
}

// fromBinary is FromBinary with the settings cfg.
func fromBinary(dst io.Writer, src io.ReadSeeker, cfg config) error {
	guess := func(w io.Writer, r io.ReadSeeker) (int64, error) {
		enc, dec := newEncoder(w, cfg), cfg.codec.NewDecoder(r)
		defer release(dec)
		enc.Guess()
		err := enc.CopyValue(dec)
		return dec.InputOffset(), err
	}
	lookAhead := func(w io.Writer, r io.ReadSeeker) (int64, error) {
		start, err := r.Seek(0, io.SeekCurrent)
		if err != nil {
			return 0, err
		}
		enc, dec := newEncoder(w, cfg), cfg.codec.NewDecoder(r)
		defer release(dec)
		if err := enc.LookAhead(dec); err != nil {
			return 0, err
		}
		if _, err := r.Seek(start, io.SeekStart); err != nil {
			return 0, err
		}
		cfg.codec.ResetDecoder(dec, r)
		err = enc.CopyValue(dec)
		return dec.InputOffset(), err
	}
	start, err := src.Seek(0, io.SeekCurrent)
	if err != nil {
		return err
	}
	err = fallback.Convert(dst, src, guess, lookAhead, ErrWrongGuess)
	if de := (*gdvar.DecodeError)(nil); errors.As(err, &de) {
		de.Offset += start
	}
	return err
}

// release gives dec's read buffer back to the pool. A Decoder gives it
// back itself only when its input ends, which the Decoder of a value
// followed by more input never sees: each call would leave a 64 KiB
// buffer to the collector.
func release(dec *gdvar.Decoder) { dec.Reset(nil) }

// ToBinary reads one JSON value at src's offset and writes its binary form
// to dst, as [Decoder.DecodeTo] does; it leaves src just after the value, so
// that a loop converts a sequence, and returns io.EOF when only white space
// is left.
//
// It reads the value once ([Decoder.OnePass]); a value that one pass cannot
// write is converted again from its start in two passes. dst gets one
// conversion only, held back as [FromBinary] holds it (a dst that takes back
// must also be an io.WriteSeeker: one pass fills in counts). A SyntaxError's
// offset, line and column, and a ValueError's offset, are src's.
func ToBinary(dst io.Writer, src io.ReadSeeker, opts ...Option) error {
	return toBinary(dst, src, newConfig(opts))
}

// toBinary is ToBinary with the settings cfg.
func toBinary(dst io.Writer, src io.ReadSeeker, cfg config) error {
	start, err := fallback.ToBinary(dst, src, func(r io.Reader) (fallback.TextDecoder, *gdvar.Codec) {
		return newDecoder(r, cfg), cfg.codec
	}, ErrTwoPasses)
	if se := (*SyntaxError)(nil); errors.As(err, &se) {
		fallback.Place(src, start, &se.Offset, &se.Line, &se.Column)
	}
	if ve := (*ValueError)(nil); errors.As(err, &ve) {
		ve.Offset += start
	}
	return err
}
