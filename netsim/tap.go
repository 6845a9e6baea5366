package netsim

import "net/netip"

// Kind says what happened to a datagram in an Event.
type Kind uint8

const (
	// Received: the proxy read the datagram. Every datagram has one
	// Received event, before any other event about it.
	Received Kind = iota
	// Sent: the proxy wrote the datagram (or a duplicate of it) on.
	Sent
	// Lost: dropped by the Loss probability.
	Lost
	// Vanished: dropped because its client vanished.
	Vanished
	// Overflowed: dropped because a bound was reached.
	Overflowed
	// Failed: the write returned an error.
	Failed
	// Cut: dropped because its direction was cut (Faults.Cut).
	Cut
)

var kindNames = [...]string{"received", "sent", "lost", "vanished", "overflowed", "failed", "cut"}

// String returns the kind's name.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "unknown"
}

// Event is one thing that happened to one datagram, as a tap sees it.
type Event struct {
	Dir    Direction
	Client netip.AddrPort // the client's address, as the proxy sees it
	Kind   Kind
	Copy   bool   // a Sent event for a duplicate
	Data   []byte // valid only during the tap's call
}
