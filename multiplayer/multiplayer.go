package multiplayer

import (
	"cmp"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/multiplayer/mode"
)

// Multiplayer is one side of Godot's high-level multiplayer
// (SceneMultiplayer): a server its Godot clients call, or a client of a
// Godot server. Declare the game's nodes and their RPC methods with Node,
// give the methods handlers, then Serve (or use the Multiplayer as an
// http.Handler) or Connect. The callbacks and handlers are called from the
// goroutine of the connection a packet came on (over ENet, or from the
// host's reading goroutine): one at a time per connection.
type Multiplayer struct {
	cfg   config
	mu    sync.Mutex
	nodes map[string]*Node // by path relative to /root
	id    PeerID           // this side's: 1 serving, else the server's gift; 0 before
	conns map[PeerID]*conn // the clients (serving), or the server
	// The ids of clients being accepted, and whether a client is
	// connecting or the Multiplayer closed.
	pending            map[PeerID]bool
	connecting, closed bool
	// A client's other peers, which the server announced.
	others map[PeerID]bool
	// Each peer's cache ids of the nodes it sent, and, per peer, the nodes
	// this side sent it: false until the peer confirmed the path.
	recv    map[PeerID]*recvCache
	sent    map[PeerID]map[*Node]bool
	byCache map[uint32]*Node
	next    uint32 // the next cache id this side gives a node
	drops   uint64 // spawned nodes dropped so far (see addCached)

	// Replication: the spawners, what each peer was sent and spawned, the
	// last net id this side gave, the ticks of the replicating goroutine
	// (started with the first peer, if there are spawners), and its and the
	// handlers' scratch.
	spawners            []*Spawner
	repl                map[PeerID]*replPeer
	lastNetID           uint32
	ticks               int64
	changes             uint64 // counts the changes of watched properties
	replicating         bool
	dueSyncs, dueDeltas []*objectSync
	stateBuf, valueBuf  []byte
	setBuf, readBuf     []byte
	replDec             gdvar.Decoder

	onConnect, onDisconnect func(PeerID)
	onPacket                func(PeerID, []byte)
	onError                 func(error)
	onAuth                  func(PeerID, []byte)
	onAuthenticating        func(PeerID)
	onAuthFailed            func(PeerID)
	closing                 <-chan struct{}    // closed by Close: closingCtx's Done
	closingCtx              context.Context    // canceled by Close
	cancelClosing           context.CancelFunc // Close's
	done                    chan struct{}      // closed when, after Close, every connection has ended
	closeOnce               sync.Once
	wg                      sync.WaitGroup // the connections' goroutines
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
	closing, cancel := context.WithCancel(context.Background())
	return &Multiplayer{
		cfg:   cfg,
		nodes: map[string]*Node{}, conns: map[PeerID]*conn{}, pending: map[PeerID]bool{}, others: map[PeerID]bool{},
		recv: map[PeerID]*recvCache{}, sent: map[PeerID]map[*Node]bool{}, byCache: map[uint32]*Node{},
		repl: map[PeerID]*replPeer{},
		next: 1, closing: closing.Done(), closingCtx: closing, cancelClosing: cancel, done: make(chan struct{}),
	}, nil
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
	n, err := newNode(m, path, methods)
	if err != nil {
		return nil, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.nodes[n.path] != nil {
		return nil, fmt.Errorf("multiplayer: node %s declared twice", path)
	}
	m.nodes[n.path] = n
	return n, nil
}

// Lookup returns the node at path ("/root/Main", or "Main"), declared by
// Node, DeclareNode, Spawner or Synchronized or made by a spawn, or nil.
func (m *Multiplayer) Lookup(path string) *Node {
	rel, ok := relativePath(path)
	if !ok {
		return nil
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.nodes[rel]
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

func (m *Multiplayer) set(f func()) {
	m.mu.Lock()
	defer m.mu.Unlock()
	f()
}

// ID returns this side's peer id: 1 for a server, the id the server gave
// a client, 0 before either.
func (m *Multiplayer) ID() PeerID {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.id
}

// Peers returns the peers connected now, in increasing order: a server's
// clients, or a client's server and the other clients it announced.
func (m *Multiplayer) Peers() []PeerID {
	m.mu.Lock()
	defer m.mu.Unlock()
	ids := m.targets()
	slices.Sort(ids)
	return ids
}

// SendBytes sends data, which must not be empty, to peer to (0: every
// peer, −N: every peer but N) as send_bytes does. It returns when the packet
// is queued; a packet that does not fit the peer's send queue is dropped
// (ErrQueueFull), and one larger than the packet limit refused
// (ErrTooLarge).
func (m *Multiplayer) SendBytes(to PeerID, data []byte) error {
	if len(data) == 0 {
		return fmt.Errorf("multiplayer: SendBytes of no bytes")
	}
	pkt, own := packetBuf(1 + len(data))
	if to <= 0 { // one buffer shared by the peers' queues
		pkt, own = make([]byte, 0, 1+len(data)), false
	}
	pkt = append(append(pkt, cmdRaw), data...)
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.id == 0 || m.closed {
		return ErrClosed
	}
	return m.each(to, func(t PeerID) error { return m.sendTo(t, pkt, own, reliably) })
}

// Disconnect closes the connection of a server's client.
func (m *Multiplayer) Disconnect(peer PeerID) error {
	m.mu.Lock()
	c := m.conns[peer]
	m.mu.Unlock()
	if c == nil || m.ID() != ServerID {
		return fmt.Errorf("%w: %d", ErrNoPeer, peer)
	}
	c.close(nil)
	return nil
}

// Close closes every connection (each peer gets a close frame), and, for a
// server, makes Serve return; the Multiplayer cannot be used again. It
// does not wait for the connections to end, so that a handler or a
// callback may call it: Done says when they have.
func (m *Multiplayer) Close() error {
	m.closeOnce.Do(func() {
		m.mu.Lock()
		m.closed = true
		m.mu.Unlock()
		m.cancelClosing() // every connection closes
		go func() {
			m.wg.Wait() // no connection joins once closed is set
			close(m.done)
		}()
	})
	return nil
}

// Done returns a channel closed when the Multiplayer has been closed and
// every connection has ended, with its callbacks.
func (m *Multiplayer) Done() <-chan struct{} { return m.done }

// start makes m a server (server set) or starts to connect it as a
// client, unless claim refuses.
func (m *Multiplayer) start(server bool) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.claim(server)
}

// connected ends a client's connecting, however it went.
func (m *Multiplayer) connected() {
	m.mu.Lock()
	m.connecting = false
	m.mu.Unlock()
}

// claim makes m a server (server set) or starts to connect it as a client,
// with m.mu held: refused when m is closed (ErrClosed), or when it is, or
// is becoming, the other, or a client already.
func (m *Multiplayer) claim(server bool) error {
	switch {
	case m.closed:
		return ErrClosed
	case m.connecting || m.id != 0 && !(server && m.id == ServerID):
		return errors.New("multiplayer: already connected as a client, or connecting, or serving")
	case server:
		m.id = ServerID
	default:
		m.connecting = true
	}
	return nil
}

// report passes a peer's error to OnError.
func (m *Multiplayer) report(peer PeerID, err error) {
	m.mu.Lock()
	fn := m.onError
	m.mu.Unlock()
	if fn != nil {
		fn(&PeerError{Peer: peer, Err: err})
	}
}

// each calls send for each peer that to names, as the engine's
// send_command does (m.mu held).
func (m *Multiplayer) each(to PeerID, send func(PeerID) error) error {
	if to > 0 {
		return send(to)
	}
	var first error
	for _, id := range m.targets() {
		if id == -to {
			continue
		}
		if err := send(id); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// targets returns every peer, pending ones aside (m.mu held).
func (m *Multiplayer) targets() []PeerID {
	ids := make([]PeerID, 0, len(m.conns)+len(m.others))
	for id, c := range m.conns {
		if c.auth == nil {
			ids = append(ids, id)
		}
	}
	for id := range m.others {
		ids = append(ids, id)
	}
	return ids
}

// sendTo queues a packet for peer to, to travel as how says: on a client,
// a packet for another client goes through the server, in a RELAY (m.mu
// held). own says pkt is a buffer of packetBuf's, which nothing else
// refers to.
func (m *Multiplayer) sendTo(to PeerID, pkt []byte, own bool, how delivery) error {
	if c := m.conns[to]; c != nil && c.auth == nil {
		return c.send(pkt, own, how)
	}
	if server := m.conns[ServerID]; server != nil && m.id != ServerID && m.others[to] {
		relay, relayOwn := packetBuf(sysSize + len(pkt))
		relay = append(appendSys(relay, sysRelay, to), pkt...)
		if own {
			freePacket(pkt)
		}
		return server.send(relay, relayOwn, how)
	}
	return fmt.Errorf("%w: %d", ErrNoPeer, to)
}

// sendCall sends a remote call of node n to peer to, as the engine does:
// the first time a peer is sent a node, the node's path with the cache id
// this side gives it (SIMPLIFY_PATH); until the peer confirms it, the path
// in each call; then the cache id alone.
func (m *Multiplayer) sendCall(to PeerID, n *Node, meth *method, call remoteCall, re replyTo) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.id == 0 || m.closed {
		return ErrClosed
	}
	return m.each(to, func(t PeerID) error {
		if c := m.conns[t]; (c == nil || c.auth != nil) && !m.others[t] {
			return fmt.Errorf("%w: %d", ErrNoPeer, t)
		}
		confirmed, err := m.simplify(t, n)
		if err != nil {
			return err
		}
		node, path := n.cacheID, ""
		if !confirmed {
			node, path = 0, n.path
		}
		pkt, own := packetBuf(maxCallHeader + len(call.args) + len(path) + 1)
		pkt = appendCall(pkt, node, path, call.method, call.byteOnly, call.argc, call.args)
		if c := m.conns[t]; c != nil && c == re.conn {
			return c.sendFor(pkt, own, meth.delivery(), re.serial)
		}
		return m.sendTo(t, pkt, own, meth.delivery())
	})
}

// simplify makes sure peer t was sent node n's path with the cache id
// this side gives it (SIMPLIFY_PATH), and reports whether t confirmed it
// (m.mu held).
func (m *Multiplayer) simplify(t PeerID, n *Node) (bool, error) {
	if n.cacheID == 0 {
		n.cacheID = m.next
		m.byCache[n.cacheID] = n
		m.next++
	}
	sent := m.sent[t]
	if sent == nil {
		sent = map[*Node]bool{}
		m.sent[t] = sent
	}
	confirmed, simplified := sent[n]
	if !simplified {
		sent[n] = false
		return false, m.sendTo(t, appendSimplify(nil, n.methods.checksum, n.cacheID, n.path), false, reliably)
	}
	return confirmed, nil
}

// errEmptyPacket is made once: a flood of empty packets costs no error
// each.
var errEmptyPacket = malformed("an empty packet")

// handle processes a packet that arrived on c, as how says it travelled.
func (m *Multiplayer) handle(c *conn, b []byte, how delivery) error {
	if len(b) == 0 {
		return errEmptyPacket
	}
	if took, err := m.handleAuth(c, b); took {
		return err
	}
	if b[0]&cmdMask == cmdSys {
		return m.handleSys(c, b, how)
	}
	return m.process(c, c.id, b)
}

// process processes a packet from peer from (c.id, or the source of a
// relayed packet).
func (m *Multiplayer) process(c *conn, from PeerID, b []byte) error {
	switch b[0] & cmdMask {
	case cmdRemoteCall:
		return m.handleCall(c, from, b)
	case cmdSimplifyPath:
		return m.handleSimplify(from, b)
	case cmdConfirmPath:
		return m.handleConfirm(from, b)
	case cmdRaw:
		if len(b) < 2 {
			return malformed("a raw packet of no bytes")
		}
		m.mu.Lock()
		fn := m.onPacket
		m.mu.Unlock()
		if fn != nil {
			fn(from, b[1:])
		}
		return nil
	case cmdSpawn:
		return m.handleSpawn(from, b)
	case cmdDespawn:
		return m.handleDespawn(from, b)
	case cmdSync:
		return m.handleSync(from, b)
	}
	return malformed("a system command inside a relayed packet")
}

// handleSys processes a system command: peers coming and going and relays.
func (m *Multiplayer) handleSys(c *conn, b []byte, how delivery) error {
	cmd, peer, payload, err := parseSys(b)
	if err != nil {
		return err
	}
	if !m.cfg.relay {
		return fmt.Errorf("%w: system command %d, with server relay off", ErrNotAllowed, cmd)
	}
	if m.ID() == ServerID {
		if cmd != sysRelay || len(payload) == 0 {
			return malformed("system command %d of %d bytes from a client", cmd, len(b))
		}
		return m.relay(c, peer, payload, how)
	}
	switch cmd {
	case sysAddPeer, sysDelPeer:
		if peer < 2 {
			return malformed("system command %d for peer %d", cmd, peer)
		}
		m.mu.Lock()
		known := m.others[peer]
		fn := m.onConnect
		if cmd == sysAddPeer {
			if !known && len(m.others) >= m.cfg.maxPeers {
				m.mu.Unlock()
				c.close(fmt.Errorf("%w: over %d", ErrTooManyPeers, m.cfg.maxPeers)) // reported as it ends
				return nil
			}
			m.others[peer] = true
			m.joinRepl(peer)
		} else {
			m.forget(peer)
			delete(m.others, peer)
			fn = m.onDisconnect
		}
		m.mu.Unlock()
		if fn != nil && known == (cmd == sysDelPeer) {
			fn(peer)
		}
		return nil
	case sysRelay:
		if len(payload) == 0 || peer == ServerID {
			return malformed("a relayed packet of %d bytes from peer %d", len(payload), peer)
		}
		return m.process(c, peer, payload)
	}
	return malformed("system command %d", cmd)
}

// relay forwards a client's packet for other peers, as the engine's server
// does: to peer dest, or (dest ≤ 0) to every client but the sender and
// −dest, the way it came (how), and handles it itself unless dest is −1
// ("not the server"). A
// packet for an unknown peer is dropped silently, as the engine drops it;
// one that does not fit destinations' queues is dropped there and reported
// once, as the sender's error.
func (m *Multiplayer) relay(c *conn, dest PeerID, inner []byte, how delivery) error {
	if dest == ServerID {
		return m.process(c, c.id, inner)
	}
	// The packet is as long as the one received: within the limit.
	pkt := append(appendSys(make([]byte, 0, sysSize+len(inner)), sysRelay, c.id), inner...)
	how.later = true
	full, to := 0, 0
	var first error
	send := func(peer *conn) {
		to++
		out := m.relayFilter(c.id, peer.id, pkt)
		if out == nil {
			return
		}
		if err := peer.link.enqueue(out, false, how, 0); err != nil {
			full++
			first = cmp.Or(first, err)
		}
	}
	m.mu.Lock()
	if peer := m.conns[dest]; dest > 0 && peer != nil && peer.auth == nil {
		send(peer)
	}
	if dest <= 0 {
		for id, peer := range m.conns {
			if id != c.id && id != -dest && peer.auth == nil {
				send(peer)
			}
		}
	}
	m.mu.Unlock()
	var dropped error
	if full > 0 {
		dropped = fmt.Errorf("a relayed packet, dropped for %d of %d peers: %w", full, to, first)
	}
	if dest > 0 || dest == -1 {
		return dropped
	}
	if err := m.process(c, c.id, inner); err != nil {
		return err
	}
	return dropped
}

// maxCached is how many cache ids a peer may give nodes beyond one per
// declared node: a bound on what its SIMPLIFY_PATH packets make this side
// keep.
const maxCached = 256

// handleSimplify records the cache id a peer gives a node and confirms it.
func (m *Multiplayer) handleSimplify(from PeerID, b []byte) error {
	checksum, id, path, err := parseSimplify(b)
	if err != nil {
		return err
	}
	rel, _ := relativePath(string(path))
	m.mu.Lock()
	defer m.mu.Unlock()
	n := m.nodes[rel]
	if n == nil {
		return fmt.Errorf("%w: %q", ErrUnknownNode, path)
	}
	if m.recv[from] == nil && m.conns[from] == nil && !m.others[from] { // as the engine: caches are of known peers only
		return malformed("a path from peer %d, which was not announced", from)
	}
	if !m.addCached(from, id, n) {
		return malformed("cache id %d given twice, or one of too many", id)
	}
	valid := checksum == n.methods.checksum
	if err := m.sendTo(from, appendConfirm(nil, valid, id), false, reliably); err != nil {
		return err
	}
	if !valid {
		return n.checksumError(checksum)
	}
	return nil
}

// handleConfirm records a peer's confirmation of a node's cache id.
func (m *Multiplayer) handleConfirm(from PeerID, b []byte) error {
	valid, id, err := parseConfirm(b)
	if err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	n := m.byCache[id]
	if n == nil {
		return nil // as the engine: a node gone meanwhile
	}
	if _, asked := m.sent[from][n]; !asked {
		return malformed("confirms cache id %d, which it was not sent", id)
	}
	m.sent[from][n] = true
	if !valid {
		return n.checksumError("")
	}
	return nil
}

// handleCall checks a remote call and calls its handler.
func (m *Multiplayer) handleCall(c *conn, from PeerID, b []byte) error {
	call, err := parseCall(b)
	if err != nil {
		return err
	}
	m.mu.Lock()
	var n *Node
	if call.path != nil {
		rel, _ := relativePath(string(call.path))
		n = m.nodes[rel]
	} else {
		n = m.cached(from, call.node)
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
	m.mu.Unlock()
	switch {
	case n == nil && call.path != nil:
		return fmt.Errorf("%w: %q", ErrUnknownNode, call.path)
	case n == nil:
		return fmt.Errorf("%w: cache id %d", ErrUnknownNode, call.node)
	case meth == nil:
		return fmt.Errorf("%w: %s has no method %#x", ErrUnknownMethod, n.Path(), call.method)
	}
	name := meth.Name
	if meth.Mode == mode.Authority && int32(from) != n.authority.Load() {
		return fmt.Errorf("%w: %s.%s is %s, its authority is %d", ErrNotAllowed, n.Path(), name, mode.Authority, n.authority.Load())
	}
	if h == nil {
		return fmt.Errorf("%w: %s.%s has no handler", ErrUnknownMethod, n.Path(), name)
	}
	args, err := c.decodeArgs(call, m.cfg.codec)
	if err != nil {
		return fmt.Errorf("%s.%s: %w", n.Path(), name, err)
	}
	cl := &Call{From: from, Node: n, Method: name, args: args, conn: c, serial: c.link.serial()}
	err = h.call(cl)
	if ae, ok := errors.AsType[*ArgError](err); ok && argError != nil {
		argError(cl, ae)
		return nil
	}
	return err
}

// forget drops what this side keeps of a peer: its caches, and the nodes
// it spawned here (m.mu held).
func (m *Multiplayer) forget(peer PeerID) {
	m.leaveRepl(peer)
	delete(m.recv, peer)
	delete(m.sent, peer)
}

// appendPackedBytes appends a byte-only call's bytes as var_to_bytes
// encodes a PackedByteArray.
func appendPackedBytes(b, data []byte) []byte {
	b = binary.LittleEndian.AppendUint32(b, 29) // PackedByteArray
	b = binary.LittleEndian.AppendUint32(b, uint32(len(data)))
	b = append(b, data...)
	return append(b, make([]byte, -len(data)&3)...)
}
