package gdvar

// CopyValue reads the next value from dec and writes it to enc, token by
// token, so that memory stays bounded however large the value is. Bytes that
// came from a Godot engine are written back unchanged. At the end of dec's
// input it returns io.EOF. Inside a string or packed array it copies the rest
// of it.
func CopyValue(enc *Encoder, dec *Decoder) error {
	return dec.eachOfValue(enc.WriteToken)
}
