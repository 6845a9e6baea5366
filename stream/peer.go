package stream

import (
	"io"

	"github.com/gdvar/gdvar"
)

// Peer is both ends of a framed connection, as Godot's StreamPeer is: a
// Reader and a Writer on one io.ReadWriter (a net.Conn, a TLS connection, a
// pipe). One goroutine may read while another writes.
type Peer struct {
	*Reader
	*Writer
}

// NewPeer returns a Peer on rw.
func NewPeer(rw io.ReadWriter, opts ...gdvar.Option) *Peer {
	return &Peer{Reader: NewReader(rw, opts...), Writer: NewWriter(rw, opts...)}
}
