package vartext

import (
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/mathwalk"
)

// ErrNoTextForm is matched by the error for a value the text form cannot
// hold: Godot 2's Image and InputEvent.
var ErrNoTextForm = errors.New("vartext: value has no text form")

// maxRecursion is the nesting past which Godot 4 and Godot 3.3+ stop
// printing: a deeper Array prints as "[]", a Dictionary as "{}" and an
// Object as "null" (the engine also logs "Max recursion reached").
const maxRecursion = 100

// Marshal returns the text form of v as the engine's var_to_str prints it
// (var2str in Godot 3) in the dialect the options select (Godot4 by
// default). v is a value of gdvar's generic form (what gdvar.Unmarshal puts
// in an interface{}: int64, float64, string, gdvar.Vector2, []any,
// *gdvar.Dictionary, …) or any Go value gdvar.Marshal accepts, which is
// printed as the Godot value it marshals to.
func Marshal(v any, opts ...Option) ([]byte, error) {
	return Append(nil, v, opts...)
}

// Append appends the text form of v to dst, as Marshal prints it.
func Append(dst []byte, v any, opts ...Option) ([]byte, error) {
	p := printer{cfg: newConfig(opts), b: dst}
	err := p.value(v, 0)
	return p.b, err
}

// printer holds the output of Marshal.
type printer struct {
	cfg config
	b   []byte
}

// str writes a quoted string as Godot does: a backslash and a double quote
// get a backslash, everything else (newlines included) is written as it is.
// Godot strings end at a NUL.
func (p *printer) str(s string) {
	if !strings.ContainsAny(s, "\\\"\x00") {
		p.b = append(p.b, '"')
		p.b = append(p.b, s...)
		p.b = append(p.b, '"')
		return
	}
	p.quoted(s, func(c byte) byte {
		if c == '\\' || c == '"' {
			return c
		}
		return 0
	})
}

// cEscapes are the escapes of Godot's String::c_escape, which the elements
// of a PackedStringArray go through; Godot 3 also escapes "?".
var cEscapes = [256]byte{'\\': '\\', '"': '"', '\'': '\'', '\a': 'a', '\b': 'b', '\f': 'f', '\n': 'n', '\r': 'r', '\t': 't', '\v': 'v'}

// cStr writes a PackedStringArray element.
func (p *printer) cStr(s string) {
	godot4 := p.cfg.dialect == Godot4
	p.quoted(s, func(c byte) byte {
		if c == '?' && !godot4 {
			return '?'
		}
		return cEscapes[c]
	})
}

// quoted writes s in double quotes, with a backslash and escape(c) for
// each byte c for which escape gives non-zero.
func (p *printer) quoted(s string, escape func(c byte) byte) {
	if i := strings.IndexByte(s, 0); i >= 0 {
		s = s[:i]
	}
	p.b = append(p.b, '"')
	for i := 0; i < len(s); i++ {
		if e := escape(s[i]); e != 0 {
			p.b = append(p.b, '\\', e)
		} else {
			p.b = append(p.b, s[i])
		}
	}
	p.b = append(p.b, '"')
}

// open writes the start of a constructor: "Vector2(" in Godot 4,
// "Vector2( " in Godot 3 and 2.
func (p *printer) open(name string) {
	p.b = append(p.b, name...)
	p.b = append(p.b, '(')
	if p.cfg.dialect != Godot4 {
		p.b = append(p.b, ' ')
	}
}

func (p *printer) close() {
	if p.cfg.dialect != Godot4 {
		p.b = append(p.b, ' ')
	}
	p.b = append(p.b, ')')
}

// sep writes the separator before element i of a list.
func (p *printer) sep(i int) {
	if i > 0 {
		p.b = append(p.b, ", "...)
	}
}

// tooDeep reports whether a container at this depth is cut short.
func (p *printer) tooDeep(depth int) bool {
	d := p.cfg.dialect
	return depth > maxRecursion && (d == Godot4 || d == Godot3)
}

func (p *printer) value(v any, depth int) error {
	d := p.cfg.dialect
	switch x := v.(type) {
	case nil:
		p.b = append(p.b, "null"...)
	case bool:
		p.b = strconv.AppendBool(p.b, x)
	case int64:
		p.b = strconv.AppendInt(p.b, x, 10)
	case float64:
		p.b = d.appendFloat(p.b, x)
	case string:
		p.str(x)
	case gdvar.StringName:
		if d == Godot4 {
			p.b = append(p.b, '&')
		}
		p.str(string(x))
	case gdvar.NodePath:
		p.b = append(p.b, "NodePath("...)
		p.str(x.String())
		p.b = append(p.b, ')')
	case gdvar.RID:
		if d == Godot4 { // older engines print nothing for a RID
			p.b = append(p.b, "RID("...)
			if x != 0 {
				p.b = strconv.AppendUint(p.b, uint64(x), 10)
			}
			p.b = append(p.b, ')')
		}
	case gdvar.ObjectID:
		if x == 0 {
			p.b = append(p.b, "null"...)
			break
		}
		p.b = append(p.b, `Object(EncodedObjectAsID,"object_id":`...)
		p.b = strconv.AppendInt(p.b, int64(x), 10)
		p.b = append(p.b, ",\"script\":null)\n"...)
	case *gdvar.Object:
		return p.object(x, depth)
	case gdvar.Callable:
		p.b = append(p.b, "Callable()"...)
	case gdvar.Signal:
		p.b = append(p.b, "Signal()"...)
	case []any:
		return p.array(x, depth)
	case gdvar.Array:
		if d != Godot4 || x.Type.Kind == gdvar.Untyped {
			return p.array(x.Values, depth)
		}
		p.b = append(p.b, "Array["...)
		p.containerType(x.Type)
		p.b = append(p.b, "]("...)
		if err := p.array(x.Values, depth); err != nil {
			return err
		}
		p.b = append(p.b, ')')
	case *gdvar.Dictionary:
		return p.dictionary(x, depth)
	case gdvar.Color:
		p.open("Color")
		p.reals(false, float64(x.R), float64(x.G), float64(x.B), float64(x.A))
		p.close()
	case []byte:
		ints(p, gdvar.TypePackedByteArray, x)
	case []int32:
		ints(p, gdvar.TypePackedInt32Array, x)
	case []int64:
		ints(p, gdvar.TypePackedInt64Array, x)
	case []float32:
		p.open(d.typeName(gdvar.TypePackedFloat32Array))
		for i, f := range x {
			p.sep(i)
			p.b = d.appendReal(p.b, float64(f), false)
		}
		p.close()
	case []float64:
		p.open(d.typeName(gdvar.TypePackedFloat64Array))
		p.reals(true, x...)
		p.close()
	case []string:
		p.open(d.typeName(gdvar.TypePackedStringArray))
		for i, s := range x {
			p.sep(i)
			p.cStr(s)
		}
		p.close()
	case []gdvar.Vector2:
		vectors(p, gdvar.TypePackedVector2Array, x)
	case []gdvar.Vector3:
		vectors(p, gdvar.TypePackedVector3Array, x)
	case []gdvar.Vector4:
		vectors(p, gdvar.TypePackedVector4Array, x)
	case []gdvar.Color:
		vectors(p, gdvar.TypePackedColorArray, x)
	case gdvar.RawValue:
		g, err := p.generic(x)
		if err != nil {
			return err
		}
		return p.value(g, depth)
	case gdvar.Image, gdvar.InputEvent:
		return fmt.Errorf("%w: %T", ErrNoTextForm, v)
	case gdvar.Vector2: // the common math types without reflection
		p.open(d.typeName(gdvar.TypeVector2))
		p.reals(false, x.X, x.Y)
		p.close()
	case gdvar.Vector3:
		p.open(d.typeName(gdvar.TypeVector3))
		p.reals(false, x.X, x.Y, x.Z)
		p.close()
	default:
		if t, ok := mathType(v); ok {
			p.open(d.typeName(t))
			comps, isInt := components(v)
			if isInt {
				for i, c := range comps {
					p.sep(i)
					p.b = strconv.AppendInt(p.b, int64(c), 10)
				}
			} else {
				p.reals(false, comps...)
			}
			p.close()
			return nil
		}
		b, err := gdvar.Marshal(v, gdvar.WithEngine(d.Engine()))
		if err != nil {
			return err
		}
		g, err := p.generic(b)
		if err != nil {
			return err
		}
		return p.value(g, depth)
	}
	return nil
}

// generic decodes an encoded value into the generic form, by meaning.
func (p *printer) generic(b []byte) (any, error) {
	var g any
	err := gdvar.Unmarshal(b, &g, gdvar.WithEngine(p.cfg.dialect.Engine()), gdvar.AllowObjects(true), gdvar.Semantic())
	return g, err
}

func (p *printer) reals(wide bool, v ...float64) {
	for i, f := range v {
		p.sep(i)
		p.b = p.cfg.dialect.appendReal(p.b, f, wide)
	}
}

func ints[T byte | int32 | int64](p *printer, typ gdvar.Type, v []T) {
	p.open(p.cfg.dialect.typeName(typ))
	for i, n := range v {
		p.sep(i)
		p.b = strconv.AppendInt(p.b, int64(n), 10)
	}
	p.close()
}

// vectors prints a packed array of vectors or colors, flattened.
func vectors[T any](p *printer, typ gdvar.Type, v []T) {
	p.open(p.cfg.dialect.typeName(typ))
	for i, e := range v {
		p.sep(i)
		comps, _ := components(e)
		p.reals(false, comps...)
	}
	p.close()
}

func (p *printer) containerType(c gdvar.ContainerType) {
	switch c.Kind {
	case gdvar.TypedBuiltin:
		p.b = append(p.b, p.cfg.dialect.typeName(c.Builtin)...)
	case gdvar.TypedClass:
		p.b = append(p.b, c.Name...)
	case gdvar.TypedScript:
		p.b = append(p.b, "Resource("...)
		p.str(c.Name)
		p.b = append(p.b, ')')
	default:
		p.b = append(p.b, "Variant"...)
	}
}

func (p *printer) array(values []any, depth int) error {
	if p.tooDeep(depth) {
		p.b = append(p.b, "[]"...)
		return nil
	}
	godot4 := p.cfg.dialect == Godot4
	p.b = append(p.b, '[')
	if !godot4 {
		p.b = append(p.b, ' ')
	}
	for i, v := range values {
		p.sep(i)
		if err := p.value(v, depth+1); err != nil {
			return err
		}
	}
	if !godot4 {
		p.b = append(p.b, ' ')
	}
	p.b = append(p.b, ']')
	return nil
}

func (p *printer) dictionary(dict *gdvar.Dictionary, depth int) error {
	d := p.cfg.dialect
	typed := d == Godot4 && (dict.KeyType.Kind != gdvar.Untyped || dict.ValueType.Kind != gdvar.Untyped)
	if typed {
		p.b = append(p.b, "Dictionary["...)
		p.containerType(dict.KeyType)
		p.b = append(p.b, ", "...)
		p.containerType(dict.ValueType)
		p.b = append(p.b, "]("...)
		defer func() { p.b = append(p.b, ')') }()
	}
	if p.tooDeep(depth) || d == Godot4 && dict.Len() == 0 {
		p.b = append(p.b, "{}"...)
		return nil
	}
	order := make([]int, dict.Len())
	for i := range order {
		order[i] = i
	}
	s := sortKeys{a: order, less: func(i, j int) bool {
		a, _ := dict.At(i)
		b, _ := dict.At(j)
		return d.less(a, b)
	}}
	s.sort()
	p.b = append(p.b, "{\n"...)
	for n, i := range order {
		if n > 0 {
			p.b = append(p.b, ",\n"...)
		}
		k, v := dict.At(i)
		if err := p.value(k, depth+1); err != nil {
			return err
		}
		p.b = append(p.b, ": "...)
		if err := p.value(v, depth+1); err != nil {
			return err
		}
	}
	if d != Godot3 || dict.Len() > 0 { // Godot 3.3+ prints an empty one as "{\n}"
		p.b = append(p.b, '\n')
	}
	p.b = append(p.b, '}')
	return nil
}

func (p *printer) object(o *gdvar.Object, depth int) error {
	if o == nil || o.Class == "" || p.tooDeep(depth) {
		p.b = append(p.b, "null"...)
		return nil
	}
	p.b = append(p.b, "Object("...)
	p.b = append(p.b, o.Class...)
	p.b = append(p.b, ',')
	for i, prop := range o.Properties {
		if i > 0 {
			p.b = append(p.b, ',')
		}
		p.b = append(p.b, '"')
		p.b = append(p.b, prop.Name...)
		p.b = append(p.b, `":`...)
		if err := p.value(prop.Value, depth+1); err != nil {
			return err
		}
	}
	p.b = append(p.b, ")\n"...)
	return nil
}

// mathType returns the Godot type of a math value.
func mathType(v any) (gdvar.Type, bool) {
	t, ok := gdvar.TypeOf(v)
	return t, ok && t.IsMath()
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
