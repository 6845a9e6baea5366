package vartext

import "github.com/gdvar/gdvar"

// tee gives what the parser reads to two builders.
type tee [2]builder

func (t tee) each(f func(b builder) error) error {
	if err := f(t[0]); err != nil {
		return err
	}
	return f(t[1])
}

func (t tee) scalar(v any) error {
	return t.each(func(b builder) error { return b.scalar(v) })
}

func (t tee) number(n number) error {
	return t.each(func(b builder) error { return b.number(n) })
}

func (t tee) math(typ gdvar.Type, n []float64) error {
	return t.each(func(b builder) error { return b.math(typ, n) })
}

func (t tee) beginString(k gdvar.Kind) error {
	return t.each(func(b builder) error { return b.beginString(k) })
}

func (t tee) stringChunk(c []byte) error {
	return t.each(func(b builder) error { return b.stringChunk(c) })
}

func (t tee) endString() error { return t.each(builder.endString) }

func (t tee) beginArray(elem gdvar.ContainerType) error {
	return t.each(func(b builder) error { return b.beginArray(elem) })
}

func (t tee) endArray() error { return t.each(builder.endArray) }

func (t tee) beginDict(key, value gdvar.ContainerType) error {
	return t.each(func(b builder) error { return b.beginDict(key, value) })
}

func (t tee) dictKey() error { return t.each(builder.dictKey) }

func (t tee) endDict() error { return t.each(builder.endDict) }

func (t tee) beginPacked(typ gdvar.Type) error {
	return t.each(func(b builder) error { return b.beginPacked(typ) })
}

func (t tee) packedInt(n int64) error {
	return t.each(func(b builder) error { return b.packedInt(n) })
}

func (t tee) packedReal(f float64) error {
	return t.each(func(b builder) error { return b.packedReal(f) })
}

func (t tee) endPacked() error { return t.each(builder.endPacked) }

func (t tee) beginObject(class string) error {
	return t.each(func(b builder) error { return b.beginObject(class) })
}

func (t tee) property(name string) error {
	return t.each(func(b builder) error { return b.property(name) })
}

func (t tee) endObject() error { return t.each(builder.endObject) }
