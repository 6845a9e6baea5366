package vartext

import "github.com/gdvar/gdvar"

// writeTree writes v, a value in the generic form as Decode builds it, to
// enc as DecodeTo writes its tokens. Containers and the common values are
// written here, token by token; the rest (math values, packed arrays,
// objects, …) each through its binary form. Writing the whole value
// through its binary form held that form besides the value: up to four
// times the text.
func (d *Decoder) writeTree(enc *gdvar.Encoder, v any) error {
	switch x := v.(type) {
	case nil:
		return enc.WriteToken(gdvar.NilToken)
	case bool:
		return enc.WriteToken(gdvar.BoolToken(x))
	case int64:
		return enc.WriteToken(gdvar.IntToken(x))
	case float64:
		return enc.WriteToken(gdvar.FloatToken(x))
	case string:
		return writeString(enc, gdvar.KindString, x)
	case gdvar.StringName:
		return writeString(enc, gdvar.KindStringName, string(x))
	case []any:
		return d.writeArray(enc, gdvar.UntypedContainer, x)
	case gdvar.Array:
		return d.writeArray(enc, x.Type, x.Values)
	case *gdvar.Dictionary:
		if err := enc.WriteToken(gdvar.DictStartToken(x.Len(), x.KeyType, x.ValueType)); err != nil {
			return err
		}
		for k, v := range x.All() {
			if err := enc.WriteToken(gdvar.DictKeyToken); err != nil {
				return err
			}
			if err := d.writeTree(enc, k); err != nil {
				return err
			}
			if err := d.writeTree(enc, v); err != nil {
				return err
			}
		}
		return enc.WriteToken(gdvar.DictEndToken)
	}
	return writeEncoded(enc, d.cfg.binary(), v)
}

// writeEncoded writes v to enc as the tokens of its encoding with codec.
func writeEncoded(enc *gdvar.Encoder, codec *gdvar.Codec, v any) error {
	b, err := codec.Marshal(v)
	if err != nil {
		return err
	}
	return gdvar.CopyValue(enc, codec.Unbounded().NewDecoderBytes(b))
}

func (d *Decoder) writeArray(enc *gdvar.Encoder, elem gdvar.ContainerType, values []any) error {
	if err := enc.WriteToken(gdvar.ArrayStartToken(len(values), elem)); err != nil {
		return err
	}
	for _, v := range values {
		if err := d.writeTree(enc, v); err != nil {
			return err
		}
	}
	return enc.WriteToken(gdvar.ArrayEndToken)
}

// writeString writes a string in chunks of maxChunk bytes at most.
func writeString(enc *gdvar.Encoder, k gdvar.Kind, s string) error {
	b := stringBytes(s)
	for at := 0; ; {
		n := min(len(b)-at, maxChunk)
		if err := enc.WriteToken(chunkToken(k, len(b), b[at:at+n])); err != nil {
			return err
		}
		if at += n; at == len(b) {
			return nil
		}
	}
}
