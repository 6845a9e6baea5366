package stream

import (
	"io"

	"github.com/gdvar/gdvar"
)

// Peer is both ends of a framed connection, as Godot's StreamPeer is: a
// Reader and a Writer on one io.ReadWriter (a net.Conn, a TLS connection, a
// pipe). One goroutine may read while another writes.
//
// Unlike a Reader's, a Peer's reading side reads ahead, up to 4 KiB at a
// time, as the Peer owns the connection: a small frame then takes one
// read from it instead of two. Read deadlines and the context variants
// work as on a Reader.
type Peer struct {
	*Reader
	*Writer
}

// NewPeer returns a Peer on rw.
func NewPeer(rw io.ReadWriter, opts ...gdvar.Option) *Peer {
	r := NewReader(rw, opts...)
	r.r = &readAhead{r: rw}
	return &Peer{Reader: r, Writer: NewWriter(rw, opts...)}
}
