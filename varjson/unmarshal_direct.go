package varjson

import (
	"reflect"

	"github.com/gdvar/gdvar"
)

// A tagged value's members are read as a tree, since they may come in any
// order, but a tree of a large Array or packed array costs some 40 bytes
// per byte of JSON (an interface and a copy per number). When the tag comes
// first, as gdvar writes it, the arguments that convert the same whatever
// follows are converted as they are read; a packed vector array, whose
// "$wide" may follow, keeps its components at both widths.

// converted is a tag's argument already converted.
type converted struct{ v any }

// directArray reads an "$Array"'s elements.
func (c *converter) directArray(r *reader) (any, error) {
	v, err := c.read(r)
	return converted{v}, err
}

// appendDoubling appends x to s, doubling s exactly when full (append
// grows large slices by 1.25×, allocating five times their size in all).
func appendDoubling[T any](s []T, x T) []T {
	if len(s) == cap(s) {
		t := make([]T, len(s), max(16, 2*cap(s)))
		copy(t, s)
		s = t
	}
	return append(s, x)
}

// directPacked reads a packed array's elements: a plain number with num,
// anything else through a tree with tree.
func directPacked[T any](c *converter, r *reader, num func(*converter, number) (T, error), tree func(*converter, any) (T, error)) (any, error) {
	out := []T{}
	err := r.elements(func(int) error {
		var x T
		if r.dec.PeekKind() == '0' {
			raw, err := r.dec.ReadValue()
			if err != nil {
				return err
			}
			if x, err = num(c, number(raw)); err != nil {
				return err
			}
		} else {
			t, err := r.value()
			if err != nil {
				return err
			}
			if x, err = tree(c, t); err != nil {
				return err
			}
		}
		out = appendDoubling(out, x)
		return nil
	})
	return converted{out}, err
}

// directDictionary reads a "$Dictionary"'s [key, value] pairs, gathered
// for a Dictionary of their exact size.
func (c *converter) directDictionary(r *reader) (any, error) {
	base := r.pairs.Len()
	err := r.elements(func(i int) error {
		c.pushEntry(i)
		defer c.pop()
		if r.dec.PeekKind() != '[' {
			return c.errorf("want a [key, value] pair")
		}
		var pair [2]any
		n := 0
		err := r.elements(func(int) error {
			v, err := c.read(r)
			if n < 2 {
				pair[n] = v
			}
			n++
			return err
		})
		if err != nil {
			return err
		}
		if n != 2 {
			return c.errorf("want a [key, value] pair")
		}
		r.pairs.Push(pair)
		return nil
	})
	d := &gdvar.Dictionary{}
	n := r.pairs.Len() - base
	d.Grow(n)
	for pairs := r.pairs.From(base); n > 0; {
		ps := pairs.Take(n)
		for _, p := range ps {
			d.Append(p[0], p[1])
		}
		n -= len(ps)
	}
	r.pairs.Truncate(base)
	return converted{d}, err
}

// vectorComps are a packed vector array's components, read as 64-bit and
// as 32-bit reals until "$wide" says which; an error of each width is kept
// for the end.
type vectorComps struct {
	n            int // elements
	c64          []float64
	c32          []float32
	err64, err32 error
}

// directVectors reads the elements of a packed array of vectors of type t.
func (c *converter) directVectors(r *reader, t reflect.Type) (any, error) {
	per := t.NumField() // X, Y…, or R, G, B, A
	vc := &vectorComps{}
	both := func(err error) {
		if vc.err64 == nil {
			vc.err64 = err
		}
		if vc.err32 == nil {
			vc.err32 = err
		}
	}
	err := r.elements(func(i int) error {
		c.pushIndex(i)
		defer c.pop()
		vc.n++
		if r.dec.PeekKind() != '[' {
			t, err := r.value()
			if err == nil {
				err = c.errorf("want an array, found %s", describe(t))
			}
			return err
		}
		k := 0
		err := r.elements(func(int) error {
			var f64 float64
			var f32 float32
			var e64, e32 error
			if r.dec.PeekKind() == '0' {
				raw, err := r.dec.ReadValue()
				if err != nil {
					return err
				}
				f64, e64 = c.float64Of(number(raw))
				f32, e32 = c.float32Of(number(raw))
			} else {
				t, err := r.value()
				if err != nil {
					return err
				}
				f64, e64 = c.real(t, false)
				f32, e32 = c.real32(t)
			}
			if k < per {
				if e64 != nil && vc.err64 == nil {
					vc.err64 = e64
				}
				if e32 != nil && vc.err32 == nil {
					vc.err32 = e32
				}
				vc.c64 = appendDoubling(vc.c64, f64)
				vc.c32 = appendDoubling(vc.c32, f32)
			}
			k++
			return nil
		})
		if err != nil {
			return err
		}
		switch {
		case k < per:
			both(c.errorf("too few components"))
			for ; k < per; k++ { // keep the elements in step
				vc.c64 = appendDoubling(vc.c64, 0)
				vc.c32 = appendDoubling(vc.c32, 0)
			}
		case k > per:
			both(c.errorf("%s takes %d components, not %d", t.Name(), per, k))
		}
		return nil
	})
	return vc, err
}

// vectors builds the elements from vc's components, at 64 bits if wide.
func vectors[T any](vc *vectorComps, wide bool) ([]T, error) {
	if err := vc.err32; !wide && err != nil {
		return nil, err
	}
	if err := vc.err64; wide && err != nil {
		return nil, err
	}
	at := func(i int) float64 {
		if wide {
			return vc.c64[i]
		}
		return float64(vc.c32[i])
	}
	out := make([]T, vc.n)
	switch o := any(out).(type) {
	case []gdvar.Vector2:
		for i := range o {
			o[i] = gdvar.Vector2{X: at(2 * i), Y: at(2*i + 1)}
		}
	case []gdvar.Vector3:
		for i := range o {
			o[i] = gdvar.Vector3{X: at(3 * i), Y: at(3*i + 1), Z: at(3*i + 2)}
		}
	case []gdvar.Vector4:
		for i := range o {
			o[i] = gdvar.Vector4{X: at(4 * i), Y: at(4*i + 1), Z: at(4*i + 2), W: at(4*i + 3)}
		}
	case []gdvar.Color:
		c := vc.c32
		for i := range o {
			o[i] = gdvar.Color{R: c[4*i], G: c[4*i+1], B: c[4*i+2], A: c[4*i+3]}
		}
	}
	return out, nil
}
