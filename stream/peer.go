package stream

import (
	"context"
	"io"
)

// Peer is both ends of a framed connection, as Godot's StreamPeer is: a
// [Reader] and a [Writer] on one io.ReadWriter (a net.Conn, a TLS connection, a
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

// NewPeer returns a [Peer] on rw, or the error, matching
// gdvar.ErrInvalidOption, of the first invalid option.
func NewPeer(rw io.ReadWriter, opts ...Option) (*Peer, error) {
	cfg, err := newOptions(opts)
	if err != nil {
		return nil, err
	}
	r, err := newReader(rw, cfg)
	if err != nil {
		return nil, err
	}
	r.r = &readAhead{r: rw}
	return &Peer{Reader: r, Writer: newWriter(rw, cfg)}, nil
}

// The four calls most programs make are methods of Peer itself, so that
// go doc shows them with it; each is its Reader's or Writer's.

// PutVar writes v as one frame, as StreamPeer.put_var does (see
// [Writer.PutVar]).
func (p *Peer) PutVar(v any) error { return p.Writer.PutVar(v) }

// PutVarContext is [Peer.PutVar] that gives up when ctx is done (see
// [Writer.PutVarContext]).
func (p *Peer) PutVarContext(ctx context.Context, v any) error {
	return p.Writer.PutVarContext(ctx, v)
}

// GetVar reads the next frame's value into v, as StreamPeer.get_var does,
// and returns io.EOF at the end of the stream (see [Reader.GetVar]).
func (p *Peer) GetVar(v any) error { return p.Reader.GetVar(v) }

// GetVarContext is [Peer.GetVar] that gives up when ctx is done (see
// [Reader.GetVarContext]).
func (p *Peer) GetVarContext(ctx context.Context, v any) error {
	return p.Reader.GetVarContext(ctx, v)
}
