package vartext

import (
	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/viabinary"
)

// Marshal returns the text form of v as the engine's var_to_str prints it
// (var2str in Godot 3) in the dialect the options select (Godot4 by
// default). v is any Go value gdvar.Marshal accepts, which is printed as
// the Godot value it marshals to: gdvar's generic form (what
// gdvar.Unmarshal puts in an interface{}: int64, float64, string,
// gdvar.Vector2, []any, *gdvar.Dictionary, …), structs, maps, slices. Its
// errors are gdvar.Marshal's: a Go value nested too deep or containing
// itself fails cleanly (gdvar.ErrTooDeep, gdvar.ErrCycle).
//
// Math types are printed with 32-bit reals, as the standard builds of the
// engine hold them.
func Marshal(v any, opts ...gdvar.Option) ([]byte, error) {
	return Append(nil, v, opts...)
}

// Append appends the text form of v to dst, as Marshal prints it.
func Append(dst []byte, v any, opts ...gdvar.Option) ([]byte, error) {
	w := appendWriter{b: dst}
	err := NewEncoder(&w, opts...).Encode(v)
	return w.b, err
}

// appendWriter appends what is written to b.
type appendWriter struct{ b []byte }

func (w *appendWriter) Write(p []byte) (int, error) {
	w.b = append(w.b, p...)
	return len(p), nil
}

// Encode writes v, as Marshal prints it. Inside a value begun with
// WriteToken it writes the next element.
func (e *Encoder) Encode(v any) error {
	if e.err != nil {
		return e.err
	}
	if e.binary == nil {
		e.binary = viabinary.Options([]gdvar.Option{gdvar.WithEngine(e.cfg.dialect.Engine())})
	}
	var b []byte
	var err error
	if e.bin == nil { // Marshal's buffer is pooled: its copy is made to size
		b, err = gdvar.Marshal(v, e.binary[0])
	} else {
		b, err = gdvar.AppendMarshal(e.bin, v, e.binary[0])
	}
	if err != nil {
		return err
	}
	if e.dec == nil {
		e.dec = gdvar.NewDecoderBytes(b, e.binary...)
	} else {
		e.dec.ResetBytes(b, e.binary...)
	}
	err = e.CopyValue(e.dec)
	e.bin = b[:0]
	if cap(b) > keptBinary { // a large value's: not kept for the next
		e.bin = nil
		e.dec.ResetBytes(nil, e.binary...)
	}
	return err
}

// keptBinary is the largest buffer of a value's binary encoding an Encoder
// keeps for the next.
const keptBinary = 64 << 10
