package multiplayer

import (
	"cmp"
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"net/netip"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/enet"
)

// Over ENet, as Godot 4.6's ENetMultiplayerPeer: a client picks its own
// peer id (2 to 2^31−1) and sends it as its connect's data; the server
// refuses, silently, an id below 2 or one in use. Each SceneMultiplayer
// packet is one ENet packet, with nothing added, on the channel and with
// the flags its transfer mode and channel give it (see delivery.go).

// enetChannels is what a client asks for and a server allows: the most.
const enetChannels = 255

// ListenAndServeENet serves Godot clients (ENetMultiplayerPeer's
// create_client) on the UDP address addr, as create_server does, until
// ctx is done or Close is called. opts configure the ENet host (its
// compression must be the clients'), beyond what the Multiplayer's own
// options set: WithMaxPeers (the host's slots, DefaultENetPeers unless
// given), WithMaxPacketSize and WithSendQueue apply as over WebSocket, and
// enet's options of the same settings are refused (gdvar.ErrInvalidOption), so
// that each has one spelling.
func (m *Multiplayer) ListenAndServeENet(ctx context.Context, addr string, opts ...enet.Option) error {
	if err := refuseRestated(opts); err != nil {
		return err
	}
	h, err := enet.Listen("udp", addr, m.enetOptions(opts)...)
	if err != nil {
		return err
	}
	return m.ServeENet(ctx, h)
}

// ServeENet serves Godot clients on an ENet host, which it closes when it
// returns: after ctx is done or Close is called, once every connection has
// ended.
func (m *Multiplayer) ServeENet(ctx context.Context, h *enet.Host) error {
	if err := m.start(true); err != nil {
		h.Close()
		return err
	}
	stop := context.AfterFunc(ctx, func() { m.Close() })
	defer stop()
	m.addHost(h)
	defer m.dropHost(h)
	m.closeHostOnClose(h, nil) // ends Accept, after every peer is told
	for {
		p, err := h.Accept(context.Background())
		if err != nil {
			break
		}
		m.acceptENet(p)
	}
	m.Close()
	<-m.done
	return nil
}

// acceptENet makes an ENet peer a client, or refuses it as the engine
// does: silently (the client times out).
func (m *Multiplayer) acceptENet(p *enet.Peer) {
	id := PeerID(int32(p.ConnectData()))
	addr := udpAddressOf(p.RemoteAddr())
	m.mu.Lock()
	var refused, budget string
	full, draining := false, m.draining
	switch {
	case draining:
		m.counts.refusedDraining.Add(1)
	case id < 2:
		refused = "an id below 2"
		m.counts.refusedBad.Add(1)
	case m.conns[id] != nil || m.pending[id]:
		refused = "an id in use"
		m.counts.refusedBad.Add(1)
	case len(m.conns) >= m.cfg.maxPeers:
		full = true
		m.counts.refusedFull.Add(1)
	default:
		budget = m.takeJoin(addr)
	}
	m.mu.Unlock()
	if draining {
		// Told at once, where the engine's refusal leaves the client to
		// time out: it is to join another server.
		p.DisconnectNow(0)
		m.logs.refusedJoin("enet", p.RemoteAddr(), "draining")
		return
	}
	if refused != "" || full || budget != "" {
		p.Reset()
		m.logs.refusedJoin("enet", p.RemoteAddr(), cmp.Or(refused, budget, "full"))
		m.report(0, m.unconnected.refuse(ErrNotAllowed, func() error {
			switch {
			case full:
				refused = fmt.Sprintf("a place beyond WithMaxPeers (%d)", m.cfg.maxPeers)
			case budget == "address":
				refused = fmt.Sprintf("a place beyond WithMaxPeersPerAddress (%d)", m.cfg.perAddress)
			case budget == "rate":
				refused = "a join beyond WithJoinRate"
			}
			return fmt.Errorf("%w: ENet client %s asks for %s (peer id %d): refused, as the engine refuses it, silently", ErrNotAllowed, p.RemoteAddr(), refused, id)
		}))
		return
	}
	c := m.newENetLink(p, nil, id).c
	c.addr = addr
	if err := m.join(c); err != nil {
		m.mu.Lock()
		m.leaveAddress(addr)
		m.mu.Unlock()
		p.DisconnectNow(0)
		return
	}
	c.run()
}

// ConnectENet connects to a Godot server (ENetMultiplayerPeer's
// create_server) at the UDP address addr ("host:port"), as create_client
// does, and returns once the server has taken the connection; it then runs
// until the server ends it or Close is called. ctx bounds the connecting.
func (m *Multiplayer) ConnectENet(ctx context.Context, addr string, opts ...enet.Option) error {
	if err := refuseRestated(opts); err != nil {
		return err
	}
	if err := m.start(false); err != nil {
		return err
	}
	defer m.connected()
	h, err := enet.Listen("udp", ":0", append(m.enetOptions(opts), enet.WithMaxPeers(1))...)
	if err != nil {
		return err
	}
	id := randomID()
	p, err := h.Connect(ctx, addr, enetChannels, uint32(id))
	if err != nil {
		h.Close()
		return err
	}
	c := m.newENetLink(p, h, ServerID).c
	m.addHost(h) // dropped as the connection ends (enetLink.serve)
	m.closeHostOnClose(h, p.Done())
	if err = m.joinServer(c, id); err != nil {
		h.Close()
		m.dropHost(h)
		return err
	}
	c.run()
	return nil
}

// randomID is a client's peer id, as the engine's generate_unique_id.
func randomID() PeerID {
	for {
		var b [4]byte
		rand.Read(b[:])
		if id := PeerID(binary.LittleEndian.Uint32(b[:]) & 0x7fffffff); id >= 2 {
			return id
		}
	}
}

// enetOptions are the ENet host's options: the Multiplayer's limits, then
// the caller's (see refuseRestated).
func (m *Multiplayer) enetOptions(opts []enet.Option) []enet.Option {
	return append([]enet.Option{
		enet.WithMaxPeers(m.cfg.enetPeers), enet.WithMaxPacketSize(m.cfg.maxPacket),
		enet.WithMaxSendQueue(m.cfg.sendQueue), enet.WithDropReport(m.enetDropped), enet.WithQueueWindow(m.cfg.gather),
	}, opts...)
}

// enetDropped reports what an ENet host of m's dropped for a setting its
// sender does not share (enet.WithDropReport), which ENet drops silently
// and the engine's client waits out for 30 s: compression, a host full.
// It runs under the host's lock, so OnError is called on a goroutine of
// its own.
func (m *Multiplayer) enetDropped(from netip.AddrPort, err error) {
	kind := enet.ErrCompression
	if errors.Is(err, enet.ErrTooManyPeers) {
		kind = enet.ErrTooManyPeers
	}
	m.errs.reportLater(&m.unconnected, 0, m.unconnected.refuse(kind, func() error {
		return fmt.Errorf("multiplayer: ENet datagram from %s dropped: %w", from, err)
	}))
}

// refuseRestated refuses the caller's ENet options that set again what the
// Multiplayer's options set.
func refuseRestated(opts []enet.Option) error {
	for _, o := range opts {
		if own, ok := enetRestated[o.Name()]; ok {
			return fmt.Errorf("%w: enet.%s does not apply to a Multiplayer: set it with multiplayer.%s", gdvar.ErrInvalidOption, o.Name(), own)
		}
	}
	return nil
}

// enetRestated are the ENet host's settings a Multiplayer's options make,
// and those options.
var enetRestated = map[string]string{
	"WithMaxPeers":      "WithMaxPeers",
	"WithMaxPacketSize": "WithMaxPacketSize",
	"WithMaxSendQueue":  "WithSendQueue",
	"WithQueueWindow":   "WithGatherWindow",
}

// closeHostOnClose closes h when the Multiplayer closes, or stops waiting
// when ended is closed.
func (m *Multiplayer) closeHostOnClose(h *enet.Host, ended <-chan struct{}) {
	go func() {
		select {
		case <-m.closing:
			h.Close()
		case <-ended:
		}
	}()
}
