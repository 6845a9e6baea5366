package gdvar

// CopyValue reads the next value from dec and writes it to enc, so that
// memory stays bounded however large the value is. Bytes that came from a
// Godot engine are written back unchanged. At the end of dec's input it
// returns io.EOF. Inside a string or packed array it copies the rest of it.
//
// A whole top-level value goes as its bytes when enc writes the same engine
// version and allows at least dec's nesting (the token copy would write the
// same bytes): dec checks it as ReadToken would, and the bytes it has read go
// to enc as its buffer moves on, and the rest at the end. Otherwise the value
// is copied token by token. On an error, enc holds at most the part of the
// value read before it (from memory, none of it).
func CopyValue(enc *Encoder, dec *Decoder) error {
	if dec.err != nil || enc.err != nil || len(dec.st.frames) != 0 || len(enc.st.frames) != 0 ||
		enc.tab != dec.tab || enc.cfg.limits.MaxDepth < dec.cfg.limits.MaxDepth {
		return dec.eachOfValue(enc.WriteToken)
	}
	dec.tee, dec.teeAt = enc, dec.pos
	err := dec.SkipValue()
	if err == nil {
		dec.flushTee()
	}
	dec.tee = nil
	if err != nil {
		return err
	}
	return enc.Flush()
}

// flushTee gives the bytes read since the last call to the Encoder that
// CopyValue copies to: before the buffer drops them, and at the end.
func (d *Decoder) flushTee() {
	if d.tee != nil && d.teeAt < d.pos {
		d.tee.writeRaw(d.buf[d.teeAt:d.pos]) // an error stays in the Encoder, for CopyValue
		d.teeAt = d.pos
	}
}
