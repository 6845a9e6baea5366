package varjson

import (
	"bytes"
	"fmt"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/pile"
)

// The tree of a JSON value keeps the order of object members (which
// encoding/json's maps do not), for the converter to interpret.

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

// field is an object's member, gathered for a Dictionary.
type field struct {
	key   string
	value any
}

// dictionary takes the members gathered since there were base, as a
// Dictionary of their exact size.
func (r *reader) dictionary(base int) *gdvar.Dictionary {
	d := &gdvar.Dictionary{}
	n := r.entries.Len() - base
	d.Grow(n)
	fields := r.entries.From(base)
	for n > 0 {
		fs := fields.Take(n)
		for _, f := range fs {
			d.Append(f.key, f.value)
		}
		n -= len(fs)
	}
	r.entries.Truncate(base)
	return d
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
	Line   int   // 1-based line of Offset; 0 if not known: from an input that cannot seek, when found more than 4096 lines past it
	Column int   // 1-based column, in bytes
	Msg    string
}

func (e *SyntaxError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("varjson: line %d, column %d: %s", e.Line, e.Column, e.Msg)
	}
	return fmt.Sprintf("varjson: offset %d: %s", e.Offset, e.Msg)
}

// reader reads JSON values as the tree the converter interprets, token by
// token from a jsontext.Decoder, which checks the syntax.
type reader struct {
	dec     *jsontext.Decoder
	at      int64 // the input's offset of dec's offset 0, for errors
	depth   int
	stack   pile.Values       // the elements of the arrays open, see collect
	entries pile.Pile[field]  // the members of the objects open, see dictionary
	pairs   pile.Pile[[2]any] // the entries of the $Dictionary values open, see directDictionary
}

// The elements of an array are gathered on the reader's stack, shared by
// every array open, and the array gets exactly their count: append would
// reallocate each growing array at 1.25× (five times its size in all). The
// stack allocates what the arrays open hold at the most, 8 bytes an
// element of a run of one type, where a doubling slice of interfaces
// allocated up to 64. The members of the objects open go on a pile of
// their own, key and value together: their values' types vary.

// push puts v on the stack.
func (r *reader) push(v any) { r.stack.Push(v) }

// emptyList is every empty array's value: a list of no room, which no
// append can share, boxed once.
var emptyList any = []any{}

// collect takes the elements pushed since the stack was at base, as a
// []any.
func (r *reader) collect(base pile.Mark) any {
	if out := r.stack.Take(base); len(out) > 0 {
		return out
	}
	return emptyList
}

// newReader returns a reader of raw, one JSON value found at offset at of
// the input.
func newReader(raw []byte, at int64) *reader {
	return &reader{dec: jsontext.NewDecoder(bytes.NewReader(raw), jsonOptions), at: at}
}

func (r *reader) errorf(format string, args ...any) error {
	return &SyntaxError{Offset: r.at + r.dec.InputOffset(), Msg: fmt.Sprintf(format, args...)}
}

// value reads the next value as a tree: nil, bool, string, number, []any,
// *object.
func (r *reader) value() (any, error) {
	switch r.dec.PeekKind() {
	case '[':
		base := r.stack.Mark()
		err := r.elements(func(int) error {
			v, err := r.value()
			r.push(v)
			return err
		})
		return r.collect(base), err
	case '{':
		o := &object{}
		err := r.members(func(k string) error { return o.add(r, k) })
		return o, err
	case '0':
		raw, err := r.dec.ReadValue()
		return number(bytes.Clone(raw)), err
	}
	tok, err := r.dec.ReadToken()
	if err != nil {
		return nil, err
	}
	switch tok.Kind() {
	case 't', 'f':
		return tok.Bool(), nil
	case '"':
		return tok.String(), nil
	}
	return nil, nil
}

// prepend puts member k first, its value v: a tag read before the others.
func (o *object) prepend(k string, v any) *object {
	o.keys = append([]string{k}, o.keys...)
	o.values = append([]any{v}, o.values...)
	return o
}

// add reads the value of member k into o.
func (o *object) add(r *reader, k string) error {
	v, err := r.value()
	o.keys = append(o.keys, k)
	o.values = append(o.values, v)
	return err
}

// enter reads a container's opening token.
func (r *reader) enter() error {
	if _, err := r.dec.ReadToken(); err != nil {
		return err
	}
	if r.depth++; r.depth > maxDepth {
		return r.errorf("nested deeper than %d", maxDepth)
	}
	return nil
}

// leave reads a container's closing token.
func (r *reader) leave() error {
	r.depth--
	_, err := r.dec.ReadToken()
	return err
}

// elements reads an array, calling elem for each element with its index;
// elem reads the element.
func (r *reader) elements(elem func(i int) error) error {
	if err := r.enter(); err != nil {
		return err
	}
	for i := 0; r.dec.PeekKind() != ']'; i++ {
		if err := elem(i); err != nil {
			return err
		}
	}
	return r.leave()
}

// members reads an object, calling member with each name; member reads the
// value.
func (r *reader) members(member func(key string) error) error {
	if err := r.enter(); err != nil {
		return err
	}
	for r.dec.PeekKind() != '}' {
		tok, err := r.dec.ReadToken()
		if err != nil {
			return err
		}
		if err := member(tok.String()); err != nil {
			return err
		}
	}
	return r.leave()
}
