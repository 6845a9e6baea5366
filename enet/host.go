package enet

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net"
	"net/netip"
	"sync"
	"time"
)

// Host is an ENet host on one UDP socket: a server that accepts peers, a
// client that connects to servers, or both. It runs two goroutines, one
// reading datagrams and one keeping time (retransmissions, pings,
// timeouts), until Close. Its methods are safe for concurrent use.
type Host struct {
	conn  net.PacketConn
	udp   *net.UDPConn // conn, when it is one: addresses without allocating
	poll  *busyPoller  // nil unless WithBusyPoll applies
	batch *batchIO     // nil unless datagrams are read and written in batches (Linux)
	cfg   config
	start time.Time

	mu            sync.Mutex
	wmu           sync.Mutex // held while an outbox is written (see unlock)
	out, spare    outbox     // datagrams packed under mu, and the last written
	now           uint32     // ENet's clock, in milliseconds since start, from 1
	peers         []*Peer    // by incoming peer id; nil where free
	totalQueued   uint32
	comp          Compressor
	spares        []*outgoing // done with, for the next sends (see spare.go)
	dgram         datagram
	sendBuf       []byte
	compBuf       []byte
	decompBuf     []byte // room for a header and the most a datagram decompresses to
	errDecompress error  // the reason a datagram that does not decompress is dropped
	closed        bool
	stats         Stats
	slots         slots                // the free ones
	sessions      [][2]uint8           // each slot's last sessions (in, out), so that the next connection gets others
	joined        map[connectKey]*Peer // peers connected, by address and connect id
	fromIP        map[netip.Addr]int   // peers connected and offers, by IP address
	// Connects answered and not yet acknowledged (see offer.go): by slot,
	// by source and connect id, and oldest first.
	offers      []*offer
	offerFor    map[connectKey]*offer
	offerOrder  []*offer
	leastAnswer int  // the fewest bytes an answer to a connect has taken
	refusing    bool // new connects are answered with a disconnect (RefuseConnects)
	// The bandwidth share's: when it last ran, and whether a peer came or
	// went since (see throttleBandwidth).
	bandwidthEpoch       uint32
	recalculateBandwidth bool

	// The tick goroutine sleeps for a quiet host until tickDue, and busyNow
	// wakes it; servedInline: the reader served a handler since the last
	// tick (see tickwait.go).
	tickQuiet    bool
	tickDue      uint32
	servedInline bool
	wakeTick     chan struct{}

	// Peers with packets queued by Queue, the flusher's wake-up, how
	// many times it woke, and the window the packets wait for.
	later        []*Peer
	wakeFlusher  chan struct{}
	flusherWakes uint64
	window       window
	// The packets being handled and the batches read (see handling.go),
	// and the flusher's wake-up when either changes.
	handling int
	reads    uint64
	handled  chan struct{}

	// The served peers that got packets from the datagrams being read, the
	// one the reader serves itself (see serve.go) and since when, and the
	// reading goroutine's generation, which a new one's replaces.
	serving     []*Peer
	inline      *Peer
	inlineSince uint32
	readerGen   uint64
	// writesHeld: the reader serves peers of the batch it read, and what is
	// packed meanwhile is written when it is done (see serve.go).
	writesHeld bool
	// The reading goroutine's buffers: datagrams, and their lengths and
	// sources.
	readBufs [][]byte
	readGot  []arrival

	accept chan *Peer
	done   chan struct{}
	wg     sync.WaitGroup
}

// Stats counts a host's traffic: datagrams read, and datagrams packed to
// send (counted as they are packed, so a write the socket then fails is
// counted too, as a datagram lost on the way would be).
type Stats struct {
	DatagramsIn, DatagramsOut uint64
	BytesIn, BytesOut         uint64
	// DatagramsPolled counts the datagrams read without the reader
	// sleeping first, found waiting by its polling ([WithBusyPoll]): of
	// DatagramsIn, the share the window catches.
	DatagramsPolled uint64
	// Ticks counts the runs of the host's timer work (retransmissions,
	// pings, timeouts): every [WithTick] while something is in flight or
	// queued, else only when a ping or the bandwidth share falls due.
	Ticks uint64
	// ThrottleDropped counts the unreliable packets the host dropped
	// rather than send, as ENet does: its throttle sends a share of them
	// that falls while a peer's round trips run longer than usual, and
	// rises again as they settle (see [Peer.RTT]).
	ThrottleDropped uint64
	// ConnectsRefused counts the connects answered with a disconnect
	// ([Host.RefuseConnects]).
	ConnectsRefused uint64
	// RTT counts the round trips the host measured, one for each
	// acknowledgement of a reliable command (before ENet smooths them
	// into [Peer.RTT]).
	RTT RTTHistogram
}

// Listen opens a UDP socket on addr ("host:port"; network "udp", "udp4"
// or "udp6") and returns a [Host] serving it, its socket's buffers sized by
// [WithSocketBuffers]. An invalid option fails it before the socket is
// opened.
func Listen(network, addr string, opts ...Option) (*Host, error) {
	cfg, err := configOf(opts)
	if err != nil {
		return nil, err
	}
	conn, err := net.ListenPacket(network, addr)
	if err != nil {
		return nil, err
	}
	if udp, ok := conn.(*net.UDPConn); ok {
		if err := sizeBuffers(udp, cfg); err != nil {
			conn.Close()
			return nil, err
		}
	}
	return NewHost(conn, opts...)
}

// sizeBuffers asks the socket for the buffers cfg says (0: left as is).
func sizeBuffers(conn *net.UDPConn, cfg config) error {
	if cfg.recvBuffer > 0 {
		if err := conn.SetReadBuffer(cfg.recvBuffer); err != nil {
			return err
		}
	}
	if cfg.sendBuffer > 0 {
		return conn.SetWriteBuffer(cfg.sendBuffer)
	}
	return nil
}

// NewHost returns a [Host] on conn, which it owns from then on, or the error
// of an invalid option, when conn is left to the caller.
func NewHost(conn net.PacketConn, opts ...Option) (*Host, error) {
	cfg, err := configOf(opts)
	if err != nil {
		return nil, err
	}
	h := newHost(conn, cfg)
	h.wg.Add(3)
	go h.readLoop(0)
	go h.tickLoop()
	go h.flushLoop()
	return h, nil
}

// newHost makes a host's state, without its goroutines.
func newHost(conn net.PacketConn, cfg config) *Host {
	h := &Host{conn: conn, cfg: cfg, start: time.Now(), done: make(chan struct{}), now: 1,
		wakeFlusher: make(chan struct{}, 1), handled: make(chan struct{}, 1), wakeTick: make(chan struct{}, 1)}
	h.peers = make([]*Peer, h.cfg.maxPeers)
	h.accept = make(chan *Peer, h.cfg.maxPeers) // room for every peer: a slow Accept refuses none
	h.slots, h.sessions = newSlots(h.cfg.maxPeers), newSessions(h.cfg.maxPeers)
	h.joined, h.fromIP = make(map[connectKey]*Peer), make(map[netip.Addr]int)
	h.offers, h.offerFor = make([]*offer, h.cfg.maxPeers), make(map[connectKey]*offer)
	h.udp, _ = conn.(*net.UDPConn)
	h.poll = newBusyPoller(h)
	h.batch = newBatchIO(h)
	h.readBufs = make([][]byte, 1)
	if h.batch != nil {
		h.readBufs = make([][]byte, readBatch)
	}
	for i := range h.readBufs {
		h.readBufs[i] = make([]byte, maxMTU+1)
	}
	h.readGot = make([]arrival, len(h.readBufs))
	h.comp = newDatagrams(h.cfg.compressor())
	if h.comp != nil {
		h.decompBuf = make([]byte, 0, maxMTU+16)
		h.errDecompress = h.cfg.decompressError()
	}
	return h
}

// Addr is the host's local address.
func (h *Host) Addr() net.Addr { return h.conn.LocalAddr() }

// Stats returns the host's traffic so far.
func (h *Host) Stats() Stats {
	h.mu.Lock()
	defer h.unlock()
	return h.stats
}

// Accept returns the next peer that connected to the host, once its
// connection is verified.
func (h *Host) Accept(ctx context.Context) (*Peer, error) {
	select {
	case p := <-h.accept:
		return p, nil
	case <-h.done:
		return nil, ErrClosed
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// Connect connects to the ENet host at addr, asking for channels channels
// (1 to 255) and sending data with the connect, and returns the peer once
// the server has verified the connection.
func (h *Host) Connect(ctx context.Context, addr string, channels int, data uint32) (*Peer, error) {
	ua, err := net.ResolveUDPAddr("udp", addr)
	if err != nil {
		return nil, err
	}
	ap := unmap(ua.AddrPort())
	channels = min(max(channels, 1), maxChannels)
	h.mu.Lock()
	if h.closed {
		h.unlock()
		return nil, ErrClosed
	}
	h.tick()
	free := -1
	for i := range h.peers { // the first free slot, as enet_host_connect takes
		if h.slots.isFree(uint16(i)) {
			free = i
			break
		}
	}
	if free < 0 {
		slot, ok := h.withdrawOldest()
		if !ok {
			h.unlock()
			return nil, fmt.Errorf("enet: connect: all %d peers in use: %w", len(h.peers), ErrTooManyPeers)
		}
		free = int(slot)
	}
	h.slots.take(uint16(free))
	p := h.newPeer(uint16(free), ap)
	p.channelCount = channels
	p.state = stateConnecting
	p.connectID = rand.Uint32()
	p.windowSize = windowFor(uint32(h.cfg.outgoingBandwidth), 0)
	h.peers[free] = p
	p.queueOutgoing(command{
		cmd: cmdConnect | flagAcknowledge, channel: 0xFF,
		outgoingPeerID: p.id, incomingSession: p.incomingSession, outgoingSession: p.outgoingSession,
		mtu: p.mtu, windowSize: p.windowSize, channelCount: uint32(channels),
		incomingBandwidth: uint32(h.cfg.incomingBandwidth), outgoingBandwidth: uint32(h.cfg.outgoingBandwidth),
		throttleInterval: p.throttleInterval, throttleAccel: p.throttleAccel, throttleDecel: p.throttleDecel,
		connectID: p.connectID, data: data,
	}, 0)
	h.flushPeer(p, false)
	h.unlock()
	select {
	case <-p.connected:
		return p, nil
	case <-p.done:
		return nil, fmt.Errorf("enet: connect to %s: %w", addr, p.Err())
	case <-ctx.Done():
		p.DisconnectNow(0)
		return nil, ctx.Err()
	}
}

// Close disconnects every peer at once, as enet_peer_disconnect_now does,
// closes the socket and waits for the host's goroutines.
func (h *Host) Close() error {
	h.mu.Lock()
	if h.closed {
		h.unlock()
		return nil
	}
	h.closed = true
	h.tick()
	h.writesHeld = false // the disconnects go now
	if h.inline != nil {
		h.replaceReader(false) // not waited for: its handler may wait for this Close
	}
	for _, p := range h.peers {
		if p != nil {
			h.disconnectNow(p, 0, ErrClosed)
		}
	}
	close(h.done)
	h.windowClosed()
	h.unlock()
	err := h.conn.Close()
	h.wg.Wait()
	return err
}

// newSessions is every slot's sessions before its first connection.
func newSessions(n int) [][2]uint8 {
	s := make([][2]uint8, n)
	for i := range s {
		s[i] = [2]uint8{0xFF, 0xFF}
	}
	return s
}

// newPeer makes a peer in slot id, with ENet's defaults and the slot's
// last sessions (ENet keeps them per slot).
func (h *Host) newPeer(id uint16, addr netip.AddrPort) *Peer {
	p := &Peer{host: h, id: id, addr: addr, incomingSession: h.sessions[id][0], outgoingSession: h.sessions[id][1],
		ready: make(chan struct{}, 1), done: make(chan struct{}), connected: make(chan struct{})}
	p.reset(uint32(h.cfg.mtu))
	return p
}

// notifyConnect makes a verified peer connected: a client's Connect
// returns it, a server's Accept.
func (h *Host) notifyConnect(p *Peer) {
	server := p.state == stateAcknowledgingConnect
	p.state = stateConnected
	h.recalculateBandwidth = true
	p.verify = nil
	p.connectedOnce.Do(func() { close(p.connected) })
	if server {
		select {
		case h.accept <- p:
		default:
			// Nobody accepts: the peer is refused rather than queued without bound.
			h.disconnectNow(p, 0, ErrTooManyPeers)
		}
	}
}

// endPeer forgets a peer: it frees the slot, drops its queues, and closes
// Done with err as the reason. Packets already received stay readable.
func (h *Host) endPeer(p *Peer, err error) {
	if p.err != nil {
		return
	}
	if int(p.id) < len(h.peers) && h.peers[p.id] == p {
		h.peers[p.id] = nil
		h.slots.release(p.id)
		h.leave(p)
	}
	if p.state >= stateConnectionPending {
		h.recalculateBandwidth = true
	}
	p.state = stateDisconnected
	p.resetQueues()
	p.handledAll()
	p.err = err
	p.doneOnce.Do(func() { close(p.done) })
}

// disconnect starts a graceful disconnect (enet_peer_disconnect).
func (h *Host) disconnect(p *Peer, data uint32) {
	switch p.state {
	case stateDisconnecting, stateDisconnected, stateAcknowledgingDisconnect, stateZombie:
		return
	}
	connected := p.state == stateConnected || p.state == stateDisconnectLater
	p.resetQueues()
	c := command{cmd: cmdDisconnect, channel: 0xFF, data: data}
	if connected {
		c.cmd |= flagAcknowledge
	} else {
		c.cmd |= flagUnsequenced
	}
	p.queueOutgoing(c, 0)
	if connected {
		p.state = stateDisconnecting
		h.flushPeer(p, false)
		return
	}
	h.flushPeer(p, false)
	h.endPeer(p, errLocalDisconnect)
}

// disconnectNow sends one unacknowledged disconnect and forgets the peer
// (enet_peer_disconnect_now).
func (h *Host) disconnectNow(p *Peer, data uint32, reason error) {
	if p.state == stateDisconnected {
		return
	}
	if p.state != stateZombie && p.state != stateDisconnecting {
		p.resetQueues()
		p.queueOutgoing(command{cmd: cmdDisconnect | flagUnsequenced, channel: 0xFF, data: data}, 0)
		h.flushPeer(p, false)
	}
	h.endPeer(p, reason)
}

// tick reads the clock.
func (h *Host) tick() {
	h.now = uint32(time.Since(h.start).Milliseconds()) + 1
}

// readBatch is the most datagrams the reading goroutine takes at once:
// those waiting on the socket, handled under one hold of the lock, their
// answers written together when it is released.
const readBatch = 16

// arrival is a datagram's length and source.
type arrival struct {
	n    int
	from netip.AddrPort
}

// readLoop handles datagrams as they come, as the reading goroutine of
// generation gen, until the socket closes or another replaces it.
func (h *Host) readLoop(gen uint64) {
	bufs, got := h.readBufs, h.readGot
	fromPeer := false // the last batch's: only a peer's keeps the poll going
	var here []*Peer  // the served peers this goroutine serves itself
	for {
		polled := fromPeer && h.poll != nil && h.poll.wait()
		n, err := h.readSome(bufs, got)
		if err != nil {
			if errors.Is(err, net.ErrClosed) {
				h.readerEnds(gen)
				return
			}
			select {
			case <-h.done:
				h.readerEnds(gen)
				return
			default:
			}
			continue
		}
		var queued bool
		fromPeer, queued, here = h.handleArrivals(bufs, got[:n], polled, here[:0])
		still := true
		for _, p := range here {
			still = h.serveHere(p, gen) && still
		}
		if len(here) > 0 || queued {
			h.writeHeld(gen)
		}
		clear(here)
		if !still {
			return
		}
	}
}

// readerEnds counts the reading goroutine of generation gen out of h.wg,
// unless it was replaced (replaceReader counted it out then).
func (h *Host) readerEnds(gen uint64) {
	h.mu.Lock()
	current := h.readerGen == gen
	h.mu.Unlock()
	if current {
		h.wg.Done()
	}
}

// readSome reads the datagrams waiting, at least one, into bufs, their
// lengths and sources into got.
func (h *Host) readSome(bufs [][]byte, got []arrival) (int, error) {
	if h.batch != nil {
		return h.batch.read(bufs, got)
	}
	n, from, err := h.read(bufs[0])
	got[0] = arrival{n, from}
	if err != nil {
		return 0, err
	}
	return 1, nil
}

// handleArrivals handles datagrams read (got[i] is bufs[i]'s) under one
// hold of the lock, and says whether any came from a peer and whether
// packets queued wait for their window; it appends to here the served
// peers the reader is to serve itself (see wakeServed).
func (h *Host) handleArrivals(bufs [][]byte, got []arrival, polled bool, here []*Peer) (fromPeer, queued bool, _ []*Peer) {
	h.mu.Lock()
	if !h.closed {
		h.tick()
	}
	h.reads++
	h.batchRead()
	if h.handling > 0 { // else the flusher does not wait: no stale wake-up
		h.handledSome()
	}
	for i, a := range got {
		if a.n > maxMTU || !a.from.IsValid() {
			continue
		}
		h.stats.DatagramsIn++
		h.stats.BytesIn += uint64(a.n)
		if polled {
			h.stats.DatagramsPolled++
		}
		if !h.closed && h.handleDatagram(bufs[i][:a.n], a.from) {
			fromPeer = true
		}
	}
	here = h.wakeServed(here)
	h.writesHeld = len(here) > 0
	queued = h.window.opened != 0
	h.unlock()
	return fromPeer, queued, here
}

// read reads a datagram and its source, IPv4 addresses unmapped.
func (h *Host) read(buf []byte) (int, netip.AddrPort, error) {
	if h.udp != nil {
		n, ap, err := h.udp.ReadFromUDPAddrPort(buf)
		return n, unmap(ap), err
	}
	n, addr, err := h.conn.ReadFrom(buf)
	ua, _ := addr.(*net.UDPAddr)
	if err != nil || ua == nil {
		return n, netip.AddrPort{}, err
	}
	return n, unmap(ua.AddrPort()), nil
}

// unmap writes an IPv4-mapped IPv6 address as IPv4, so that a peer has one
// address whichever way a socket reports it.
func unmap(ap netip.AddrPort) netip.AddrPort { return netip.AddrPortFrom(ap.Addr().Unmap(), ap.Port()) }

// tickLoop retransmits, pings and times out, every cfg.tick while the
// host has work on a timer (see tickwait.go).
func (h *Host) tickLoop() {
	defer h.wg.Done()
	t := time.NewTimer(h.cfg.tick)
	defer t.Stop()
	for {
		select {
		case <-h.done:
			return
		case <-t.C:
		case <-h.wakeTick:
		}
		h.mu.Lock()
		h.tick()
		h.stats.Ticks++
		if h.inline != nil && !h.closed && timeDiff(h.now, h.inlineSince) >= uint32(max(h.cfg.tick.Milliseconds(), 1)) {
			h.replaceReader(true) // the reader has served a peer a tick: the others' packets wait
		}
		h.throttleBandwidth()
		h.expireOffers()
		for _, p := range h.peers {
			if p == nil {
				continue
			}
			if p.state == stateAcknowledgingConnect {
				// Not verified yet: nothing is sent again on a timer.
				if timeDiff(h.now, p.connectTime) >= p.timeoutMinimum {
					h.endPeer(p, ErrTimeout)
				}
				continue
			}
			h.flushPeer(p, true)
		}
		wait := h.nextTick()
		h.unlock()
		t.Reset(wait)
	}
}
