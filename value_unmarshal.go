package gdvar

import (
	"encoding"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"strconv"
	"unsafe"
)

// Unmarshal decodes the one Godot value in data into v, which must be a
// non-nil pointer. It is the inverse of [Marshal]:
//
//   - into an interface{}: nil, bool, int64, float64, string, StringName, the
//     math types, Color, NodePath, RID, ObjectID, *Object, Callable, Signal;
//     an untyped Array as []any and a typed or shared one as Array; a
//     Dictionary as *Dictionary; packed arrays as []byte, []int32, []int64,
//     []float32, []float64, []string, []Vector2, []Vector3, []Vector4 and
//     []Color; Godot 2's Image and InputEvent; a RawValue for a value Godot
//     would never write as it is written (so that Marshal writes it back
//     unchanged), unless the Semantic option asks for its meaning instead
//   - into Go types: bools; integers and floats with range checks (an int
//     that does not fit the Go type is an error, not a wrap); strings from
//     String, StringName and NodePath; slices and Go arrays from Arrays and
//     packed arrays; maps and structs from Dictionaries (and structs from
//     full objects), matching keys to fields by gdvar tag, Go name or
//     snake_case name, then ignoring case and underscores; a struct marked
//     as Marshal says from an Array, element i into field i (fewer elements
//     leave the rest, more are an error, as for a Go array); pointers;
//     encoding.TextUnmarshaler from strings; Unmarshaler; RawValue
//
// Keys and fields with no counterpart are skipped ([DisallowUnknownFields]
// refuses such keys). A value of the wrong type
// is an *UnmarshalTypeError naming both types and the path. Options select
// the engine version, full objects and the limits.
//
// Short strings that go into the fields of plain structs (see value_marshal_flat.go) are
// kept in blocks of at most 4 KiB, shared by the strings of one call (never
// more than the input): one of them kept alive keeps its block alive, as a
// slice of the input would. So are the parts of the generic form
// (Dictionaries, elements, what an interface{} holds: see value_unmarshal_blocks.go).
// Unmarshal takes its [Decoder] from a pool, so that a small message does
// not pay for making one.
//
// Memory follows the input, not the counts it declares: slices and maps are
// sized in advance from one budget of 2 bytes per byte of data, shared by
// every container, and beyond it grow by the elements decoded. Into an
// interface{}, Unmarshal allocates at most 32 bytes per byte of data, plus
// 512 KiB for the deepest nesting; into Go types, a slice besides takes at
// most 5 times its element's Go size for each element decoded.
func Unmarshal(data []byte, v any) error {
	return unmarshalConfig(data, v, &defaultConfig)
}

// unmarshalConfig is Unmarshal with the configuration cfg.
func unmarshalConfig(data []byte, v any, cfg *config) error {
	d := getUnmarshalDecoder()
	d.init(nil, data, cfg)
	err := unmarshalWith(d, v)
	putUnmarshalDecoder(d, data)
	return err
}

// unmarshalWith is Unmarshal with the Decoder d, reset to read its data.
func unmarshalWith(d *Decoder, v any) error {
	if err := d.Decode(v); err != nil {
		if err == io.EOF {
			return &DecodeError{Path: "$", Reason: ErrTruncated, Detail: "no value"}
		}
		return interruptCause(err)
	}
	return d.trailingBytes()
}

// Decode reads the next value into v, as [Unmarshal] does. At the end of the
// input it returns io.EOF. After an *UnmarshalTypeError or an
// *UnknownFieldError the rest of the value is skipped, so that the next
// Decode reads the next value. With [SingleValue], it reports the bytes it
// holds after the value (see SingleValue).
//
// Memory is bounded as for Unmarshal; on a reader, the budget that sizes
// slices in advance is 16 KiB plus 2 bytes per byte received so far.
//
// After an error from the reader (a read deadline), Decode can be repeated
// only if the error came before the value's first token; part way through
// the value, the error matches [ErrInterrupted] and is final (see Decoder):
// the part of the value that was read is lost.
func (d *Decoder) Decode(v any) error {
	ds := d.state()
	ds.begin(d)
	if p, ok := v.(*any); ok && p != nil && ds.readFlatAny(p) {
		return d.trailingHeld() // the common case of the generic form, without reflect
	}
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return fmt.Errorf("gdvar: Decode needs a non-nil pointer, got %T", v)
	}
	base := d.Depth()
	err := ds.decode(rv.Elem())
	if err != nil && isTypeError(err) {
		if serr := ds.skipRest(base); serr != nil {
			err = serr
		}
	}
	if err != nil && d.Depth() > base {
		return d.interrupt(err)
	}
	if err == nil {
		err = d.trailingHeld()
	}
	return err
}

// isTypeError reports whether err is an *UnmarshalTypeError or an
// *UnknownFieldError, after which the Decoder stays in step (apart, so
// that the target errors.As needs is allocated only on an error).
func isTypeError(err error) bool {
	var te *UnmarshalTypeError
	return errors.As(err, &te) || errors.Is(err, ErrUnknownField)
}

// decodeState is one Decode call's state.
type decodeState struct {
	d       *Decoder
	field   string // the struct field being decoded, for errors
	text    []byte // a string being collected from chunks
	lastPad uint32 // the padding after the last string collected
	started bool   // a token has been read
	flat    flatReader
	arena   []byte   // the block strings are kept in (see keep)
	slabs   slabs    // the blocks small arrays are cut from (see newArray)
	boxes   boxTable // short strings in interfaces (see boxString)
	blocks  blocks   // the generic form's parts (see value_unmarshal_blocks.go)
	// flatFrom is the input offset from which readFlatAny may try again.
	flatFrom int64
	hinted   int64 // Go bytes pre-allocated from counts since the Decoder's reset (see hint)
}

// begin readies ds for a Decode call. The blocks strings and the generic
// form's parts are cut from carry on from the call before (a Reset starts
// them afresh, see Decoder.init): a part kept alive keeps at most its
// block alive, whichever call it came from.
func (ds *decodeState) begin(d *Decoder) {
	ds.d, ds.field, ds.started, ds.flatFrom = d, "", false, 0
	ds.boxes = boxTable{}
}

// decoderFunc reads one value from the Decoder into v.
type decoderFunc func(ds *decodeState, v reflect.Value) error

var decoders = typeCache[decoderFunc]{standIn: waitFor[*decodeState, decoderFunc]}

// decoderFor returns the decoder of type t, cached.
func decoderFor(t reflect.Type) decoderFunc { return decoders.get(t, newDecoderFunc) }

func (ds *decodeState) decode(v reflect.Value) error { return decoderFor(v.Type())(ds, v) }

// next reads the next token. The input may end only before the value
// Decode reads.
func (ds *decodeState) next() (Token, error) {
	t, err := ds.d.ReadToken()
	if err == io.EOF && ds.started {
		return t, io.ErrUnexpectedEOF
	}
	ds.started = true
	return t, err
}

// godotName names a token's value for errors.
func godotName(t Token) string {
	switch t.Kind() {
	case KindObjectID, KindObjectStart:
		return "Object"
	case KindArrayStart:
		if et := t.ElemType(); et.Kind != Untyped {
			return "Array[" + et.String() + "]"
		}
	}
	return t.Type().String()
}

// mismatch reports that the value begun by t cannot go into Go type typ.
func (ds *decodeState) mismatch(t Token, typ reflect.Type, detail string) error {
	return &UnmarshalTypeError{Path: ds.d.Path(), Godot: godotName(t), Type: typ, Field: ds.field, Detail: detail}
}

var (
	unmarshalerType     = reflect.TypeFor[Unmarshaler]()
	textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()
)

func newDecoderFunc(t reflect.Type) decoderFunc {
	if reflect.PointerTo(t).Implements(unmarshalerType) {
		return unmarshalerDecoder
	}
	if f := godotTypeDecoder(t); f != nil {
		return f
	}
	if reflect.PointerTo(t).Implements(textUnmarshalerType) {
		return textUnmarshalerDecoder
	}
	switch t.Kind() {
	case reflect.Interface:
		return interfaceDecoder
	case reflect.Pointer:
		return pointerDecoder(t)
	case reflect.Bool:
		return scalarDecoder(setBool)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64:
		return scalarDecoder(setNumber)
	case reflect.String:
		return stringDecoder
	case reflect.Slice, reflect.Array:
		return sequenceDecoder(t)
	case reflect.Map:
		return mapDecoder(t)
	case reflect.Struct:
		if arrayStruct(t) {
			return arrayStructDecoder(t)
		}
		return structDecoder(t)
	}
	return func(ds *decodeState, v reflect.Value) error { return ds.refuseNext(v, "") }
}

// refuseNext reads the next value's first token and returns the
// UnmarshalTypeError of putting it in v, saying why where why is not "".
func (ds *decodeState) refuseNext(v reflect.Value, why string) error {
	t, err := ds.next()
	if err != nil {
		return err
	}
	return ds.mismatch(t, v.Type(), why)
}

func unmarshalerDecoder(ds *decodeState, v reflect.Value) error {
	depth := ds.d.Depth()
	if err := v.Addr().Interface().(Unmarshaler).UnmarshalGodot(ds.d); err != nil {
		return err
	}
	if ds.d.Depth() != depth {
		return fmt.Errorf("gdvar: %s.UnmarshalGodot left a value unfinished", v.Type())
	}
	return nil
}

func textUnmarshalerDecoder(ds *decodeState, v reflect.Value) error {
	t, s, text, err := ds.nextText()
	switch {
	case err != nil || t.Kind() == KindNil:
		return err
	case text:
		return v.Addr().Interface().(encoding.TextUnmarshaler).UnmarshalText(s)
	case t.Kind() == KindNodePath:
		return v.Addr().Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(t.NodePath().String()))
	}
	return ds.mismatch(t, v.Type(), "")
}

func interfaceDecoder(ds *decodeState, v reflect.Value) error {
	if v.NumMethod() == 0 {
		if ds.readFlatAny((*any)(v.Addr().UnsafePointer())) {
			return nil
		}
		base := ds.d.Depth()
		t, err := ds.next()
		if err != nil {
			return err
		}
		x, err := ds.anyValue(t, base)
		if err != nil {
			return err
		}
		if x == nil {
			v.SetZero()
		} else {
			v.Set(reflect.ValueOf(x))
		}
		return nil
	}
	if v.IsNil() || v.Elem().Kind() != reflect.Pointer {
		return ds.refuseNext(v, "a non-empty interface needs a pointer in it to decode into")
	}
	return ds.decode(v.Elem().Elem())
}

func pointerDecoder(t reflect.Type) decoderFunc {
	if pointsToItself(t) {
		return func(ds *decodeState, v reflect.Value) error {
			return ds.refuseNext(v, "a pointer type that points to itself holds nothing")
		}
	}
	return func(ds *decodeState, v reflect.Value) error {
		if ds.d.PeekKind() == KindNil {
			if _, err := ds.next(); err != nil {
				return err
			}
			v.SetZero()
			return nil
		}
		if v.IsNil() {
			v.Set(reflect.New(t.Elem()))
		}
		return ds.decode(v.Elem())
	}
}

// pointsToItself reports whether following pointer type t comes back to a
// type already seen (type P *P): decoding into it would never end.
func pointsToItself(t reflect.Type) bool {
	seen := map[reflect.Type]bool{}
	for ; t.Kind() == reflect.Pointer; t = t.Elem() {
		if seen[t] {
			return true
		}
		seen[t] = true
	}
	return false
}

// scalarDecoder decodes a single-token value with set; Nil leaves the value
// as it is.
func scalarDecoder(set func(ds *decodeState, t Token, v reflect.Value) error) decoderFunc {
	return func(ds *decodeState, v reflect.Value) error {
		t, err := ds.next()
		if err != nil {
			return err
		}
		if t.Kind() == KindNil {
			return nil
		}
		return set(ds, t, v)
	}
}

func setBool(ds *decodeState, t Token, v reflect.Value) error {
	if t.Kind() != KindBool {
		return ds.mismatch(t, v.Type(), "")
	}
	v.SetBool(t.Bool())
	return nil
}

// setNumber sets a Go number (or an empty interface) from an int or float
// token, checking that the value fits.
func setNumber(ds *decodeState, t Token, v reflect.Value) error {
	k := t.Kind()
	if k != KindInt32 && k != KindInt64 && k != KindFloat32 && k != KindFloat64 {
		return ds.mismatch(t, v.Type(), "")
	}
	isInt := k == KindInt32 || k == KindInt64
	switch v.Kind() {
	case reflect.Interface:
		if v.NumMethod() != 0 {
			break
		}
		if isInt {
			v.Set(reflect.ValueOf(t.Int()))
		} else {
			v.Set(reflect.ValueOf(t.Float()))
		}
		return nil
	case reflect.Float32, reflect.Float64:
		f := t.Float()
		if isInt {
			f = float64(t.Int())
		}
		if v.Kind() == reflect.Float32 && !math.IsInf(f, 0) && math.Abs(f) > math.MaxFloat32 {
			return ds.mismatch(t, v.Type(), strconv.FormatFloat(f, 'g', -1, 64)+" overflows it")
		}
		v.SetFloat(f)
		return nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		n := t.Int()
		if !isInt {
			// A float goes into an integer only when it is a whole number
			// that fits.
			f := t.Float()
			if f != math.Trunc(f) || math.IsInf(f, 0) {
				return ds.mismatch(t, v.Type(), strconv.FormatFloat(f, 'g', -1, 64)+" is not a whole number")
			}
			if f < -(1<<63) || f >= 1<<63 {
				return ds.mismatch(t, v.Type(), strconv.FormatFloat(f, 'g', -1, 64)+" overflows it")
			}
			n = int64(f)
		}
		return setInt(ds, t, v, n)
	}
	return ds.mismatch(t, v.Type(), "")
}

// setInt sets a Go integer, checking that n fits.
func setInt(ds *decodeState, t Token, v reflect.Value, n int64) error {
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if v.OverflowInt(n) {
			return ds.mismatch(t, v.Type(), strconv.FormatInt(n, 10)+" overflows it")
		}
		v.SetInt(n)
	default:
		if n < 0 || v.OverflowUint(uint64(n)) {
			return ds.mismatch(t, v.Type(), strconv.FormatInt(n, 10)+" overflows it")
		}
		v.SetUint(uint64(n))
	}
	return nil
}

func stringDecoder(ds *decodeState, v reflect.Value) error {
	t, s, text, err := ds.nextText()
	switch {
	case err != nil || t.Kind() == KindNil:
		return err
	case text:
		v.SetString(string(s))
		return nil
	case t.Kind() == KindNodePath:
		v.SetString(t.NodePath().String())
		return nil
	}
	return ds.mismatch(t, v.Type(), "")
}

// nextText reads the first token of a value that a String may give. A
// String or StringName is read whole: text is true and s holds its bytes,
// valid until the next token is read. A Nil, which leaves the value as it
// is, or any other token is returned for the caller to take or refuse.
func (ds *decodeState) nextText() (t Token, s []byte, text bool, err error) {
	if t, err = ds.next(); err != nil {
		return t, nil, false, err
	}
	switch k := t.Kind(); {
	case k != KindString && k != KindStringName:
		return t, nil, false, nil
	case t.IsLast() && t.Offset() == 0:
		return t, t.Bytes(), true, nil
	}
	s, err = ds.collect(t)
	return t, s, err == nil, err
}

// collect reads the rest of the string t starts and returns all its bytes
// (valid until the next collect). A PackedStringArray element loses the NUL
// Godot ends it with.
func (ds *decodeState) collect(t Token) ([]byte, error) {
	ds.text = append(ds.text[:0], t.Bytes()...)
	for !t.IsLast() {
		var err error
		if t, err = ds.next(); err != nil {
			return nil, err
		}
		ds.text = append(ds.text, t.Bytes()...)
	}
	ds.lastPad = t.pad()
	return ds.text, nil
}

// sequenceDecoder decodes slices and Go arrays from Arrays and packed arrays
// (and []byte from a String).
func sequenceDecoder(t reflect.Type) decoderFunc {
	elem := t.Elem()
	return flatOrTokens(t, func(ds *decodeState, tok Token, v reflect.Value) error {
		switch tok.Kind() {
		case KindNil:
			if v.Kind() == reflect.Slice {
				v.SetZero()
			}
			return nil
		case KindArrayStart:
			return ds.arrayInto(tok, v, decoderFor(elem))
		case KindPackedStart:
			return ds.packedInto(tok, v)
		case KindString, KindStringName:
			if elem.Kind() == reflect.Uint8 && v.Kind() == reflect.Slice {
				s, err := ds.collect(tok)
				if err != nil {
					return err
				}
				v.SetBytes(append([]byte(nil), s...))
				return nil
			}
		}
		return ds.mismatch(tok, v.Type(), "")
	})
}

// element makes room for element i of a slice or checks it exists in a Go
// array.
func (ds *decodeState) element(v reflect.Value, i int, tok Token) (reflect.Value, error) {
	if v.Kind() == reflect.Array {
		if i >= v.Len() {
			return reflect.Value{}, ds.mismatch(tok, v.Type(), fmt.Sprintf("more than %d elements", v.Len()))
		}
		return v.Index(i), nil
	}
	if i >= v.Cap() {
		v.Grow(max(v.Cap(), 4))
	}
	v.SetLen(i + 1)
	return v.Index(i), nil
}

// startSequence prepares v for n elements, reusing a slice's array, which
// grows within the size-hint budget (see hint).
func (ds *decodeState) startSequence(v reflect.Value, n int) {
	if v.Kind() == reflect.Slice {
		v.SetLen(0)
		if more := n - v.Cap(); more > 0 {
			v.Grow(ds.hint(more, v.Type().Elem().Size()))
		}
	}
}

// endSequence zeroes the rest of a Go array.
func endSequence(v reflect.Value, n int) {
	if v.Kind() == reflect.Array {
		for i := n; i < v.Len(); i++ {
			v.Index(i).SetZero()
		}
	}
}

func (ds *decodeState) arrayInto(tok Token, v reflect.Value, elem decoderFunc) error {
	n := tok.Len()
	ds.startSequence(v, n)
	for i := range n {
		ev, err := ds.element(v, i, tok)
		if err != nil {
			return err
		}
		if err := elem(ds, ev); err != nil {
			return err
		}
	}
	endSequence(v, n)
	_, err := ds.next() // ArrayEnd
	return err
}

// packedInto decodes a packed array into a slice or Go array, element by
// element, converting as setNumber and the string and vector setters do. A
// slice of the packed array's own element type is filled by copying.
func (ds *decodeState) packedInto(start Token, v reflect.Value) error {
	typ := start.Type()
	n := start.Len()
	elemType := v.Type().Elem()
	if same := packedGoType[typ]; same != nil && elemType == same && v.Kind() == reflect.Slice {
		return ds.packedCopy(start, v)
	}
	ds.startSequence(v, n)
	i := 0
	for {
		t, err := ds.next()
		if err != nil {
			return err
		}
		switch t.Kind() {
		case KindPackedEnd:
			endSequence(v, i)
			return nil
		case KindString: // a PackedStringArray element
			s, err := ds.collect(t)
			if err != nil {
				return err
			}
			ev, err := ds.element(v, i, start)
			if err != nil {
				return err
			}
			if err := setString(ds, start, ev, trimNUL(s)); err != nil {
				return ds.elementError(start, v.Type(), err)
			}
			i++
		case KindPackedChunk:
			err := eachElement(t, func(x any) error {
				ev, err := ds.element(v, i, start)
				if err != nil {
					return err
				}
				i++
				if err := ds.setElement(start, ev, x); err != nil {
					return ds.elementError(start, v.Type(), err)
				}
				return nil
			})
			if err != nil {
				return err
			}
		}
	}
}

// packedGoType is the Go element type each packed array fills by copying.
var packedGoType = map[Type]reflect.Type{
	TypePackedByteArray:    reflect.TypeFor[byte](),
	TypePackedInt32Array:   reflect.TypeFor[int32](),
	TypePackedInt64Array:   reflect.TypeFor[int64](),
	TypePackedFloat32Array: reflect.TypeFor[float32](),
	TypePackedFloat64Array: reflect.TypeFor[float64](),
	TypePackedColorArray:   reflect.TypeFor[Color](),
}

// packedCopy fills a slice of the packed array's element type by copying
// the chunks' bytes.
func (ds *decodeState) packedCopy(start Token, v reflect.Value) error {
	size := start.Type().packedElemSize(false)
	ds.startSequence(v, start.Len())
	s := v
	for {
		t, err := ds.next()
		if err != nil {
			return err
		}
		if t.Kind() == KindPackedEnd {
			return nil
		}
		k := s.Len()
		add := len(t.Bytes()) / size
		if k+add > s.Cap() {
			s.Grow(max(add, s.Cap()))
		}
		s.SetLen(k + add)
		if add > 0 {
			dst := unsafe.Slice((*byte)(s.Index(k).Addr().UnsafePointer()), add*size)
			if littleEndian {
				copy(dst, t.Bytes())
			} else {
				copyLittleEndian(dst, t.Bytes(), size)
			}
		}
	}
}

// copyLittleEndian copies little-endian elements of size bytes into native
// order (big-endian machines); Color copies as four floats.
func copyLittleEndian(dst, src []byte, size int) {
	word := min(size, 8)
	if size == 16 {
		word = 4
	}
	for i := 0; i < len(src); i += word {
		for j := range word {
			dst[i+j] = src[i+word-1-j]
		}
	}
}

// eachElement calls f with each element of a packed chunk as a Go value:
// int64 for the integer arrays, float32, float64, a vector or a Color, as
// packedSlice decodes them.
func eachElement(t Token, f func(any) error) error {
	s := reflect.ValueOf(packedSlice(t.Type(), t.Is64(), t.Bytes()))
	for i := range s.Len() {
		x := s.Index(i).Interface()
		switch n := x.(type) {
		case byte:
			x = int64(n)
		case int32:
			x = int64(n)
		}
		if err := f(x); err != nil {
			return err
		}
	}
	return nil
}

// elementError turns an element's type error into one about the packed
// array and the Go sequence it goes into.
func (ds *decodeState) elementError(start Token, typ reflect.Type, err error) error {
	te, ok := err.(*UnmarshalTypeError)
	if !ok {
		return err
	}
	detail := "an element does not fit " + te.Type.String()
	if te.Detail != "" {
		detail += ": " + te.Detail
	}
	return &UnmarshalTypeError{Path: ds.d.Path(), Godot: godotName(start), Type: typ, Field: ds.field, Detail: detail}
}

// setElement sets a Go value from one packed element.
func (ds *decodeState) setElement(start Token, v reflect.Value, x any) error {
	switch x := x.(type) {
	case int64:
		return setNumber(ds, IntToken(x), v)
	case float32:
		if v.Kind() == reflect.Interface {
			v.Set(reflect.ValueOf(x))
			return nil
		}
		return setNumber(ds, Float32Token(x), v)
	case float64:
		return setNumber(ds, Float64Token(x), v)
	}
	xv := reflect.ValueOf(x)
	if !xv.Type().AssignableTo(v.Type()) {
		return ds.mismatch(start, v.Type(), "")
	}
	v.Set(xv)
	return nil
}

// setString sets a Go string (or []byte, or interface) from a string value.
func setString(ds *decodeState, start Token, v reflect.Value, s []byte) error {
	switch {
	case v.Kind() == reflect.String:
		v.SetString(string(s))
	case v.Kind() == reflect.Interface && v.NumMethod() == 0:
		v.Set(reflect.ValueOf(string(s)))
	case v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.Uint8:
		v.SetBytes(append([]byte(nil), s...))
	default:
		return ds.mismatch(start, v.Type(), "")
	}
	return nil
}

// trimNUL drops the NUL Godot writes at the end of a PackedStringArray
// element.
func trimNUL(s []byte) []byte {
	if n := len(s); n > 0 && s[n-1] == 0 {
		return s[:n-1]
	}
	return s
}

// mapDecoder decodes a map from a Dictionary: keys into the key type as
// values are decoded.
func mapDecoder(t reflect.Type) decoderFunc {
	keyDec, elemDec := decoderFor(t.Key()), decoderFor(t.Elem())
	return func(ds *decodeState, v reflect.Value) error {
		tok, err := ds.next()
		if err != nil {
			return err
		}
		switch tok.Kind() {
		case KindNil:
			v.SetZero()
			return nil
		case KindDictStart:
		default:
			return ds.mismatch(tok, v.Type(), "")
		}
		if v.IsNil() {
			v.Set(reflect.MakeMapWithSize(t, ds.hint(tok.Len(), t.Key().Size()+t.Elem().Size())))
		}
		key, elem := reflect.New(t.Key()).Elem(), reflect.New(t.Elem()).Elem()
		for range tok.Len() {
			if _, err := ds.next(); err != nil { // DictKey
				return err
			}
			key.SetZero()
			if err := keyDec(ds, key); err != nil {
				return err
			}
			elem.SetZero()
			if err := elemDec(ds, elem); err != nil {
				return err
			}
			v.SetMapIndex(key, elem)
		}
		_, err = ds.next() // DictEnd
		return err
	}
}

// structDecoder decodes a struct from a Dictionary (or a full object's
// properties): each String or StringName key names a field; other keys and
// unknown names are skipped, or with DisallowUnknownFields refused.
func structDecoder(t reflect.Type) decoderFunc {
	si, decs := structFields(t), fieldDecoders(t)
	return flatOrTokens(t, func(ds *decodeState, tok Token, v reflect.Value) error {
		marker := KindDictKey
		switch tok.Kind() {
		case KindNil:
			return nil
		case KindDictStart:
		case KindObjectStart:
			marker = KindObjectProperty
		default:
			return ds.mismatch(tok, v.Type(), "")
		}
		outer := ds.field
		last := -1 // keys usually come in field order: try the next field first
		for range tok.Len() {
			m, err := ds.next()
			if err != nil {
				return err
			}
			i := -1
			if marker == KindObjectProperty {
				if i = si.find(m.Bytes(), last+1); i < 0 && ds.d.cfg.noUnknown {
					return ds.unknownField(TypeString, m.Bytes(), v.Type())
				}
			} else if i, err = ds.keyField(si, last+1, v.Type()); err != nil {
				return err
			}
			if i < 0 {
				if err := ds.d.SkipValue(); err != nil {
					return err
				}
				continue
			}
			last = i
			if err := ds.decodeField(si, decs, v, i); err != nil {
				return err
			}
		}
		ds.field = outer
		_, err := ds.next() // the end
		return err
	})
}

// fieldDecoders returns the decoders of struct type t's fields, in the
// order of structFields(t).fields.
func fieldDecoders(t reflect.Type) []decoderFunc {
	si := structFields(t)
	decs := make([]decoderFunc, len(si.fields))
	for i, f := range si.fields {
		decs[i] = decoderFor(f.typ) // a recursive type gets typeCache's stand-in
	}
	return decs
}

// decodeField reads the next value into field i of struct v, naming the
// field in errors.
func (ds *decodeState) decodeField(si *structInfo, decs []decoderFunc, v reflect.Value, i int) error {
	f := &si.fields[i]
	fv, ok := fieldForSet(v, f.index)
	if !ok {
		return fmt.Errorf("gdvar: cannot set embedded field of nil pointer to unexported struct in %s", v.Type())
	}
	ds.field = f.goName
	return decs[i](ds, fv)
}

// find looks a key up and returns its field's position, or -1; guess is
// the position to try first.
func (si *structInfo) find(key []byte, guess int) int {
	if guess < len(si.fields) && string(key) == si.fields[guess].name {
		return guess
	}
	f, ok := si.lookup(key)
	if !ok {
		return -1
	}
	return int(uintptr(unsafe.Pointer(f))-uintptr(unsafe.Pointer(&si.fields[0]))) / int(unsafe.Sizeof(*f))
}

// keyField reads a Dictionary key and returns the position of the field of
// struct type typ it names, or -1: a key that is not a String or
// StringName names none (and is skipped). With DisallowUnknownFields, a key
// that names none is an *UnknownFieldError.
func (ds *decodeState) keyField(si *structInfo, guess int, typ reflect.Type) (int, error) {
	base := ds.d.Depth()
	t, err := ds.next()
	if err != nil {
		return -1, err
	}
	if k := t.Kind(); k != KindString && k != KindStringName {
		if err := ds.skipRest(base); err != nil || !ds.d.cfg.noUnknown {
			return -1, err
		}
		return -1, ds.unknownField(t.Type(), nil, typ)
	}
	key := t.Bytes()
	if !t.IsLast() {
		if key, err = ds.collect(t); err != nil {
			return -1, err
		}
	}
	i := si.find(key, guess)
	if i < 0 && ds.d.cfg.noUnknown {
		return -1, ds.unknownField(t.Type(), key, typ)
	}
	return i, nil
}

// unknownField is the *UnknownFieldError of a key of Godot type godot
// (its text key, for a string) that names no field of struct type typ.
func (ds *decodeState) unknownField(godot Type, key []byte, typ reflect.Type) error {
	return &UnknownFieldError{Path: ds.d.valuePath(), Key: string(key), Godot: godot.String(), Type: typ}
}

// skipRest skips what is left of the value whose first token has been
// read; base is the Decoder's depth before that token.
func (ds *decodeState) skipRest(base int) error {
	for ds.d.Depth() > base {
		if _, err := ds.next(); err != nil {
			return err
		}
	}
	return nil
}

// fieldForSet follows a field index, allocating nil embedded pointers.
func fieldForSet(v reflect.Value, index []int) (reflect.Value, bool) {
	for i, x := range index {
		if i > 0 && v.Kind() == reflect.Pointer {
			if v.IsNil() {
				if !v.CanSet() {
					return reflect.Value{}, false
				}
				v.Set(reflect.New(v.Type().Elem()))
			}
			v = v.Elem()
		}
		v = v.Field(x)
	}
	return v, true
}
