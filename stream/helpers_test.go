package stream

import (
	"context"
	"io"
	"net"
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func heapInUse() uint64 {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}

// contextWithCancelAfter returns a context cancelled (not timed out) after d.
func contextWithCancelAfter(d time.Duration) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(context.Background())
	timer := time.AfterFunc(d, cancel)
	return ctx, func() { timer.Stop(); cancel() }
}

// mustReader returns NewReader's Reader, failing tb on an error.
func mustReader(tb testing.TB, r io.Reader, opts ...Option) *Reader {
	tb.Helper()
	rd, err := NewReader(r, opts...)
	require.NoError(tb, err)
	return rd
}

// mustWriter returns NewWriter's Writer, failing tb on an error.
func mustWriter(tb testing.TB, w io.Writer, opts ...Option) *Writer {
	tb.Helper()
	wr, err := NewWriter(w, opts...)
	require.NoError(tb, err)
	return wr
}

// mustPeer returns NewPeer's Peer, failing tb on an error.
func mustPeer(tb testing.TB, rw io.ReadWriter, opts ...Option) *Peer {
	tb.Helper()
	p, err := NewPeer(rw, opts...)
	require.NoError(tb, err)
	return p
}

// mustPacketPeer returns NewPacketPeer's PacketPeer, failing tb on an
// error.
func mustPacketPeer(tb testing.TB, pc net.PacketConn, opts ...Option) *PacketPeer {
	tb.Helper()
	p, err := NewPacketPeer(pc, opts...)
	require.NoError(tb, err)
	return p
}
