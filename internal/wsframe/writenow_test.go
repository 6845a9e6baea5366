//go:build unix

package wsframe

import (
	"bytes"
	"io"
	"net"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// tcpPair returns the two ends of a TCP connection on loopback, closed
// when the test ends.
func tcpPair(t *testing.T) (nc, peer net.Conn) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	nc, err = net.Dial("tcp", ln.Addr().String())
	require.NoError(t, err)
	t.Cleanup(func() { nc.Close() })
	peer, err = ln.Accept()
	require.NoError(t, err)
	t.Cleanup(func() { peer.Close() })
	return nc, peer
}

// What the socket does not take at once stays held, and goes first, in
// order, with the next drain's frames.
func TestReleaseNowKeepsTheRest(t *testing.T) {
	nc, peer := tcpPair(t)
	require.NoError(t, nc.(*net.TCPConn).SetWriteBuffer(4096))
	require.NoError(t, peer.(*net.TCPConn).SetReadBuffer(4096))

	w := newTestWriter(nc, false)
	w.Now = NowSocket(nc)
	require.NotNil(t, w.Now)
	var want []byte
	pkt := bytes.Repeat([]byte{9}, 1000)
	for i := 0; ; i++ {
		require.Less(t, i, 100000, "the socket never filled")
		pkt[0] = byte(i)
		w.Hold()
		require.NoError(t, w.Message(pkt))
		want = append(want, 0x82, 126, 1000>>8, 1000&0xff)
		want = append(want, pkt...)
		all, err := w.ReleaseNow()
		require.NoError(t, err)
		if !all {
			break
		}
		assert.False(t, w.Holding(), "the buffer goes back to the pool")
	}
	require.True(t, w.Holding(), "the rest is held")

	want = append(want, 0x82, 3, 1, 2, 3) // the next drain's
	got := make(chan []byte, 1)
	go func(n int64) {
		b, _ := io.ReadAll(io.LimitReader(peer, n))
		got <- b
	}(int64(len(want)))
	w.Hold()
	require.NoError(t, w.Message([]byte{1, 2, 3}))
	require.NoError(t, w.Release())
	select {
	case b := <-got:
		assert.True(t, bytes.Equal(want, b), "the bytes, in order: %d of %d", len(b), len(want))
	case <-time.After(10 * time.Second):
		t.Fatal("the peer did not read every byte")
	}
}

// A connection QuietReads makes reads as the socket's own Read does: the
// bytes written to it, waiting for them, the read deadline, and io.EOF
// once the peer has closed. What is not a socket is returned as it is.
func TestQuietReads(t *testing.T) {
	nc, peer := tcpPair(t)

	c := QuietReads(nc, nil)
	require.NotSame(t, nc, c, "a TCP connection's reads are made quietly")
	go func() {
		time.Sleep(20 * time.Millisecond) // the read waits for it
		_, _ = peer.Write([]byte("hello"))
	}()
	got := make([]byte, 16)
	n, err := c.Read(got)
	require.NoError(t, err)
	assert.Equal(t, "hello", string(got[:n]))

	require.NoError(t, c.SetReadDeadline(time.Now().Add(10*time.Millisecond)))
	_, err = c.Read(got)
	assert.ErrorIs(t, err, os.ErrDeadlineExceeded)
	require.NoError(t, c.SetReadDeadline(time.Time{}))

	require.NoError(t, peer.Close())
	_, err = c.Read(got)
	assert.ErrorIs(t, err, io.EOF)

	a, b := net.Pipe()
	defer a.Close()
	defer b.Close()
	assert.Same(t, a, QuietReads(a, nil), "a pipe is not a socket")
}

// A wake-up of the reader takes every byte the socket holds with one
// read, though the reader asks for less: 40 frames a peer sent together
// (a tick of a client's syncs) are then read from the chunk, with no
// other read of the socket.
func TestQuietReadsTakeWhatWaits(t *testing.T) {
	nc, peer := tcpPair(t)
	c := QuietReads(nc, nil)
	q, ok := c.(*quietConn)
	require.True(t, ok, "a TCP connection's reads are made quietly")

	frame := append([]byte{0x82, 48}, bytes.Repeat([]byte{7}, 48)...)
	tick := bytes.Repeat(frame, 40)
	_, err := peer.Write(tick)
	require.NoError(t, err)

	got := make([]byte, 0, len(tick))
	buf := make([]byte, 16)
	n, err := c.Read(buf)
	require.NoError(t, err)
	got = append(got, buf[:n]...)
	require.Len(t, q.rest, len(tick)-n, "one read of the socket took the whole tick")
	for len(got) < len(tick) {
		held := len(q.rest)
		require.NotZero(t, held, "the rest is read from the chunk, not the socket")
		n, err = c.Read(buf)
		require.NoError(t, err)
		got = append(got, buf[:n]...)
	}
	assert.Equal(t, tick, got)
	assert.Nil(t, q.chunk, "a drained chunk goes back to the pool")
}
