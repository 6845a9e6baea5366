package vartext

import (
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/mathwalk"
)

// godotNaN is the NaN Godot writes (math.NaN has other bits).
var godotNaN = math.Float64frombits(0x7ff8000000000000)

// maxDepth bounds the containers a value may be nested in, as in the binary
// format (Godot fails deeper values).
const maxDepth = 1024

// SyntaxError is the error for text that is not a valid value.
type SyntaxError struct {
	Offset int64 // byte offset of the problem in the input
	Line   int   // 1-based line
	Column int   // 1-based column, in bytes
	Msg    string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("vartext: line %d, column %d: %s", e.Line, e.Column, e.Msg)
}

// Unmarshal parses the one value in text (as str_to_var does) and stores it
// in v, a non-nil pointer. Into an interface{} it stores gdvar's generic
// form (int64, float64, string, gdvar.Vector2, []any, *gdvar.Dictionary, …);
// into other Go types it stores what gdvar.Unmarshal would from the value's
// binary encoding. Every dialect's spelling is read (Godot 3's Quat and
// PoolIntArray as well as Godot 4's Quaternion and PackedInt32Array); the
// dialect selects the engine for the conversion into Go types.
//
// Object(EncodedObjectAsID,"object_id":N,…), which is how var_to_str prints
// an object written as its id, gives back the gdvar.ObjectID.
func Unmarshal(text []byte, v any, opts ...Option) error {
	d := NewDecoder(text, opts...)
	if err := d.Decode(v); err != nil {
		if err == io.EOF {
			return d.errorf("no value")
		}
		return err
	}
	if d.skipSpace(); d.pos < len(d.text) {
		return d.errorf("text after the value")
	}
	return nil
}

// Decoder parses a sequence of values from text held in memory, such as a
// file of values separated by newlines.
type Decoder struct {
	cfg   config
	text  []byte
	pos   int
	depth int
}

// NewDecoder returns a Decoder reading the values in text.
func NewDecoder(text []byte, opts ...Option) *Decoder {
	return &Decoder{cfg: newConfig(opts), text: text}
}

// InputOffset returns the offset just after the last value decoded.
func (d *Decoder) InputOffset() int64 { return int64(d.pos) }

// Decode parses the next value into v, as Unmarshal does. It returns io.EOF
// when only white space and comments are left.
func (d *Decoder) Decode(v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return errors.New("vartext: Decode needs a non-nil pointer")
	}
	if d.skipSpace(); d.pos == len(d.text) {
		return io.EOF
	}
	g, err := d.value()
	if err != nil {
		return err
	}
	if p, ok := v.(*any); ok {
		*p = g
		return nil
	}
	e := gdvar.WithEngine(d.cfg.dialect.Engine())
	b, err := gdvar.Marshal(g, e)
	if err != nil {
		return err
	}
	return gdvar.Unmarshal(b, v, e, gdvar.AllowObjects(true))
}

// errorf returns a SyntaxError at the current position.
func (d *Decoder) errorf(format string, args ...any) error {
	return d.errorAt(d.pos, format, args...)
}

func (d *Decoder) errorAt(pos int, format string, args ...any) error {
	line := 1 + strings.Count(string(d.text[:pos]), "\n")
	col := pos - strings.LastIndexByte(string(d.text[:pos]), '\n')
	return &SyntaxError{Offset: int64(pos), Line: line, Column: col, Msg: fmt.Sprintf(format, args...)}
}

// skipSpace skips white space and comments (";" to the end of the line, as
// in Godot's resource files).
func (d *Decoder) skipSpace() {
	for d.pos < len(d.text) {
		switch d.text[d.pos] {
		case ' ', '\t', '\n', '\r':
			d.pos++
		case ';':
			for d.pos < len(d.text) && d.text[d.pos] != '\n' {
				d.pos++
			}
		default:
			return
		}
	}
}

// peek returns the next byte after white space, or 0 at the end.
func (d *Decoder) peek() byte {
	if d.skipSpace(); d.pos < len(d.text) {
		return d.text[d.pos]
	}
	return 0
}

// expect consumes c or fails.
func (d *Decoder) expect(c byte) error {
	if d.peek() != c {
		return d.errorf("want %q, found %s", c, d.found())
	}
	d.pos++
	return nil
}

// found describes what is at the current position, for errors.
func (d *Decoder) found() string {
	if d.pos >= len(d.text) {
		return "end of input"
	}
	r, _ := utf8.DecodeRune(d.text[d.pos:])
	return strconv.QuoteRune(r)
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// ident reads an identifier (letters, digits, "_", and non-ASCII, as class
// names may be).
func (d *Decoder) ident() string {
	d.skipSpace()
	start := d.pos
	for d.pos < len(d.text) && isIdentByte(d.text[d.pos]) {
		d.pos++
	}
	return string(d.text[start:d.pos])
}

// enter counts a container, just after its opening byte; leave must
// follow.
func (d *Decoder) enter() error {
	if d.depth++; d.depth > maxDepth {
		return d.errorAt(d.pos-1, "nested deeper than %d", maxDepth)
	}
	return nil
}

func (d *Decoder) leave() { d.depth-- }

func (d *Decoder) value() (any, error) {
	switch c := d.peek(); {
	case c == '"':
		return d.str()
	case c == '&':
		d.pos++
		s, err := d.str()
		return gdvar.StringName(s), err
	case c == '^':
		d.pos++
		s, err := d.str()
		return gdvar.ParseNodePath(s), err
	case c == '[':
		return d.array()
	case c == '{':
		return d.dictionary()
	case c == '-' || c == '.' || c >= '0' && c <= '9':
		return d.number()
	case c != 0 && isIdentByte(c):
		return d.named()
	}
	return nil, d.errorf("want a value, found %s", d.found())
}

// number reads an int (no "." or exponent) or a float, or -inf.
func (d *Decoder) number() (any, error) {
	start := d.pos
	if d.text[d.pos] == '-' && d.pos+1 < len(d.text) && d.text[d.pos+1] == 'i' {
		d.pos++
		if name := d.ident(); name != "inf" {
			return nil, d.errorAt(start, "unknown number -%s", name)
		}
		if strings.HasPrefix(string(d.text[d.pos:]), ".0") { // Godot 3.2 prints -inf.0
			d.pos += 2
		}
		return math.Inf(-1), nil
	}
	digits := func() int {
		n := 0
		for d.pos < len(d.text) && d.text[d.pos] >= '0' && d.text[d.pos] <= '9' {
			d.pos++
			n++
		}
		return n
	}
	if d.text[d.pos] == '-' {
		d.pos++
	}
	nd := digits()
	isFloat := false
	if d.pos < len(d.text) && d.text[d.pos] == '.' {
		d.pos++
		nd += digits()
		isFloat = true
	}
	if nd == 0 {
		return nil, d.errorAt(start, "bad number")
	}
	if d.pos < len(d.text) && (d.text[d.pos] == 'e' || d.text[d.pos] == 'E') {
		d.pos++
		if d.pos < len(d.text) && (d.text[d.pos] == '-' || d.text[d.pos] == '+') {
			d.pos++
		}
		if digits() == 0 {
			return nil, d.errorAt(start, "bad number exponent")
		}
		isFloat = true
	}
	s := string(d.text[start:d.pos])
	if isFloat {
		return godotStrtod(s), nil
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if errors.Is(err, strconv.ErrRange) { // Godot clamps
		n = math.MaxInt64
		if s[0] == '-' {
			n = math.MinInt64
		}
	}
	return n, nil
}

// real reads a float, an int (as a float) or a named special.
func (d *Decoder) real() (float64, error) {
	if c := d.peek(); c != '-' && c != '.' && (c < '0' || c > '9') {
		start := d.pos
		x, err := d.named()
		if f, ok := x.(float64); ok && err == nil {
			return f, nil
		}
		return 0, d.errorAt(start, "want a number")
	}
	x, err := d.number()
	switch n := x.(type) {
	case int64:
		return float64(n), err
	case float64:
		return n, err
	}
	return 0, err
}

// integer reads an int.
func (d *Decoder) integer() (int64, error) {
	start := d.pos
	if c := d.peek(); c != '-' && (c < '0' || c > '9') {
		return 0, d.errorf("want an integer, found %s", d.found())
	}
	x, err := d.number()
	if n, ok := x.(int64); ok || err != nil {
		return n, err
	}
	return 0, d.errorAt(start, "want an integer")
}

// str reads a quoted string with Godot's escapes. As in the engine, an
// unknown escape gives the character after the backslash (so "\\a" reads
// back as "a"), and Godot 3 drops carriage returns.
func (d *Decoder) str() (string, error) {
	if err := d.expect('"'); err != nil {
		return "", err
	}
	dropCR := d.cfg.dialect != Godot4
	var b []byte
	for {
		if d.pos >= len(d.text) {
			return "", d.errorf("unterminated string")
		}
		c := d.text[d.pos]
		d.pos++
		switch {
		case c == '"':
			return string(b), nil
		case c == '\\':
		case c == '\r' && dropCR:
			continue
		default:
			b = append(b, c)
			continue
		}
		if d.pos >= len(d.text) {
			return "", d.errorf("unterminated string")
		}
		e := d.text[d.pos]
		d.pos++
		switch e {
		case 'b':
			b = append(b, '\b')
		case 'f':
			b = append(b, '\f')
		case 'n':
			b = append(b, '\n')
		case 'r':
			b = append(b, '\r')
		case 't':
			b = append(b, '\t')
		case 'u', 'U':
			r, err := d.codePoint(e)
			if err != nil {
				return "", err
			}
			b = utf8.AppendRune(b, r)
		default:
			b = append(b, e)
		}
	}
}

// codePoint reads the hex digits of \uXXXX (joining a surrogate pair) or
// \UXXXXXX.
func (d *Decoder) codePoint(kind byte) (rune, error) {
	hex := func(n int) (rune, error) {
		if d.pos+n > len(d.text) {
			return 0, d.errorf("short \\%c escape", kind)
		}
		v, err := strconv.ParseUint(string(d.text[d.pos:d.pos+n]), 16, 32)
		if err != nil {
			return 0, d.errorf("bad \\%c escape", kind)
		}
		d.pos += n
		return rune(v), nil
	}
	if kind == 'U' {
		return hex(6)
	}
	r, err := hex(4)
	if err != nil || !utf16.IsSurrogate(r) {
		return r, err
	}
	if !strings.HasPrefix(string(d.text[d.pos:]), "\\u") {
		return utf8.RuneError, nil
	}
	d.pos += 2
	lo, err := hex(4)
	return utf16.DecodeRune(r, lo), err
}

// list reads "(" or "[" items separated by commas, with an optional
// trailing comma, up to the closing byte.
func (d *Decoder) list(closing byte, item func() error) error {
	for {
		if d.peek() == closing {
			d.pos++
			return nil
		}
		if err := item(); err != nil {
			return err
		}
		switch d.peek() {
		case ',':
			d.pos++
		case closing:
		default:
			return d.errorf("want ',' or %q, found %s", closing, d.found())
		}
	}
}

func (d *Decoder) array() ([]any, error) {
	if err := d.expect('['); err != nil {
		return nil, err
	}
	if err := d.enter(); err != nil {
		return nil, err
	}
	defer d.leave()
	out := []any{}
	err := d.list(']', func() error {
		x, err := d.value()
		out = append(out, x)
		return err
	})
	return out, err
}

func (d *Decoder) dictionary() (*gdvar.Dictionary, error) {
	if err := d.expect('{'); err != nil {
		return nil, err
	}
	if err := d.enter(); err != nil {
		return nil, err
	}
	defer d.leave()
	dict := &gdvar.Dictionary{}
	err := d.list('}', func() error {
		k, err := d.value()
		if err != nil {
			return err
		}
		if err := d.expect(':'); err != nil {
			return err
		}
		v, err := d.value()
		dict.Set(k, v)
		return err
	})
	return dict, err
}

// named reads what starts with an identifier: a keyword or a constructor.
func (d *Decoder) named() (any, error) {
	start := d.pos
	name := d.ident()
	switch name {
	case "null", "nil":
		return nil, nil
	case "true":
		return true, nil
	case "false":
		return false, nil
	case "inf":
		return math.Inf(1), nil
	case "inf_neg":
		return math.Inf(-1), nil
	case "nan":
		return godotNaN, nil
	case "Array":
		return d.typedArray()
	case "Dictionary":
		return d.typedDictionary()
	case "Object":
		return d.object()
	}
	typ, ok := typeByName[name]
	if !ok {
		return nil, d.errorAt(start, "unknown name %q", name)
	}
	if err := d.expect('('); err != nil {
		return nil, err
	}
	if typ.IsMath() {
		return d.math(typ.GoType())
	}
	switch typ {
	case gdvar.TypeStringName:
		s, err := d.oneString()
		return gdvar.StringName(s), err
	case gdvar.TypeNodePath:
		s, err := d.oneString()
		return gdvar.ParseNodePath(s), err
	case gdvar.TypeRID:
		var id int64
		err := d.list(')', func() (err error) { id, err = d.integer(); return err })
		return gdvar.RID(id), err
	case gdvar.TypeCallable:
		return gdvar.Callable{}, d.expect(')')
	case gdvar.TypeSignal:
		return gdvar.Signal{}, d.expect(')')
	}
	if typ.IsPacked() {
		return d.packed(typ)
	}
	return nil, d.errorAt(start, "%s has no constructor in the text form", name)
}

// oneString reads the string argument and the ")" of a constructor.
func (d *Decoder) oneString() (string, error) {
	s, err := d.str()
	if err != nil {
		return "", err
	}
	return s, d.expect(')')
}

// math reads a math value's components, after its "(".
func (d *Decoder) math(t reflect.Type) (any, error) {
	var comps []float64
	err := d.list(')', func() error {
		f, err := d.real()
		comps = append(comps, f)
		return err
	})
	if err != nil {
		return nil, err
	}
	want, _ := components(reflect.Zero(t).Interface())
	if t == reflect.TypeFor[gdvar.Color]() && len(comps) == 3 {
		comps = append(comps, 1) // Color(r, g, b) is opaque
	}
	if len(comps) != len(want) {
		return nil, d.errorf("%s takes %d numbers, not %d", t.Name(), len(want), len(comps))
	}
	v := reflect.New(t).Elem()
	fill(v, comps)
	return v.Interface(), nil
}

// fill sets a math value's components in wire order; it is the inverse of
// components.
func fill(v reflect.Value, comps []float64) {
	i := 0
	mathwalk.Walk(v, func(c reflect.Value) {
		if c.Kind() == reflect.Int32 {
			c.SetInt(int64(comps[i]))
		} else {
			c.SetFloat(comps[i])
		}
		i++
	})
}

// packed reads a packed array's elements, after its "(".
func (d *Decoder) packed(typ gdvar.Type) (any, error) {
	switch typ {
	case gdvar.TypePackedByteArray:
		if d.peek() == '"' { // base64, as Godot 4.3+ may write large ones
			s, err := d.oneString()
			if err != nil {
				return nil, err
			}
			b, err := base64.StdEncoding.DecodeString(s)
			if err != nil {
				return nil, d.errorf("bad base64 in PackedByteArray: %v", err)
			}
			return b, nil
		}
		return packedInts[byte](d, 0, math.MaxUint8)
	case gdvar.TypePackedInt32Array:
		return packedInts[int32](d, math.MinInt32, math.MaxInt32)
	case gdvar.TypePackedInt64Array:
		return packedInts[int64](d, math.MinInt64, math.MaxInt64)
	case gdvar.TypePackedStringArray:
		out := []string{}
		err := d.list(')', func() error {
			s, err := d.str()
			out = append(out, s)
			return err
		})
		return out, err
	}
	var reals []float64
	if err := d.list(')', func() error {
		f, err := d.real()
		reals = append(reals, f)
		return err
	}); err != nil {
		return nil, err
	}
	switch typ {
	case gdvar.TypePackedFloat32Array:
		out := make([]float32, len(reals))
		for i, f := range reals {
			out[i] = float32(f)
		}
		return out, nil
	case gdvar.TypePackedFloat64Array:
		return reals, nil
	case gdvar.TypePackedVector2Array:
		return grouped[gdvar.Vector2](d, reals)
	case gdvar.TypePackedVector3Array:
		return grouped[gdvar.Vector3](d, reals)
	case gdvar.TypePackedVector4Array:
		return grouped[gdvar.Vector4](d, reals)
	}
	return grouped[gdvar.Color](d, reals)
}

func packedInts[T byte | int32 | int64](d *Decoder, lo, hi int64) ([]T, error) {
	out := []T{}
	err := d.list(')', func() error {
		start := d.pos
		n, err := d.integer()
		if err == nil && (n < lo || n > hi) {
			err = d.errorAt(start, "%d out of range", n)
		}
		out = append(out, T(n))
		return err
	})
	return out, err
}

// grouped splits a flat list of reals into vectors or colors.
func grouped[T any](d *Decoder, reals []float64) ([]T, error) {
	var zero T
	per, _ := components(zero)
	if len(reals)%len(per) != 0 {
		return nil, d.errorf("%d numbers do not make whole %T values", len(reals), zero)
	}
	out := make([]T, len(reals)/len(per))
	for i := range out {
		fill(reflect.ValueOf(&out[i]).Elem(), reals[i*len(per):])
	}
	return out, nil
}

// containerType reads the type in Array[T] or Dictionary[K, V]: a builtin
// type, "Variant", Resource("path") for a script, or a class name.
func (d *Decoder) containerType() (gdvar.ContainerType, error) {
	start := d.pos
	name := d.ident()
	switch {
	case name == "":
		return gdvar.ContainerType{}, d.errorf("want a type, found %s", d.found())
	case name == "Variant":
		return gdvar.ContainerType{}, nil
	case name == "Resource" && d.peek() == '(':
		d.pos++
		path, err := d.oneString()
		return gdvar.ContainerType{Kind: gdvar.TypedScript, Name: path}, err
	}
	if t, ok := typeByName[name]; ok {
		if t == gdvar.TypeNil || t == gdvar.TypeObject {
			return gdvar.ContainerType{}, d.errorAt(start, "%s is not an element type", name)
		}
		return gdvar.ContainerType{Kind: gdvar.TypedBuiltin, Builtin: t}, nil
	}
	return gdvar.ContainerType{Kind: gdvar.TypedClass, Name: name}, nil
}

// typedArray reads Array[T]([…]) after "Array".
func (d *Decoder) typedArray() (any, error) {
	if err := d.expect('['); err != nil {
		return nil, err
	}
	typ, err := d.containerType()
	if err != nil {
		return nil, err
	}
	if err := d.expectAll("]("); err != nil {
		return nil, err
	}
	values, err := d.array()
	if err != nil {
		return nil, err
	}
	if err := d.expect(')'); err != nil {
		return nil, err
	}
	if typ.Kind == gdvar.Untyped {
		return values, nil
	}
	return gdvar.Array{Type: typ, Values: values}, nil
}

// typedDictionary reads Dictionary[K, V]({…}) after "Dictionary".
func (d *Decoder) typedDictionary() (any, error) {
	if err := d.expect('['); err != nil {
		return nil, err
	}
	key, err := d.containerType()
	if err != nil {
		return nil, err
	}
	if err := d.expect(','); err != nil {
		return nil, err
	}
	value, err := d.containerType()
	if err != nil {
		return nil, err
	}
	if err := d.expectAll("]("); err != nil {
		return nil, err
	}
	dict, err := d.dictionary()
	if err != nil {
		return nil, err
	}
	dict.KeyType, dict.ValueType = key, value
	return dict, d.expect(')')
}

func (d *Decoder) expectAll(s string) error {
	for i := range len(s) {
		if err := d.expect(s[i]); err != nil {
			return err
		}
	}
	return nil
}

// object reads Object(Class,"name":value,…) after "Object".
func (d *Decoder) object() (any, error) {
	if err := d.expect('('); err != nil {
		return nil, err
	}
	if err := d.enter(); err != nil {
		return nil, err
	}
	defer d.leave()
	class := d.ident()
	if class == "" {
		return nil, d.errorf("want a class name, found %s", d.found())
	}
	o := &gdvar.Object{Class: class}
	if d.peek() == ',' {
		d.pos++
	}
	err := d.list(')', func() error {
		name, err := d.str()
		if err != nil {
			return err
		}
		if err := d.expect(':'); err != nil {
			return err
		}
		v, err := d.value()
		o.Properties = append(o.Properties, gdvar.Property{Name: name, Value: v})
		return err
	})
	if err != nil {
		return nil, err
	}
	if id, ok := o.Get("object_id"); ok && class == "EncodedObjectAsID" {
		if n, ok := id.(int64); ok {
			return gdvar.ObjectID(n), nil
		}
	}
	return o, nil
}

// components returns a math value's components in wire order, and whether
// they are integers.
func components(v any) ([]float64, bool) {
	var out []float64
	isInt := false
	mathwalk.Walk(reflect.ValueOf(v), func(c reflect.Value) {
		if c.Kind() == reflect.Int32 {
			isInt = true
			out = append(out, float64(c.Int()))
			return
		}
		out = append(out, c.Float())
	})
	return out, isInt
}
