package multiplayer

import (
	"errors"
	"fmt"
	"sync"
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

// The errors of the packets authentication refuses whole, made once, and
// handed on as bare ErrNotAllowed while the peer's are counted (see
// refuse): a flood of the smallest packets costs no error each.
var (
	errBeforeAuth = fmt.Errorf("%w: a packet before authentication", ErrNotAllowed)
	errAuthAfter  = fmt.Errorf("%w: authentication data from an admitted peer", ErrNotAllowed)
)

// authLayer is a Multiplayer's authentication, above its transport: its
// callbacks and the state of each pending peer. Its lock is taken after
// the replication's and the RPCs', before the transport's.
type authLayer struct {
	peers *peerLayer

	mu               sync.Mutex
	onAuth           func(PeerID, []byte)
	onAuthenticating func(PeerID)
	onAuthFailed     func(PeerID)
	states           map[*conn]*authState // the pending peers'
}

// authState is a pending peer's authentication: whether this side and the
// peer are done, whether it is being admitted, and its timeout.
type authState struct {
	local, remote bool
	admitting     bool // both are done: the timeout no longer ends it
	timer         *time.Timer
}

// set sets a callback, under a.mu.
func (a *authLayer) set(f func()) {
	a.mu.Lock()
	defer a.mu.Unlock()
	f()
}

// hold makes a joining peer pending, this side authenticating (OnAuth
// set; a.mu held).
func (a *authLayer) hold(c *conn) {
	a.peers.counts.authStarted.Add(1)
	st := &authState{}
	st.timer = time.AfterFunc(a.peers.cfg.authTimeout, func() {
		a.mu.Lock()
		defer a.mu.Unlock() // so that no admission comes between
		if a.states[c] == st && !st.admitting {
			c.close(ErrAuthTimeout) // reported when it ends, as OnPeerAuthenticationFailed
		}
	})
	if a.states == nil {
		a.states = map[*conn]*authState{}
	}
	a.states[c] = st
}

// started calls OnPeerAuthenticating for a peer held pending, as its
// connection's goroutine starts.
func (a *authLayer) started(c *conn) {
	a.mu.Lock()
	fn := a.onAuthenticating
	pending := a.states[c] != nil
	a.mu.Unlock()
	if pending && fn != nil {
		fn(c.id)
	}
}

// pendingConn returns the connection of a pending peer, or an error
// (a.mu held).
func (a *authLayer) pendingConn(peer PeerID) (*conn, *authState, error) {
	a.peers.mu.Lock()
	c := a.peers.conns[peer]
	a.peers.mu.Unlock()
	if st := a.states[c]; c != nil && st != nil {
		return c, st, nil
	}
	return nil, nil, fmt.Errorf("%w: %d is not authenticating", ErrNoPeer, peer)
}

// sendAuth is SendAuth.
func (a *authLayer) sendAuth(peer PeerID, data []byte) error {
	if len(data) == 0 {
		return errors.New("multiplayer: SendAuth: no data")
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	c, st, err := a.pendingConn(peer)
	if err != nil {
		return err
	}
	if st.local || st.remote {
		return fmt.Errorf("%w: SendAuth to %d after a side completed", ErrNotAllowed, peer)
	}
	return c.send(append([]byte{cmdSys, sysAuth}, data...), false, reliably)
}

// complete says this side is done authenticating a pending peer
// (CompleteAuth), and returns its connection if the peer is done too: it
// is then to be admitted.
func (a *authLayer) complete(peer PeerID) (*conn, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	c, st, err := a.pendingConn(peer)
	if err != nil {
		return nil, err
	}
	if st.local {
		return nil, fmt.Errorf("%w: CompleteAuth of %d twice", ErrNotAllowed, peer)
	}
	st.local = true
	err = c.send([]byte{cmdSys, sysAuth}, false, reliably) // before anything the admission sends
	if st.remote {
		st.admitting = true
		return c, err
	}
	return nil, err
}

// take takes an authentication message of c's, or a packet of c's while
// it is pending; it reports whether it took the packet, whether the peer
// is then to be admitted, and its error. Once it saw the peer admitted, it
// takes no lock for the peer's other packets: an admitted peer is never
// pending again.
func (a *authLayer) take(c *conn, b []byte) (took, admit bool, err error) {
	isAuth := len(b) >= 2 && b[0]&cmdMask == cmdSys && b[1] == sysAuth
	if c.admitted && !isAuth {
		return false, false, nil
	}
	a.mu.Lock()
	st := a.states[c]
	if st == nil {
		a.mu.Unlock()
		c.admitted = true
		switch {
		case !isAuth:
			return false, false, nil
		case len(b) == 2:
			return true, false, nil // the peer's completion, after this side admitted it: the engine ignores it too
		}
		return true, false, c.errs.refuse(ErrNotAllowed, func() error { return errAuthAfter })
	}
	if !isAuth {
		a.mu.Unlock()
		return true, false, c.errs.refuse(ErrNotAllowed, func() error { return errBeforeAuth })
	}
	if len(b) > 2 {
		fn := a.onAuth
		a.mu.Unlock()
		if fn != nil { // OnAuth(nil) after the peer came
			fn(c.id, b[2:])
		}
		return true, false, nil
	}
	st.remote = true
	st.admitting = st.local
	admit = st.admitting
	a.mu.Unlock()
	return true, admit, nil // greeted once this packet is handled
}

// admitted forgets a pending peer's authentication, as it is admitted, and
// reports whether it was pending (a.mu held).
func (a *authLayer) admitted(c *conn) bool {
	st := a.states[c]
	if st == nil {
		return false
	}
	st.timer.Stop()
	delete(a.states, c)
	return true
}

// left forgets the authentication of a peer whose connection ended, and
// returns OnPeerAuthenticationFailed if it was pending (a.mu held).
func (a *authLayer) left(c *conn) (failed func(PeerID), pending bool) {
	if !a.admitted(c) {
		return nil, false
	}
	return a.onAuthFailed, true
}
