package vartext

import (
	"math"
	"math/bits"

	"github.com/gdvar/gdvar"
)

// Godot prints a Dictionary's keys sorted with its own sort (see sortKeys)
// and its own "less than" for Variants: by type number first (so the order
// depends on the engine version), then by value where the type has an order
// (numbers, strings, vectors, RIDs, arrays; Godot 3 also pool arrays and
// objects). Keys of a type without one compare as equal. Godot 4 compares a
// String with a StringName as strings, but only at the top (inside Arrays
// they compare by type), which makes its order intransitive (&"n" < "s" <
// Color < &"n"). Godot 3 compares Arrays and pool arrays with tests that
// are not orders at all. The output still follows from the sort's exact
// steps, which is why sortKeys copies them.
//
// Where the engine's answer depends on memory addresses it compares
// something else: Godot 4 orders StringNames inside Arrays by their
// address (compared here as strings), Godot 3 objects by their address
// (compared here by id), and Godot 3's pool arrays read past the end of
// the shorter one (see poolLess).

// order compares a Dictionary's keys, counting the work it does: past a
// budget it gives up (see sortKeys).
type order struct {
	d      Dialect
	keys   []key
	work   int // comparison steps so far
	budget int
}

// budgetPerStep is the comparison steps allowed per key and per element of
// a key, times the depth of a balanced sort (log2 of the key count): a
// proper order sorts in a fraction of it, and a bad one cannot make a
// Dictionary take more than a constant times what an ordinary one of the
// same size takes.
const budgetPerStep = 4

func newOrder(d Dialect, keys []key, size int) order {
	n := len(keys)
	return order{d: d, keys: keys, budget: budgetPerStep * (n + size) * (bits.Len(uint(n)) + 1)}
}

// exhausted reports whether the comparisons went over the budget.
func (o *order) exhausted() bool { return o.work > o.budget }

// less reports whether key i sorts before key j, as the engine's sort
// comparator says, or false once the budget is spent.
func (o *order) less(i, j int) bool {
	if o.exhausted() {
		return false
	}
	a, b := &o.keys[i], &o.keys[j]
	if o.d == Godot4 && isString(a.typ) && isString(b.typ) { // StringLikeVariantOrder
		o.work++
		return a.s < b.s
	}
	return o.variantLess(a, b)
}

// variantLess is Variant's operator <.
func (o *order) variantLess(a, b *key) bool {
	o.work++
	if a.typ != b.typ {
		e := o.d.Engine()
		wa, _ := e.WireType(a.typ)
		wb, _ := e.WireType(b.typ)
		return wa < wb
	}
	godot4 := o.d == Godot4
	switch a.typ {
	case gdvar.TypeBool, gdvar.TypeInt, gdvar.TypeRID:
		return a.i < b.i
	case gdvar.TypeObject:
		return !godot4 && a.i < b.i
	case gdvar.TypeFloat:
		return a.f < b.f
	case gdvar.TypeString, gdvar.TypeStringName:
		return a.s < b.s
	case gdvar.TypeVector2, gdvar.TypeVector3:
		return vectorLess(a.nums, b.nums, o.d == Godot32)
	case gdvar.TypeVector2i, gdvar.TypeVector3i, gdvar.TypeVector4, gdvar.TypeVector4i:
		return godot4 && vectorLess(a.nums, b.nums, false)
	case gdvar.TypeArray:
		if godot4 {
			lt, _ := o.both(a, b)
			return lt
		}
		return o.arrayLess3(a.elems, b.elems)
	}
	return !godot4 && a.typ.IsPacked() && o.poolLess(a, b)
}

// vectorLess compares vectors by their first component that is not equal
// to the other's (a NaN is not), the last one whatever it is. Godot 3.2
// takes components that are nearly equal (see nearlyEqual) for equal.
func vectorLess(a, b []float64, nearly bool) bool {
	last := len(a) - 1
	for i := range last {
		if a[i] != b[i] && !(nearly && nearlyEqual(float32(a[i]), float32(b[i]))) {
			return a[i] < b[i]
		}
	}
	return a[last] < b[last]
}

// nearlyEqual is Godot 3.2's Math::is_equal_approx for 32-bit reals: equal,
// or closer than 0.00001 times the first (at least 0.00001).
func nearlyEqual(a, b float32) bool {
	const epsilon = 0.00001 // a double in the engine
	tolerance := float32(epsilon * float64(abs32(a)))
	if float64(tolerance) < epsilon {
		tolerance = epsilon
	}
	return a == b || abs32(a-b) < tolerance
}

func abs32(f float32) float32 { return math.Float32frombits(math.Float32bits(f) &^ (1 << 31)) }

// both returns a < b and b < a, in one pass where both are Godot 4 Arrays.
// Godot 4's Array order asks both questions of each element pair, which
// nested Arrays would make take time exponential in their depth; both
// answers come from the same first pair for which either is true.
func (o *order) both(a, b *key) (lt, gt bool) {
	if a.typ != gdvar.TypeArray || b.typ != gdvar.TypeArray || o.d != Godot4 {
		return o.variantLess(a, b), o.variantLess(b, a)
	}
	o.work++
	for i := range min(len(a.elems), len(b.elems)) {
		if lt, gt := o.both(&a.elems[i], &b.elems[i]); lt || gt {
			return lt, gt
		}
	}
	return len(a.elems) < len(b.elems), len(b.elems) < len(a.elems)
}

// arrayLess3 is Godot 3's test for Arrays: a is "less" when b is not
// shorter and some element of a is not less than b's.
func (o *order) arrayLess3(a, b []key) bool {
	if len(b) < len(a) {
		return false
	}
	for i := range a {
		if !o.variantLess(&a[i], &b[i]) {
			return true
		}
	}
	return false
}

// poolLess is Godot 3's test for pool arrays of one type: a is "less" when
// it is shorter, else when any of its elements differs from b's at the
// same index (so two different arrays are each less than the other). It
// reads as many elements as a has, past b's end when b is shorter. And it
// takes a PoolVector2Array for an array of Vector3s: its length is its
// size in bytes over 12, and its elements are three numbers at a time.
// What lies past the end of b is taken as different from anything.
func (o *order) poolLess(a, b *key) bool {
	if a.typ == gdvar.TypePackedStringArray {
		if len(a.strs) < len(b.strs) {
			return true
		}
		for i := range a.strs {
			o.work++
			if i >= len(b.strs) || a.strs[i] != b.strs[i] {
				return true
			}
		}
		return false
	}
	per := a.per
	if a.typ == gdvar.TypePackedVector2Array {
		per = 3
	}
	la, lb := len(a.nums)/per, len(b.nums)/per
	if la < lb {
		return true
	}
	for i := range la * per {
		o.work++
		if i >= len(b.nums) || a.nums[i] != b.nums[i] {
			return true
		}
	}
	return false
}

func isString(t gdvar.Type) bool { return t == gdvar.TypeString || t == gdvar.TypeStringName }
