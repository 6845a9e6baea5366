package varjson

import (
	"fmt"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// The JSON reader: it builds a tree that keeps the order of object members
// (which encoding/json's maps do not), for the decoder to interpret.

// object is a JSON object, its members in order.
type object struct {
	keys   []string
	values []any
}

// get returns the value of member key.
func (o *object) get(key string) (any, bool) {
	for i, k := range o.keys {
		if k == key {
			return o.values[i], true
		}
	}
	return nil, false
}

// number is a JSON number's text, in the input.
type number []byte

// maxDepth bounds nesting, as gdvar's binary format does (a tagged value
// takes two levels of JSON per Godot container at most).
const maxDepth = 2*1024 + 2

// SyntaxError is the error for input that is not JSON, or not the JSON
// form of a value.
type SyntaxError struct {
	Offset int64 // byte offset of the problem in the input
	Msg    string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("varjson: offset %d: %s", e.Offset, e.Msg)
}

// reader parses JSON text.
type reader struct {
	data  []byte
	pos   int
	depth int
}

func (r *reader) errorf(format string, args ...any) error {
	return &SyntaxError{Offset: int64(r.pos), Msg: fmt.Sprintf(format, args...)}
}

func (r *reader) skipSpace() {
	for r.pos < len(r.data) {
		switch r.data[r.pos] {
		case ' ', '\t', '\n', '\r':
			r.pos++
		default:
			return
		}
	}
}

func (r *reader) found() string {
	if r.pos >= len(r.data) {
		return "end of input"
	}
	c, _ := utf8.DecodeRune(r.data[r.pos:])
	return strconv.QuoteRune(c)
}

func (r *reader) value() (any, error) {
	r.skipSpace()
	if r.pos >= len(r.data) {
		return nil, r.errorf("want a value, found end of input")
	}
	switch c := r.data[r.pos]; {
	case c == '{':
		return r.object()
	case c == '[':
		return r.array()
	case c == '"':
		return r.str()
	case c == '-' || c >= '0' && c <= '9':
		return r.number()
	}
	for _, lit := range []struct {
		text string
		v    any
	}{{"null", nil}, {"true", true}, {"false", false}} {
		if len(r.data)-r.pos >= len(lit.text) && string(r.data[r.pos:r.pos+len(lit.text)]) == lit.text {
			r.pos += len(lit.text)
			return lit.v, nil
		}
	}
	return nil, r.errorf("want a value, found %s", r.found())
}

func (r *reader) enter() error {
	if r.depth++; r.depth > maxDepth {
		return r.errorf("nested deeper than %d", maxDepth)
	}
	return nil
}

// next consumes the separator after an element: "," (then true) or the
// closing byte (then false).
func (r *reader) next(closing byte) (bool, error) {
	r.skipSpace()
	if r.pos < len(r.data) {
		switch r.data[r.pos] {
		case ',':
			r.pos++
			return true, nil
		case closing:
			r.pos++
			return false, nil
		}
	}
	return false, r.errorf("want ',' or %q, found %s", closing, r.found())
}

// empty consumes the closing byte of an empty object or array.
func (r *reader) empty(closing byte) bool {
	r.skipSpace()
	if r.pos < len(r.data) && r.data[r.pos] == closing {
		r.pos++
		return true
	}
	return false
}

// elements reads an array's elements after its "[", calling elem for each
// with its index.
func (r *reader) elements(elem func(i int) error) error {
	if err := r.enter(); err != nil {
		return err
	}
	defer func() { r.depth-- }()
	if r.empty(']') {
		return nil
	}
	for i := 0; ; i++ {
		if err := elem(i); err != nil {
			return err
		}
		if more, err := r.next(']'); !more {
			return err
		}
	}
}

// members reads an object's members after its "{", calling member with
// each name; member reads the value.
func (r *reader) members(member func(key string) error) error {
	if err := r.enter(); err != nil {
		return err
	}
	defer func() { r.depth-- }()
	if r.empty('}') {
		return nil
	}
	for {
		r.skipSpace()
		if r.pos >= len(r.data) || r.data[r.pos] != '"' {
			return r.errorf("want a member name, found %s", r.found())
		}
		k, err := r.str()
		if err != nil {
			return err
		}
		r.skipSpace()
		if r.pos >= len(r.data) || r.data[r.pos] != ':' {
			return r.errorf("want ':', found %s", r.found())
		}
		r.pos++
		if err := member(k); err != nil {
			return err
		}
		if more, err := r.next('}'); !more {
			return err
		}
	}
}

func (r *reader) array() ([]any, error) {
	r.pos++ // [
	out := []any{}
	err := r.elements(func(int) error {
		v, err := r.value()
		out = append(out, v)
		return err
	})
	return out, err
}

func (r *reader) object() (*object, error) {
	r.pos++ // {
	o := &object{}
	err := r.members(func(k string) error {
		v, err := r.value()
		o.keys = append(o.keys, k)
		o.values = append(o.values, v)
		return err
	})
	return o, err
}

func (r *reader) number() (number, error) {
	start := r.pos
	digits := func() int {
		n := 0
		for r.pos < len(r.data) && r.data[r.pos] >= '0' && r.data[r.pos] <= '9' {
			r.pos++
			n++
		}
		return n
	}
	if r.data[r.pos] == '-' {
		r.pos++
	}
	if digits() == 0 {
		return nil, r.errorf("bad number")
	}
	if r.pos < len(r.data) && r.data[r.pos] == '.' {
		r.pos++
		if digits() == 0 {
			return nil, r.errorf("bad number")
		}
	}
	if r.pos < len(r.data) && (r.data[r.pos] == 'e' || r.data[r.pos] == 'E') {
		r.pos++
		if r.pos < len(r.data) && (r.data[r.pos] == '+' || r.data[r.pos] == '-') {
			r.pos++
		}
		if digits() == 0 {
			return nil, r.errorf("bad number")
		}
	}
	return number(r.data[start:r.pos:r.pos]), nil
}

// str reads a JSON string; the input must be UTF-8.
func (r *reader) str() (string, error) {
	r.pos++ // "
	start := r.pos
	// The common case: no escapes.
	for r.pos < len(r.data) {
		c := r.data[r.pos]
		if c == '"' {
			s := r.data[start:r.pos]
			r.pos++
			if !utf8.Valid(s) {
				return "", r.errorf("string is not UTF-8")
			}
			return string(s), nil
		}
		if c == '\\' || c < 0x20 {
			break
		}
		r.pos++
	}
	b := append([]byte(nil), r.data[start:r.pos]...)
	for r.pos < len(r.data) {
		c := r.data[r.pos]
		r.pos++
		switch {
		case c == '"':
			if !utf8.Valid(b) {
				return "", r.errorf("string is not UTF-8")
			}
			return string(b), nil
		case c < 0x20:
			return "", r.errorf("control character in string")
		case c != '\\':
			b = append(b, c)
			continue
		}
		if r.pos >= len(r.data) {
			break
		}
		e := r.data[r.pos]
		r.pos++
		switch e {
		case '"', '\\', '/':
			b = append(b, e)
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
		case 'u':
			c, err := r.hex4()
			if err != nil {
				return "", err
			}
			if utf16.IsSurrogate(c) && r.pos+1 < len(r.data) && r.data[r.pos] == '\\' && r.data[r.pos+1] == 'u' {
				r.pos += 2
				lo, err := r.hex4()
				if err != nil {
					return "", err
				}
				c = utf16.DecodeRune(c, lo)
			}
			b = utf8.AppendRune(b, c)
		default:
			return "", r.errorf("invalid escape \\%c", e)
		}
	}
	return "", r.errorf("unterminated string")
}

func (r *reader) hex4() (rune, error) {
	if r.pos+4 > len(r.data) {
		return 0, r.errorf("short \\u escape")
	}
	v, err := strconv.ParseUint(string(r.data[r.pos:r.pos+4]), 16, 16)
	if err != nil {
		return 0, r.errorf("bad \\u escape")
	}
	r.pos += 4
	return rune(v), nil
}
