package multiplayer

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"slices"
	"sync"
	"time"

	"github.com/gdvar/gdvar/enet"
)

// peerLayer is a Multiplayer's transport and its peers, the lowest of its
// parts: the connections, this side's id, the peers a server announced to
// a client, the callbacks of peers coming and going, and the Multiplayer's
// life (its closing). Its lock is taken last: a part above that needs it
// takes its own first, and no callback runs under it.
type peerLayer struct {
	cfg config
	up  upper // the parts above, which the connections hand their packets

	mu    sync.Mutex
	id    PeerID           // this side's: 1 serving, else the server's gift; 0 before
	conns map[PeerID]*conn // the clients (serving), or the server
	// The ids of clients being accepted, and whether a client is
	// connecting or the Multiplayer closed.
	pending            map[PeerID]bool
	connecting, closed bool
	// A client's other peers, which the server announced.
	others map[PeerID]bool

	onConnect, onDisconnect func(PeerID)
	onPacket                func(PeerID, []byte)
	onError                 func(error)
	errs                    *errorLimiter // sums up a flood of one kind of error
	unconnected             errorRuns     // the runs of errors of no connection's

	closing       <-chan struct{}    // closed by Close: closingCtx's Done
	closingCtx    context.Context    // canceled by Close
	cancelClosing context.CancelFunc // Close's
	done          chan struct{}      // closed when, after Close, every connection has ended
	closeOnce     sync.Once
	wg            sync.WaitGroup // the connections' goroutines, and replication's

	gather *wsGather // a server's relays held for their window (nil: none)

	draining  bool          // Drain began: no new peer is taken
	peersLeft chan struct{} // closed, and made anew, as a connection ends (under mu)
	closeWhy  error         // why Close closes the connections: nil, or errDraining
	counts    layerCounts   // peers coming and going
	gone      countTotals   // the counts of the connections that ended
	hosts     []*enet.Host  // the ENet hosts serving or connecting
	enetDone  enet.Stats    // the counts of the ENet hosts closed
	logs      *logLimiter   // WithLogger's (nil: none)

	// The join budget (joinbudget.go): the peers held from each address,
	// and the join rate's bucket, full at first.
	addrs      map[netip.Prefix]int
	joinTokens float64
	joinLast   time.Time
}

// init makes p the transport of a Multiplayer of cfg, whose parts above
// are up.
func (p *peerLayer) init(cfg config, up upper) {
	closing, cancel := context.WithCancel(context.Background())
	p.cfg, p.up = cfg, up
	p.errs = newErrorLimiter(cfg.errorInterval, p.emit)
	p.conns, p.pending, p.others = map[PeerID]*conn{}, map[PeerID]bool{}, map[PeerID]bool{}
	p.closing, p.closingCtx, p.cancelClosing, p.done = closing.Done(), closing, cancel, make(chan struct{})
	p.peersLeft = make(chan struct{})
	p.joinTokens, p.joinLast = float64(cfg.joinBurst), time.Now()
	if cfg.logger != nil {
		p.logs = newLogLimiter(cfg.logger, cfg.match)
	}
}

// closeCause returns why Close closes the connections: nil, or
// errDraining.
func (p *peerLayer) closeCause() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.closeWhy
}

// addHost counts an ENet host's traffic in Stats, until dropHost.
func (p *peerLayer) addHost(h *enet.Host) {
	p.mu.Lock()
	p.hosts = append(p.hosts, h)
	p.mu.Unlock()
}

// dropHost keeps the counts of an ENet host that closed, and lets it go.
func (p *peerLayer) dropHost(h *enet.Host) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if i := slices.Index(p.hosts, h); i >= 0 {
		p.hosts = slices.Delete(p.hosts, i, i+1)
		s := h.Stats()
		d := &p.enetDone
		d.DatagramsIn += s.DatagramsIn
		d.DatagramsOut += s.DatagramsOut
		d.BytesIn += s.BytesIn
		d.BytesOut += s.BytesOut
		d.ThrottleDropped += s.ThrottleDropped
		d.ConnectsRefused += s.ConnectsRefused
		d.RTT.Add(s.RTT)
	}
}

// enetGone returns the counts of the ENet hosts closed.
func (p *peerLayer) enetGone() enet.Stats {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.enetDone
}

// newConn returns a connection to peer id, with a full rate bucket, for
// its transport to be set.
func (p *peerLayer) newConn(id PeerID) *conn {
	return &conn{m: p, id: id, closed: make(chan struct{}), tokens: float64(p.cfg.burst), last: time.Now()}
}

// set sets a callback, under p.mu.
func (p *peerLayer) set(f func()) {
	p.mu.Lock()
	defer p.mu.Unlock()
	f()
}

// self returns this side's peer id.
func (p *peerLayer) self() PeerID {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.id
}

// caller returns the id this side calls as, to peer to: its own; or,
// neither serving nor connected, nor connecting, nor closed, 1, the id of
// the engine's OfflineMultiplayerPeer, with offline set, to call every
// peer (to ≤ 0), which there is none of, or itself. Else 0.
func (p *peerLayer) caller(to PeerID) (id PeerID, offline bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.id == 0 && !p.connecting && !p.closed && (to <= 0 || to == ServerID) {
		return ServerID, true
	}
	return p.id, false
}

// peerIDs returns the peers connected now, in increasing order.
func (p *peerLayer) peerIDs() []PeerID {
	p.mu.Lock()
	defer p.mu.Unlock()
	ids := p.targets()
	slices.Sort(ids)
	return ids
}

// report passes an error of no connection's (peer 0's: one refused, or
// dropped before it was given an id) to OnError, or counts it, if one of
// its kind came less than WithErrorInterval ago; or a connection's end,
// always reported.
func (p *peerLayer) report(peer PeerID, err error) { p.errs.report(&p.unconnected, peer, err) }

// emit passes a peer's error to OnError.
func (p *peerLayer) emit(peer PeerID, err error) {
	p.mu.Lock()
	fn := p.onError
	p.mu.Unlock()
	p.logs.peerError(peer, err)
	if fn != nil {
		fn(&PeerError{Peer: peer, Err: err})
	}
}

// sendBytes is SendBytes.
func (p *peerLayer) sendBytes(to PeerID, data []byte) error {
	if len(data) == 0 {
		return fmt.Errorf("multiplayer: SendBytes of no bytes")
	}
	pkt, own := packetBuf(1 + len(data))
	if to <= 0 { // one buffer shared by the peers' queues
		pkt, own = make([]byte, 0, 1+len(data)), false
	}
	pkt = append(append(pkt, cmdRaw), data...)
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.id == 0 || p.closed {
		return ErrClosed
	}
	return p.each(to, func(t PeerID) error { return p.sendTo(t, pkt, own, reliably) })
}

// disconnect is Disconnect.
func (p *peerLayer) disconnect(peer PeerID) error {
	p.mu.Lock()
	c := p.conns[peer]
	server := p.id == ServerID
	p.mu.Unlock()
	if c == nil || !server {
		return fmt.Errorf("%w: %d", ErrNoPeer, peer)
	}
	c.close(nil)
	return nil
}

// close is Close.
func (p *peerLayer) close() { p.closeWith(nil) }

// closeWith is Close, the connections closed for why (nil: as asked).
func (p *peerLayer) closeWith(why error) {
	p.closeOnce.Do(func() {
		p.mu.Lock()
		p.closed, p.closeWhy = true, why
		p.mu.Unlock()
		p.cancelClosing() // every connection closes
		p.errs.close()
		p.gather.close()
		go func() {
			p.wg.Wait() // no connection joins once closed is set
			close(p.done)
		}()
	})
}

// start makes this side a server (server set) or starts to connect it as
// a client, unless claim refuses.
func (p *peerLayer) start(server bool) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.claim(server)
}

// connected ends a client's connecting, however it went.
func (p *peerLayer) connected() {
	p.mu.Lock()
	p.connecting = false
	p.mu.Unlock()
}

// claim makes this side a server (server set) or starts to connect it as
// a client, with p.mu held: refused when it is closed (ErrClosed), or when
// it is, or is becoming, the other, or a client already.
func (p *peerLayer) claim(server bool) error {
	switch {
	case p.closed:
		return ErrClosed
	case p.connecting || p.id != 0 && !(server && p.id == ServerID):
		return errors.New("multiplayer: already connected as a client, or connecting, or serving")
	case server:
		p.id = ServerID
		if p.gather == nil {
			p.gather = newWSGather(p.cfg.gather)
		}
	default:
		p.connecting = true
	}
	return nil
}

// each calls send for each peer that to names, as the engine's
// send_command does (p.mu held).
func (p *peerLayer) each(to PeerID, send func(PeerID) error) error {
	if to > 0 {
		return send(to)
	}
	var first error
	for _, id := range p.targets() {
		if id == -to {
			continue
		}
		if err := send(id); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// targets returns every peer, pending ones aside (p.mu held).
func (p *peerLayer) targets() []PeerID {
	ids := make([]PeerID, 0, len(p.conns)+len(p.others))
	for id, c := range p.conns {
		if !c.authenticating {
			ids = append(ids, id)
		}
	}
	for id := range p.others {
		ids = append(ids, id)
	}
	return ids
}

// known reports whether peer is a peer, pending or announced (p.mu held).
func (p *peerLayer) known(peer PeerID) bool { return p.conns[peer] != nil || p.others[peer] }

// sendTo queues a packet for peer to, to travel as how says: on a client,
// a packet for another client goes through the server, in a RELAY (p.mu
// held). own says pkt is a buffer of packetBuf's, which nothing else
// refers to.
func (p *peerLayer) sendTo(to PeerID, pkt []byte, own bool, how delivery) error {
	if c := p.conns[to]; c != nil && !c.authenticating {
		return c.send(pkt, own, how)
	}
	if server := p.conns[ServerID]; server != nil && p.id != ServerID && p.others[to] {
		relay, relayOwn := packetBuf(sysSize + len(pkt))
		relay = append(appendSys(relay, sysRelay, to), pkt...)
		if own {
			freePacket(pkt)
		}
		return server.send(relay, relayOwn, how)
	}
	return fmt.Errorf("%w: %d", ErrNoPeer, to)
}

// sendCopy is sendTo for a copy of pkt, made in a pooled buffer with the
// relay's header if the server relays it: the transport gives it back
// once written.
func (p *peerLayer) sendCopy(to PeerID, pkt []byte, how delivery) error {
	if c := p.conns[to]; c != nil && !c.authenticating {
		b, own := packetBuf(len(pkt))
		return c.send(append(b, pkt...), own, how)
	}
	if server := p.conns[ServerID]; server != nil && p.id != ServerID && p.others[to] {
		b, own := packetBuf(sysSize + len(pkt))
		return server.send(append(appendSys(b, sysRelay, to), pkt...), own, how)
	}
	return fmt.Errorf("%w: %d", ErrNoPeer, to)
}

// add takes a new connection in, authenticating or admitted, as this
// side's connection to its server if self is not 0, which makes self this
// side's id; run says a goroutine is to serve it (conn.run). It takes the
// place of the connection's reservation (reserve): not two. It fails once
// this side is closed, or if the id is taken (p.mu held).
func (p *peerLayer) add(c *conn, self PeerID, authenticating, run bool) error {
	if p.closed {
		return ErrClosed
	}
	if p.conns[c.id] != nil {
		return fmt.Errorf("multiplayer: peer id %d taken", c.id)
	}
	p.conns[c.id] = c
	delete(p.pending, c.id)
	if self != 0 {
		p.id = self
	}
	c.authenticating = authenticating
	if !authenticating {
		p.admit(c)
	}
	if run {
		p.wg.Add(1)
	}
	return nil
}

// admit makes a joining or authenticated peer one the others see: it is
// announced, and greeted (OnPeerConnected) by greetSoon (p.mu held).
func (p *peerLayer) admit(c *conn) {
	p.counts.joins.Add(1)
	c.authenticating = false
	c.greeting.Store(true)
	if !c.quiet.Load() {
		p.announce(c)
	}
}

// announce tells, on a server that relays, the other clients shown so
// far of a new one and it of them (ADD_PEER; p.mu held): it is then shown.
// The packet telling of a peer is made once and queued for every other:
// n peers joining cost n packets, where they cost n² allocations, most of
// an idle server's garbage.
func (p *peerLayer) announce(c *conn) {
	if p.id != ServerID || !p.cfg.relay {
		return
	}
	c.shown = true
	for id, other := range p.conns {
		if id != c.id && other.shown {
			other.send(c.announced(), false, announcing)
			c.send(other.announced(), false, announcing)
		}
	}
}

// spoke announces a WebSocket client held quiet (conn.quiet) once it is
// first heard from, if it is admitted: until then it was told of no
// other client, nor they of it.
func (p *peerLayer) spoke(c *conn) {
	if !c.quiet.Swap(false) {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.conns[c.id] == c && !c.authenticating && !c.shown {
		p.announce(c)
	}
}

// announced returns the ADD_PEER telling of c (p.mu held).
func (c *conn) announced() []byte {
	if c.added == nil {
		c.added = appendSys(nil, sysAddPeer, c.id)
	}
	return c.added
}

// remove forgets a connection that ended, and returns the peers that left
// with it (p.mu held): a server that relays tells the other clients
// (DEL_PEER); a client's server takes every peer it announced along.
func (p *peerLayer) remove(c *conn) (gone []PeerID) {
	delete(p.conns, c.id)
	p.leaveAddress(c.addr)
	c.counts.addTo(&p.gone)
	close(p.peersLeft)
	p.peersLeft = make(chan struct{})
	if p.id != ServerID {
		for id := range p.others {
			gone = append(gone, id)
		}
		clear(p.others)
		p.id = 0
		return gone
	}
	if c.shown {
		pkt := appendSys(nil, sysDelPeer, c.id)
		for _, other := range p.conns {
			if other.shown {
				other.send(pkt, false, announcing)
			}
		}
	}
	return nil
}
