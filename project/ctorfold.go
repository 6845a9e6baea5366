package project

import (
	"math"

	"github.com/gdvar/gdvar"
)

// constructors are the built-in types whose constructors the reader
// folds, which the analyzer reduces to constants when every argument is
// one, by how many numbers they take and whether those are ints.
var constructors = map[string]struct {
	n    int
	ints bool
}{
	"Vector2": {2, false}, "Vector2i": {2, true}, "Vector3": {3, false}, "Vector3i": {3, true},
	"Vector4": {4, false}, "Vector4i": {4, true}, "Rect2": {4, false}, "Rect2i": {4, true},
}

// constructed folds Type(n, …), one number a component; q is at the
// opening bracket. Floats to an int type, or ints beyond 32 bits, are
// not folded.
func (q *parser) constructed(f *folder, c *Class, name string) (any, *foldError) {
	ctor := constructors[name]
	q.advance()
	var fs []float64
	var is []int32
	for len(fs) < ctor.n {
		v, err := q.sum(f, c)
		if err != nil {
			return nil, err
		}
		n, ok := floatOf(v)
		i, isInt := v.(int64)
		switch {
		case !ok, ctor.ints && (!isInt || i < math.MinInt32 || i > math.MaxInt32):
			return nil, errNotFolded
		}
		fs, is = append(fs, n), append(is, int32(i))
		if len(fs) < ctor.n && !q.next(",") {
			return nil, errNotFolded
		}
	}
	if !q.next(")") {
		return nil, errNotFolded
	}
	switch name {
	case "Vector2":
		return gdvar.Vector2{X: fs[0], Y: fs[1]}, nil
	case "Vector2i":
		return gdvar.Vector2i{X: is[0], Y: is[1]}, nil
	case "Vector3":
		return gdvar.Vector3{X: fs[0], Y: fs[1], Z: fs[2]}, nil
	case "Vector3i":
		return gdvar.Vector3i{X: is[0], Y: is[1], Z: is[2]}, nil
	case "Vector4":
		return gdvar.Vector4{X: fs[0], Y: fs[1], Z: fs[2], W: fs[3]}, nil
	case "Vector4i":
		return gdvar.Vector4i{X: is[0], Y: is[1], Z: is[2], W: is[3]}, nil
	case "Rect2":
		return gdvar.Rect2{Position: gdvar.Vector2{X: fs[0], Y: fs[1]}, Size: gdvar.Vector2{X: fs[2], Y: fs[3]}}, nil
	}
	return gdvar.Rect2i{Position: gdvar.Vector2i{X: is[0], Y: is[1]}, Size: gdvar.Vector2i{X: is[2], Y: is[3]}}, nil
}
