package enet

import (
	"errors"
	"fmt"
)

var (
	// ErrClosed is returned once the host is closed.
	ErrClosed = errors.New("enet: host closed")
	// ErrTimeout ends a peer that stopped acknowledging.
	ErrTimeout = errors.New("enet: peer timed out")
	// ErrRefused ends a connect the server answered wrongly.
	ErrRefused = errors.New("enet: connection refused")
	// ErrNotConnected is returned by a send to a peer not connected.
	ErrNotConnected = errors.New("enet: peer not connected")
	// ErrChannel is returned by a send on a channel the peer does not have.
	ErrChannel = errors.New("enet: no such channel")
	// ErrTooLarge is returned by a send over MaxPacketSize.
	ErrTooLarge = errors.New("enet: packet too large")
	// ErrQueueFull is returned by a send while the peer's queue counts
	// its MaxSendQueue or more (see [WithMaxSendQueue]).
	ErrQueueFull = errors.New("enet: send queue full")
	// ErrTooManyPeers is returned when the host has no room for a peer.
	ErrTooManyPeers = errors.New("enet: too many peers")
	// ErrInvalidOption is returned by [Listen] and [NewHost] given an option
	// out of its range.
	ErrInvalidOption = errors.New("enet: invalid option")
	// ErrOverLimit is a Compressor's error for a datagram that
	// decompresses to more than its limit; the host drops the datagram.
	ErrOverLimit = errors.New("enet: decompressed datagram over the limit")
	// ErrDisconnected matches every *DisconnectError.
	ErrDisconnected = errors.New("enet: disconnected")

	// errLocalDisconnect ends a peer this side disconnected.
	errLocalDisconnect = fmt.Errorf("enet: disconnected by this side: %w", ErrDisconnected)
)

// DisconnectError ends a peer that disconnected, with the data it sent.
type DisconnectError struct {
	Data uint32
}

func (e *DisconnectError) Error() string {
	return fmt.Sprintf("enet: peer disconnected (data %d)", e.Data)
}

// Is makes errors.Is(err, [ErrDisconnected]) true.
func (e *DisconnectError) Is(target error) bool { return target == ErrDisconnected }
