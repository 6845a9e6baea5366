package multiplayer

import (
	"errors"
	"fmt"
)

// The errors a peer's packets or connection can cause, matched with
// errors.Is. They reach the OnError callback inside a *PeerError; the
// Multiplayer goes on serving the other peers. A connection that ended
// otherwise than closed by either side is reported as ErrDisconnected
// wrapping why: ErrSlowPeer, ErrIdle, ErrReadTimeout, ErrHandshake,
// ErrTooManyPeers, or
// the transport's error (a packet over the size limit, a broken socket).
var (
	// ErrDisconnected: the peer's connection ended for the reason it
	// wraps, and the peer was dropped.
	ErrDisconnected = errors.New("multiplayer: peer dropped")
	// ErrMalformed: a packet that does not follow the protocol (cut
	// short, an unknown command, an argument that does not decode).
	ErrMalformed = errors.New("multiplayer: malformed packet")
	// ErrUnknownNode: a remote call or path for a node not declared here,
	// a cache id the peer never sent, or one of a node since despawned, a
	// sync of a node that is not a synchronizer.
	ErrUnknownNode = errors.New("multiplayer: unknown node")
	// ErrUnknownScene: a spawn of a scene the spawner does not declare.
	ErrUnknownScene = errors.New("multiplayer: unknown scene")
	// ErrUnknownMethod: a method id or name the node does not declare, or
	// a declared method with no handler.
	ErrUnknownMethod = errors.New("multiplayer: unknown method")
	// ErrNotAllowed: a call the method's mode refuses (an Authority
	// method called by another peer than the node's authority).
	ErrNotAllowed = errors.New("multiplayer: remote call not allowed")
	// ErrChecksum: a peer's checksum of a node's RPC names differs from
	// ours: the two sides do not declare the same RPC methods.
	ErrChecksum = errors.New("multiplayer: the peer's RPC checksum of the node differs")
	// ErrSlowPeer: a packet took longer than WithWriteTimeout to be
	// written to the peer; it was disconnected.
	ErrSlowPeer = errors.New("multiplayer: peer too slow to read")
	// ErrIdle: the peer sent nothing and answered no ping for
	// WithIdleTimeout; it was disconnected.
	ErrIdle = errors.New("multiplayer: peer silent, answering no ping")
	// ErrReadTimeout: a packet took longer than WithReadTimeout to
	// arrive; the peer was disconnected.
	ErrReadTimeout = errors.New("multiplayer: peer too slow to send a packet")
	// ErrHandshake: a client did not complete the handshake within 3 s,
	// the engine's handshake_timeout: it sent no request, or did not take
	// the peer id it was sent. It was dropped. From Connect: the server's
	// answer to the upgrade was refused (see Connect), or it sent no peer
	// id in time.
	ErrHandshake = errors.New("multiplayer: handshake not completed")
	// ErrQueueFull: a packet to the peer did not fit its send queue
	// (WithSendQueue) and was dropped, as the engine drops what does not
	// fit its outbound buffer.
	ErrQueueFull = errors.New("multiplayer: the peer's send queue is full, packet dropped")
	// ErrTooLarge: a packet larger than the packet limit
	// (WithMaxPacketSize; the engine closes the connection on one), not
	// sent.
	ErrTooLarge = errors.New("multiplayer: packet larger than the limit")
	// ErrTooManyPeers: the server announced more peers than the client's
	// WithMaxPeers, a bound on what a server can make its client keep;
	// the client disconnected from it.
	ErrTooManyPeers = errors.New("multiplayer: the server announced more peers than the limit")
	// ErrNoPeer: a call or packet to a peer that is not connected.
	ErrNoPeer = errors.New("multiplayer: no such peer")
	// ErrClosed: the Multiplayer is not connected or was closed.
	ErrClosed = errors.New("multiplayer: not connected")
)

// PeerError is an error of one peer: a packet it sent, or its connection.
// Peer is 0 for a connection dropped before it was given an id.
type PeerError struct {
	Peer PeerID
	Err  error
}

func (e *PeerError) Error() string { return fmt.Sprintf("peer %d: %v", e.Peer, e.Err) }

func (e *PeerError) Unwrap() error { return e.Err }

// ArgError is a call whose arguments did not fit its handler: argument
// Index did not decode into the handler's parameter (Err says why), or
// there were more arguments than the handler takes; or, for a method
// whose Params are declared, a call the engine's host refuses (a type it
// does not convert, too few or too many arguments: Err wraps
// ErrArguments, in the engine's words). The handler is not
// called, as the engine does not call a function with an argument of the
// wrong type; the error goes to the method's HandleArgError function if
// it has one, else to OnError, summed up as the errors of refused packets
// are (see WithErrorInterval).
type ArgError struct {
	Node   string // the node's path
	Method string
	Index  int
	Err    error
}

func (e *ArgError) Error() string {
	return fmt.Sprintf("%s.%s: argument %d: %v", e.Node, e.Method, e.Index, e.Err)
}

func (e *ArgError) Unwrap() error { return e.Err }

// CallError is a remote call to a declared method that was refused, or
// whose handler failed: the node and method it named, and why (Err, which
// it wraps, and whose text is its own). Logs and metrics take the node
// and method from it.
type CallError struct {
	Node   string // the node's path
	Method string
	Err    error
}

func (e *CallError) Error() string { return e.Err.Error() }

func (e *CallError) Unwrap() error { return e.Err }

// errDraining is why the peers still connected when a Drain ran out of
// time were closed: a WebSocket client reads it in its close frame (1001,
// going away). A normal end, not reported as a failure.
var errDraining = errors.New("multiplayer: the server is draining")

// drainReason is the reason of the close frame a WebSocket client that a
// drain closes reads (Godot's get_close_reason).
const drainReason = "server draining: rejoin another"
