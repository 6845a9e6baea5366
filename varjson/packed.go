package varjson

import (
	"strconv"

	"github.com/gdvar/gdvar"
)

// components is the number of reals in an element of a packed vector
// array; 0 for the other packed arrays.
func components(typ gdvar.Type) int {
	switch typ {
	case gdvar.TypePackedVector2Array:
		return 2
	case gdvar.TypePackedVector3Array:
		return 3
	case gdvar.TypePackedVector4Array, gdvar.TypePackedColorArray:
		return 4
	}
	return 0
}

// packed writes a packed array chunk by chunk, or as a $Raw when LookAhead
// did not find it written as Godot writes it.
func (enc *Encoder) packed(dec *gdvar.Decoder, t gdvar.Token, base int) error {
	if !enc.plan.take() {
		return enc.rawValue(dec, t, base)
	}
	e := &enc.e
	typ := t.Type()
	e.tag(typ.String())
	if typ == gdvar.TypePackedByteArray {
		e.b = append(e.b, '"')
		enc.base64()
	} else {
		e.b = append(e.b, '[')
	}
	n := 0 // elements written
	for {
		c, err := dec.ReadToken()
		if err != nil {
			return err
		}
		switch c.Kind() {
		case gdvar.KindPackedEnd:
			return enc.packedEnd(t, n)
		case gdvar.KindString: // a PackedStringArray's element, or its first chunk
			e.comma(n)
			n++
			if err := enc.element(dec, c); err != nil {
				return err
			}
		case gdvar.KindPackedChunk:
			if typ == gdvar.TypePackedByteArray {
				if _, err := enc.b64.Write(c.Bytes()); err != nil {
					return err
				}
				continue
			}
			n = enc.numbers(c, n)
		default:
			return errMismatch
		}
		if err := enc.maybeFlush(); err != nil {
			return err
		}
	}
}

// packedEnd closes a packed array of which n elements were written.
func (enc *Encoder) packedEnd(t gdvar.Token, n int) error {
	e := &enc.e
	if t.Type() == gdvar.TypePackedByteArray {
		if err := enc.b64.Close(); err != nil {
			return err
		}
		e.b = append(e.b, `"}`...)
		return nil
	}
	e.b = append(e.b, ']')
	e.wide(!(t.Is64() && components(t.Type()) > 0))
	e.b = append(e.b, '}')
	return nil
}

// element writes a PackedStringArray element without its NUL; c is its
// first chunk.
func (enc *Encoder) element(dec *gdvar.Decoder, c gdvar.Token) error {
	e := &enc.e
	e.b = append(e.b, '"')
	for {
		s := c.Bytes()
		if c.IsLast() {
			s = s[:len(s)-1] // LookAhead found the NUL
		}
		e.b = appendEscaped(e.b, s)
		if c.IsLast() {
			break
		}
		var err error
		if c, err = dec.ReadToken(); err != nil {
			return err
		}
		if c.Kind() != gdvar.KindString {
			return errMismatch
		}
	}
	e.b = append(e.b, '"')
	return nil
}

// numbers writes the elements of a chunk of numbers or vectors, after n
// elements written before, and returns the new count.
func (enc *Encoder) numbers(c gdvar.Token, n int) int {
	e := &enc.e
	switch c.Type() {
	case gdvar.TypePackedInt32Array:
		for _, x := range gdvar.ChunkOf[int32](c) {
			e.comma(n)
			n++
			e.b = strconv.AppendInt(e.b, int64(x), 10)
		}
		return n
	case gdvar.TypePackedInt64Array:
		for _, x := range gdvar.ChunkOf[int64](c) {
			e.comma(n)
			n++
			e.b = strconv.AppendInt(e.b, x, 10)
		}
		return n
	case gdvar.TypePackedFloat32Array:
		for _, x := range gdvar.ChunkOf[float32](c) {
			e.comma(n)
			n++
			e.float32(x)
		}
		return n
	case gdvar.TypePackedFloat64Array:
		for _, x := range gdvar.ChunkOf[float64](c) {
			e.comma(n)
			n++
			e.float(x, false)
		}
		return n
	}
	per := components(c.Type())
	if c.Is64() {
		fs := gdvar.ChunkOf[float64](c)
		for i := 0; i+per <= len(fs); i += per {
			e.comma(n)
			n++
			e.b = append(e.b, '[')
			for j, x := range fs[i : i+per] {
				e.comma(j)
				e.float(x, false)
			}
			e.b = append(e.b, ']')
		}
		return n
	}
	fs := gdvar.ChunkOf[float32](c)
	for i := 0; i+per <= len(fs); i += per {
		e.comma(n)
		n++
		e.b = append(e.b, '[')
		for j, x := range fs[i : i+per] {
			e.comma(j)
			e.float32(x)
		}
		e.b = append(e.b, ']')
	}
	return n
}
