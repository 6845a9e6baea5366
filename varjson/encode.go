// Package varjson is a lossless JSON form of Godot Variant values: every
// value decoded from the binary format can be written as JSON, edited (with
// jq, say), and turned back into exactly the same bytes.
//
// The mapping, for a value of gdvar's generic form (what gdvar.Unmarshal
// puts in an interface{}):
//
//	null, true, false       nil and bool
//	7                       int (JSON numbers without "." or exponent are ints)
//	7.0, 0.1, 1e+300        float (always with "." or an exponent)
//	{"$float": "nan"}       NaN, "inf", "-inf"; "nan(0x7ff8000000000001)" keeps other NaN bits
//	"text"                  String
//	{"$StringName": "n"}    StringName
//	{"$NodePath": "/root/a:b"}
//	{"$RID": 12}, {"$ObjectID": 34}
//	{"$Object": "Node", "$properties": {"name": "n", …}}
//	{"$Callable": null}, {"$Signal": "pressed", "$object": 34}
//	[1, "a"]                an untyped Array
//	{"$Array": [1, 2], "$type": "int"}     a typed one ("$type": {"$class": "Node"} or
//	                        {"$script": "res://a.gd"}; "$shared": true for Godot 2's flag)
//	{"hp": 100, "name": "a"}               a Dictionary whose keys are all Strings (none
//	                        starting with "$"), in its order
//	{"$Dictionary": [[1, "a"], [2.5, "b"]], "$key_type": "int", "$value_type": …}
//	                        any other Dictionary: entries in order, keys of any type
//	{"$Vector2": [1.0, 2.5]}               every math type, components in wire order
//	                        ({"$Color": [1.0, 0.5, 0.25, 1.0]}, {"$Vector2i": [1, 2]}, …),
//	                        32-bit reals with the shortest digits that give them back;
//	                        "$wide": true marks 64-bit reals (double builds)
//	{"$PackedByteArray": "AQID"}           base64; beyond 48 KiB a list of base64
//	                        strings of 48 KiB each, ["…", "…"], so that no JSON string is huge
//	{"$PackedInt32Array": [1, 2]}          and Int64, Float32, Float64, String
//	{"$PackedVector2Array": [[1.0, 2.0]]}  and Vector3, Vector4, Color; "$wide" as above
//	{"$Image": {"format": 4, "mipmaps": 0, "width": 2, "height": 1}, "$data": "base64"}
//	{"$InputEvent": {"type": 1, "device": 0, "fields": [0, 65]}}
//	{"$Raw": "base64"}      a value written in a way Godot never writes it (see
//	                        gdvar.RawValue), kept as its bytes
//
// Other widths need no marks: gdvar writes an int with 32 bits when it
// fits and a float with 32 bits when that is exact, as Godot does, and a
// value the input wrote otherwise is a $Raw. Type names are Godot 4's
// whatever the engine version.
//
// Marshal and Unmarshal work on whole values. For values of any size, an
// Encoder prints JSON as tokens stream from a gdvar.Decoder, and a
// Decoder's DecodeTo writes JSON to a gdvar.Encoder as tokens.
package varjson

import (
	"encoding/base64"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/mathwalk"
	"github.com/gdvar/gdvar/internal/viabinary"
)

// Marshal returns the JSON form of v, on one line. v is a value of gdvar's
// generic form or any Go value gdvar.Marshal accepts.
func Marshal(v any, opts ...gdvar.Option) ([]byte, error) {
	return Append(nil, v, opts...)
}

// Append appends the JSON form of v to dst.
func Append(dst []byte, v any, opts ...gdvar.Option) ([]byte, error) {
	e := encoder{cfg: newConfig(opts), b: dst}
	if e.cfg.err != nil {
		return dst, e.cfg.err
	}
	err := e.value(v)
	return e.b, err
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

// float writes a float: a JSON number with "." or an exponent, or a $float
// object for NaN and the infinities. bits32 says f is exactly a 32-bit
// float (a component of a vector with 32-bit reals) and is written with the
// shortest digits that give back that float.
func (e *encoder) float(f float64, bits32 bool) {
	if bits32 {
		e.float32(float32(f)) // exact, NaN bits included (see exact32)
		return
	}
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
	start := len(e.b)
	e.b = strconv.AppendFloat(e.b, f, 'g', -1, size)
	if !strings.ContainsAny(string(e.b[start:]), ".e") {
		e.b = append(e.b, ".0"...)
	}
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

func (e *encoder) value(v any) error {
	switch x := v.(type) {
	case nil:
		e.b = append(e.b, "null"...)
	case bool:
		e.b = strconv.AppendBool(e.b, x)
	case int64:
		e.b = strconv.AppendInt(e.b, x, 10)
	case float64:
		e.float(x, false)
	case string:
		if !utf8.ValidString(x) {
			return e.raw(x)
		}
		e.str(x)
	case gdvar.StringName:
		if !utf8.ValidString(string(x)) {
			return e.raw(x)
		}
		e.tag("StringName")
		e.str(string(x))
		e.b = append(e.b, '}')
	case gdvar.NodePath:
		return e.nodePath(x)
	case gdvar.RID:
		e.tag("RID")
		e.b = strconv.AppendUint(e.b, uint64(x), 10)
		e.b = append(e.b, '}')
	case gdvar.ObjectID:
		e.tag("ObjectID")
		e.b = strconv.AppendUint(e.b, uint64(x), 10)
		e.b = append(e.b, '}')
	case *gdvar.Object:
		return e.object(x)
	case gdvar.Callable:
		e.b = append(e.b, `{"$Callable":null}`...)
	case gdvar.Signal:
		if !utf8.ValidString(x.Name) {
			return e.raw(x)
		}
		e.tag("Signal")
		e.str(x.Name)
		e.field("object")
		e.b = strconv.AppendUint(e.b, uint64(x.Object), 10)
		e.b = append(e.b, '}')
	case []any:
		return e.list(x)
	case gdvar.Array:
		if !canonicalType(x.Type) {
			return e.raw(x)
		}
		e.tag("Array")
		if err := e.list(x.Values); err != nil {
			return err
		}
		e.containerType("type", x.Type)
		e.shared(x.Shared)
		e.b = append(e.b, '}')
	case *gdvar.Dictionary:
		return e.dictionary(x)
	case []byte:
		e.tag("PackedByteArray")
		if len(x) > piece {
			e.b = append(e.b, '[')
		}
		for i := 0; i < len(x) || i == 0; i += piece {
			e.comma(i)
			e.b = append(e.b, '"')
			e.b = base64.StdEncoding.AppendEncode(e.b, x[i:min(i+piece, len(x))])
			e.b = append(e.b, '"')
		}
		if len(x) > piece {
			e.b = append(e.b, ']')
		}
		e.b = append(e.b, '}')
	case []int32:
		ints(e, "PackedInt32Array", x)
	case []int64:
		ints(e, "PackedInt64Array", x)
	case []float32:
		e.tag("PackedFloat32Array")
		e.b = append(e.b, '[')
		for i, f := range x {
			e.comma(i)
			e.float32(f)
		}
		e.b = append(e.b, "]}"...)
	case []float64:
		e.tag("PackedFloat64Array")
		e.b = append(e.b, '[')
		for i, f := range x {
			e.comma(i)
			e.float(f, false)
		}
		e.b = append(e.b, "]}"...)
	case []string:
		for _, s := range x {
			if !utf8.ValidString(s) {
				return e.raw(x)
			}
		}
		e.tag("PackedStringArray")
		e.b = append(e.b, '[')
		for i, s := range x {
			e.comma(i)
			e.str(s)
		}
		e.b = append(e.b, "]}"...)
	case []gdvar.Vector2:
		vectors(e, "PackedVector2Array", x)
	case []gdvar.Vector3:
		vectors(e, "PackedVector3Array", x)
	case []gdvar.Vector4:
		vectors(e, "PackedVector4Array", x)
	case []gdvar.Color:
		vectors(e, "PackedColorArray", x)
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
		e.tag("Raw")
		e.b = append(e.b, '"')
		e.b = base64.StdEncoding.AppendEncode(e.b, x)
		e.b = append(e.b, `"}`...)
	default:
		if t, ok := gdvar.TypeOf(v); ok && t.IsMath() {
			e.math(t.String(), v)
			return nil
		}
		// Any other Go value: as the Godot value it marshals to.
		var g any
		if err := viabinary.Convert(v, &g, e.cfg.binary()...); err != nil {
			return err
		}
		return e.value(g)
	}
	return nil
}

// raw writes v as a $Raw: for what JSON cannot hold otherwise (strings
// that are not UTF-8, which Godot 3 accepts; NodePaths with stray padding).
func (e *encoder) raw(v any) error {
	b, err := gdvar.Marshal(v, e.cfg.binary()...)
	if err != nil {
		return err
	}
	return e.value(gdvar.RawValue(b))
}

func (e *encoder) comma(i int) {
	if i > 0 {
		e.b = append(e.b, ',')
	}
}

func (e *encoder) list(values []any) error {
	e.b = append(e.b, '[')
	for i, v := range values {
		e.comma(i)
		if err := e.value(v); err != nil {
			return err
		}
	}
	e.b = append(e.b, ']')
	return nil
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

func (e *encoder) nodePath(p gdvar.NodePath) error {
	s := p.String()
	want, err := gdvar.Marshal(p, e.cfg.binary()...)
	if err != nil {
		return err
	}
	got, err := gdvar.Marshal(gdvar.ParseNodePath(s), e.cfg.binary()...)
	if err != nil || string(got) != string(want) || !utf8.ValidString(s) {
		return e.value(gdvar.RawValue(want))
	}
	e.tag("NodePath")
	e.str(s)
	e.b = append(e.b, '}')
	return nil
}

func (e *encoder) object(o *gdvar.Object) error {
	seen := map[string]bool{}
	for _, p := range o.Properties {
		if seen[p.Name] || !utf8.ValidString(p.Name) {
			return e.raw(o) // JSON objects cannot hold a name twice
		}
		seen[p.Name] = true
	}
	if !utf8.ValidString(o.Class) {
		return e.raw(o)
	}
	e.tag("Object")
	e.str(o.Class)
	e.field("properties")
	e.b = append(e.b, '{')
	for i, p := range o.Properties {
		e.comma(i)
		e.str(p.Name)
		e.b = append(e.b, ':')
		if err := e.value(p.Value); err != nil {
			return err
		}
	}
	e.b = append(e.b, "}}"...)
	return nil
}

// plainKeys reports whether a Dictionary can be a plain JSON object: untyped,
// not shared, with distinct String keys none of which starts with "$".
func plainKeys(d *gdvar.Dictionary) bool {
	if d.KeyType.Kind != gdvar.Untyped || d.ValueType.Kind != gdvar.Untyped || d.Shared {
		return false
	}
	var seen map[string]bool // only for large ones: small ones compare pairs
	for i := range d.Len() {
		k, _ := d.At(i)
		s, ok := k.(string)
		if !ok || strings.HasPrefix(s, "$") || !utf8.ValidString(s) {
			return false
		}
		if d.Len() > 16 {
			if seen == nil {
				seen = make(map[string]bool, d.Len())
			}
			if seen[s] {
				return false
			}
			seen[s] = true
			continue
		}
		for j := range i {
			if k2, _ := d.At(j); k2 == k {
				return false
			}
		}
	}
	return true
}

func (e *encoder) dictionary(d *gdvar.Dictionary) error {
	if plainKeys(d) {
		e.b = append(e.b, '{')
		i := 0
		for k, v := range d.All() {
			e.comma(i)
			i++
			e.str(k.(string))
			e.b = append(e.b, ':')
			if err := e.value(v); err != nil {
				return err
			}
		}
		e.b = append(e.b, '}')
		return nil
	}
	if !canonicalType(d.KeyType) || !canonicalType(d.ValueType) {
		return e.raw(d)
	}
	e.tag("Dictionary")
	e.b = append(e.b, '[')
	i := 0
	for k, v := range d.All() {
		e.comma(i)
		i++
		e.b = append(e.b, '[')
		if err := e.value(k); err != nil {
			return err
		}
		e.b = append(e.b, ',')
		if err := e.value(v); err != nil {
			return err
		}
		e.b = append(e.b, ']')
	}
	e.b = append(e.b, ']')
	e.containerType("key_type", d.KeyType)
	e.containerType("value_type", d.ValueType)
	e.shared(d.Shared)
	e.b = append(e.b, '}')
	return nil
}

func ints[T int32 | int64](e *encoder, name string, v []T) {
	e.tag(name)
	e.b = append(e.b, '[')
	for i, n := range v {
		e.comma(i)
		e.b = strconv.AppendInt(e.b, int64(n), 10)
	}
	e.b = append(e.b, "]}"...)
}

func vectors[T any](e *encoder, name string, v []T) {
	bits32 := true
	for _, x := range v {
		bits32 = bits32 && exact32(x)
	}
	e.tag(name)
	e.b = append(e.b, '[')
	for i, x := range v {
		e.comma(i)
		e.components(x, bits32)
	}
	e.b = append(e.b, ']')
	e.wide(bits32)
	e.b = append(e.b, '}')
}

// wide writes the "$wide" mark of math values with 64-bit reals.
func (e *encoder) wide(bits32 bool) {
	if !bits32 {
		e.field("wide")
		e.b = append(e.b, "true"...)
	}
}

// math writes a math value as {"$Name": [components]}.
func (e *encoder) math(name string, v any) {
	bits32 := exact32(v)
	e.tag(name)
	e.components(v, bits32)
	e.wide(bits32)
	e.b = append(e.b, '}')
}

// exact32 reports whether all of a math value's reals are 32-bit floats:
// the value has 32-bit reals on the wire, and its components are written
// with the shortest digits that give back the 32-bit float.
func exact32(v any) bool {
	ok := true
	mathwalk.Walk(reflect.ValueOf(v), func(c reflect.Value) {
		if c.Kind() == reflect.Float64 {
			f := c.Float()
			ok = ok && math.Float64bits(float64(float32(f))) == math.Float64bits(f)
		}
	})
	return ok
}

// components writes a math value's components as a JSON array, in wire
// order: ints for the integer vectors, floats with 32 or 64 bits of digits.
func (e *encoder) components(v any, bits32 bool) {
	e.b = append(e.b, '[')
	n := 0
	mathwalk.Walk(reflect.ValueOf(v), func(c reflect.Value) {
		e.comma(n)
		n++
		switch c.Kind() {
		case reflect.Int32:
			e.b = strconv.AppendInt(e.b, c.Int(), 10)
		case reflect.Float32:
			e.float32(c.Interface().(float32)) // not c.Float(): see float32
		default:
			e.float(c.Float(), bits32)
		}
	})
	e.b = append(e.b, ']')
}
