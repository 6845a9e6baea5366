package varjson

import (
	"strconv"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/mathwalk"
)

// packed writes a packed array chunk by chunk, or as a $Raw when LookAhead
// did not find it written as Godot writes it.
func (enc *Encoder) packed(dec *gdvar.Decoder, t gdvar.Token, base int) error {
	plain, verify := enc.form()
	chk := newPackedCheck(t)
	if !plain || verify && !chk.ok {
		return enc.rawValue(dec, t, base)
	}
	e := &enc.e
	typ := t.Type()
	e.tag(typ.String())
	if typ == gdvar.TypePackedByteArray {
		return enc.packedBytes(dec, t, verify)
	}
	e.b = append(e.b, '[')
	n := 0 // elements written
	for {
		c, err := dec.ReadToken()
		if err != nil {
			return err
		}
		switch c.Kind() {
		case gdvar.KindPackedEnd:
			if verify && !chk.end(c) {
				return ErrWrongGuess
			}
			return enc.packedEnd(t, n)
		case gdvar.KindString: // a PackedStringArray's element, or its first chunk
			e.comma(n)
			n++
			if err := enc.element(dec, c, verify); err != nil {
				return err
			}
		case gdvar.KindPackedChunk:
			if verify {
				chk.chunk(c)
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
	e.b = append(e.b, ']')
	e.wide(!(t.Is64() && mathwalk.PerElement(t.Type()) > 1))
	e.b = append(e.b, '}')
	return nil
}

// piece is how many bytes of a PackedByteArray one JSON string holds: a
// longer array is a list of such pieces (64 KiB of base64 each), so that a
// JSON reader never needs a huge string.
const piece = 48 << 10

// packedBytes writes a PackedByteArray's base64, in pieces when long.
func (enc *Encoder) packedBytes(dec *gdvar.Decoder, t gdvar.Token, verify bool) error {
	e := &enc.e
	pieces := t.Len() > piece
	if pieces {
		e.b = append(e.b, '[')
	}
	e.b = append(e.b, '"')
	b64 := enc.base64()
	in := 0 // bytes in the current piece
	for {
		c, err := dec.ReadToken()
		if err != nil {
			return err
		}
		if c.Kind() != gdvar.KindPackedChunk {
			if verify && !c.IsCanonical() {
				return ErrWrongGuess
			}
			break
		}
		for p := c.Bytes(); len(p) > 0; {
			if in == piece {
				if err := b64.Close(); err != nil {
					return err
				}
				e.b = append(e.b, `","`...)
				in = 0
			}
			k := min(piece-in, len(p))
			if _, err := b64.Write(p[:k]); err != nil {
				return err
			}
			in, p = in+k, p[k:]
		}
	}
	if err := b64.Close(); err != nil {
		return err
	}
	e.b = append(e.b, '"')
	if pieces {
		e.b = append(e.b, ']')
	}
	e.b = append(e.b, '}')
	return nil
}

// element writes a PackedStringArray element without its NUL; c is its
// first chunk. With verify, it checks what LookAhead would have.
func (enc *Encoder) element(dec *gdvar.Decoder, c gdvar.Token, verify bool) error {
	e := &enc.e
	e.b = append(e.b, '"')
	chk := textCheck{element: true}
	for {
		s := c.Bytes()
		if verify {
			s = chk.next(c)
		} else if c.IsLast() {
			s = s[:len(s)-1] // LookAhead found the NUL
		}
		e.b = appendEscaped(e.b, s)
		if c.IsLast() {
			if verify && !chk.ok(c) {
				return ErrWrongGuess
			}
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
	per := mathwalk.PerElement(c.Type())
	switch {
	case c.Type() == gdvar.TypePackedInt32Array:
		return elements(e, gdvar.ChunkOf[int32](c), per, n, func(x int32) { e.b = strconv.AppendInt(e.b, int64(x), 10) })
	case c.Type() == gdvar.TypePackedInt64Array:
		return elements(e, gdvar.ChunkOf[int64](c), per, n, func(x int64) { e.b = strconv.AppendInt(e.b, x, 10) })
	case c.Type() == gdvar.TypePackedFloat64Array || c.Is64():
		return elements(e, gdvar.ChunkOf[float64](c), per, n, e.float)
	}
	return elements(e, gdvar.ChunkOf[float32](c), per, n, e.float32)
}

// elements writes xs as elements of per numbers each (a JSON array of them
// when per > 1), after n elements written before, and returns the new count.
func elements[T any](e *encoder, xs []T, per, n int, put func(T)) int {
	for i := 0; i+per <= len(xs); i += per {
		e.comma(n)
		n++
		if per == 1 {
			put(xs[i])
			continue
		}
		e.b = append(e.b, '[')
		for j, x := range xs[i : i+per] {
			e.comma(j)
			put(x)
		}
		e.b = append(e.b, ']')
	}
	return n
}
