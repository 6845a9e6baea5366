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
	start, err := fallback.ToBinary(dst, src, func(r io.Reader) (fallback.TextDecoder, []gdvar.Option) {
		dec := NewDecoder(r, opts...)
		return dec, dec.binary()
	}, ErrKeyTwice)
	if se := (*SyntaxError)(nil); errors.As(err, &se) {
		fallback.Place(src, start, &se.Offset, &se.Line, &se.Column)
	}
	return err
}
