package multiplayer

import (
	"crypto/md5"
	"encoding/hex"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// PeerID identifies a peer: the server is 1, a client has the id the
// server gave it (2 to 2^31−1). As the target of a call, 0 is every peer
// and −N every peer but N, as in Godot's rpc_id.
type PeerID int32

// The peer ids with a meaning of their own.
const (
	AllPeers PeerID = 0 // every peer
	ServerID PeerID = 1 // the server
)

// Mode says who may call a method: the first argument of @rpc.
type Mode uint8

// The modes.
const (
	// Authority: only the node's authority (the server unless
	// Node.SetAuthority says otherwise); @rpc's default.
	Authority Mode = iota
	// AnyPeer: any peer (@rpc("any_peer")).
	AnyPeer
)

// String returns the mode as @rpc names it: "authority" or "any_peer".
func (m Mode) String() string {
	if m == AnyPeer {
		return "any_peer"
	}
	return "authority"
}

// Method declares one RPC method of a node as the game's script declares
// it with @rpc: its name and who may call it. Transfer mode, channel and
// call_local do not reach the wire over WebSocket and are not declared.
type Method struct {
	Name string
	Mode Mode
}

// Node is a node of the game's scene tree, as this side knows it: its path
// and its RPC methods, which must be the methods the game's script of the
// node declares with @rpc (the engine numbers methods by their place in the
// sorted list of names, and checks the list by a checksum).
type Node struct {
	m         *Multiplayer
	path      string   // relative to /root, as the packets carry it
	names     []string // sorted as the engine sorts them: by code point
	modes     []Mode
	handlers  []*handler
	checksum  string
	authority atomic.Int32
	cacheID   uint32 // this side's cache id of the node, 0 until first sent (under m.mu)
}

// rootPath is the root the engine's paths are relative to (SceneTree's
// multiplayer root).
const rootPath = "/root"

// newNode declares a node at path, absolute ("/root/Main") or relative to
// the root ("Main").
func newNode(m *Multiplayer, path string, methods []Method) (*Node, error) {
	rel, ok := relativePath(path)
	if !ok || rel == "" {
		return nil, fmt.Errorf("multiplayer: node path %q is not under %s", path, rootPath)
	}
	sorted := slices.Clone(methods)
	slices.SortFunc(sorted, func(a, b Method) int { return strings.Compare(a.Name, b.Name) })
	n := &Node{m: m, path: rel}
	for i, meth := range sorted {
		if meth.Name == "" || i > 0 && sorted[i-1].Name == meth.Name {
			return nil, fmt.Errorf("multiplayer: node %s: method name %q empty or given twice", path, meth.Name)
		}
		n.names = append(n.names, meth.Name)
		n.modes = append(n.modes, meth.Mode)
	}
	if len(n.names) > 1<<15 {
		return nil, fmt.Errorf("multiplayer: node %s: %d methods", path, len(n.names))
	}
	n.handlers = make([]*handler, len(n.names))
	n.checksum = Checksum(n.names)
	n.authority.Store(int32(ServerID))
	return n, nil
}

// relativePath returns a node path relative to the root: "/root/Main"
// and "Main" are both "Main".
func relativePath(path string) (string, bool) {
	if rel, ok := strings.CutPrefix(path, rootPath+"/"); ok {
		return rel, true
	}
	if strings.HasPrefix(path, "/") {
		return "", false
	}
	return path, true
}

// Checksum returns the checksum the engine computes over a node's RPC
// method names (SceneRPCInterface::get_rpc_md5): the hex MD5 of the names,
// sorted by code point, one after another.
func Checksum(names []string) string {
	sorted := slices.Clone(names)
	slices.Sort(sorted)
	sum := md5.Sum([]byte(strings.Join(sorted, "")))
	return hex.EncodeToString(sum[:])
}

// Path returns the node's absolute path.
func (n *Node) Path() string { return rootPath + "/" + n.path }

// SetAuthority makes peer the node's authority, the only peer that may call
// its Authority methods (Node.set_multiplayer_authority; the server by
// default).
func (n *Node) SetAuthority(peer PeerID) { n.authority.Store(int32(peer)) }

// method returns the id of a method, by name.
func (n *Node) method(name string) (uint16, bool) {
	i, ok := slices.BinarySearch(n.names, name)
	return uint16(i), ok
}

// Handle makes fn the handler of the node's method name, called for each
// remote call of it that the method's mode allows. fn is a function whose
// first parameter is a *Call and whose other parameters receive the call's
// arguments, each decoded with gdvar.Unmarshal into the parameter's type
// (an any receives the generic form); a parameter without an argument gets
// its zero value, as a GDScript default does, and a variadic last
// parameter takes the rest. fn may return an error, which goes to
// OnError. Handlers of one peer's calls run one at a time, in the order
// the calls arrived.
//
// Handle panics if name is not a method of the node or fn is not such a
// function: both are mistakes in the program, not in its input.
func (n *Node) Handle(name string, fn any) {
	id, ok := n.method(name)
	if !ok {
		panic(fmt.Sprintf("multiplayer: node %s declares no method %q", n.Path(), name))
	}
	h, err := newHandler(fn)
	if err != nil {
		panic(fmt.Sprintf("multiplayer: handler of %s.%s: %v", n.Path(), name, err))
	}
	n.m.mu.Lock()
	n.handlers[id] = h
	n.m.mu.Unlock()
}

// Call calls the node's method name on peer to (0: every peer, −N: every
// peer but N) with args, as rpc_id does. Each argument is encoded with
// gdvar.Marshal (an int, a bool: compressed as the engine does); no
// argument, or a single []byte, travels as the engine sends no argument or
// a lone PackedByteArray: raw, without an argument count (so an empty
// []byte alone arrives as no argument, as in the engine).
// Call returns when the packets are queued; a packet that does not fit a
// peer's send queue is dropped (ErrQueueFull), one larger than the packet
// limit refused (ErrTooLarge), as the engine does.
func (n *Node) Call(to PeerID, name string, args ...any) error {
	id, ok := n.method(name)
	if !ok {
		return fmt.Errorf("%w: node %s declares no method %q", ErrUnknownMethod, n.Path(), name)
	}
	if b, ok := singleBytes(args); ok || len(args) == 0 {
		return n.m.sendCall(to, n, id, true, len(args), b)
	}
	if len(args) > 255 {
		return fmt.Errorf("multiplayer: %d arguments: at most 255", len(args))
	}
	buf := argBufs.Get().(*[]byte)
	defer putArgBuf(buf)
	enc := (*buf)[:0]
	for _, a := range args {
		var err error
		if enc, err = AppendArg(enc, a, n.m.cfg.codec...); err != nil {
			return err
		}
	}
	*buf = enc
	return n.m.sendCall(to, n, id, false, len(args), enc)
}

// argBufs keeps the buffers Call encodes arguments into before they are
// copied into each peer's packet: growing a new one for each call cost
// three allocations for three small arguments.
var argBufs = sync.Pool{New: func() any { return new([]byte) }}

// putArgBuf gives back a buffer of argBufs, unless a large call grew it.
func putArgBuf(b *[]byte) {
	if cap(*b) <= keptReadBuf {
		argBufs.Put(b)
	}
}

// singleBytes reports whether args is one []byte, which travels raw.
func singleBytes(args []any) ([]byte, bool) {
	if len(args) != 1 {
		return nil, false
	}
	b, ok := args[0].([]byte)
	return b, ok
}

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
	conn   *conn // whose Decoder decodes every argument
}

// NumArgs returns the number of arguments.
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
		return c.conn.decodeString(c.args[i], v, c.Node.m.cfg.codec)
	}
	return c.conn.decode(c.args[i], v, c.Node.m.cfg.codec)
}

// Reply calls method name of the same node on the peer that made the call.
func (c *Call) Reply(name string, args ...any) error { return c.Node.Call(c.From, name, args...) }

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

func newHandler(fn any) (*handler, error) {
	v := reflect.ValueOf(fn)
	if !v.IsValid() || v.Kind() != reflect.Func || v.IsNil() {
		return nil, errors.New("want a func(*multiplayer.Call, …), not nil")
	}
	t := v.Type()
	if t.NumIn() == 0 || t.In(0) != callType {
		return nil, errors.New("want a func(*multiplayer.Call, …)")
	}
	if t.NumOut() > 1 || t.NumOut() == 1 && t.Out(0) != errorType {
		return nil, errors.New("want no result or an error")
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
		return fmt.Errorf("%s.%s: %d arguments, the handler takes %d", c.Node.Path(), c.Method, len(c.args), fixed)
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

// decodeArg decodes argument i for the handler, naming it in an error.
func (c *Call) decodeArg(i int, v any) error {
	if err := c.decode(i, v); err != nil {
		return fmt.Errorf("%s.%s: argument %d: %w", c.Node.Path(), c.Method, i, err)
	}
	return nil
}
