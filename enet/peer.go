package enet

import (
	"context"
	"net"
	"net/netip"
	"sync"
	"time"
)

// ENet's peer defaults (include/enet/enet.h).
const (
	defaultMTU            = 1392
	defaultRTT            = 500
	throttleScale         = 32
	defaultThrottle       = 32
	throttleCounterStep   = 7
	defaultThrottleAccel  = 2
	defaultThrottleDecel  = 2
	defaultThrottleIntv   = 5000
	packetLossScale       = 1 << 16
	packetLossInterval    = 10000
	windowSizeScale       = 64 * 1024
	defaultTimeoutLimit   = 32
	defaultTimeoutMinimum = 5000
	defaultTimeoutMaximum = 30000
	defaultPingInterval   = 500
	unsequencedWindowSize = 1024
	freeUnsequencedWins   = 32
	reliableWindows       = 16
	reliableWindowSize    = 0x1000
	freeReliableWindows   = 8
)

// state is where a peer is in its life (ENetPeerState).
type state uint8

const (
	stateDisconnected state = iota
	stateConnecting
	stateAcknowledgingConnect
	stateConnectionPending
	stateConnectionSucceeded
	stateConnected
	stateDisconnectLater
	stateDisconnecting
	stateAcknowledgingDisconnect
	stateZombie
)

// Flag says how a packet travels; the values are ENet's and Godot's
// (ENetPacketPeer.FLAG_*).
type Flag uint8

const (
	// Reliable packets arrive, once and in order on their channel.
	Reliable Flag = 1 << 0
	// Unsequenced packets may arrive out of order, or not at all, but never
	// twice. Not for reliable packets.
	Unsequenced Flag = 1 << 1
	// UnreliableFragment sends an unreliable packet larger than the MTU as
	// unreliable fragments; without it such a packet goes reliably.
	UnreliableFragment Flag = 1 << 3
)

// Packet is a packet received from a peer.
type Packet struct {
	Channel uint8
	Flags   Flag // Reliable, Unsequenced or UnreliableFragment, as it came
	Data    []byte
}

// Peer is one connection of a [Host]: a remote client of a server, or the
// server a client connected to. Its methods are safe for concurrent use.
type Peer struct {
	host *Host

	// Set at connect, read only after.
	id   uint16         // incoming peer id: our slot
	addr netip.AddrPort // IPv4 addresses unmapped

	// What follows is guarded by host.mu.
	flushLater                       bool // among host.later
	state                            state
	outgoingPeerID                   uint16
	incomingSession, outgoingSession uint8
	connectID                        uint32
	connectData                      uint32    // what the remote sent in its connect
	connectTime                      uint32    // when the connect came (a server's peer)
	verify                           *outgoing // a server's verify-connect, until acknowledged
	cookieSeq                        uint16    // the verify-connect's number, whose acknowledgements echo its cookie
	eventData                        uint32    // the disconnect's data
	mtu, windowSize                  uint32
	channelCount                     int        // channels the peer has
	channels                         []*channel // those up to the highest used, each made on first use
	incomingBandwidth                uint32
	outgoingBandwidth                uint32
	incomingDataTotal                uint32 // bytes received and sent since the last bandwidth share
	outgoingDataTotal                uint32
	inBandwidthEpoch                 uint32 // when the bandwidth share last set the peer's limits
	outBandwidthEpoch                uint32

	throttle, throttleLimit, throttleCounter uint32
	throttleEpoch, throttleInterval          uint32
	throttleAccel, throttleDecel             uint32

	pingInterval                                 uint32
	timeoutLimit, timeoutMinimum, timeoutMaximum uint32

	lastSendTime, lastReceiveTime uint32
	nextTimeout, earliestTimeout  uint32
	packetLossEpoch               uint32
	packetsSent, packetsLost      uint32
	packetLoss, packetLossVar     uint32

	rtt, rttVar              uint32
	lastRTT, lastRTTVar      uint32
	lowestRTT, highestRTTVar uint32
	reliableDataInTransit    uint32
	outgoingReliableSeq      uint16 // for commands on no channel (0xFF)
	incomingUnsequencedGroup uint16
	outgoingUnsequencedGroup uint16
	unsequencedWindow        [unsequencedWindowSize / 32]uint32
	continueSending          bool
	zombie                   bool // its disconnect is acknowledged: it ends after this datagram
	acks                     []ack
	outgoing                 []*outgoing // commands without a reliable packet
	outgoingReliable         []*outgoing // reliable sends, fragments included
	sentReliable             []*outgoing
	inFlight                 map[uint32]*outgoing // reliable commands sent and not acknowledged, by inFlightKey
	inFlightPeak             int                  // the most inFlight has held since made
	queuedBytes              int                  // what the packets' commands count (queueCost) from Send until sent, or acknowledged if reliable
	inbox, inboxTail         *incoming            // packets received and not yet taken, oldest first
	waitingData              int                  // bytes received and not yet taken: inbox and partial packets
	ready                    chan struct{}
	waiting                  int               // Receives waiting for a packet
	woken                    bool              // a packet delivered woke them: being handled (see handling.go)
	holding                  int               // packets Receive returned, being handled until the next Receive
	handle                   func(Packet) bool // Serve's (see serve.go)
	quick                    func() bool
	busy                     bool // a packet is being served
	waitsBusy                bool // Serve waits for the reader to end serving it
	served                   bool // among host.serving
	done                     chan struct{}
	doneOnce                 sync.Once
	err                      error
	connected                chan struct{} // closed when connected (Connect waits on it)
	connectedOnce            sync.Once
}

// ack is an acknowledgement to send.
type ack struct {
	channel  uint8
	seq      uint16
	sentTime uint16
	command  uint8
}

// outgoing is a command queued or sent; payload is its part of the packet.
type outgoing struct {
	cmd           command
	reliableSeq   uint16
	unreliableSeq uint16
	sentTime      uint32
	rtTimeout     uint32
	queueTime     uint32
	sendAttempts  uint32
	fragOffset    uint32
}

// ID is the peer's slot in its host, as ENet numbers peers.
func (p *Peer) ID() int { return int(p.id) }

// RemoteAddr is the peer's address.
func (p *Peer) RemoteAddr() net.Addr { return net.UDPAddrFromAddrPort(p.addr) }

// ConnectData is the 32-bit value the remote side sent with its connect
// (Godot puts the client's multiplayer peer id there).
func (p *Peer) ConnectData() uint32 {
	p.host.mu.Lock()
	defer p.host.unlock()
	return p.connectData
}

// RTT is the mean round-trip time ENet measures from acknowledgements.
func (p *Peer) RTT() time.Duration {
	p.host.mu.Lock()
	defer p.host.unlock()
	return time.Duration(p.rtt) * time.Millisecond
}

// Done is closed when the peer is gone; Err says why.
func (p *Peer) Done() <-chan struct{} { return p.done }

// Err is why the peer is gone (an error wrapping [ErrClosed], [ErrTimeout] or
// a *DisconnectError), or nil while it is connected.
func (p *Peer) Err() error {
	p.host.mu.Lock()
	defer p.host.unlock()
	return p.err
}

// SetTimeout sets when an unanswered peer is dropped, as
// enet_peer_timeout: after limit retransmissions' worth of backoff once
// minimum has passed, or after maximum in any case. Zero keeps ENet's
// default (32, 5 s, 30 s).
func (p *Peer) SetTimeout(limit uint32, minimum, maximum time.Duration) {
	p.host.mu.Lock()
	defer p.host.unlock()
	p.setTimeout(limit, uint32(minimum.Milliseconds()), uint32(maximum.Milliseconds()))
}

func (p *Peer) setTimeout(limit, minimum, maximum uint32) {
	p.timeoutLimit, p.timeoutMinimum, p.timeoutMaximum = limit, minimum, maximum
	if limit == 0 {
		p.timeoutLimit = defaultTimeoutLimit
	}
	if minimum == 0 {
		p.timeoutMinimum = defaultTimeoutMinimum
	}
	if maximum == 0 {
		p.timeoutMaximum = defaultTimeoutMaximum
	}
}

// Send queues data on a channel and sends it now. Data is copied. Packets
// larger than the MTU allows go as fragments. It fails if the peer is not
// connected, the channel does not exist, the packet is over the host's
// MaxPacketSize, or the peer's queue counts MaxSendQueue or more (see
// [WithMaxSendQueue]: [ErrQueueFull], and the packet may be sent again once
// the peer has acknowledged what it was sent).
func (p *Peer) Send(channel uint8, data []byte, flags Flag) error {
	h := p.host
	h.mu.Lock()
	defer h.unlock()
	if err := p.send(channel, data, flags); err != nil {
		return err
	}
	h.tick() // the datagram's sent time, which the peer echoes, is now
	h.flushPeer(p, false)
	return nil
}

// Receive returns the next packet from the peer, waiting for one until ctx
// ends or the peer is gone. Packets the peer sent before it went are
// returned first.
func (p *Peer) Receive(ctx context.Context) (Packet, error) {
	h := p.host
	h.mu.Lock()
	h.sendHandledAcks(p)
	for {
		p.handledAll() // the packets returned before
		if pk, ok := p.take(); ok {
			p.held()
			h.unlock()
			return pk, nil
		}
		if err := p.err; err != nil {
			h.unlock()
			return Packet{}, err
		}
		if err := p.await(ctx); err != nil {
			p.handledAll()
			h.unlock()
			return Packet{}, err
		}
	}
}

// await waits, with h.mu held and released meanwhile, until the reader
// wakes the peer's receiver (a packet, an error, or the end of serving it
// while busy), the peer ends, or ctx is done; it returns ctx's error then.
// A receiver waiting while the reader serves the peer (busy) waits for the
// reader alone, which signals when done.
func (p *Peer) await(ctx context.Context) error {
	h := p.host
	p.waiting++
	busy := p.busy
	p.waitsBusy = busy
	h.unlock()
	var err error
	if busy {
		<-p.ready
	} else {
		select {
		case <-p.ready:
		case <-p.done:
		case <-ctx.Done():
			err = ctx.Err()
		}
	}
	h.mu.Lock()
	p.waiting--
	p.waitsBusy = false
	return err
}

// Disconnect asks the peer to disconnect once what is queued has gone
// (enet_peer_disconnect_later), and returns; Done is closed when the peer
// acknowledges or times out.
func (p *Peer) Disconnect(data uint32) {
	h := p.host
	h.mu.Lock()
	defer h.unlock()
	if (p.state == stateConnected || p.state == stateDisconnectLater) && p.hasOutgoing() {
		p.state = stateDisconnectLater
		h.busyNow()
		p.eventData = data
		return
	}
	h.disconnect(p, data)
}

// DisconnectNow tells the peer once, unreliably, and forgets it at once
// (enet_peer_disconnect_now).
func (p *Peer) DisconnectNow(data uint32) {
	h := p.host
	h.mu.Lock()
	defer h.unlock()
	h.disconnectNow(p, data, errLocalDisconnect)
}

// Reset forgets the peer at once without telling it (enet_peer_reset): it
// times out at its end. Godot's server refuses a client so.
func (p *Peer) Reset() {
	h := p.host
	h.mu.Lock()
	defer h.unlock()
	h.endPeer(p, ErrRefused)
}

// channel returns channel i's state, made on first use; i is below
// channelCount. The table grows only to the highest channel used: an idle
// peer with 255 channels holds none.
func (p *Peer) channel(i uint8) *channel {
	if int(i) >= len(p.channels) {
		p.channels = append(p.channels, make([]*channel, int(i)+1-len(p.channels))...)
	}
	ch := p.channels[i]
	if ch == nil {
		ch = new(channel)
		p.channels[i] = ch
	}
	return ch
}

func (p *Peer) hasOutgoing() bool {
	return len(p.outgoing) > 0 || len(p.outgoingReliable) > 0 || len(p.sentReliable) > 0
}

// signal wakes a Receive.
func (p *Peer) signal() {
	select {
	case p.ready <- struct{}{}:
	default:
	}
}

// reset puts the peer's protocol state to ENet's defaults (enet_peer_reset).
func (p *Peer) reset(mtu uint32) {
	p.outgoingPeerID = maxPeerID
	p.connectID = 0
	p.incomingBandwidth, p.outgoingBandwidth = 0, 0
	p.incomingDataTotal, p.outgoingDataTotal, p.inBandwidthEpoch, p.outBandwidthEpoch = 0, 0, 0, 0
	p.lastSendTime, p.lastReceiveTime, p.nextTimeout, p.earliestTimeout = 0, 0, 0, 0
	p.packetLossEpoch, p.packetsSent, p.packetsLost, p.packetLoss, p.packetLossVar = 0, 0, 0, 0, 0
	p.throttle, p.throttleLimit, p.throttleCounter, p.throttleEpoch = defaultThrottle, throttleScale, 0, 0
	p.throttleAccel, p.throttleDecel, p.throttleInterval = defaultThrottleAccel, defaultThrottleDecel, defaultThrottleIntv
	p.pingInterval = defaultPingInterval
	p.setTimeout(0, 0, 0)
	p.lastRTT, p.lowestRTT, p.lastRTTVar, p.highestRTTVar = defaultRTT, defaultRTT, 0, 0
	p.rtt, p.rttVar = defaultRTT, 0
	p.mtu = mtu
	p.reliableDataInTransit = 0
	p.outgoingReliableSeq = 0
	p.windowSize = maxWindowSize
	p.incomingUnsequencedGroup, p.outgoingUnsequencedGroup = 0, 0
	p.unsequencedWindow = [unsequencedWindowSize / 32]uint32{}
	p.resetQueues()
}

// resetQueues drops everything queued, both ways, except packets already
// delivered to the inbox.
func (p *Peer) resetQueues() {
	p.acks = nil
	p.outgoing, p.outgoingReliable, p.sentReliable = nil, nil, nil
	p.inFlight, p.inFlightPeak = nil, 0
	p.queuedBytes = 0
	for _, ch := range p.channels {
		if ch == nil {
			continue
		}
		release := func(in *incoming) { p.waitingData -= in.held }
		ch.reliable.each(release)
		ch.unreliable.each(release)
	}
	p.channels, p.channelCount = nil, 0
}

// throttleFor adjusts the unreliable throttle after a measured round trip
// (enet_peer_throttle).
func (p *Peer) throttleFor(rtt uint32) {
	switch {
	case p.lastRTT <= p.lastRTTVar:
		p.throttle = p.throttleLimit
	case rtt <= p.lastRTT:
		// The acceleration is the peer's, any 32 bits: added whole, it
		// could wrap the throttle below where it was.
		p.throttle = min(p.throttle+min(p.throttleAccel, p.throttleLimit), p.throttleLimit)
	case rtt > p.lastRTT+2*p.lastRTTVar:
		if p.throttle > p.throttleDecel {
			p.throttle -= p.throttleDecel
		} else {
			p.throttle = 0
		}
	}
}
