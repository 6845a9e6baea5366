package varjson

import (
	"bytes"
	"math"
	"reflect"
	"unsafe"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/gdvar/gdvar"
)

// mathLayout is how DecodeTo builds a math value from its components
// without a tree: their number and Go kind, all alike within a type.
type mathLayout struct {
	n     int
	kind  reflect.Kind // Float64 (reals), Float32 (Color), Int32 (integer vectors)
	token func(p unsafe.Pointer, prec gdvar.Precision) gdvar.Token
}

// layout returns the layout of T, of type typ; its token reads a T from
// memory that holds its components in order (a struct of one kind of field
// is laid out as an array of them).
func layout[T gdvar.Math](typ gdvar.Type) mathLayout {
	l := mathLayout{n: typ.Components(), kind: reflect.Float32, token: load[T]}
	switch {
	case typ.HasReals():
		l.kind = reflect.Float64
	case typ.IsIntegerMath():
		l.kind = reflect.Int32
	}
	return l
}

func load[T gdvar.Math](p unsafe.Pointer, prec gdvar.Precision) gdvar.Token {
	return gdvar.MathToken(*(*T)(p), prec)
}

// sizeMath reports, for the first pass, whether a tagged math value can
// be built without a tree: its argument is exactly its components, plain
// numbers, and it has no member but "$wide".
func (s *streamer) sizeMath(dec *jsontext.Decoder, t *tagSpec) (bool, error) {
	if dec.PeekKind() != '[' {
		return false, dec.SkipValue()
	}
	simple := true
	n, err := s.sizeElements(dec, 0, func(dec *jsontext.Decoder, _ int) error {
		simple = simple && dec.PeekKind() == '0'
		return dec.SkipValue()
	})
	return simple && n == t.math.n, err
}

// mathValue writes a tagged math value from its argument on, as the
// converter would: a simple one (see sizeMath) from its components' text,
// read before its members, which in one pass say how to read them
// ("$wide"); in one pass, where nothing says whether it is simple, another
// through the converter, as two passes write it.
func (s *streamer) mathValue(dec *jsontext.Decoder, enc *gdvar.Encoder, t *tagSpec, b *noted) error {
	l := t.math
	var ends [16]int // of each component's text in s.nums
	s.nums = s.nums[:0]
	n, inArray := 0, dec.PeekKind() == '['
	simple := inArray
	if inArray {
		if err := s.open(dec); err != nil {
			return err
		}
		for ; n < l.n && dec.PeekKind() == '0'; n++ {
			raw, err := dec.ReadValue()
			if err != nil {
				return err
			}
			s.nums = append(s.nums, raw...)
			ends[n] = len(s.nums)
		}
		simple = n == l.n && dec.PeekKind() == ']'
	}
	switch {
	case !inArray: // only in one pass: the first noted it simple
		return s.wholeFrom(dec, enc, t.name)
	case !simple:
		return s.mathWhole(dec, enc, t.name, ends[:n])
	}
	if _, err := dec.ReadToken(); err != nil { // ]
		return err
	}
	wide := b.wide
	if s.once {
		var mods *object
		var err error
		if wide, mods, err = s.mathMembers(dec, t); err != nil {
			return err
		}
		if mods != nil {
			return s.convert(enc, mods.prepend(t.name, s.numbers(ends[:n])))
		}
	} else if err := s.skipMembers(dec); err != nil {
		return err
	}
	s.c.pushTag(t.name[1:])
	defer s.c.pop()
	mem := &s.math
	words := (*[32]uint32)(unsafe.Pointer(mem))
	prec := gdvar.Single // as Marshal: 64 bits where a real needs them and the engine has them (Godot 4)
	start := 0
	for i := range l.n {
		n := number(s.nums[start:ends[i]])
		start = ends[i]
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
			if wide {
				read = (*converter).float64Of
			}
			x, err := read(&s.c, n)
			if err != nil {
				return err
			}
			mem[i] = math.Float64bits(x)
			if needs64(x) && s.cfg.engine() == gdvar.Godot4 {
				prec = gdvar.Double
			}
		}
	}
	return enc.WriteToken(l.token(unsafe.Pointer(mem), prec))
}

// numbers returns the components read so far as the converter's tree.
func (s *streamer) numbers(ends []int) []any {
	out := make([]any, len(ends))
	start := 0
	for i, end := range ends {
		out[i] = number(bytes.Clone(s.nums[start:end]))
		start = end
	}
	return out
}

// mathWhole converts, in one pass, a math value that is not simple: the
// rest of its argument, an array of which the components in ends are read,
// and its members, through the converter.
func (s *streamer) mathWhole(dec *jsontext.Decoder, enc *gdvar.Encoder, tag string, ends []int) error {
	r := s.treeReader(dec, 2) // in its '{' and its argument's '['
	items := s.numbers(ends)
	for dec.PeekKind() != ']' {
		v, err := r.value()
		if err != nil {
			return err
		}
		items = append(items, v)
	}
	if _, err := dec.ReadToken(); err != nil {
		return err
	}
	o := &object{keys: []string{tag}, values: []any{items}}
	if err := s.members(dec, o); err != nil {
		return err
	}
	return s.convert(enc, o)
}

// mathMembers reads, in one pass, a simple math value's members after its
// argument, and its '}': "$wide" once, true or false, where the tag takes
// it, or none. Others are returned as mods, for the converter to judge.
func (s *streamer) mathMembers(dec *jsontext.Decoder, t *tagSpec) (wide bool, mods *object, err error) {
	if dec.PeekKind() == '}' { // the common case
		_, err := dec.ReadToken()
		return false, nil, err
	}
	o := &object{}
	if err := s.members(dec, o); err != nil {
		return false, nil, err
	}
	if len(o.keys) == 1 && o.keys[0] == "$wide" && t.takes("$wide") {
		if w, ok := o.values[0].(bool); ok {
			return w, nil, nil
		}
	}
	return false, o, nil
}

// members reads an object's remaining members into o, and its '}'.
func (s *streamer) members(dec *jsontext.Decoder, o *object) error {
	r := s.treeReader(dec, 1) // in its '{'
	for dec.PeekKind() != '}' {
		name, err := s.readString(dec)
		if err != nil {
			return err
		}
		if err := o.add(r, string(name)); err != nil {
			return err
		}
	}
	_, err := dec.ReadToken()
	return err
}

// convert writes the value of a tagged value's tree, as two passes write
// a value they convert whole.
func (s *streamer) convert(enc *gdvar.Encoder, o *object) error {
	c := converter{start: s.at, path: s.c.path}
	v, err := c.value(o)
	if err != nil {
		return err
	}
	return enc.Encode(v)
}

// real32Of reads a real written with 32-bit digits.
func real32Of(c *converter, n number) (float64, error) {
	f, err := c.float32Of(n)
	return float64(f), err
}
