package varjson

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"unsafe"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/mathwalk"
)

// unsafeString views a number's bytes as a string for strconv, which does
// not keep it.
func unsafeString(n number) string { return unsafe.String(unsafe.SliceData(n), len(n)) }

// ValueError reports JSON that is well formed but not the JSON form of a
// value: an unknown $ tag, a component count that does not fit, … Offset
// is where the value read starts, and Path where in it the fault is.
type ValueError struct {
	Offset int64  // where the value starts in the input: its first byte, past the white space before it
	Path   string // where in the value, such as $[3]["pos"]
	Msg    string
}

func (e *ValueError) Error() string {
	return fmt.Sprintf("varjson: value at offset %d: %s: %s", e.Offset, e.Path, e.Msg)
}

// converter turns JSON into gdvar's generic form.
type converter struct {
	start int64
	path  []segment
	jq    bool // an int past int64's range is a float, as jq 1.6 prints ±2^63 (see Like)
}

// segment is one step of the path to the value being converted, rendered
// only for an error: a member ["key"], an element [i], a Dictionary entry
// {#i} or a tag's argument .Tag.
type segment struct {
	kind  byte // '"', '[', '{' or '.'
	name  string
	index int
}

func (c *converter) errorf(format string, args ...any) error {
	var b strings.Builder
	b.WriteByte('$')
	for _, s := range c.path {
		switch s.kind {
		case '"':
			b.WriteString("[" + strconv.Quote(s.name) + "]")
		case '[':
			b.WriteString("[" + strconv.Itoa(s.index) + "]")
		case '{':
			b.WriteString("{#" + strconv.Itoa(s.index) + "}")
		default:
			b.WriteString("." + s.name)
		}
	}
	return &ValueError{Offset: c.start, Path: b.String(), Msg: fmt.Sprintf(format, args...)}
}

func (c *converter) pushKey(k string) { c.path = append(c.path, segment{kind: '"', name: k}) }
func (c *converter) pushIndex(i int)  { c.path = append(c.path, segment{kind: '[', index: i}) }
func (c *converter) pushEntry(i int)  { c.path = append(c.path, segment{kind: '{', index: i}) }
func (c *converter) pushTag(t string) { c.path = append(c.path, segment{kind: '.', name: t}) }
func (c *converter) pop()             { c.path = c.path[:len(c.path)-1] }

func (c *converter) value(n any) (any, error) {
	switch x := n.(type) {
	case nil, bool, string:
		return x, nil
	case number:
		return c.number(x)
	case []any:
		return c.list(x)
	case *object:
		if len(x.keys) > 0 && strings.HasPrefix(x.keys[0], "$") {
			return c.tagged(x)
		}
		d := &gdvar.Dictionary{}
		for i, k := range x.keys {
			if strings.HasPrefix(k, "$") {
				return nil, c.errorf("member %q: a Dictionary key starting with $ must use the $Dictionary form", k)
			}
			c.pushKey(k)
			v, err := c.value(x.values[i])
			c.pop()
			if err != nil {
				return nil, err
			}
			d.Append(k, v)
		}
		return d, nil
	}
	return nil, c.errorf("unexpected %T", n)
}

// read reads and converts the next value in one pass. Only tagged objects
// go through a tree first, as their members may come in any order.
func (c *converter) read(r *reader) (any, error) {
	switch r.dec.PeekKind() {
	case '[':
		base := r.stack.Mark()
		err := r.elements(func(i int) error {
			c.pushIndex(i)
			defer c.pop()
			v, err := c.read(r)
			r.push(v)
			return err
		})
		return r.collect(base), err
	case '0': // a number without a tree
		raw, err := r.dec.ReadValue()
		if err != nil {
			return nil, err
		}
		return c.number(number(raw))
	case '{':
	default:
		tree, err := r.value()
		if err != nil {
			return nil, err
		}
		return c.value(tree)
	}
	base := r.entries.Len()
	var tagged *object // a tagged value's members, read as a tree
	err := r.members(func(k string) error {
		switch {
		case tagged != nil:
			return tagged.add(r, k)
		case strings.HasPrefix(k, "$") && r.entries.Len() > base:
			return c.errorf("member %q: a Dictionary key starting with $ must use the $Dictionary form", k)
		case strings.HasPrefix(k, "$"):
			tagged = &object{}
			if t := tags[k]; t != nil && t.direct != nil && r.dec.PeekKind() == '[' {
				c.pushTag(k[1:])
				defer c.pop()
				v, err := t.direct(c, r)
				tagged.keys, tagged.values = append(tagged.keys, k), append(tagged.values, v)
				return err
			}
			return tagged.add(r, k)
		}
		c.pushKey(k)
		defer c.pop()
		v, err := c.read(r)
		r.entries.Push(field{k, v})
		return err
	})
	d := r.dictionary(base)
	if err != nil || tagged == nil {
		return d, err
	}
	return c.value(tagged)
}

// number is an int without "." or exponent (with c.jq, one in int64's
// range), else a float.
func (c *converter) number(n number) (any, error) {
	if !bytes.ContainsAny(n, ".eE") {
		i, err := strconv.ParseInt(unsafeString(n), 10, 64)
		if err == nil {
			return i, nil
		}
		if !c.jq {
			return nil, c.errorf("int %s out of range", n)
		}
	}
	f, err := parseFloat(unsafeString(n), 64)
	if err != nil {
		return nil, c.errorf("float %s out of range", n)
	}
	return f, nil
}

func (c *converter) list(items []any) ([]any, error) {
	out := make([]any, len(items))
	for i, item := range items {
		c.pushIndex(i)
		v, err := c.value(item)
		c.pop()
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

// tagged converts a {"$Tag": …} object.
func (c *converter) tagged(o *object) (any, error) {
	var t *tagSpec
	var arg any
	for i, k := range o.keys {
		name := k
		if !strings.HasPrefix(k, "$") {
			name = "$" + k // as ever, "Vector2" names the tag too (and the object is refused, as before)
		}
		if kt, known := tags[name]; known {
			if t != nil {
				return nil, c.errorf("two tags, %s and %s", t.name, k)
			}
			t, arg = kt, o.values[i]
		}
	}
	if t == nil {
		return nil, c.errorf("no known $ tag among %q", o.keys)
	}
	for _, k := range o.keys {
		if k != t.name && !t.takes(k) {
			return nil, c.errorf("%s does not take %q", t.name, k)
		}
	}
	c.pushTag(t.name[1:])
	defer c.pop()
	if cv, ok := arg.(converted); ok && t.arg != argValues && t.arg != argEntries {
		return cv.v, nil // a packed array of numbers or strings, whole
	}
	return t.tree(c, arg, o)
}

// flag reads an optional true/false member.
func (c *converter) flag(o *object, key string) (bool, error) {
	v, ok := o.get(key)
	if !ok {
		return false, nil
	}
	b, isBool := v.(bool)
	if !isBool {
		return false, c.errorf("%s must be true or false", key)
	}
	return b, nil
}

// The tree handlers of the tags (see tags).

func (c *converter) float(arg any, _ *object) (any, error) {
	s, err := c.text(arg)
	if err != nil {
		return nil, err
	}
	return c.special(s)
}

func (c *converter) str(arg any, _ *object) (any, error) { return c.pieces(arg) }

func (c *converter) stringName(arg any, _ *object) (any, error) {
	s, err := c.pieces(arg)
	return gdvar.StringName(s), err
}

func (c *converter) nodePath(arg any, _ *object) (any, error) {
	s, err := c.text(arg)
	return gdvar.ParseNodePath(s), err
}

func (c *converter) rid(arg any, _ *object) (any, error) {
	n, err := c.uint(arg, math.MaxUint64)
	return gdvar.RID(n), err
}

func (c *converter) objectID(arg any, _ *object) (any, error) {
	n, err := c.uint(arg, math.MaxUint64)
	return gdvar.ObjectID(n), err
}

func (c *converter) callable(any, *object) (any, error) { return gdvar.Callable{}, nil }

func (c *converter) signal(arg any, o *object) (any, error) {
	name, err := c.text(arg)
	if err != nil {
		return nil, err
	}
	id, _ := o.get("$object")
	n, err := c.uint(id, math.MaxUint64)
	return gdvar.Signal{Name: name, Object: gdvar.ObjectID(n)}, err
}

// packedBytes reads base64, given whole or, when long, as a list of
// pieces.
func (c *converter) packedBytes(arg any, _ *object) (any, error) {
	pieces, ok := arg.([]any)
	if !ok {
		return c.base64(arg)
	}
	var out []byte
	for i, p := range pieces {
		c.pushIndex(i)
		b, err := c.base64(p)
		c.pop()
		if err != nil {
			return nil, err
		}
		out = append(out, b...)
	}
	return out, nil
}

func (c *converter) raw(arg any, _ *object) (any, error) {
	b, err := c.base64(arg)
	return gdvar.RawValue(b), err
}

// packedTree reads a packed array's elements, each with elem.
func packedTree[T any](c *converter, arg any, elem func(*converter, any) (T, error)) (any, error) {
	items, err := c.items(arg)
	out := make([]T, len(items))
	for i := 0; err == nil && i < len(items); i++ {
		out[i], err = elem(c, items[i])
	}
	return out, err
}

// The readers of packed elements: from a plain number (…Of) and from any
// value of the tree (…In).

func int32Of(c *converter, n number) (int32, error) {
	i, err := c.intOf(n, math.MinInt32, math.MaxInt32)
	return int32(i), err
}

func int32In(c *converter, v any) (int32, error) {
	i, err := c.integer(v, math.MinInt32, math.MaxInt32)
	return int32(i), err
}

func int64Of(c *converter, n number) (int64, error) { return c.intOf(n, math.MinInt64, math.MaxInt64) }

func int64In(c *converter, v any) (int64, error) { return c.integer(v, math.MinInt64, math.MaxInt64) }

func float64In(c *converter, v any) (float64, error) { return c.real(v, false) }

// textOf refuses a number where a string is due.
func textOf(c *converter, n number) (string, error) { return c.text(n) }

// pieces reads a string's text, given whole or, when long, as a list of
// pieces.
func (c *converter) pieces(v any) (string, error) {
	list, ok := v.([]any)
	if !ok {
		return c.text(v)
	}
	var b strings.Builder
	for i, p := range list {
		c.pushIndex(i)
		s, err := c.text(p)
		c.pop()
		if err != nil {
			return "", err
		}
		b.WriteString(s)
	}
	return b.String(), nil
}

func (c *converter) text(v any) (string, error) {
	s, ok := v.(string)
	if !ok {
		return "", c.errorf("want a string, found %s", describe(v))
	}
	return s, nil
}

func describe(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "a bool"
	case string:
		return "a string"
	case number:
		return "the number " + string(x)
	case []any:
		return "an array"
	}
	return "an object"
}

func (c *converter) items(v any) ([]any, error) {
	items, ok := v.([]any)
	if !ok {
		return nil, c.errorf("want an array, found %s", describe(v))
	}
	return items, nil
}

func (c *converter) base64(v any) ([]byte, error) {
	s, err := c.text(v)
	if err != nil {
		return nil, err
	}
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return nil, c.errorf("bad base64: %v", err)
	}
	return b, nil
}

// integer reads a JSON integer in [lo, hi].
func (c *converter) integer(v any, lo, hi int64) (int64, error) {
	n, ok := v.(number)
	if !ok {
		return 0, c.errorf("want an integer, found %s", describe(v))
	}
	return c.intOf(n, lo, hi)
}

// intOf reads an int within [lo, hi].
func (c *converter) intOf(n number, lo, hi int64) (int64, error) {
	if bytes.ContainsAny(n, ".eE") {
		return 0, c.errorf("want an integer, found %s", describe(n))
	}
	i, err := strconv.ParseInt(unsafeString(n), 10, 64)
	if c.jq && lo == math.MinInt64 && hi == math.MaxInt64 && errors.Is(err, strconv.ErrRange) {
		err = nil // jq 1.6's ±2^63: the nearest int64 (ParseInt's), which Like compares with ref's
	}
	if err != nil || i < lo || i > hi {
		return 0, c.errorf("%s out of range", n)
	}
	return i, nil
}

// uint reads a JSON integer in [0, hi].
func (c *converter) uint(v any, hi uint64) (uint64, error) {
	n, ok := v.(number)
	if !ok || bytes.ContainsAny(n, ".eE") {
		return 0, c.errorf("want an integer, found %s", describe(v))
	}
	u, err := strconv.ParseUint(unsafeString(n), 10, 64)
	if c.jq && hi == math.MaxUint64 && errors.Is(err, strconv.ErrRange) {
		err = nil // jq 1.6's 2^64: the nearest uint64 (ParseUint's), as in intOf
	}
	if err != nil || u > hi {
		return 0, c.errorf("%s out of range", n)
	}
	return u, nil
}

// real reads a float: a number (rounded to 32 bits when bits32) or a
// {"$float": …} object.
func (c *converter) real(v any, bits32 bool) (float64, error) {
	if bits32 {
		f, err := c.real32(v)
		return float64(f), err
	}
	if s, ok := c.specialArg(v); ok {
		return c.special(s)
	}
	n, ok := v.(number)
	if !ok {
		return 0, c.errorf("want a number, found %s", describe(v))
	}
	return c.float64Of(n)
}

// float64Of reads a number as a float64.
func (c *converter) float64Of(n number) (float64, error) {
	f, err := parseFloat(unsafeString(n), 64)
	if err != nil {
		return 0, c.errorf("%s out of range", n)
	}
	return f, nil
}

// real32 reads a 32-bit float, keeping a NaN's bits (see encoder.float32).
func (c *converter) real32(v any) (float32, error) {
	if s, ok := c.specialArg(v); ok {
		if hex, ok := nanBits(s); ok && len(hex) == 8 {
			if b, err := strconv.ParseUint(hex, 16, 32); err == nil && math.IsNaN(float64(math.Float32frombits(uint32(b)))) {
				return math.Float32frombits(uint32(b)), nil
			}
		}
		if s == "nan" {
			return math.Float32frombits(godotNaN32), nil
		}
		f, err := c.special(s)
		if err == nil && !math.IsInf(f, 0) {
			err = c.errorf("bad 32-bit $float %q", s)
		}
		return float32(f), err
	}
	n, ok := v.(number)
	if !ok {
		return 0, c.errorf("want a number, found %s", describe(v))
	}
	return c.float32Of(n)
}

// float32Of reads a number as a float32.
func (c *converter) float32Of(n number) (float32, error) {
	f, err := parseFloat(unsafeString(n), 32)
	if err != nil {
		return 0, c.errorf("%s out of range", n)
	}
	return float32(f), nil
}

// specialArg returns the string of a {"$float": …} object.
func (c *converter) specialArg(v any) (string, bool) {
	o, ok := v.(*object)
	if !ok || len(o.keys) != 1 || o.keys[0] != "$float" {
		return "", false
	}
	s, ok := o.values[0].(string)
	return s, ok
}

// nanBits returns the hex digits of "nan(0x…)".
func nanBits(s string) (string, bool) {
	hex, ok := strings.CutPrefix(s, "nan(0x")
	if !ok {
		return "", false
	}
	return strings.CutSuffix(hex, ")")
}

// special reads "nan", "inf", "-inf" or "nan(0x…)" with 64 bits.
func (c *converter) special(s string) (float64, error) {
	switch s {
	case "inf":
		return math.Inf(1), nil
	case "-inf":
		return math.Inf(-1), nil
	case "nan":
		return math.Float64frombits(godotNaN), nil
	}
	if hex, ok := nanBits(s); ok && len(hex) == 16 {
		if b, err := strconv.ParseUint(hex, 16, 64); err == nil && math.IsNaN(math.Float64frombits(b)) {
			return math.Float64frombits(b), nil
		}
	}
	return 0, c.errorf("bad $float %q", s)
}

// mathTree returns the tree handler of the math type t.
func mathTree(t reflect.Type) func(c *converter, arg any, o *object) (any, error) {
	return func(c *converter, arg any, o *object) (any, error) {
		wide, err := c.flag(o, "$wide")
		if err != nil {
			return nil, err
		}
		return c.math(t, arg, wide)
	}
}

// math fills a math value from its component array.
func (c *converter) math(t reflect.Type, arg any, wide bool) (any, error) {
	items, err := c.items(arg)
	if err != nil {
		return nil, err
	}
	v := reflect.New(t).Elem()
	n := 0
	mathwalk.Walk(v, func(f reflect.Value) {
		if err != nil {
			return
		}
		if n >= len(items) {
			err = c.errorf("too few components")
			return
		}
		switch f.Kind() {
		case reflect.Int32:
			var i int64
			i, err = c.integer(items[n], math.MinInt32, math.MaxInt32)
			f.SetInt(i)
		case reflect.Float32:
			var x float32
			x, err = c.real32(items[n])
			f.Set(reflect.ValueOf(x)) // not SetFloat: see encoder.float32
		default:
			var x float64
			x, err = c.real(items[n], !wide)
			f.SetFloat(x)
		}
		n++
	})
	if err == nil && n != len(items) {
		err = c.errorf("%s takes %d components, not %d", t.Name(), n, len(items))
	}
	return v.Interface(), err
}

func packedVectors[T any](c *converter, arg any, o *object) (any, error) {
	wide, err := c.flag(o, "$wide")
	if err != nil {
		return nil, err
	}
	if vc, ok := arg.(*vectorComps); ok {
		return vectors[T](vc, wide)
	}
	items, err := c.items(arg)
	if err != nil {
		return nil, err
	}
	out := make([]T, len(items))
	for i, item := range items {
		c.pushIndex(i)
		x, err := c.math(reflect.TypeFor[T](), item, wide)
		c.pop()
		if err != nil {
			return nil, err
		}
		out[i] = x.(T)
	}
	return out, nil
}

// containerType reads a "$type", "$key_type" or "$value_type" member.
func (c *converter) containerType(o *object, key string) (gdvar.ContainerType, error) {
	v, ok := o.get(key)
	if !ok {
		return gdvar.ContainerType{}, nil
	}
	switch x := v.(type) {
	case string:
		if t, ok := builtinTypes[x]; ok {
			return gdvar.ContainerType{Kind: gdvar.TypedBuiltin, Builtin: t}, nil
		}
	case *object:
		if len(x.keys) == 1 {
			name, err := c.text(x.values[0])
			switch x.keys[0] {
			case "$class":
				return gdvar.ContainerType{Kind: gdvar.TypedClass, Name: name}, err
			case "$script":
				return gdvar.ContainerType{Kind: gdvar.TypedScript, Name: name}, err
			}
		}
	}
	return gdvar.ContainerType{}, c.errorf("%s: want a builtin type name, {\"$class\": …} or {\"$script\": …}", key)
}

// builtinTypes are the types by Godot 4 name.
var builtinTypes = func() map[string]gdvar.Type {
	m := map[string]gdvar.Type{}
	for t := gdvar.TypeNil; t <= gdvar.TypeInputEvent; t++ {
		m[t.String()] = t
	}
	return m
}()

func (c *converter) array(arg any, o *object) (any, error) {
	values, err := c.arrayValues(arg)
	if err != nil {
		return nil, err
	}
	typ, err := c.containerType(o, "$type")
	if err != nil {
		return nil, err
	}
	shared, err := c.flag(o, "$shared")
	return gdvar.Array{Type: typ, Shared: shared, Values: values}, err
}

// arrayValues converts an "$Array"'s elements.
func (c *converter) arrayValues(arg any) ([]any, error) {
	if cv, ok := arg.(converted); ok {
		return cv.v.([]any), nil
	}
	items, err := c.items(arg)
	if err != nil {
		return nil, err
	}
	return c.list(items)
}

func (c *converter) dictionary(arg any, o *object) (any, error) {
	d, err := c.entries(arg)
	if err != nil {
		return nil, err
	}
	if d.KeyType, err = c.containerType(o, "$key_type"); err != nil {
		return nil, err
	}
	if d.ValueType, err = c.containerType(o, "$value_type"); err != nil {
		return nil, err
	}
	d.Shared, err = c.flag(o, "$shared")
	return d, err
}

// entries converts a "$Dictionary"'s [key, value] pairs.
func (c *converter) entries(arg any) (*gdvar.Dictionary, error) {
	if cv, ok := arg.(converted); ok {
		return cv.v.(*gdvar.Dictionary), nil
	}
	items, err := c.items(arg)
	if err != nil {
		return nil, err
	}
	d := &gdvar.Dictionary{}
	for i, item := range items {
		c.pushEntry(i)
		pair, ok := item.([]any)
		if !ok || len(pair) != 2 {
			return nil, c.errorf("want a [key, value] pair")
		}
		k, err := c.value(pair[0])
		if err != nil {
			return nil, err
		}
		v, err := c.value(pair[1])
		if err != nil {
			return nil, err
		}
		c.pop()
		d.Append(k, v)
	}
	return d, nil
}

func (c *converter) object(arg any, o *object) (any, error) {
	class, err := c.text(arg)
	if err != nil {
		return nil, err
	}
	out := &gdvar.Object{Class: class}
	props, ok := o.get("$properties")
	if !ok {
		return out, nil
	}
	po, ok := props.(*object)
	if !ok {
		return nil, c.errorf("$properties must be an object")
	}
	out.Properties = make([]gdvar.Property, len(po.keys))
	for i, name := range po.keys {
		c.pushKey(name)
		v, err := c.value(po.values[i])
		c.pop()
		if err != nil {
			return nil, err
		}
		out.Properties[i] = gdvar.Property{Name: name, Value: v}
	}
	return out, nil
}

func (c *converter) image(arg any, o *object) (any, error) {
	h, ok := arg.(*object)
	if !ok {
		return nil, c.errorf("$Image must be an object")
	}
	var img gdvar.Image
	for _, f := range []struct {
		name string
		dst  *uint32
	}{{"format", &img.Format}, {"mipmaps", &img.Mipmaps}, {"width", &img.Width}, {"height", &img.Height}} {
		v, _ := h.get(f.name)
		n, err := c.uint(v, math.MaxUint32)
		if err != nil {
			return nil, err
		}
		*f.dst = uint32(n)
	}
	data, _ := o.get("$data")
	var err error
	img.Data, err = c.base64(data)
	return img, err
}

func (c *converter) inputEvent(arg any, _ *object) (any, error) {
	h, ok := arg.(*object)
	if !ok {
		return nil, c.errorf("$InputEvent must be an object")
	}
	var ev gdvar.InputEvent
	typ, _ := h.get("type")
	device, _ := h.get("device")
	n, err := c.uint(typ, math.MaxUint32)
	if err != nil {
		return nil, err
	}
	ev.Type = uint32(n)
	if n, err = c.uint(device, math.MaxUint32); err != nil {
		return nil, err
	}
	ev.Device = uint32(n)
	fields, _ := h.get("fields")
	items, err := c.items(fields)
	for i := 0; err == nil && i < len(items); i++ {
		n, err = c.uint(items[i], math.MaxUint32)
		ev.Fields = append(ev.Fields, uint32(n))
	}
	return ev, err
}
