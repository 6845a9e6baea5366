package gdvar

import (
	"errors"
	"fmt"
	"reflect"
	"unsafe"
)

// Marshal refuses a Go value nested deeper than Godot allows, or one that
// contains itself, with an error instead of a stack overflow. The Encoder
// counts containers (Limits.MaxDepth); the value layer counts the pointers,
// interfaces and Marshalers it goes through on the way (hops), at most
// maxHops on one path. It also records the references it follows (pointers,
// maps, slices), so that when either limit is hit, one met twice on the path
// tells a cycle (ErrCycle) from a value that is only too deep (ErrTooDeep).

// maxHops is how many pointers, interfaces and Marshalers one path through a
// Go value may go through: eight for each container Godot allows.
const maxHops = 8 * (maxEngineDepth + 1)

// ref is a reference on the path: its address, a slice's length, its type.
type ref struct {
	p uintptr
	n int
	t reflect.Type
}

// follow records a reference on the path and returns the path's length
// before it; leave drops it again.
func (es *encodeState) follow(r ref) int {
	k := len(es.refs)
	es.refs = append(es.refs, r)
	return k
}

// leave ends what follow began. A failure keeps the path as it was at the
// failure, for Encode to tell a cycle.
func (es *encodeState) leave(k int, err error) error {
	if err == nil {
		es.refs = es.refs[:k]
	}
	return err
}

// valueRef is the reference a pointer or map is.
func valueRef(v reflect.Value) ref { return ref{v.Pointer(), 0, v.Type()} }

// sliceRef is the reference the slice s of a t is: its array and length.
func sliceRef[T any](s []T, t reflect.Type) ref {
	return ref{uintptr(unsafe.Pointer(unsafe.SliceData(s))), len(s), t}
}

// hop counts a pointer, interface or Marshaler on the path; unhop uncounts
// it.
func (es *encodeState) hop() error {
	if es.hops >= maxHops {
		return &EncodeError{Path: es.e.path(), Detail: fmt.Sprintf("a Go value through more than %d pointers and interfaces", maxHops), Err: ErrTooDeep}
	}
	es.hops++
	return nil
}

func (es *encodeState) unhop() { es.hops-- }

// cycle turns a failure for depth into ErrCycle when a reference occurs
// twice on the path.
func (es *encodeState) cycle(err error) error {
	if !errors.Is(err, ErrTooDeep) {
		return err
	}
	seen := make(map[ref]bool, len(es.refs))
	for _, r := range es.refs {
		if seen[r] {
			return &EncodeError{Path: es.e.path(), Detail: fmt.Sprintf("a Go value of type %s contains itself", r.t), Err: ErrCycle}
		}
		seen[r] = true
	}
	return err
}
