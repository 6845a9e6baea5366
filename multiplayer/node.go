package multiplayer

import (
	"crypto/md5"
	"encoding/hex"
	"errors"
	"fmt"
	"github.com/gdvar/gdvar/multiplayer/mode"
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

// Method declares one RPC method of a node as the game declares it: with
// @rpc in the node's script, or with Node.rpc_config (Config), as
// GDExtension nodes (godot-cpp, godot-rust) declare theirs. A bare @rpc,
// and an rpc_config dictionary with only "rpc_mode", is authority,
// call_remote, reliable, channel 0: Method{Name: name, Transfer:
// mode.Reliable}. The zero Transfer is mode.Unreliable, the value of
// MultiplayerPeer.TransferMode it mirrors, so a Method must say Reliable
// to match them (package fromproject sets what the script's @rpc says).
type Method struct {
	Name string
	// Mode says who may call it (@rpc's "authority" or "any_peer"): the
	// node's authority alone (mode.Authority, the server unless
	// Node.SetAuthority says otherwise), or any peer.
	Mode mode.RPC
	// CallLocal is @rpc's "call_local": a Call to every peer, to every
	// peer but another, or to this side's own id runs this side's handler
	// too, in the caller's goroutine, after the packets are queued, with
	// Call.From this side's id (the authority is not checked, as the
	// engine does not). Without it, a Call to this side's own id fails.
	CallLocal bool
	// Transfer and Channel (@rpc's transfer_channel) are how this side
	// sends the method's calls. Over WebSocket every packet arrives, in
	// order, whatever the mode; over ENet the mode and channel choose the
	// ENet channel and flags, as ENetMultiplayerPeer does.
	Transfer mode.Transfer
	Channel  uint8
	// Config says the method is declared with Node.rpc_config rather than
	// @rpc. The engine numbers the two kinds apart: a node's rpc_config
	// methods, sorted, are 0x8000 | their place; its script's, sorted,
	// their place.
	Config bool
}

// Node is a node of the game's scene tree, as this side knows it: its path
// and its RPC methods, which must be the methods the game's node declares
// (the engine numbers methods by their place in the sorted list of names,
// and checks the list by a checksum).
type Node struct {
	m         *Multiplayer
	path      string // relative to /root, as the packets carry it
	methods   *MethodSet
	bound     map[*method]binding // the handlers set, nil until one is (under m.mu)
	authority atomic.Int32
	cacheID   uint32 // this side's cache id of the node, 0 until first sent (under m.mu)

	// A spawner's node; a spawned node's, or its synchronizer's; whether
	// a spawn made the node, and whether it was despawned (under m.mu).
	spawner *Spawner
	object  *Object
	sync    *objectSync
	spawned bool
	gone    bool
}

// MethodSet is a node's RPC methods, checked and numbered as the engine
// numbers them, with their checksum. It never changes once made, so the
// nodes that declare the same methods share one (DeclareNode): a scene
// may set one script on thousands of nodes, and a spawner makes its
// scene's nodes again and again.
type MethodSet struct {
	script   []*method // @rpc methods, sorted as the engine sorts them: by code point
	config   []*method // rpc_config methods, sorted so too
	checksum string
}

// noMethods is the set of a node that declares no method.
var noMethods = &MethodSet{checksum: checksum(nil)}

// method is a declared method with its wire id.
type method struct {
	Method
	id uint16
}

// binding is what a node does with its calls of one method.
type binding struct {
	handler  *handler
	argError func(*Call, *ArgError)
}

// configFlag marks the ids of rpc_config methods.
const configFlag = 1 << 15

// rootPath is the root the engine's paths are relative to (SceneTree's
// multiplayer root).
const rootPath = "/root"

// newNode declares a node at path, absolute ("/root/Main") or relative to
// the root ("Main"), with the methods of t.
func newNode(m *Multiplayer, path string, t *MethodSet) (*Node, error) {
	rel, ok := relativePath(path)
	if !ok || rel == "" {
		return nil, fmt.Errorf("multiplayer: node path %q is not under %s", path, rootPath)
	}
	n := &Node{m: m, path: rel, methods: t}
	n.authority.Store(int32(ServerID))
	return n, nil
}

// NewMethodSet checks a node's methods and numbers them as the engine
// does: it fails on a method without a name or given twice, or with a
// mode or transfer mode out of range or a channel past MaxChannel.
func NewMethodSet(methods ...Method) (*MethodSet, error) {
	t, err := newMethodSet(methods)
	if err != nil {
		return nil, fmt.Errorf("multiplayer: %w", err)
	}
	return t, nil
}

// newMethodSet is NewMethodSet, its errors for the caller to say whose
// methods they are.
func newMethodSet(methods []Method) (*MethodSet, error) {
	t := &MethodSet{}
	for _, meth := range methods {
		if meth.Name == "" {
			return nil, errors.New("a method without a name")
		}
		if meth.Mode > mode.AnyPeer || meth.Transfer > mode.Reliable || meth.Channel > MaxChannel {
			return nil, fmt.Errorf("method %s: mode %d, transfer mode %d, channel %d (at most %d)",
				meth.Name, meth.Mode, meth.Transfer, meth.Channel, MaxChannel)
		}
		if meth.Config {
			t.config = append(t.config, &method{Method: meth})
		} else {
			t.script = append(t.script, &method{Method: meth})
		}
	}
	var names []string
	for k, list := range [][]*method{t.config, t.script} {
		slices.SortFunc(list, func(a, b *method) int { return strings.Compare(a.Name, b.Name) })
		if len(list) > configFlag {
			return nil, fmt.Errorf("%d methods", len(list))
		}
		for i, meth := range list {
			if i > 0 && list[i-1].Name == meth.Name {
				return nil, fmt.Errorf("method %q given twice", meth.Name)
			}
			meth.id = uint16(i)
			if k == 0 {
				meth.id |= configFlag
			}
			names = append(names, meth.Name)
		}
	}
	t.checksum = checksum(names)
	return t, nil
}

// Methods returns the set's methods in the order the engine numbers and
// checksums them: the rpc_config ones, then the script's, each sorted by
// name.
func (t *MethodSet) Methods() []Method {
	out := make([]Method, 0, len(t.config)+len(t.script))
	for _, meth := range slices.Concat(t.config, t.script) {
		out = append(out, meth.Method)
	}
	return out
}

// Checksum returns the checksum the engine computes over the methods'
// names (see Checksum).
func (t *MethodSet) Checksum() string { return t.checksum }

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

// Checksum returns the checksum the engine computes over the names of a
// node's @rpc methods (SceneRPCInterface::get_rpc_md5): the hex MD5 of the
// names, sorted by code point, one after another. A node with rpc_config
// methods too puts those first, sorted apart.
func Checksum(names []string) string {
	sorted := slices.Clone(names)
	slices.Sort(sorted)
	return checksum(sorted)
}

// checksum is the hex MD5 of names in the order given, as the engine
// walks a node's methods: rpc_config ones, then the script's.
func checksum(names []string) string {
	sum := md5.Sum([]byte(strings.Join(names, "")))
	return hex.EncodeToString(sum[:])
}

// checksumError is the error of a peer's checksum of the node that
// differs from this side's (peer: "" if unknown).
func (n *Node) checksumError(peer string) *ChecksumError {
	return &ChecksumError{Node: n.Path(), Methods: n.methods.Methods(), Checksum: n.methods.checksum, PeerChecksum: peer}
}

// Path returns the node's absolute path.
func (n *Node) Path() string { return rootPath + "/" + n.path }

// MethodSet returns the node's RPC methods.
func (n *Node) MethodSet() *MethodSet { return n.methods }

// SetAuthority makes peer the node's authority, the only peer that may call
// its Authority methods (Node.set_multiplayer_authority; the server by
// default).
func (n *Node) SetAuthority(peer PeerID) { n.authority.Store(int32(peer)) }

// byName returns a method, by name: the script's if both kinds declare
// it, as the engine's table of names keeps the one parsed last.
func (n *Node) byName(name string) *method {
	for _, list := range [][]*method{n.methods.script, n.methods.config} {
		if i, ok := slices.BinarySearchFunc(list, name, func(m *method, name string) int { return strings.Compare(m.Name, name) }); ok {
			return list[i]
		}
	}
	return nil
}

// byID returns the method a call names, or nil.
func (n *Node) byID(id uint16) *method {
	list := n.methods.script
	if id&configFlag != 0 {
		list, id = n.methods.config, id&^configFlag
	}
	if int(id) >= len(list) {
		return nil
	}
	return list[id]
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
	if err := n.SetHandler(name, fn); err != nil {
		panic(err.Error())
	}
}

// SetHandler is Handle, returning its mistakes as errors: for a program
// whose declarations come from elsewhere (package fromproject's).
func (n *Node) SetHandler(name string, fn any) error {
	meth := n.byName(name)
	if meth == nil {
		return n.noMethod(name)
	}
	h, err := newHandler(fn)
	if err != nil {
		return fmt.Errorf("multiplayer: handler of %s.%s: %v; want func(*multiplayer.Call, args...) or func(*multiplayer.Call, args...) error, given %s",
			n.Path(), name, err, typeName(fn))
	}
	n.setHandler(meth, h)
	return nil
}

// mustSet makes h the handler of the node's method name, panicking if the
// node declares no such method.
func (n *Node) mustSet(name string, h *handler) {
	meth := n.byName(name)
	if meth == nil {
		panic(n.noMethod(name).Error())
	}
	n.setHandler(meth, h)
}

// setHandler makes h the handler of meth.
func (n *Node) setHandler(meth *method, h *handler) {
	n.bind(meth, func(b *binding) { b.handler = h })
}

// bind changes what the node does with meth's calls.
func (n *Node) bind(meth *method, change func(*binding)) {
	n.m.mu.Lock()
	defer n.m.mu.Unlock()
	if n.bound == nil {
		n.bound = map[*method]binding{}
	}
	b := n.bound[meth]
	change(&b)
	n.bound[meth] = b
}

// noMethod is the mistake of naming a method the node does not declare.
func (n *Node) noMethod(name string) error {
	return fmt.Errorf("multiplayer: node %s declares no method %q", n.Path(), name)
}

// HandleArgError makes fn the function called, instead of the handler of
// the node's method name, for a call whose arguments do not fit the
// handler (see ArgError): fn sees the call, its arguments as they came
// (Call.Arg), and why. Without it such a call is reported to OnError.
// HandleArgError panics if name is not a method of the node.
func (n *Node) HandleArgError(name string, fn func(*Call, *ArgError)) {
	meth := n.byName(name)
	if meth == nil {
		panic(n.noMethod(name).Error())
	}
	n.bind(meth, func(b *binding) { b.argError = fn })
}

// Call calls the node's method name on peer to (0: every peer, −N: every
// peer but N) with args, as rpc_id does. Each argument is encoded with
// gdvar.Marshal (an int, a bool: compressed as the engine does); no
// argument, or a single []byte, travels as the engine sends no argument or
// a lone PackedByteArray: raw, without an argument count (so an empty
// []byte alone arrives as no argument, as in the engine).
// Call returns when the packets are queued; a packet that does not fit a
// peer's send queue is dropped (ErrQueueFull), one larger than the packet
// limit refused (ErrTooLarge), as the engine does. A CallLocal method's
// handler runs here too (see Method), and its error is returned.
func (n *Node) Call(to PeerID, name string, args ...any) error {
	return n.call(to, name, args, replyTo{})
}

// replyTo names the packet a call answers: the connection it came on and
// its serial there (see conn.sendFor).
type replyTo struct {
	conn   *conn
	serial uint64
}

// call is Call, answering re.
func (n *Node) call(to PeerID, name string, args []any, re replyTo) error {
	meth := n.byName(name)
	if meth == nil {
		return fmt.Errorf("%w: node %s declares no method %q", ErrUnknownMethod, n.Path(), name)
	}
	self := n.m.ID()
	if self == 0 {
		return ErrClosed
	}
	if to == self && !meth.CallLocal {
		return fmt.Errorf("%w: %s.%s on this side itself, without CallLocal", ErrNotAllowed, n.Path(), name)
	}
	call := remoteCall{method: meth.id, argc: len(args)}
	if b, ok := singleBytes(args); ok || len(args) == 0 {
		call.byteOnly, call.args = true, b
	} else {
		if len(args) > 255 {
			return fmt.Errorf("multiplayer: %d arguments: at most 255", len(args))
		}
		buf := argBufs.Get().(*[]byte)
		defer putArgBuf(buf)
		enc := (*buf)[:0]
		for _, a := range args {
			var err error
			if enc, err = AppendArg(enc, a, n.m.cfg.codec); err != nil {
				return err
			}
		}
		*buf = enc
		call.args = enc
	}
	var err error
	if to != self {
		err = n.m.sendCall(to, n, meth, call, re)
	}
	if meth.CallLocal && (to == AllPeers || to == self || to < 0 && to != -self) {
		if lerr := n.callLocal(self, meth, call); err == nil {
			err = lerr
		}
	}
	return err
}

// callLocal runs a CallLocal method's handler on this side, with the
// arguments as a peer would receive them.
func (n *Node) callLocal(self PeerID, meth *method, call remoteCall) error {
	n.m.mu.Lock()
	h := n.bound[meth].handler
	n.m.mu.Unlock()
	if h == nil {
		return fmt.Errorf("%w: %s.%s has no handler", ErrUnknownMethod, n.Path(), meth.Name)
	}
	local := &conn{m: n.m, id: self}
	args, err := local.decodeArgs(call, n.m.cfg.codec)
	if err != nil {
		return fmt.Errorf("%s.%s: %w", n.Path(), meth.Name, err)
	}
	return h.call(&Call{From: self, Node: n, Method: meth.Name, args: args, conn: local})
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
	conn   *conn  // whose Decoder decodes every argument
	serial uint64 // of the packet on conn (see conn.sendFor)
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
		return c.conn.decodeString(c.args[i], v, c.Node.m.cfg.codec)
	}
	return c.conn.decode(c.args[i], v, c.Node.m.cfg.codec)
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
		return &ArgError{Node: c.Node.Path(), Method: c.Method, Index: fixed,
			Err: fmt.Errorf("%d arguments, the handler takes %d", len(c.args), fixed)}
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
		return &ArgError{Node: c.Node.Path(), Method: c.Method, Index: i, Err: err}
	}
	return nil
}
