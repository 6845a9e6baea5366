package enet

import (
	"fmt"
	"net/netip"
)

// ErrCompression is a datagram the host could not open because its
// sender compresses otherwise than the host ([WithCompression],
// [WithCompressor]): ENet's header says only that a datagram is
// compressed, not how, so both ends must be given the same mode, as
// Godot's ENetConnection.compress sets it.
var ErrCompression = fmt.Errorf("enet: datagram compressed otherwise than this host's setting")

// The reasons a host drops what a peer's settings explain (see
// WithDropReport), made once: a flood of them allocates nothing.
var (
	errUnexpectedCompression = fmt.Errorf("%w: the peer compresses (ENetConnection.compress), this host does not: give it the peer's mode (WithCompression, WithCompressor)", ErrCompression)
	errHostFull              = fmt.Errorf("%w: a connect, with every slot taken (WithMaxPeers; Godot's create_server max_clients): not answered, the client times out", ErrTooManyPeers)
)

// decompressError is the reason the host gives a compressed datagram
// that its codec refused, naming the codec.
func (c *config) decompressError() error {
	name := c.compression.String()
	if c.newCompressor != nil {
		name = "WithCompressor's"
	}
	return fmt.Errorf("%w: it does not decompress with this host's %s codec: give both ends the same mode (ENetConnection.compress)", ErrCompression, name)
}

// WithDropReport makes the host call fn with what it drops because of a
// setting the sender does not share, which ENet itself drops silently,
// leaving the sender to time out: a compressed datagram the host cannot
// decompress ([ErrCompression]), a connect with every slot taken
// ([ErrTooManyPeers]). fn runs on the host's goroutine, with its lock held:
// it must return at once and call nothing of the host's. A hostile
// sender can make it run once per datagram; pace what it reports.
func WithDropReport(fn func(from netip.AddrPort, err error)) Option {
	return option("WithDropReport", fn != nil, func(c *config) { c.dropReport = fn })
}

// reportDrop reports a datagram from from dropped for err, if the host
// was asked to.
func (h *Host) reportDrop(from netip.AddrPort, err error) {
	if h.cfg.dropReport != nil {
		h.cfg.dropReport(from, err)
	}
}
