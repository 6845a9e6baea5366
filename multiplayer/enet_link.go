package multiplayer

import (
	"errors"
	"fmt"
	"io"

	"github.com/gdvar/gdvar/enet"
)

// enetLink is a connection's transport over ENet: one goroutine reads
// the peer's packets, and ENet itself queues, sends and keeps the peer
// alive.
type enetLink struct {
	c    *conn
	peer *enet.Peer
	host *enet.Host // a client's own, closed when its connection ends; nil on a server
}

// newENetLink returns the transport of a new connection to peer id over p.
func (m *peerLayer) newENetLink(p *enet.Peer, h *enet.Host, id PeerID) *enetLink {
	c := m.newConn(id)
	l := &enetLink{c: c, peer: p, host: h}
	c.link = l
	return l
}

// enqueue sends a packet as how says; ENet copies it. A full queue is
// ErrQueueFull, as over WebSocket; a peer leaving loses its packets.
func (l *enetLink) enqueue(pkt []byte, own bool, how delivery, _ uint64) error {
	ch, flags := how.enet()
	send := l.peer.Send
	if how.later {
		send = l.peer.Queue
	}
	err := send(ch, pkt, flags)
	if own {
		freePacket(pkt)
	}
	switch {
	case err == nil, errors.Is(err, enet.ErrNotConnected):
		return nil
	case errors.Is(err, enet.ErrQueueFull):
		return l.c.queueFull()
	}
	return fmt.Errorf("multiplayer: to peer %d: %w", l.c.id, err)
}

// serial is 0: ENet sends a reply at once.
func (l *enetLink) serial() uint64 { return 0 }

// hangUp asks the peer to disconnect after what is queued, as
// disconnect_peer does.
func (l *enetLink) hangUp() { l.peer.Disconnect(0) }

// serve handles the peer's packets, paced by its rate, until it ends: on
// this goroutine, or on the host's reading goroutine while this one waits
// and the peer is within its rate (see enet.Peer.Serve). Closing the
// connection disconnects the peer (hangUp); closing the Multiplayer
// closes the host, which disconnects every peer at once, as the engine's
// close_connection.
func (l *enetLink) serve() {
	c := l.c
	c.started()
	err := l.peer.Serve(func(pk enet.Packet) bool {
		if !c.pace() {
			return false
		}
		c.deliver(pk.Data, enetDelivery(pk))
		return true
	}, c.withinRate)
	if err != nil {
		if errors.Is(err, enet.ErrDisconnected) || errors.Is(err, enet.ErrClosed) || errors.Is(err, enet.ErrRefused) {
			err = io.EOF // an end as ENet's peers end
		}
		c.close(err)
	}
	if l.host != nil {
		l.host.Close()
		c.m.dropHost(l.host)
	}
}
