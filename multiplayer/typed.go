package multiplayer

import (
	"reflect"
	"sync"
)

// Handle0, Handle1, Handle2 and Handle3 are Node.Handle with a handler
// whose argument types the compiler checks: fn takes the call and 0 to 3
// arguments, each decoded with gdvar.Unmarshal into its parameter's type,
// as Handle decodes them (a parameter without an argument gets its zero
// value; more arguments than parameters are an ArgError). They cost no
// allocation per call beyond what decoding the arguments takes. (Go's
// methods cannot have type parameters: these are functions of the
// package.) Each panics if name is not a method of the node, or fn does
// not take what its declared Params bring (ErrHandlerParams).
func Handle0(n *Node, name string, fn func(*Call) error) {
	n.mustSet(name, typedHandler(0, func(c *Call, _ *typedArgs[none, none, none]) error { return fn(c) }))
}

// Handle1 is Handle0 with one argument.
func Handle1[A any](n *Node, name string, fn func(*Call, A) error) {
	n.mustSet(name, typedHandler(1, func(c *Call, a *typedArgs[A, none, none]) error { return fn(c, a.a) }))
}

// Handle2 is Handle0 with two arguments.
func Handle2[A, B any](n *Node, name string, fn func(*Call, A, B) error) {
	n.mustSet(name, typedHandler(2, func(c *Call, a *typedArgs[A, B, none]) error { return fn(c, a.a, a.b) }))
}

// Handle3 is Handle0 with three arguments.
func Handle3[A, B, C any](n *Node, name string, fn func(*Call, A, B, C) error) {
	n.mustSet(name, typedHandler(3, func(c *Call, a *typedArgs[A, B, C]) error { return fn(c, a.a, a.b, a.c) }))
}

// none fills the places of typedArgs a handler does not take.
type none struct{}

// typedArgs is what a typed handler's call decodes its arguments into,
// reused from call to call, as the frames of Handle's handlers are.
type typedArgs[A, B, C any] struct {
	a A
	b B
	c C
}

// typedHandler makes the handler of a typed function of count arguments,
// which call calls with them decoded.
func typedHandler[A, B, C any](count int, call func(*Call, *typedArgs[A, B, C]) error) *handler {
	pool := sync.Pool{New: func() any { return new(typedArgs[A, B, C]) }}
	params := []reflect.Type{reflect.TypeFor[A](), reflect.TypeFor[B](), reflect.TypeFor[C]()}[:count] // for Node.fit
	return &handler{params: params, typed: func(c *Call) error {
		if len(c.args) > count {
			return c.tooMany(count)
		}
		args := pool.Get().(*typedArgs[A, B, C])
		defer func() {
			*args = typedArgs[A, B, C]{} // the handler's values are its own
			pool.Put(args)
		}()
		into := [3]any{&args.a, &args.b, &args.c}
		for i := range c.args {
			if err := c.decodeArg(i, into[i]); err != nil {
				return err
			}
		}
		return call(c, args)
	}}
}
