//go:build unix

package multiplayer

import (
	"bytes"
	"io"
	"net"
	"regexp"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Peers told of each other's joins (ADD_PEER) are written to by the
// goroutine that announces them, their sockets taking the bytes at once:
// no writing goroutine starts, and each peer reads every announcement.
func TestJoinsWriteNow(t *testing.T) {
	const peers = 12
	m := newEchoServer()
	port := serve(t, m)
	var fs []*frameConn
	for range peers {
		fs = append(fs, dialFrames(t, port))
	}
	for i, f := range fs {
		for range peers - 1 {
			op, p := f.next(t)
			require.Equal(t, byte(opBinary), op)
			require.Equal(t, []byte{cmdSys, sysAddPeer}, p[:2], "peer %d", i)
		}
	}
	assert.NotRegexp(t, regexp.MustCompile(`\.\(\*wsLink\)\.write\(`), allStacks(), "a writing goroutine")
}

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

	w := newTestBatch(nc)
	w.now = nowSocket(nc)
	require.NotNil(t, w.now)
	var want []byte
	pkt := bytes.Repeat([]byte{9}, 1000)
	for i := 0; ; i++ {
		require.Less(t, i, 100000, "the socket never filled")
		pkt[0] = byte(i)
		w.hold()
		require.NoError(t, w.message(pkt))
		want = append(want, 0x82, 126, 1000>>8, 1000&0xff)
		want = append(want, pkt...)
		all, err := w.releaseNow()
		require.NoError(t, err)
		if !all {
			break
		}
		assert.Nil(t, w.buf, "the buffer goes back to the pool")
	}
	require.NotNil(t, w.buf, "the rest is held")
	assert.False(t, w.holding)

	want = append(want, 0x82, 3, 1, 2, 3) // the next drain's
	got := make(chan []byte, 1)
	go func(n int64) {
		b, _ := io.ReadAll(io.LimitReader(peer, n))
		got <- b
	}(int64(len(want)))
	w.hold()
	require.NoError(t, w.message([]byte{1, 2, 3}))
	require.NoError(t, w.release())
	select {
	case b := <-got:
		assert.True(t, bytes.Equal(want, b), "the bytes, in order: %d of %d", len(b), len(want))
	case <-time.After(10 * time.Second):
		t.Fatal("the peer did not read every byte")
	}
}
