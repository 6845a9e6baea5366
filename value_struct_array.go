package gdvar

import (
	"fmt"
	"reflect"
	"strings"
	"unsafe"
)

// A struct with a blank field tagged ",array" (a field _ struct{} with the
// tag gdvar:",array") is written and read as an untyped Array of its fields in order, as
// CBOR's toarray and msgpack's as_array do: the small records a game sends
// as [id, name, pos] rather than as a Dictionary. The marker is on the
// blank field, so it cannot be mistaken for a slice field's ",array", which
// writes that slice as an Array rather than a packed array. Fields tagged
// "-" are left out; omitempty has no meaning by position and is ignored.
// An Array with fewer elements leaves the remaining fields as they are; one
// with more is an *UnmarshalTypeError, as for a Go array.

// arrayStruct reports whether struct type t has the ",array" marker.
func arrayStruct(t reflect.Type) bool {
	for i := range t.NumField() {
		sf := t.Field(i)
		if sf.Name != "_" {
			continue
		}
		if name, opts, _ := strings.Cut(sf.Tag.Get("gdvar"), ","); name == "" {
			for _, o := range strings.Split(opts, ",") {
				if o == "array" {
					return true
				}
			}
		}
	}
	return false
}

// arrayStructEncoder writes a struct with the marker as an untyped Array of
// its fields.
func arrayStructEncoder(t reflect.Type) encoderFunc {
	si := structFields(t)
	encs := make([]encoderFunc, len(si.fields))
	for i, f := range si.fields {
		if f.asArray && (f.typ.Kind() == reflect.Slice || f.typ.Kind() == reflect.Array) {
			encs[i] = arrayEncoder(f.typ)
		} else {
			encs[i] = encoderFor(f.typ) // a recursive type gets typeCache's stand-in
		}
	}
	plan, _ := newFlatPlan(t, false, map[reflect.Type]bool{}) // nil for a type that is not flat
	return func(es *encodeState, v reflect.Value) error {
		if plan != nil {
			if done, err := es.writeFlat(plan, pointerTo(v)); done || err != nil {
				return err
			}
		}
		if err := es.e.WriteToken(ArrayStartToken(len(si.fields), UntypedContainer)); err != nil {
			return err
		}
		for i, f := range si.fields {
			fv, ok := fieldValue(v, f.index)
			var err error
			if ok {
				err = encs[i](es, fv)
			} else { // a field of a nil embedded pointer keeps its place
				err = es.e.WriteToken(NilToken)
			}
			if err != nil {
				return err
			}
		}
		return es.e.WriteToken(ArrayEndToken)
	}
}

// newFlatArrayStruct plans a struct with the marker: an Array of its
// fields.
func newFlatArrayStruct(t reflect.Type, open map[reflect.Type]bool) (*flatPlan, bool) {
	if open[t] {
		return nil, false
	}
	open[t] = true
	defer delete(open, t)
	type part struct {
		off uintptr
		fn  flatFunc
	}
	var parts []part
	depth, hasAny := 0, false
	for _, f := range structFields(t).fields {
		if len(f.index) != 1 {
			return nil, false
		}
		p, ok := newFlatPlan(f.typ, f.asArray, open)
		if !ok {
			return nil, false
		}
		parts = append(parts, part{off: t.Field(f.index[0]).Offset, fn: p.fn})
		depth, hasAny = max(depth, p.depth), hasAny || p.hasAny
	}
	return &flatPlan{depth: 1 + depth, hasAny: hasAny, fn: func(es *encodeState, b []byte, p unsafe.Pointer) ([]byte, bool) {
		b = appendWord(b, uint32(es.e.tab.wire[TypeArray]), uint32(len(parts)))
		for _, pt := range parts {
			var ok bool
			if b, ok = pt.fn(es, b, unsafe.Add(p, pt.off)); !ok {
				return b, false
			}
		}
		return b, true
	}}, true
}

// arrayStructDecoder reads an Array into a struct with the marker, element
// i into field i.
func arrayStructDecoder(t reflect.Type) decoderFunc {
	si, decs := structFields(t), fieldDecoders(t)
	return flatOrTokens(t, func(ds *decodeState, tok Token, v reflect.Value) error {
		switch tok.Kind() {
		case KindNil:
			return nil
		case KindArrayStart:
		default:
			return ds.mismatch(tok, v.Type(), "")
		}
		if tok.Len() > len(si.fields) {
			return ds.mismatch(tok, v.Type(), fmt.Sprintf("more than %d elements", len(si.fields)))
		}
		outer := ds.field
		for i := range tok.Len() {
			if err := ds.decodeField(si, decs, v, i); err != nil {
				return err
			}
		}
		ds.field = outer
		_, err := ds.next() // ArrayEnd
		return err
	})
}

// flatReadArrayStruct reads an untyped Array into a struct with the
// marker; more elements than fields are the token path's to report.
func flatReadArrayStruct(t reflect.Type) flatReadFunc {
	si := structFields(t)
	reads := make([]flatReadFunc, len(si.fields))
	offs := make([]uintptr, len(si.fields))
	for i, f := range si.fields {
		offs[i] = t.Field(f.index[0]).Offset
		if reads[i] = flatReaderFor(f.typ); reads[i] == nil {
			return nil
		}
	}
	return func(r *flatReader, p unsafe.Pointer) bool {
		if _, ok := r.header(TypeArray, false); !ok {
			return false
		}
		n, ok := r.count()
		if !ok || n > len(reads) {
			return false
		}
		for i := range n {
			if !reads[i](r, unsafe.Add(p, offs[i])) {
				return false
			}
		}
		r.depth--
		return true
	}
}
