package varjson

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/gdvar/gdvar"
)

// Marshal returns the JSON form of v, on one line. v is a value of gdvar's
// generic form or any Go value [gdvar.Marshal] accepts.
func Marshal(v any, opts ...Option) ([]byte, error) {
	return appendJSON(nil, v, newConfig(opts))
}

// Append appends the JSON form of v to dst. It goes through v's binary
// encoding and [FromBinary], so that both print the same.
func Append(dst []byte, v any, opts ...Option) ([]byte, error) {
	return appendJSON(dst, v, newConfig(opts))
}

// appendJSON is Append with the settings cfg.
func appendJSON(dst []byte, v any, cfg config) ([]byte, error) {
	codec := cfg.binary()
	bin, err := codec.Marshal(v)
	if err != nil {
		return dst, err
	}
	out := bytesWriter{b: dst}
	if err := fromBinary(&out, bytes.NewReader(bin), config{codec: codec.Unbounded()}); err != nil {
		return dst, err
	}
	return out.b, nil
}

type encoder struct {
	cfg config
	b   []byte
}

func (e *encoder) str(s string) {
	e.b = appendString(e.b, s)
}

// plainString reports whether s needs no escapes in JSON.
func plainString[S ~string | ~[]byte](s S) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}

// appendString appends s as a JSON string; s is valid UTF-8.
func appendString[S ~string | ~[]byte](b []byte, s S) []byte {
	b = append(b, '"')
	return append(appendEscaped(b, s), '"')
}

// appendEscaped appends s with JSON's escapes, without quotes: s is valid
// UTF-8, or a piece of it that may split a character.
func appendEscaped[S ~string | ~[]byte](b []byte, s S) []byte {
	if plainString(s) {
		return append(b, s...)
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c == '\n':
			b = append(b, '\\', 'n')
		case c == '\t':
			b = append(b, '\\', 't')
		case c == '\r':
			b = append(b, '\\', 'r')
		case c < 0x20:
			b = append(b, `\u00`...)
			b = append(b, "0123456789abcdef"[c>>4], "0123456789abcdef"[c&15])
		default:
			b = append(b, c)
		}
	}
	return b
}

// tag writes `{"$name":`, the start of a tagged value.
func (e *encoder) tag(name string) {
	e.b = append(e.b, `{"$`...)
	e.b = append(e.b, name...)
	e.b = append(e.b, `":`...)
}

// field writes `,"$name":`.
func (e *encoder) field(name string) {
	e.b = append(e.b, `,"$`...)
	e.b = append(e.b, name...)
	e.b = append(e.b, `":`...)
}

// godotNaN is the NaN Godot writes; "nan" means these bits.
const godotNaN = 0x7ff8000000000000

// godotNaN32 is the 32-bit NaN Godot writes.
const godotNaN32 = 0x7fc00000

// needs64 reports whether f is not exactly a 32-bit float: then Marshal
// writes the real with 64 bits, where the engine version has them.
func needs64(f float64) bool { return math.Float64bits(float64(float32(f))) != math.Float64bits(f) }

// float writes a float: a JSON number with "." or an exponent, or a $float
// object for NaN and the infinities.
func (e *encoder) float(f float64) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		e.special(f, math.Float64bits(f) != godotNaN, fmt.Sprintf("%016x", math.Float64bits(f)))
		return
	}
	e.number(f, 64)
}

// float32 writes a 32-bit float (a Color channel, a PackedFloat32Array
// element). It takes a float32 so that a signalling NaN keeps its bits,
// which a conversion to float64 would change.
func (e *encoder) float32(f float32) {
	if b := math.Float32bits(f); f != f || math.IsInf(float64(f), 0) {
		e.special(float64(f), b != godotNaN32, fmt.Sprintf("%08x", b))
		return
	}
	e.number(float64(f), 32)
}

// number writes a finite float with the shortest digits for its size,
// always with "." or an exponent.
func (e *encoder) number(f float64, size int) {
	var ok bool
	if e.b, ok = appendDyadic(e.b, f, size); ok {
		return
	}
	if e.b, ok = appendLargeWhole(e.b, f, size); ok {
		return
	}
	start := len(e.b)
	e.b = strconv.AppendFloat(e.b, f, 'g', -1, size)
	for _, c := range e.b[start:] {
		if c == '.' || c == 'e' {
			return
		}
	}
	e.b = append(e.b, ".0"...)
}

// special writes {"$float": …} for an infinity or a NaN, with the NaN's
// bits in hex when they are not Godot's.
func (e *encoder) special(f float64, oddNaN bool, hex string) {
	e.tag("float")
	switch {
	case math.IsInf(f, 1):
		e.b = append(e.b, `"inf"`...)
	case math.IsInf(f, -1):
		e.b = append(e.b, `"-inf"`...)
	case oddNaN:
		e.b = append(e.b, `"nan(0x`+hex+`)"`...)
	default:
		e.b = append(e.b, `"nan"`...)
	}
	e.b = append(e.b, '}')
}

// leaf writes one of the rarer values the Encoder prints through their
// generic form (see Encoder.leafValue): what gdvar.Unmarshal makes of an
// Image or InputEvent token, a RawValue when the token is written in a way
// Godot never writes it.
func (e *encoder) leaf(v any) error {
	switch x := v.(type) {
	case gdvar.Image:
		e.tag("Image")
		e.b = fmt.Appendf(e.b, `{"format":%d,"mipmaps":%d,"width":%d,"height":%d}`, x.Format, x.Mipmaps, x.Width, x.Height)
		e.field("data")
		e.b = append(e.b, '"')
		e.b = base64.StdEncoding.AppendEncode(e.b, x.Data)
		e.b = append(e.b, `"}`...)
	case gdvar.InputEvent:
		e.tag("InputEvent")
		e.b = fmt.Appendf(e.b, `{"type":%d,"device":%d,"fields":[`, x.Type, x.Device)
		for i, f := range x.Fields {
			e.comma(i)
			e.b = strconv.AppendUint(e.b, uint64(f), 10)
		}
		e.b = append(e.b, "]}}"...)
	case gdvar.RawValue:
		e.raw(x)
	default:
		return fmt.Errorf("varjson: no leaf form for %T", v)
	}
	return nil
}

// raw writes the bytes of a value as a $Raw.
func (e *encoder) raw(b []byte) {
	e.tag("Raw")
	e.b = append(e.b, '"')
	e.b = base64.StdEncoding.AppendEncode(e.b, b)
	e.b = append(e.b, `"}`...)
}

func (e *encoder) comma(i int) {
	if i > 0 {
		e.b = append(e.b, ',')
	}
}

func (e *encoder) shared(shared bool) {
	if shared {
		e.field("shared")
		e.b = append(e.b, "true"...)
	}
}

// canonicalType reports whether a container type is written as its fields
// say (not so with stray padding after a class name, which gdvar keeps in
// an unexported field).
func canonicalType(c gdvar.ContainerType) bool {
	return c == gdvar.ContainerType{Kind: c.Kind, Builtin: c.Builtin, Name: c.Name} && utf8.ValidString(c.Name)
}

// containerType writes a typed container's "$type" (or key or value type)
// field; nothing when untyped.
func (e *encoder) containerType(field string, c gdvar.ContainerType) {
	switch c.Kind {
	case gdvar.TypedBuiltin:
		e.field(field)
		e.str(c.Builtin.String())
	case gdvar.TypedClass:
		e.field(field)
		e.b = append(e.b, `{"$class":`...)
		e.str(c.Name)
		e.b = append(e.b, '}')
	case gdvar.TypedScript:
		e.field(field)
		e.b = append(e.b, `{"$script":`...)
		e.str(c.Name)
		e.b = append(e.b, '}')
	}
}

// wide writes the "$wide" mark of math values with 64-bit reals.
func (e *encoder) wide(bits32 bool) {
	if !bits32 {
		e.field("wide")
		e.b = append(e.b, "true"...)
	}
}
