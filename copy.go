package gdvar

// CopyValue reads the next value from dec and writes it to enc, token by
// token, so that memory stays bounded however large the value is. Bytes that
// came from a Godot engine are written back unchanged. At the end of dec's
// input it returns io.EOF. Inside an unfinished value it copies the rest of
// the innermost open value.
func CopyValue(enc *Encoder, dec *Decoder) error {
	depth := dec.Depth()
	if k := dec.PeekKind(); k == KindPackedChunk || k == KindPackedEnd || dec.st.next() == expStringChunk {
		depth--
	}
	for {
		t, err := dec.ReadToken()
		if err != nil {
			return err
		}
		if err := enc.WriteToken(t); err != nil {
			return err
		}
		if dec.Depth() <= depth {
			return nil
		}
	}
}
