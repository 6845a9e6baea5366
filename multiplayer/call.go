package multiplayer

import (
	"errors"
	"fmt"
	"reflect"
	"sync"
)

// Call is a remote call as it arrived: who made it, the node and method,
// and its arguments. The arguments (Arg, Decode) are valid during the
// handler only: the connection's next call reuses their buffer and
// Decoder. What the handler's parameters received is its own, and
// Reply may be called later, from any goroutine.
type Call struct {
	From   PeerID
	Node   *Node
	Method string
	args   [][]byte
	conn   *conn  // whose Decoder decodes every argument
	serial uint64 // of the packet on conn (see conn.sendFor)
	// The errors of the peer the call's ArgError is reported as (see
	// refuse); nil when it goes to HandleArgError's function, or to a
	// local caller, which get each one.
	errs *errorRuns
}

// NumArgs returns the number of arguments. It, Arg and Decode are for
// the handler, during the call: the connection's next call reuses what
// they read.
func (c *Call) NumArgs() int { return len(c.args) }

// Arg returns argument i as var_to_bytes encodes it, to read token by token
// with a gdvar.Decoder; it is valid during the handler.
func (c *Call) Arg(i int) []byte { return c.args[i] }

// Decode decodes argument i into v, as gdvar.Unmarshal does, during the
// handler.
func (c *Call) Decode(i int, v any) error {
	if i >= len(c.args) {
		return fmt.Errorf("multiplayer: argument %d of %d", i, len(c.args))
	}
	return c.decode(i, v)
}

// decode decodes argument i with the connection's Decoder, a string or
// any parameter from the strings it kept.
func (c *Call) decode(i int, v any) error {
	switch v.(type) {
	case *string, *any:
		return c.conn.args.decodeString(c.args[i], v, c.Node.r.cfg.codec)
	}
	return c.conn.args.decode(c.args[i], v, c.Node.r.cfg.codec)
}

// Reply calls method name of the same node on the peer that made the call.
// Over a WebSocket, a reply made while the handler runs is written once
// the handler returns, by the goroutine that reads the peer's packets,
// sparing a wake of another thread: a peer that does not read its
// replies then stops being read, until the write timeout disconnects it,
// instead of filling its send queue.
func (c *Call) Reply(name string, args ...any) error {
	return c.Node.call(c.From, name, args, replyTo{c.conn, c.serial})
}

// handler is a function Handle was given, with its parameter types.
type handler struct {
	fn       reflect.Value
	params   []reflect.Type // after the *Call
	variadic bool
	errs     bool      // returns an error
	frames   sync.Pool // of *frame
	// fn itself when it takes ...any, as the examples' handlers do: called
	// directly, without the result reflect makes (two allocations).
	anyArgs func(*Call, ...any) error
	// typed, if set, is the whole handler: one of Handle0–3's, which
	// decodes the arguments and calls its function itself.
	typed func(*Call) error
}

// frame is what a call of a handler decodes its arguments into: the
// parameters' storage and the values the handler is called with, reused
// from call to call (a value and a reflect.Value made for each argument
// cost two allocations, more than most arguments' bytes). The handler gets
// copies: nothing of a frame outlives the call.
type frame struct {
	in   []reflect.Value // the *Call, then each fixed parameter
	ptrs []any           // a pointer to each fixed parameter, to decode into
}

var (
	callType  = reflect.TypeFor[*Call]()
	errorType = reflect.TypeFor[error]()
)

// typeName names fn's type for a mistake's message.
func typeName(fn any) string {
	if fn == nil {
		return "nil"
	}
	return reflect.TypeOf(fn).String()
}

func newHandler(fn any) (*handler, error) {
	v := reflect.ValueOf(fn)
	if !v.IsValid() || v.Kind() != reflect.Func || v.IsNil() {
		return nil, errors.New("not a function")
	}
	t := v.Type()
	if t.NumIn() == 0 || t.In(0) != callType {
		return nil, errors.New("the first parameter is not a *multiplayer.Call")
	}
	if t.NumOut() > 1 || t.NumOut() == 1 && t.Out(0) != errorType {
		return nil, errors.New("a result other than one error")
	}
	h := &handler{fn: v, variadic: t.IsVariadic(), errs: t.NumOut() == 1}
	for i := 1; i < t.NumIn(); i++ {
		h.params = append(h.params, t.In(i))
	}
	h.frames.New = func() any { return h.newFrame() }
	switch f := fn.(type) {
	case func(*Call, ...any) error:
		h.anyArgs = f
	case func(*Call, ...any):
		h.anyArgs = func(c *Call, args ...any) error { f(c, args...); return nil }
	}
	return h, nil
}

// fixed returns the number of parameters before a variadic one.
func (h *handler) fixed() int {
	if h.variadic {
		return len(h.params) - 1
	}
	return len(h.params)
}

func (h *handler) newFrame() *frame {
	f := &frame{in: make([]reflect.Value, 1, 1+len(h.params))}
	for _, t := range h.params[:h.fixed()] {
		p := reflect.New(t)
		f.in = append(f.in, p.Elem())
		f.ptrs = append(f.ptrs, p.Interface())
	}
	return f
}

// call decodes the call's arguments into the handler's parameters and calls
// it. A variadic parameter's slice is made whole, for the handler to keep,
// and decoded into in place.
func (h *handler) call(c *Call) error {
	if h.typed != nil {
		return h.typed(c)
	}
	if h.anyArgs != nil {
		args := make([]any, len(c.args))
		for i := range args {
			if err := c.decodeArg(i, &args[i]); err != nil {
				return err
			}
		}
		return h.anyArgs(c, args...)
	}
	fixed := h.fixed()
	if !h.variadic && len(c.args) > fixed {
		return c.tooMany(fixed)
	}
	f := h.frames.Get().(*frame)
	defer h.release(f)
	f.in[0] = reflect.ValueOf(c)
	for i := range min(fixed, len(c.args)) {
		if err := c.decodeArg(i, f.ptrs[i]); err != nil {
			return err
		}
	}
	var out []reflect.Value
	if h.variadic {
		n := max(0, len(c.args)-fixed)
		rest := reflect.MakeSlice(h.params[fixed], n, n)
		for i := range n {
			if err := c.decodeArg(fixed+i, rest.Index(i).Addr().Interface()); err != nil {
				return err
			}
		}
		out = h.fn.CallSlice(append(f.in, rest))
	} else {
		out = h.fn.Call(f.in)
	}
	if h.errs && !out[0].IsNil() {
		return out[0].Interface().(error)
	}
	return nil
}

// release zeroes a frame, as a new one, and gives it back.
func (h *handler) release(f *frame) {
	f.in[0] = reflect.Value{}
	for _, v := range f.in[1:] {
		v.SetZero()
	}
	clear(f.in[len(f.in):cap(f.in)]) // a variadic call's slice
	h.frames.Put(f)
}

// decodeArg decodes argument i for the handler, an *ArgError if it fails.
func (c *Call) decodeArg(i int, v any) error {
	if err := c.decode(i, v); err != nil {
		return c.errs.refuse(errArguments, func() error { return &ArgError{Node: c.Node.Path(), Method: c.Method, Index: i, Err: err} })
	}
	return nil
}

// tooMany is the error of a call with more arguments than its handler
// takes, n.
func (c *Call) tooMany(n int) error {
	return c.errs.refuse(errArguments, func() error {
		return &ArgError{Node: c.Node.Path(), Method: c.Method, Index: n, Err: fmt.Errorf("%d arguments, the handler takes %d", len(c.args), n)}
	})
}
