package gdvar

import (
	"reflect"
	"unsafe"
)

// godotTypeDecoder returns the decoder of one of gdvar's Godot types, or
// nil.
func godotTypeDecoder(t reflect.Type) decoderFunc {
	if typ, ok := mathTypes[t]; ok {
		return tokenDecoder(mathKinds[typ], func(ds *decodeState, tok Token, v reflect.Value) error {
			ptr := v.Addr().UnsafePointer()
			if typ.HasReals() {
				readReals(unsafe.Slice((*float64)(ptr), typ.reals()), tok.Bytes(), tok.Is64())
			} else {
				readInt32s(unsafe.Slice((*int32)(ptr), typ.mathSize(false)/4), tok.Bytes())
			}
			return nil
		})
	}
	switch t {
	case reflect.TypeFor[RawValue]():
		return func(ds *decodeState, v reflect.Value) error {
			base := ds.d.Depth()
			tok, err := ds.next()
			if err != nil {
				return err
			}
			raw, err := ds.capture(tok, base, nil)
			v.SetBytes(raw)
			return err
		}
	case reflect.TypeFor[Color]():
		return tokenDecoder(KindColor, func(ds *decodeState, tok Token, v reflect.Value) error {
			v.Set(reflect.ValueOf(MathOf[Color](tok)))
			return nil
		})
	case reflect.TypeFor[RID]():
		return tokenDecoder(KindRID, setID)
	case reflect.TypeFor[ObjectID]():
		return tokenDecoder(KindObjectID, setID)
	case reflect.TypeFor[Callable]():
		return tokenDecoder(KindCallable, func(*decodeState, Token, reflect.Value) error { return nil })
	case reflect.TypeFor[Signal]():
		return tokenDecoder(KindSignal, func(ds *decodeState, tok Token, v reflect.Value) error {
			v.Set(reflect.ValueOf(Signal{Name: tok.Name(), Object: ObjectID(tok.ID())}))
			return nil
		})
	case reflect.TypeFor[InputEvent]():
		return tokenDecoder(KindInputEvent, func(ds *decodeState, tok Token, v reflect.Value) error {
			v.Set(reflect.ValueOf(tok.InputEvent()))
			return nil
		})
	case reflect.TypeFor[NodePath]():
		return func(ds *decodeState, v reflect.Value) error {
			tok, s, text, err := ds.nextText()
			switch {
			case err != nil || tok.Kind() == KindNil:
				return err
			case text:
				v.Set(reflect.ValueOf(ParseNodePath(string(s))))
				return nil
			case tok.Kind() == KindNodePath:
				v.Set(reflect.ValueOf(nodePathValue(tok)))
				return nil
			}
			return ds.mismatch(tok, v.Type(), "")
		}
	case reflect.TypeFor[Object]():
		return containerDecoder(KindObjectStart, func(ds *decodeState, tok Token, base int) (any, error) {
			x, err := ds.objectAny(tok, base, false)
			if err != nil {
				return nil, err
			}
			return *x.(*Object), nil
		})
	case reflect.TypeFor[Dictionary]():
		return containerDecoder(KindDictStart, func(ds *decodeState, tok Token, base int) (any, error) {
			x, err := ds.dictAny(tok, base)
			if err != nil {
				return nil, err
			}
			return *x.(*Dictionary), nil
		})
	case reflect.TypeFor[Array]():
		return containerDecoder(KindArrayStart, func(ds *decodeState, tok Token, base int) (any, error) {
			x, err := ds.arrayAny(tok, base)
			if err != nil {
				return nil, err
			}
			if values, ok := x.([]any); ok {
				return Array{Values: values}, nil
			}
			return x, nil
		})
	case reflect.TypeFor[Image]():
		return containerDecoder(KindImageStart, func(ds *decodeState, tok Token, base int) (any, error) {
			return ds.imageAny(tok, base, false)
		})
	}
	return nil
}

// tokenDecoder decodes a one-token value of kind k with set; Nil leaves the
// value as it is.
func tokenDecoder(k Kind, set func(ds *decodeState, tok Token, v reflect.Value) error) decoderFunc {
	return func(ds *decodeState, v reflect.Value) error {
		tok, err := ds.next()
		if err != nil {
			return err
		}
		switch tok.Kind() {
		case KindNil:
			return nil
		case k:
			return set(ds, tok, v)
		}
		return ds.mismatch(tok, v.Type(), "")
	}
}

func setID(_ *decodeState, tok Token, v reflect.Value) error {
	v.SetUint(tok.ID())
	return nil
}

// containerDecoder decodes a value that starts with a token of kind k into
// the Go value read returns.
func containerDecoder(k Kind, read func(ds *decodeState, tok Token, base int) (any, error)) decoderFunc {
	return func(ds *decodeState, v reflect.Value) error {
		base := ds.d.Depth()
		tok, err := ds.next()
		if err != nil {
			return err
		}
		switch tok.Kind() {
		case KindNil:
			return nil
		case k:
			x, err := read(ds, tok, base)
			if err != nil {
				return err
			}
			v.Set(reflect.ValueOf(x))
			return nil
		}
		return ds.mismatch(tok, v.Type(), "")
	}
}
