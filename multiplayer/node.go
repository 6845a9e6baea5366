package multiplayer

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// Node is a node of the game's scene tree, as this side knows it: its path
// and its RPC methods, which must be the methods the game's node declares
// (the engine numbers methods by their place in the sorted list of names,
// and checks the list by a checksum).
type Node struct {
	r         *rpcLayer
	path      string // relative to /root, as the packets carry it
	methods   *MethodSet
	bound     map[*method]binding // the handlers set, nil until one is (under r.mu)
	authority atomic.Int32
	cacheID   uint32       // this side's cache id of the node, 0 until first sent (under r.mu)
	counters  nodeCounters // its methods' calls' (see stats_calls.go)

	// Whether a spawn made the node, and whether it was despawned since
	// (under r.mu).
	spawned bool
	gone    bool
	// role is what replication, a part above, makes of the node, kept
	// here and read by it alone (under its lock; see spawnerOf).
	role any
}

// binding is what a node does with its calls of one method.
type binding struct {
	handler  *handler
	argError func(*Call, *ArgError)
}

// newNode declares a node at path, absolute ("/root/Main") or relative to
// the multiplayer root ("Main"), with the methods of t.
func newNode(r *rpcLayer, path string, t *MethodSet) (*Node, error) {
	rel, ok := r.cfg.relative(path)
	if !ok || rel == "" {
		return nil, fmt.Errorf("multiplayer: node path %q is not under %s", path, r.cfg.root)
	}
	n := &Node{r: r, path: rel, methods: t}
	n.authority.Store(int32(ServerID))
	return n, nil
}

// relative returns a node path relative to the multiplayer root, as the
// packets carry it: with the root /root, "/root/Main" and "Main" are both
// "Main"; the root itself is "." (a branch's root, whose script holds
// RPCs: the engine's rel_path_to of a node to itself).
func (c *config) relative(path string) (string, bool) {
	if rel, ok := strings.CutPrefix(path, c.root+"/"); ok {
		return rel, true
	}
	if path == c.root {
		return ".", true
	}
	if strings.HasPrefix(path, "/") {
		return "", false
	}
	return path, true
}

// checksumError is the error of a peer's checksum of the node that
// differs from this side's (peer: "" if unknown).
func (n *Node) checksumError(peer string) *ChecksumError {
	return &ChecksumError{Node: n.Path(), Methods: n.methods.Methods(), Checksum: n.methods.checksum, PeerChecksum: peer}
}

// Path returns the node's absolute path.
func (n *Node) Path() string {
	if n.path == "." {
		return n.r.cfg.root
	}
	return n.r.cfg.root + "/" + n.path
}

// MethodSet returns the node's RPC methods.
func (n *Node) MethodSet() *MethodSet { return n.methods }

// SetAuthority makes peer the node's authority, the only peer that may call
// its Authority methods (Node.set_multiplayer_authority; the server by
// default).
func (n *Node) SetAuthority(peer PeerID) { n.authority.Store(int32(peer)) }

// byName returns a method of the node, by name, or nil.
func (n *Node) byName(name string) *method { return n.methods.byName(name) }

// byName returns a method, by name: the script's if both kinds declare
// it, as the engine's table of names keeps the one parsed last.
func (t *MethodSet) byName(name string) *method {
	for _, list := range [][]*method{t.script, t.config} {
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
// If the method declares its Params (package fromproject declares the
// script's), fn must take what its calls bring (ErrHandlerParams): a
// parameter for each declared one (those with a default may be left out,
// last), of a Go type its declared type decodes into (any, or what
// docs/multiplayer.md's table accepts: int64 for an int, float64 for a
// float; HandlerType gives one), no more, and a variadic last one for a
// rest parameter. An untyped parameter takes any Go type.
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
	if err := n.r.fit(n.Path(), meth, h); err != nil {
		return err
	}
	n.setHandler(meth, h)
	return nil
}

// mustSet makes h the handler of the node's method name, panicking if the
// node declares no such method or h does not fit its Params.
func (n *Node) mustSet(name string, h *handler) {
	meth := n.byName(name)
	if meth == nil {
		panic(n.noMethod(name).Error())
	}
	if err := n.r.fit(n.Path(), meth, h); err != nil {
		panic(err.Error())
	}
	n.setHandler(meth, h)
}

// setHandler makes h the handler of meth.
func (n *Node) setHandler(meth *method, h *handler) {
	n.bind(meth, func(b *binding) { b.handler = h })
}

// bind changes what the node does with meth's calls.
func (n *Node) bind(meth *method, change func(*binding)) {
	n.r.mu.Lock()
	defer n.r.mu.Unlock()
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
// peer but N) with args, as rpc_id does. A call to every peer reaches
// those there are: with none, or before this side serves or connects, it
// sends nothing and is not an error, as rpc() on the engine's
// OfflineMultiplayerPeer (this side is then peer 1). Each argument is encoded with
// gdvar.Marshal (an int, a bool: compressed as the engine does); no
// argument, or a single []byte, travels as the engine sends no argument or
// a lone PackedByteArray: raw, without an argument count (so an empty
// []byte alone arrives as no argument, as in the engine).
// Call returns when the packets are queued; a packet that does not fit a
// peer's send queue is dropped (ErrQueueFull), one larger than the packet
// limit refused (ErrTooLarge), as the engine does. A CallLocal method's
// handler runs here too (see Method), and its error is returned; a
// CallLocal method without a handler is an error only when called on
// this side alone.
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
	self, offline := n.r.peers.caller(to)
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
			if enc, err = AppendArg(enc, a, n.r.cfg.codec); err != nil {
				return err
			}
		}
		*buf = enc
		call.args = enc
	}
	var err error
	if to != self && !offline {
		err = n.r.sendCall(to, n, meth, call, re)
	}
	if meth.CallLocal && (to == AllPeers || to == self || to < 0 && to != -self) {
		if lerr := n.callLocal(self, meth, call, to == self); err == nil {
			err = lerr
		}
	}
	return err
}

// callLocal runs a CallLocal method's handler on this side, with the
// arguments as a peer would receive them. Without a handler, a call to
// this side alone is an error; one to the peers too did what this side
// declared it for, which is to reach them (the handler of a method a
// Godot host calls locally is often the client's code alone).
func (n *Node) callLocal(self PeerID, meth *method, call remoteCall, alone bool) error {
	n.r.mu.Lock()
	h := n.bound[meth].handler
	n.r.mu.Unlock()
	if h == nil && !alone {
		return nil
	}
	if h == nil {
		return fmt.Errorf("%w: %s.%s has no handler", ErrUnknownMethod, n.Path(), meth.Name)
	}
	local := &conn{m: n.r.peers, id: self}
	args, err := local.args.decodeArgs(nil, call, n.r.cfg.codec)
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
