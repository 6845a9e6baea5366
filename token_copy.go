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
// is copied token by token. If the copy fails part way, enc holds at most
// the part of the value read before the failure (from memory, none of it),
// and if it holds any, enc's own error is set: the value can be neither
// completed nor taken for whole.
func CopyValue(enc *Encoder, dec *Decoder) error {
	if err := copyValue(enc, dec); err != nil {
		return err
	}
	return dec.trailingHeld()
}

// copyValue is CopyValue but for what follows a SingleValue input's value.
func copyValue(enc *Encoder, dec *Decoder) error {
	if dec.err != nil || enc.err != nil || len(dec.st.frames) != 0 || len(enc.st.frames) != 0 ||
		enc.tab != dec.tab || enc.cfg.limits.MaxDepth < dec.cfg.limits.MaxDepth {
		return dec.eachOfValue(enc.WriteToken)
	}
	start := enc.OutputOffset()
	dec.tee, dec.teeAt = enc, dec.pos
	// A failed write stops the copy, as it stops the token copy.
	err := dec.eachOfValue(func(Token) error { return enc.err })
	if err == nil {
		dec.flushTee()
	}
	dec.tee = nil
	switch {
	case err == nil:
		return enc.Flush()
	case enc.err == nil && enc.OutputOffset() != start:
		enc.err = &EncodeError{Path: "$", Detail: "a value copied in part", Err: err}
	}
	return err
}

// flushTee gives the bytes read since the last call to the Encoder that
// CopyValue copies to: before the buffer drops them, and at the end. Bytes
// are read whole tokens at a time, so what it gives ends with a token.
func (d *Decoder) flushTee() {
	if d.tee != nil && d.teeAt < d.pos {
		d.tee.writeRaw(d.buf[d.teeAt:d.pos]) // an error stays in the Encoder, which CopyValue checks
		d.teeAt = d.pos
	}
}
