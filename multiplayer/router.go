package multiplayer

import (
	"cmp"
	"errors"
	"fmt"
)

// The router hands each packet a connection brings to the part it is for:
// authentication, the transport (peers announced, relays), the remote
// calls, the replication, or OnPacket.

// errEmptyPacket is made once: even explained (see refuse), an empty
// packet costs no error of its own.
var errEmptyPacket = malformed("an empty packet")

// route processes a packet that arrived on c, as how says it travelled.
func (m *Multiplayer) route(c *conn, b []byte, how delivery) error {
	if len(b) == 0 {
		return c.errs.refuse(ErrMalformed, func() error { return errEmptyPacket })
	}
	if took, admit, err := m.auth.take(c, b); took {
		c.counts.received[cmdSys].Add(1)
		if admit {
			m.admit(c) // greeted once this packet is handled
		}
		return err
	}
	if b[0]&cmdMask == cmdSys {
		return m.handleSys(c, b, how)
	}
	return m.process(c, c.id, b)
}

// process processes a packet from peer from (c.id, or the source of a
// relayed packet). What it refuses is c's error (see refuse).
func (m *Multiplayer) process(c *conn, from PeerID, b []byte) error {
	c.counts.received[b[0]&cmdMask].Add(1)
	errs := &c.errs
	switch b[0] & cmdMask {
	case cmdRemoteCall:
		return m.rpc.handleCall(c, from, b)
	case cmdSimplifyPath:
		return m.rpc.handleSimplify(errs, from, b)
	case cmdConfirmPath:
		return m.rpc.handleConfirm(errs, from, b)
	case cmdRaw:
		if len(b) < 2 {
			return errs.refuse(ErrMalformed, func() error { return malformed("a raw packet of no bytes") })
		}
		m.mu.Lock()
		fn := m.onPacket
		m.mu.Unlock()
		if fn != nil {
			fn(from, b[1:])
		}
		return nil
	case cmdSpawn:
		return m.repl.handleSpawn(errs, from, b)
	case cmdDespawn:
		return m.repl.handleDespawn(errs, from, b)
	case cmdSync:
		return m.repl.handleSync(errs, from, b)
	}
	return errs.refuse(ErrMalformed, func() error { return malformed("a system command inside a relayed packet") })
}

// handleSys processes a system command: peers coming and going and relays.
func (m *Multiplayer) handleSys(c *conn, b []byte, how delivery) error {
	errs := &c.errs
	cmd, peer, payload, err := parseSys(errs, b)
	if err != nil {
		return err
	}
	if cmd != sysRelay {
		c.counts.received[cmdSys].Add(1)
	}
	if !m.cfg.relay {
		return errs.refuse(ErrNotAllowed, func() error {
			return fmt.Errorf("%w: system command %d, with server relay off", ErrNotAllowed, cmd)
		})
	}
	if m.ID() == ServerID {
		if cmd != sysRelay || len(payload) == 0 {
			return errs.refuse(ErrMalformed, func() error { return malformed("system command %d of %d bytes from a client", cmd, len(b)) })
		}
		return m.relay(c, peer, payload, how)
	}
	switch cmd {
	case sysAddPeer, sysDelPeer:
		if peer < 2 {
			return errs.refuse(ErrMalformed, func() error { return malformed("system command %d for peer %d", cmd, peer) })
		}
		if cmd == sysAddPeer {
			m.addOther(c, peer)
		} else {
			m.removeOther(peer)
		}
		return nil
	case sysRelay:
		if len(payload) == 0 || peer == ServerID {
			return errs.refuse(ErrMalformed, func() error {
				return malformed("a relayed packet of %d bytes from peer %d", len(payload), peer)
			})
		}
		return m.process(c, peer, payload)
	}
	return errs.refuse(ErrMalformed, func() error { return malformed("system command %d", cmd) })
}

// addOther takes in a peer a client's server announces (ADD_PEER),
// unless it announced more than WithMaxPeers: then the client disconnects
// from it (c is the server's connection).
func (m *Multiplayer) addOther(c *conn, peer PeerID) {
	m.repl.mu.Lock()
	m.mu.Lock()
	known, full := m.others[peer], len(m.others) >= m.cfg.maxPeers
	if !known && !full {
		m.others[peer] = true
		m.repl.join(peer)
	}
	fn := m.onConnect
	m.mu.Unlock()
	m.repl.mu.Unlock()
	switch {
	case known:
	case full:
		c.close(fmt.Errorf("%w: over %d", ErrTooManyPeers, m.cfg.maxPeers)) // reported as it ends
	default:
		m.repl.show(peer)
		if fn != nil {
			fn(peer)
		}
	}
}

// removeOther forgets a peer a client's server says left (DEL_PEER).
func (m *Multiplayer) removeOther(peer PeerID) {
	m.repl.mu.Lock()
	m.rpc.mu.Lock()
	m.mu.Lock()
	known := m.others[peer]
	m.repl.leave(peer)
	m.rpc.forget(peer)
	delete(m.others, peer)
	fn := m.onDisconnect
	m.mu.Unlock()
	m.rpc.mu.Unlock()
	m.repl.mu.Unlock()
	if fn != nil && known {
		fn(peer)
	}
}

// relay forwards a client's packet for other peers, as the engine's server
// does: to peer dest, or (dest ≤ 0) to every client but the sender and
// −dest, the way it came (how), and handles it itself unless dest is −1
// ("not the server"). A packet for an unknown peer is dropped silently, as
// the engine drops it; one that does not fit destinations' queues is
// dropped there and reported once, as the sender's error. Once replication
// is declared, what goes to each peer is what its filter lets through
// (replLayer.relayFilter), under the replication's and the RPCs' locks.
// What goes to each peer may wait for the gather's window
// (WithGatherWindow), with what else is relayed to it meanwhile: over ENet
// for the host's flush, over WebSocket for the window's end, when a
// reading goroutine writes it if the socket takes it: a wake-up of the
// peer's writing goroutine for each packet relayed cost more than the
// write.
func (m *Multiplayer) relay(c *conn, dest PeerID, inner []byte, how delivery) error {
	if dest == ServerID {
		return m.process(c, c.id, inner)
	}
	// The packet is as long as the one received: within the limit.
	pkt := append(appendSys(make([]byte, 0, sysSize+len(inner)), sysRelay, c.id), inner...)
	how.later, how.now = true, true
	full, to, sent := 0, 0, 0
	var first error
	filtered := m.repl.active.Load()
	send := func(peer *conn) {
		to++
		out := pkt
		if filtered {
			out = m.repl.relayFilter(&c.errs, c.id, peer.id, pkt)
		}
		if out == nil {
			return
		}
		if err := peer.link.enqueue(out, false, how, 0); err != nil {
			full++
			first = cmp.Or(first, err)
		} else {
			sent++
		}
	}
	if filtered {
		m.repl.mu.Lock()
		m.rpc.mu.Lock()
	}
	m.mu.Lock()
	if peer := m.conns[dest]; dest > 0 && peer != nil && !peer.authenticating {
		send(peer)
	}
	if dest <= 0 {
		for id, peer := range m.conns {
			if id != c.id && id != -dest && peer.shown { // the peers the sender was told of
				send(peer)
			}
		}
	}
	m.mu.Unlock()
	if filtered {
		m.rpc.mu.Unlock()
		m.repl.mu.Unlock()
	}
	kind := inner[0] & cmdMask
	c.counts.relayed[kind].Add(uint64(sent))
	var dropped error
	if full > 0 {
		c.counts.relaysDropped.Add(uint64(full))
		explain := func() error { return fmt.Errorf("a relayed packet, dropped for %d of %d peers: %w", full, to, first) }
		if errors.Is(first, ErrQueueFull) {
			dropped = c.errs.refuse(ErrQueueFull, explain)
		} else {
			dropped = explain()
		}
	}
	if dest > 0 || dest == -1 {
		c.counts.received[kind].Add(1) // process counts the others
		return dropped
	}
	if err := m.process(c, c.id, inner); err != nil {
		return err
	}
	return dropped
}
