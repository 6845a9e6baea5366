package vartext

import (
	"errors"
	"io"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/fallback"
)

// ToBinary reads one text value at src's offset and writes its binary form
// to dst, as Decoder.DecodeTo does; it leaves src just after the value, so
// that a loop converts a sequence, and returns io.EOF when only white space
// is left.
//
// It reads the value once (Decoder.OnePass); a value with a Dictionary key
// given twice is converted again from its start in two passes. dst gets
// one conversion only, held back as varjson.FromBinary holds it (a dst that
// takes back must also be an io.WriteSeeker: one pass fills in counts). A
// SyntaxError's offset, line and column are src's, counted from its offset
// 0.
func ToBinary(dst io.Writer, src io.ReadSeeker, opts ...gdvar.Option) error {
	decode := func(once bool) fallback.Pass {
		return func(w io.Writer, r io.ReadSeeker) (int64, error) {
			dec := NewDecoder(r, opts...)
			if once {
				dec.OnePass()
			}
			enc := gdvar.NewEncoder(w, dec.binary()...)
			err := dec.DecodeTo(enc)
			if err == nil {
				err = enc.Flush()
			}
			return dec.InputOffset(), err
		}
	}
	start, err := src.Seek(0, io.SeekCurrent)
	if err != nil {
		return err
	}
	err = fallback.Convert(fallback.Seekable(dst), src, decode(true), decode(false), ErrKeyTwice)
	if se := (*SyntaxError)(nil); errors.As(err, &se) {
		fallback.Place(src, start, &se.Offset, &se.Line, &se.Column)
	}
	return err
}
