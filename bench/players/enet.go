package main

import (
	"context"
	"net"

	"github.com/gdvar/gdvar/enet"
)

// enetLink is an ENet client on a host and socket of its own, as each game
// client has. Packets are queued (enet.Peer.Queue) and leave together, in
// as few datagrams as fit, as ENet's service sends what a frame queued.
type enetLink struct {
	host *enet.Host
	peer *enet.Peer
}

// clientReadBuffer is each client socket's receive buffer: room for a
// burst of the server's fan-out, so that the kernel drops none of it at
// the client (Linux caps it at net.core.rmem_max).
const clientReadBuffer = 4 << 20

// dialENet connects to an ENetMultiplayerPeer server at addr as peer id,
// with the channels create_client asks for.
func dialENet(ctx context.Context, addr string, id int32) (*enetLink, error) {
	conn, err := net.ListenUDP("udp", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	if err != nil {
		return nil, err
	}
	conn.SetReadBuffer(clientReadBuffer)
	h, err := enet.NewHost(conn, enet.WithMaxPeers(1))
	if err != nil {
		conn.Close()
		return nil, err
	}
	p, err := h.Connect(ctx, addr, 255, uint32(id))
	if err != nil {
		h.Close()
		return nil, err
	}
	return &enetLink{host: h, peer: p}, nil
}

func (l *enetLink) put(pkt []byte, how delivery) error {
	switch how {
	case unordered:
		return l.peer.Queue(1, pkt, enet.Unsequenced|enet.UnreliableFragment)
	case ordered:
		return l.peer.Queue(1, pkt, enet.UnreliableFragment)
	}
	return l.peer.Queue(0, pkt, enet.Reliable)
}

// flush does nothing: the host's flusher sends what is queued.
func (l *enetLink) flush() error { return nil }

func (l *enetLink) receive() ([]byte, error) {
	pk, err := l.peer.Receive(context.Background())
	return pk.Data, err
}

func (l *enetLink) close() { l.host.Close() }

// throttleDropped returns the unreliable packets the client's host has
// dropped by ENet's throttle rather than send.
func (l *enetLink) throttleDropped() uint64 { return l.host.Stats().ThrottleDropped }
