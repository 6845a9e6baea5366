package multiplayer

import (
	"fmt"
)

// Multiplayer is one side of Godot's high-level multiplayer
// (SceneMultiplayer): a server its Godot clients call, or a client of a
// Godot server. Declare the game's nodes and their RPC methods with Node,
// give the methods handlers, then Serve (or use the Multiplayer as an
// http.Handler) or Connect. The callbacks and handlers are called from the
// goroutine of the connection a packet came on (over ENet, or from the
// host's reading goroutine): one at a time per connection.
//
// It is four parts, each with its state and its lock, from the lowest
// (see docs/internals.md): the transport and its peers (peerLayer, embedded: the
// transports reach its fields as the Multiplayer's), the authentication,
// the remote calls, and the replication. This part stands above them: it
// hands each packet to the part it is for (router.go), and makes the
// parts agree as peers come and go.
type Multiplayer struct {
	peerLayer
	auth authLayer
	rpc  rpcLayer
	repl replLayer
}

// New returns a Multiplayer with the given options: its limits
// (WithMaxPacketSize, WithRateLimit, WithSendQueue, WithWriteTimeout,
// WithIdleTimeout, WithReadTimeout, WithMaxPeers, …) and the Codec of the
// arguments (WithCodec), or the error, matching gdvar.ErrInvalidOption, of
// the first invalid option.
func New(opts ...Option) (*Multiplayer, error) {
	cfg, err := newConfig(opts)
	if err != nil {
		return nil, err
	}
	m := &Multiplayer{}
	m.peerLayer.init(cfg, m)
	m.auth.peers = &m.peerLayer
	m.rpc.init(&m.cfg, &m.peerLayer)
	m.repl.init(&m.cfg, &m.rpc, &m.peerLayer)
	return m, nil
}

// MustNew is New for options known to be valid, as in a package's
// variables or a test: it panics on an invalid one.
func MustNew(opts ...Option) *Multiplayer {
	m, err := New(opts...)
	if err != nil {
		panic(err)
	}
	return m
}

// Node declares the node at path ("/root/Main", or "Main" relative to the
// root) with its RPC methods, as the game's script declares them. It
// panics if the path is not under /root, a method is invalid (see
// NewMethodSet), or the node was declared already: mistakes in the
// program, which DeclareNode returns as errors.
func (m *Multiplayer) Node(path string, methods ...Method) *Node {
	t, err := newMethodSet(methods)
	if err != nil {
		panic(fmt.Sprintf("multiplayer: node %s: %v", path, err))
	}
	n, err := m.DeclareNode(path, t)
	if err != nil {
		panic(err.Error())
	}
	return n
}

// DeclareNode declares the node at path ("/root/Main", or "Main" relative
// to the root) with a set of RPC methods, which the nodes of one script
// share, or returns why it cannot: a path not under /root, or one
// declared already.
func (m *Multiplayer) DeclareNode(path string, methods *MethodSet) (*Node, error) {
	return m.rpc.declare(path, methods)
}

// Lookup returns the node at path ("/root/Main", or "Main"), declared by
// Node, DeclareNode, Spawner or Synchronized or made by a spawn, or nil.
func (m *Multiplayer) Lookup(path string) *Node { return m.rpc.lookup(path) }

// Spawner declares the MultiplayerSpawner at path ("/root/Main/Spawner").
// Declare it before serving or connecting, as Node; it panics if the
// declaration is invalid.
func (m *Multiplayer) Spawner(path string, cfg SpawnerConfig) *Spawner {
	return m.repl.declareSpawner(path, cfg)
}

// Synchronized declares a node of the game's own scene, one no spawner
// made, that MultiplayerSynchronizers replicate, each Synchronizer's Path
// relative to the node ("Sync", or "../BallSync" for a sibling whose
// root_path is "../Ball"). As in the engine, such synchronizers have no
// net ids: they are named by their paths' cache ids, and each syncs to
// every peer it is visible to once the peer has confirmed its path, from
// the node's authority (the server until Object.SetAuthority). Shown to
// a peer again, or to a peer that joins, a synchronizer sends it every
// OnChange property in its next DELTA, as the engine. A node
// declared with Node before keeps its methods. The Object's Spawner is
// the node's own, which spawns nothing: its OnSync and
// SetVisibilityFilter serve this node. It panics if the declaration is
// invalid, as Spawner does.
func (m *Multiplayer) Synchronized(nodePath string, syncs ...Synchronizer) *Object {
	return m.repl.synchronized(nodePath, syncs)
}

// OnPeerConnected sets the function called when a peer connects: a client
// of the server, or, on a client, the server and each other client it
// announces.
func (m *Multiplayer) OnPeerConnected(fn func(PeerID)) { m.set(func() { m.onConnect = fn }) }

// OnPeerDisconnected sets the function called when a peer leaves.
func (m *Multiplayer) OnPeerDisconnected(fn func(PeerID)) { m.set(func() { m.onDisconnect = fn }) }

// OnPacket sets the function called with each raw packet a peer sends
// (send_bytes); data is valid during the call.
func (m *Multiplayer) OnPacket(fn func(from PeerID, data []byte)) { m.set(func() { m.onPacket = fn }) }

// OnError sets the function called with each error of a peer (a
// *PeerError): a packet dropped, a call refused, a handler's error, a
// peer dropped and why (ErrDisconnected). By default they are dropped
// silently.
func (m *Multiplayer) OnError(fn func(error)) { m.set(func() { m.onError = fn }) }

// OnAuth sets the function that receives a pending peer's authentication
// messages (auth_callback), and makes every peer that connects from then on
// pending until both sides call CompleteAuth. data is valid during the
// call only. Set it before serving or connecting, on both sides, as in the
// engine: a side without it takes authentication messages as errors.
func (m *Multiplayer) OnAuth(fn func(peer PeerID, data []byte)) {
	m.auth.set(func() { m.auth.onAuth = fn })
}

// OnPeerAuthenticating sets the function called when a peer connects and
// is held pending (peer_authenticating): the time to SendAuth it a
// challenge.
func (m *Multiplayer) OnPeerAuthenticating(fn func(PeerID)) {
	m.auth.set(func() { m.auth.onAuthenticating = fn })
}

// OnPeerAuthenticationFailed sets the function called when a pending peer
// leaves or times out before it is admitted
// (peer_authentication_failed); OnPeerDisconnected is not called for it.
// As OnPeerDisconnected, and unlike the engine's signal, it is called too
// when this side disconnects the peer (Disconnect).
func (m *Multiplayer) OnPeerAuthenticationFailed(fn func(PeerID)) {
	m.auth.set(func() { m.auth.onAuthFailed = fn })
}

// SendAuth sends a pending peer an authentication message, reliably
// (send_auth). data must not be empty, and neither side may have
// completed.
func (m *Multiplayer) SendAuth(peer PeerID, data []byte) error { return m.auth.sendAuth(peer, data) }

// CompleteAuth says this side is done authenticating a pending peer
// (complete_auth). The peer is admitted now if it is done too, else once
// it says so. OnPeerConnected then runs before any further packet of the
// peer's is handled: here, unless the connection's goroutine is handling
// one (CompleteAuth called from OnAuth, say), which then calls it.
func (m *Multiplayer) CompleteAuth(peer PeerID) error {
	c, err := m.auth.complete(peer)
	if c != nil {
		m.admit(c)
		c.greetSoon()
	}
	return err
}

// ID returns this side's peer id: 1 for a server, the id the server gave
// a client, 0 before either.
func (m *Multiplayer) ID() PeerID { return m.self() }

// Root returns the multiplayer root, which the packets' node paths are
// relative to (WithRoot).
func (m *Multiplayer) Root() string { return m.cfg.root }

// Peers returns the peers connected now, in increasing order: a server's
// clients, or a client's server and the other clients it announced.
func (m *Multiplayer) Peers() []PeerID { return m.peerIDs() }

// SendBytes sends data, which must not be empty, to peer to (0: every
// peer, −N: every peer but N) as send_bytes does. It returns when the packet
// is queued; a packet that does not fit the peer's send queue is dropped
// (ErrQueueFull), and one larger than the packet limit refused
// (ErrTooLarge).
func (m *Multiplayer) SendBytes(to PeerID, data []byte) error { return m.sendBytes(to, data) }

// Disconnect closes the connection of a server's client.
func (m *Multiplayer) Disconnect(peer PeerID) error { return m.disconnect(peer) }

// Close closes every connection (each peer gets a close frame), and, for a
// server, makes Serve return; the Multiplayer cannot be used again. It
// does not wait for the connections to end, so that a handler or a
// callback may call it: Done says when they have.
func (m *Multiplayer) Close() error {
	m.close()
	return nil
}

// Done returns a channel closed when the Multiplayer has been closed and
// every connection has ended, with its callbacks.
func (m *Multiplayer) Done() <-chan struct{} { return m.done }

// As peers come and go, the parts agree under their locks, taken in their
// order (replication, RPCs, authentication, transport): a peer is
// admitted, so that the others see it, as replication starts with it, so
// that no relay to it escapes the replication's filter; it is forgotten
// everywhere at once as it leaves. What runs the game's code (the
// visibility filters of a join, the callbacks) runs once the locks are
// let go.

// join makes c, a new connection of a server's, a peer: admitted now, or
// held pending if this side authenticates. It fails once m is closed, or
// if the peer's id is taken. The connection's goroutine (run) is counted.
func (m *Multiplayer) join(c *conn) error { return m.enter(c, 0, true) }

// joinServer is join for a client's connection to its server, which gave
// this side its id.
func (m *Multiplayer) joinServer(c *conn, self PeerID) error { return m.enter(c, self, true) }

// enter is join, self being this side's id if c is the server's
// connection, run saying a goroutine serves c.
func (m *Multiplayer) enter(c *conn, self PeerID, run bool) error {
	var err error
	m.admitting(c, func() bool {
		authenticating := m.auth.onAuth != nil
		if err = m.add(c, self, authenticating, run); err != nil || !authenticating {
			return err == nil
		}
		m.auth.hold(c)
		return false
	})
	return err
}

// admit admits a peer whose authentication both sides completed, unless
// it left meanwhile.
func (m *Multiplayer) admit(c *conn) {
	m.admitting(c, func() bool {
		if !m.auth.admitted(c) {
			return false
		}
		m.counts.authCompleted.Add(1)
		m.peerLayer.admit(c)
		return true
	})
}

// admitting runs f holding the locks an admission takes (the
// replication's, the authentication's, the transport's). If f admits c,
// replication starts with it under them, and shows it the nodes this side
// spawned once they are let go.
func (m *Multiplayer) admitting(c *conn, f func() (admitted bool)) {
	m.repl.mu.Lock()
	m.auth.mu.Lock()
	m.mu.Lock()
	admitted := f()
	if admitted {
		m.repl.join(c.id)
	}
	m.mu.Unlock()
	m.auth.mu.Unlock()
	m.repl.mu.Unlock()
	if admitted {
		m.repl.show(c.id)
	}
}

// leave forgets a peer whose connection ended, everywhere, and the peers
// a client's server took along; then reports why, if it failed, and
// calls OnPeerDisconnected, or OnPeerAuthenticationFailed for a pending
// peer.
func (m *Multiplayer) leave(c *conn) {
	m.repl.mu.Lock()
	m.rpc.mu.Lock()
	m.auth.mu.Lock()
	m.mu.Lock()
	failed, pending := m.auth.left(c)
	cause := c.why()
	reason := m.countLeave(cause, pending)
	gone := m.remove(c)
	for _, id := range append(gone, c.id) {
		m.repl.leave(id)
		m.rpc.forget(id)
	}
	fn := m.onDisconnect
	if pending {
		fn = failed
	}
	m.mu.Unlock()
	m.auth.mu.Unlock()
	m.rpc.mu.Unlock()
	m.repl.mu.Unlock()
	if pending {
		m.logs.refusedJoin(c.transportName(), nil, reason)
	} else {
		m.logs.left(c, reason, cause)
	}
	if !normalEnd(cause) {
		c.report(fmt.Errorf("%w: %w", ErrDisconnected, cause))
	}
	if fn != nil {
		for _, id := range gone {
			fn(id)
		}
		fn(c.id)
	}
}

// countLeave counts a connection that ended for cause, pending or
// admitted, and returns why, as logs and metrics say it (m.mu held).
func (m *Multiplayer) countLeave(cause error, pending bool) string {
	n := &m.counts
	switch {
	case pending:
		n.refusedAuth.Add(1)
		n.authFailed.Add(1)
		return "auth"
	case m.closed && normalEnd(cause):
		n.closed.Add(1)
		return "closed"
	case cause == nil:
		n.kicked.Add(1)
		return "kicked"
	case normalEnd(cause):
		n.left.Add(1)
		return "left"
	case timedOut(cause):
		n.timedOut.Add(1)
		return "timed_out"
	}
	n.failed.Add(1)
	return "error"
}

// started starts a peer whose connection's goroutine starts.
func (m *Multiplayer) started(c *conn) { m.auth.started(c) }

// ended forgets a peer whose connection ended.
func (m *Multiplayer) ended(c *conn) { m.leave(c) }
