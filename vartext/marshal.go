package vartext

// Encode writes v, as [Marshal] prints it. Inside a value begun with
// WriteToken it writes the next element.
func (e *Encoder) Encode(v any) error {
	if e.err != nil {
		return e.err
	}
	if e.atTop() {
		if b, ok := e.cfg.appendLeaf(e.out, v); ok {
			e.out = b
			err := e.flush()
			if cap(e.out) > keptText { // a long string's: not kept for the next
				e.out = nil
			}
			return err
		}
	}
	codec := e.cfg.marshalCodec()
	var b []byte
	var err error
	if e.bin == nil { // Marshal's buffer is pooled: its copy is made to size
		b, err = codec.Marshal(v)
	} else {
		b, err = codec.AppendMarshal(e.bin, v)
	}
	if err != nil {
		return err
	}
	if e.dec == nil {
		e.dec = codec.Unbounded().NewDecoderBytes(b)
	} else {
		e.dec.ResetBytes(b) // keeps Unbounded's settings
	}
	err = e.CopyValue(e.dec)
	e.bin = b[:0]
	if cap(b) > keptBinary { // a large value's: not kept for the next
		e.bin = nil
		e.dec.ResetBytes(nil)
	}
	return err
}

// keptText is the largest buffer of text an Encoder keeps for the next
// value: the most it holds between values written as tokens.
const keptText = 2 * flushSize

// keptBinary is the largest buffer of a value's binary encoding an Encoder
// keeps for the next.
const keptBinary = 64 << 10
