package multiplayer

import (
	"errors"
	"fmt"
	"time"
)

// Authentication, as SceneMultiplayer's (auth_callback, send_auth,
// complete_auth, auth_timeout): with OnAuth set, each new peer is held
// pending. While pending, the two sides exchange authentication messages
// (07 00 and the data) and nothing else; each says it is done with 07 00
// alone. A peer is admitted (announced, OnPeerConnected) once both sides
// are done, and disconnected if that takes longer than the timeout.

// ErrAuthTimeout: a peer did not complete its authentication within
// WithAuthTimeout; it is disconnected.
var ErrAuthTimeout = errors.New("multiplayer: authentication timed out")

// The errors of the packets authentication refuses whole, made once: a
// flood of the smallest packets costs no error each.
var (
	errBeforeAuth = fmt.Errorf("%w: a packet before authentication", ErrNotAllowed)
	errAuthAfter  = fmt.Errorf("%w: authentication data from an admitted peer", ErrNotAllowed)
)

// authState is a pending peer's authentication: whether this side and the
// peer are done, and its timeout.
type authState struct {
	local, remote bool
	timer         *time.Timer
}

// OnAuth sets the function that receives a pending peer's authentication
// messages (auth_callback), and makes every peer that connects from then on
// pending until both sides call CompleteAuth. data is valid during the
// call only. Set it before serving or connecting, on both sides, as in the
// engine: a side without it takes authentication messages as errors.
func (m *Multiplayer) OnAuth(fn func(peer PeerID, data []byte)) { m.set(func() { m.onAuth = fn }) }

// OnPeerAuthenticating sets the function called when a peer connects and
// is held pending (peer_authenticating): the time to SendAuth it a
// challenge.
func (m *Multiplayer) OnPeerAuthenticating(fn func(PeerID)) {
	m.set(func() { m.onAuthenticating = fn })
}

// OnPeerAuthenticationFailed sets the function called when a pending peer
// leaves or times out before it is admitted
// (peer_authentication_failed); OnPeerDisconnected is not called for it.
// As OnPeerDisconnected, and unlike the engine's signal, it is called too
// when this side disconnects the peer (Disconnect).
func (m *Multiplayer) OnPeerAuthenticationFailed(fn func(PeerID)) {
	m.set(func() { m.onAuthFailed = fn })
}

// SendAuth sends a pending peer an authentication message, reliably
// (send_auth). data must not be empty, and neither side may have
// completed.
func (m *Multiplayer) SendAuth(peer PeerID, data []byte) error {
	if len(data) == 0 {
		return errors.New("multiplayer: SendAuth: no data")
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	c := m.conns[peer]
	if c == nil || c.auth == nil {
		return fmt.Errorf("%w: %d is not authenticating", ErrNoPeer, peer)
	}
	if c.auth.local || c.auth.remote {
		return fmt.Errorf("%w: SendAuth to %d after a side completed", ErrNotAllowed, peer)
	}
	pkt := append([]byte{cmdSys, sysAuth}, data...)
	return c.send(pkt, false, reliably)
}

// CompleteAuth says this side is done authenticating a pending peer
// (complete_auth). The peer is admitted now if it is done too, else once
// it says so. OnPeerConnected then runs before any further packet of the
// peer's is handled: here, unless the connection's goroutine is handling
// one (CompleteAuth called from OnAuth, say), which then calls it.
func (m *Multiplayer) CompleteAuth(peer PeerID) error {
	m.mu.Lock()
	c := m.conns[peer]
	if c == nil || c.auth == nil {
		m.mu.Unlock()
		return fmt.Errorf("%w: %d is not authenticating", ErrNoPeer, peer)
	}
	if c.auth.local {
		m.mu.Unlock()
		return fmt.Errorf("%w: CompleteAuth of %d twice", ErrNotAllowed, peer)
	}
	c.auth.local = true
	err := c.send([]byte{cmdSys, sysAuth}, false, reliably) // before anything the admission sends
	if c.auth.remote {
		m.admit(c)
	}
	m.mu.Unlock()
	c.greetSoon()
	return err
}

// holdForAuth makes a joining peer pending, if this side authenticates,
// and reports whether it did (m.mu held).
func (m *Multiplayer) holdForAuth(c *conn) bool {
	if m.onAuth == nil {
		return false
	}
	c.auth = &authState{}
	c.auth.timer = time.AfterFunc(m.cfg.authTimeout, func() {
		m.mu.Lock()
		defer m.mu.Unlock() // so that no admission comes between
		if c.auth != nil {
			c.close(ErrAuthTimeout) // reported when it ends, as OnPeerAuthenticationFailed
		}
	})
	return true
}

// admit makes a joining or pending peer a peer: it is announced, and
// greeted (OnPeerConnected) by greetSoon (m.mu held).
func (m *Multiplayer) admit(c *conn) {
	if c.auth != nil {
		c.auth.timer.Stop()
		c.auth = nil
	}
	c.greeting.Store(true)
	m.announce(c)
	m.joinRepl(c.id)
}

// handleAuth takes an authentication message of c's, or a packet of c's
// while it is pending; it reports whether it took the packet, and its
// error. Once it saw the peer admitted, it takes no lock for the peer's
// other packets: an admitted peer is never pending again.
func (m *Multiplayer) handleAuth(c *conn, b []byte) (bool, error) {
	isAuth := len(b) >= 2 && b[0]&cmdMask == cmdSys && b[1] == sysAuth
	if c.admitted && !isAuth {
		return false, nil
	}
	m.mu.Lock()
	a := c.auth
	if a == nil {
		m.mu.Unlock()
		c.admitted = true
		switch {
		case !isAuth:
			return false, nil
		case len(b) == 2:
			return true, nil // the peer's completion, after this side admitted it: the engine ignores it too
		}
		return true, errAuthAfter
	}
	if !isAuth {
		m.mu.Unlock()
		return true, errBeforeAuth
	}
	if len(b) > 2 {
		fn := m.onAuth
		m.mu.Unlock()
		if fn != nil { // OnAuth(nil) after the peer came
			fn(c.id, b[2:])
		}
		return true, nil
	}
	a.remote = true
	if a.local {
		m.admit(c) // greeted once this packet is handled
	}
	m.mu.Unlock()
	return true, nil
}

// The connection's goroutine runs each of its steps (its start, a packet,
// its end) holding c.calls, and so does an admission's OnPeerConnected:
// one callback at a time for a peer, and none of its packets handled
// before it is greeted.

// started calls, as a connection's goroutine starts,
// OnPeerAuthenticating for a pending peer, then OnPeerConnected for an
// admitted one.
func (c *conn) started() {
	m := c.m
	c.calls.Lock()
	m.mu.Lock()
	fn := m.onAuthenticating
	pending := c.auth != nil
	m.mu.Unlock()
	if pending && fn != nil {
		fn(c.id)
	}
	c.calls.Unlock()
	c.greetSoon()
}

// handle handles a packet of the peer's, then greets it if it was
// admitted meanwhile.
func (c *conn) handle(b []byte, how delivery) {
	c.calls.Lock()
	err := c.m.handle(c, b, how)
	c.calls.Unlock()
	if err != nil {
		c.m.report(c.id, err)
	}
	c.greetSoon()
}

// ended forgets the connection (leave) once any admission of it has been
// greeted.
func (c *conn) ended() {
	c.calls.Lock()
	defer c.calls.Unlock()
	c.greet()
	c.m.leave(c)
}

// greetSoon calls OnPeerConnected for an admission, unless c.calls is
// held, whose holder then does. Its flag is set before the lock is tried,
// and the holder looks at it after letting go: one of them sees both.
func (c *conn) greetSoon() {
	for c.greeting.Load() && c.calls.TryLock() {
		c.greet()
		c.calls.Unlock()
	}
}

// greet calls OnPeerConnected, if an admission is yet to be greeted
// (c.calls held).
func (c *conn) greet() {
	if !c.greeting.Swap(false) {
		return
	}
	c.m.mu.Lock()
	fn := c.m.onConnect
	c.m.mu.Unlock()
	if fn != nil {
		fn(c.id)
	}
}
