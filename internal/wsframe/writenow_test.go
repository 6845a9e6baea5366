//go:build unix

package wsframe

import (
	"bytes"
	"io"
	"net"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// What the socket does not take at once stays held, and goes first, in
// order, with the next drain's frames.
func TestReleaseNowKeepsTheRest(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	nc, err := net.Dial("tcp", ln.Addr().String())
	require.NoError(t, err)
	defer nc.Close()
	peer, err := ln.Accept()
	require.NoError(t, err)
	defer peer.Close()
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
