package multiplayer

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/gdvar/gdvar/multiplayer/mode"
)

// rpcLayer is a Multiplayer's remote calls, above its transport and its
// authentication: the declared nodes and their methods and handlers, the
// cache ids this side gave nodes and those each peer gave them. Its lock
// is taken after the replication's, before the transport's.
type rpcLayer struct {
	cfg   *config
	peers *peerLayer

	mu    sync.Mutex
	nodes map[string]*Node // by path relative to /root
	// Each peer's cache ids of the nodes it sent, and, per peer, the nodes
	// this side sent it: false until the peer confirmed the path.
	recv    map[PeerID]*recvCache
	sent    map[PeerID]map[*Node]bool
	byCache map[uint32]*Node
	next    uint32 // the next cache id this side gives a node or a root path
	drops   uint64 // spawned nodes dropped so far (see addCached)
	objects bool   // the codec decodes whole objects (see signature.checkArgs)
	unnamed uint64 // peers' cache ids dropped so far, for the replication's memo (syncMemo)
	// The cache ids of the root paths sent and not confirmed yet (see
	// sendPath).
	rootPaths map[uint32]chan struct{}

	// The calls counted (Stats.Calls), and the calls of no declared node
	// or method.
	callCounts   callCounts
	unknownCalls atomic.Uint64
}

// init makes r the remote calls of a Multiplayer of cfg over peers.
func (r *rpcLayer) init(cfg *config, peers *peerLayer) {
	r.cfg, r.peers = cfg, peers
	r.nodes, r.recv, r.sent, r.byCache = map[string]*Node{}, map[PeerID]*recvCache{}, map[PeerID]map[*Node]bool{}, map[uint32]*Node{}
	r.rootPaths = map[uint32]chan struct{}{}
	r.next = 1
	r.objects = objectsAllowed(cfg.codec)
}

// declare declares the node at path with the methods of t (DeclareNode).
func (r *rpcLayer) declare(path string, t *MethodSet) (*Node, error) {
	n, err := newNode(r, path, t)
	if err != nil {
		return nil, err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.nodes[n.path] != nil {
		return nil, fmt.Errorf("multiplayer: node %s declared twice", path)
	}
	n.counters = r.countersFor(n.Path(), t)
	r.nodes[n.path] = n
	return n, nil
}

// lookup returns the node at path, or nil (Lookup).
func (r *rpcLayer) lookup(path string) *Node {
	rel, ok := r.cfg.relative(path)
	if !ok {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.nodes[rel]
}

// addNode declares a node of a spawned scene (r.mu held), its calls
// counted under label (see Stats.Calls). A path taken by a declared node
// keeps the declared one, which then serves both.
func (r *rpcLayer) addNode(rel, label string, t *MethodSet) *Node {
	if n := r.nodes[rel]; n != nil {
		return n
	}
	n, err := newNode(r, rel, t)
	if err != nil {
		panic(err.Error()) // the scene's methods were checked when declared
	}
	n.counters = r.countersFor(label, t)
	n.spawned = true
	r.nodes[rel] = n
	return n
}

// dropNode forgets a spawned scene's node (r.mu held), and this side's
// cache id of it, as the engine forgets a node that left the tree: a node
// spawned again at its path is named anew. Peers' cache ids of it stay
// (see recvCache). A declared node the scene shared stays.
func (r *rpcLayer) dropNode(n *Node) {
	if !n.spawned || r.nodes[n.path] != n {
		return
	}
	n.gone = true
	r.drops++
	delete(r.nodes, n.path)
	if n.cacheID != 0 {
		delete(r.byCache, n.cacheID)
	}
	for _, sent := range r.sent {
		delete(sent, n)
	}
}

// forget drops the caches of a peer that left (r.mu held).
func (r *rpcLayer) forget(peer PeerID) {
	delete(r.recv, peer)
	delete(r.sent, peer)
}

// sendCall sends a remote call of node n to peer to, as the engine does:
// the first time a peer is sent a node, the node's path with the cache id
// this side gives it (SIMPLIFY_PATH); until the peer confirms it, the path
// in each call; then the cache id alone.
func (r *rpcLayer) sendCall(to PeerID, n *Node, meth *method, call remoteCall, re replyTo) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	p := r.peers
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.id == 0 || p.closed {
		return ErrClosed
	}
	return p.each(to, func(t PeerID) error {
		if c := p.conns[t]; (c == nil || c.authenticating) && !p.others[t] {
			return fmt.Errorf("%w: %d", ErrNoPeer, t)
		}
		confirmed, err := r.simplify(t, n)
		if err != nil {
			return err
		}
		node, path := n.cacheID, ""
		if !confirmed {
			node, path = 0, n.path
		}
		pkt, own := packetBuf(maxCallHeader + len(call.args) + len(path) + 1)
		pkt = appendCall(pkt, node, path, call.method, call.byteOnly, call.argc, call.args)
		if c := p.conns[t]; c != nil && c == re.conn {
			return c.sendFor(pkt, own, meth.delivery(), re.serial)
		}
		return p.sendTo(t, pkt, own, meth.delivery())
	})
}

// simplify makes sure peer t was sent node n's path with the cache id
// this side gives it (SIMPLIFY_PATH), and reports whether t confirmed it
// (r.mu and the transport's held).
func (r *rpcLayer) simplify(t PeerID, n *Node) (bool, error) {
	if n.cacheID == 0 {
		n.cacheID = r.next
		r.byCache[n.cacheID] = n
		r.next++
	}
	sent := r.sent[t]
	if sent == nil {
		sent = map[*Node]bool{}
		r.sent[t] = sent
	}
	confirmed, simplified := sent[n]
	if !simplified {
		sent[n] = false
		return false, r.peers.sendTo(t, appendSimplify(nil, n.methods.checksum, n.cacheID, n.path), false, reliably)
	}
	return confirmed, nil
}

// maxCached is how many cache ids a peer may give nodes beyond one per
// declared node: a bound on what its SIMPLIFY_PATH packets make this side
// keep.
const maxCached = 256

// handleSimplify records the cache id a peer gives a node and confirms it;
// errs are the sender's (see refuse).
func (r *rpcLayer) handleSimplify(errs *errorRuns, from PeerID, b []byte) error {
	checksum, id, path, err := parseSimplify(errs, b)
	if err != nil {
		return err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	n := r.nodeAt(path)
	if n == nil {
		return errs.refuse(ErrUnknownNode, func() error { return fmt.Errorf("%w: %q", ErrUnknownNode, path) })
	}
	p := r.peers
	p.mu.Lock()
	defer p.mu.Unlock()
	if r.recv[from] == nil && !p.known(from) { // as the engine: caches are of known peers only
		return errs.refuse(ErrMalformed, func() error { return malformed("a path from peer %d, which was not announced", from) })
	}
	if !r.addCached(from, id, n) {
		return errs.refuse(ErrMalformed, func() error { return malformed("cache id %d given twice, or one of too many", id) })
	}
	valid := string(checksum) == n.methods.checksum
	if err := p.sendTo(from, appendConfirm(nil, valid, id), false, reliably); err != nil {
		return err
	}
	if !valid {
		if r.mismatch(from, n) {
			return n.checksumError(string(checksum))
		}
		return errs.refuse(ErrChecksum, func() error { return n.checksumError(string(checksum)) })
	}
	return nil
}

// handleConfirm records a peer's confirmation of a node's cache id; errs
// are the sender's (see refuse).
func (r *rpcLayer) handleConfirm(errs *errorRuns, from PeerID, b []byte) error {
	valid, id, err := parseConfirm(errs, b)
	if err != nil {
		return err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if confirmed := r.rootPaths[id]; confirmed != nil && from == ServerID {
		delete(r.rootPaths, id)
		close(confirmed)
		return nil
	}
	n := r.byCache[id]
	if n == nil {
		return nil // as the engine: a node gone meanwhile
	}
	if _, asked := r.sent[from][n]; !asked {
		return errs.refuse(ErrMalformed, func() error { return malformed("confirms cache id %d, which it was not sent", id) })
	}
	r.sent[from][n] = true
	if !valid {
		return errs.refuse(ErrChecksum, func() error { return n.checksumError("") })
	}
	return nil
}

// nodeAt returns the node at path, as a packet names it (absolute, or
// relative to the root), or nil (r.mu held): cfg.relative, with no string
// made of the packet's bytes.
func (r *rpcLayer) nodeAt(path []byte) *Node {
	root := r.cfg.root
	switch {
	case len(path) > len(root) && string(path[:len(root)]) == root && path[len(root)] == '/':
		path = path[len(root)+1:]
	case string(path) == root:
		return r.nodes["."]
	case len(path) > 0 && path[0] == '/':
		return nil
	}
	return r.nodes[string(path)]
}

// handleCall checks a remote call that came on c from peer from (c's, or
// the one whose call c's relayed) and calls its handler.
func (r *rpcLayer) handleCall(c *conn, from PeerID, b []byte) error {
	errs := &c.errs
	call, err := parseCall(errs, b)
	if err != nil {
		return err
	}
	r.mu.Lock()
	var n *Node
	if call.path != nil {
		n = r.nodeAt(call.path)
	} else {
		n = r.cached(from, call.node)
	}
	var meth *method
	var h *handler
	var argError func(*Call, *ArgError)
	if n != nil {
		if meth = n.byID(call.method); meth != nil {
			b := n.bound[meth]
			h, argError = b.handler, b.argError
		}
	}
	r.mu.Unlock()
	if n == nil || meth == nil {
		r.unknownCalls.Add(1)
	}
	switch {
	case n == nil && call.path != nil:
		return errs.refuse(ErrUnknownNode, func() error { return fmt.Errorf("%w: %q", ErrUnknownNode, call.path) })
	case n == nil:
		return errs.refuse(ErrUnknownNode, func() error { return fmt.Errorf("%w: cache id %d", ErrUnknownNode, call.node) })
	case meth == nil:
		return errs.refuse(ErrUnknownMethod, func() error {
			return fmt.Errorf("%w: %s has no method %#x", ErrUnknownMethod, n.Path(), call.method)
		})
	}
	name, counts := meth.Name, n.counter(meth)
	if meth.Mode == mode.Disabled {
		counts.refusedAuthority.Add(1)
		return errs.refuse(ErrNotAllowed, func() error {
			return n.callError(name, fmt.Errorf("%w: %s.%s is %s", ErrNotAllowed, n.Path(), name, mode.Disabled))
		})
	}
	if authority := n.authority.Load(); meth.Mode == mode.Authority && int32(from) != authority {
		counts.refusedAuthority.Add(1)
		return errs.refuse(ErrNotAllowed, func() error {
			return n.callError(name, fmt.Errorf("%w: %s.%s is %s, its authority is %d", ErrNotAllowed, n.Path(), name, mode.Authority, authority))
		})
	}
	if h == nil {
		counts.handlerError.Add(1)
		return errs.refuse(ErrUnknownMethod, func() error {
			return n.callError(name, fmt.Errorf("%w: %s.%s has no handler", ErrUnknownMethod, n.Path(), name))
		})
	}
	args, err := c.args.decodeArgs(errs, call, r.cfg.codec)
	if err != nil {
		counts.refusedType.Add(1)
		return errs.refuse(ErrMalformed, func() error { return n.callError(name, fmt.Errorf("%s.%s: %w", n.Path(), name, err)) })
	}
	cl := &Call{From: from, Node: n, Method: name, args: args, conn: c, serial: c.link.serial()}
	if argError == nil {
		cl.errs = errs // its ArgError is a refusal, reported
	}
	if meth.sig == nil {
		err = h.call(cl)
	} else if err = meth.sig.checkArgs(cl, r.objects); err == nil {
		err = h.call(cl)
	}
	ae, isArg := errors.AsType[*ArgError](err)
	switch {
	case err == nil:
		counts.handled.Add(1)
	case isArg || err == errArguments: // an ArgError, or its bare kind (see refuse)
		counts.refusedType.Add(1)
	default:
		counts.handlerError.Add(1)
	}
	if isArg && argError != nil {
		argError(cl, ae)
		return nil
	}
	if err != nil && !isArg && bareKind(err) < 0 {
		return n.callError(name, err) // a handler's: its node and method told
	}
	return err
}

// callError is err, of a call of the node's method, with the two told.
func (n *Node) callError(method string, err error) *CallError {
	return &CallError{Node: n.Path(), Method: method, Err: err}
}
