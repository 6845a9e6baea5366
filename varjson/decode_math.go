package varjson

import (
	"math"
	"reflect"
	"unsafe"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/mathwalk"
)

// mathLayout is how DecodeTo builds a math value from its components
// without a tree: their number and Go kind, all alike within a type.
type mathLayout struct {
	name  string // the tag, without "$"
	n     int
	kind  reflect.Kind // Float64 (reals), Float32 (Color), Int32 (integer vectors)
	token func(p unsafe.Pointer, prec gdvar.Precision) gdvar.Token
}

// mathLayouts are the math types' layouts, by tag name.
var mathLayouts = map[string]mathLayout{}

func init() {
	for _, l := range []mathLayout{layout[gdvar.Vector2](), layout[gdvar.Vector2i](), layout[gdvar.Rect2](),
		layout[gdvar.Rect2i](), layout[gdvar.Vector3](), layout[gdvar.Vector3i](), layout[gdvar.Transform2D](),
		layout[gdvar.Vector4](), layout[gdvar.Vector4i](), layout[gdvar.Plane](), layout[gdvar.Quaternion](),
		layout[gdvar.AABB](), layout[gdvar.Basis](), layout[gdvar.Transform3D](), layout[gdvar.Projection](),
		layout[gdvar.Color]()} {
		mathLayouts[l.name] = l
	}
}

// layout returns T's layout; its token reads a T from memory that holds its
// components in order (a struct of one kind of field is laid out as an
// array of them).
func layout[T gdvar.Math]() mathLayout {
	var zero T
	typ, _ := gdvar.TypeOf(zero)
	l := mathLayout{name: typ.String(), token: load[T]}
	mathwalk.Walk(reflect.New(reflect.TypeFor[T]()).Elem(), func(f reflect.Value) { l.n, l.kind = l.n+1, f.Kind() })
	return l
}

func load[T gdvar.Math](p unsafe.Pointer, prec gdvar.Precision) gdvar.Token {
	return gdvar.MathToken(*(*T)(p), prec)
}

// simpleMath reports, for the first pass, whether a tagged math value can
// be built without a tree: its argument is exactly its components, plain
// numbers, and it has no member but "$wide".
func (s *streamer) sizeMath(dec *jsontext.Decoder, tag string, b *noted) (bool, error) {
	l, ok := mathLayouts[tag[1:]]
	if !ok || dec.PeekKind() != '[' {
		return false, dec.SkipValue()
	}
	simple := true
	n, err := s.sizeElements(dec, 0, func(dec *jsontext.Decoder, _ int) error {
		simple = simple && dec.PeekKind() == '0'
		return dec.SkipValue()
	})
	return simple && n == l.n, err
}

// mathValue writes a simple tagged math value (see sizeMath) from its
// argument on, as the converter would.
func (s *streamer) mathValue(dec *jsontext.Decoder, enc *gdvar.Encoder, tag string, b *noted) error {
	l := mathLayouts[tag[1:]]
	s.c.pushTag(tag[1:])
	defer s.c.pop()
	if err := s.open(dec); err != nil {
		return err
	}
	mem := &s.math
	words := (*[32]uint32)(unsafe.Pointer(mem))
	prec := gdvar.Single // as Marshal: 64 bits where a real needs them and the engine has them (Godot 4)
	for i := 0; i < l.n; i++ {
		raw, err := dec.ReadValue()
		if err != nil {
			return err
		}
		n := number(raw)
		switch l.kind {
		case reflect.Int32:
			x, err := s.c.intOf(n, math.MinInt32, math.MaxInt32)
			if err != nil {
				return err
			}
			words[i] = uint32(int32(x))
		case reflect.Float32:
			x, err := s.c.float32Of(n)
			if err != nil {
				return err
			}
			words[i] = math.Float32bits(x)
		default: // reals: with 32-bit digits unless "$wide", as the converter reads them
			read := real32Of
			if b.wide {
				read = (*converter).float64Of
			}
			x, err := read(&s.c, n)
			if err != nil {
				return err
			}
			mem[i] = math.Float64bits(x)
			if needs64(x) && s.cfg.engine == gdvar.Godot4 {
				prec = gdvar.Double
			}
		}
	}
	if _, err := dec.ReadToken(); err != nil { // ]
		return err
	}
	if err := s.skipMembers(dec); err != nil {
		return err
	}
	return enc.WriteToken(l.token(unsafe.Pointer(mem), prec))
}

// real32Of reads a real written with 32-bit digits.
func real32Of(c *converter, n number) (float64, error) {
	f, err := c.float32Of(n)
	return float64(f), err
}
