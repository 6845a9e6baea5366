package wsframe

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"net"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// writesConn records each Write it is given.
type writesConn struct {
	net.Conn
	writes [][]byte
}

func (c *writesConn) Write(p []byte) (int, error) {
	c.writes = append(c.writes, bytes.Clone(p))
	return len(p), nil
}

// A drain's frames reach the socket in one write, in order, and in writes
// of BatchMax at most.
func TestBatchWriter(t *testing.T) {
	big := bytes.Repeat([]byte{7}, BatchMax-10)
	tests := []struct {
		name   string
		frames [][]byte
		want   [][]byte
	}{
		{"lone", [][]byte{{1, 2}}, [][]byte{{1, 2}}},
		{"several", [][]byte{{1}, {2, 3}, {4}}, [][]byte{{1, 2, 3, 4}}},
		{"past BatchMax", [][]byte{{1}, big, big}, [][]byte{append([]byte{1}, big...), big}},
		{"a frame past BatchMax", [][]byte{{1}, append(big, big...)}, [][]byte{{1}, append(big, big...)}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := &writesConn{}
			w := newTestWriter(c, false)
			w.Hold()
			for _, f := range tc.frames {
				require.NoError(t, w.add(f))
			}
			require.NoError(t, w.Release())
			assert.False(t, w.Holding(), "the buffer goes back to the pool")
			assert.Equal(t, lens(tc.want), lens(c.writes))
			assert.True(t, bytes.Equal(bytes.Join(tc.want, nil), bytes.Join(c.writes, nil)), "the bytes, in order")
		})
	}
}

// lens is the length of each of bs.
func lens(bs [][]byte) []int {
	n := make([]int, len(bs))
	for i, b := range bs {
		n[i] = len(b)
	}
	return n
}

// newTestWriter returns a Writer to c, a client's if client, whose write
// timeout does not fire.
func newTestWriter(c net.Conn, client bool) *Writer {
	slow := time.AfterFunc(time.Hour, func() {})
	slow.Stop()
	return &Writer{Conn: c, Slow: slow, Timeout: time.Hour, Client: client}
}

// A message is framed as a server frames a binary message: FIN and
// opcode 2, unmasked, its length in 7, 16 or 64 bits.
func TestBatchWriterMessage(t *testing.T) {
	tests := []struct {
		n    int
		head []byte
	}{
		{0, []byte{0x82, 0}},
		{125, []byte{0x82, 125}},
		{126, []byte{0x82, 126, 0, 126}},
		{0xffff, []byte{0x82, 126, 0xff, 0xff}},
		{0x10000, binary.BigEndian.AppendUint64([]byte{0x82, 127}, 0x10000)},
	}
	for _, tc := range tests {
		c := &writesConn{}
		w := newTestWriter(c, false)
		w.Hold()
		pkt := bytes.Repeat([]byte{5}, tc.n)
		require.NoError(t, w.Message(pkt))
		require.NoError(t, w.Release())
		assert.Equal(t, append(tc.head, pkt...), bytes.Join(c.writes, nil), "%d bytes", tc.n)
	}
}

// A client's frames are masked, each with a key of its own, its length in
// 7, 16 or 64 bits; the packet framed is left as it was; a server reads
// the messages back.
func TestBatchWriterMasks(t *testing.T) {
	var pkts [][]byte
	for i, n := range []int{0, 1, 125, 126, 0xffff, 0x10000, 3*BatchMax + 5} {
		pkt := make([]byte, n)
		for j := range pkt {
			pkt[j] = byte(i + j)
		}
		pkts = append(pkts, pkt)
	}
	c := &writesConn{}
	w := newTestWriter(c, true)
	w.Hold()
	for _, pkt := range pkts {
		was := bytes.Clone(pkt)
		require.NoError(t, w.Message(pkt))
		require.Equal(t, was, pkt, "the packet is the caller's")
	}
	require.NoError(t, w.Release())
	for _, b := range c.writes {
		assert.LessOrEqual(t, len(b), BatchMax, "masked through the buffer")
	}
	sent := bytes.Join(c.writes, nil)

	r := &Reader{Buf: bufio.NewReader(bytes.NewReader(sent)), Conn: noDeadline{}, Limit: 1 << 20, Peer: &frameLog{}}
	keys := map[[4]byte]bool{}
	for _, pkt := range pkts {
		msg, err := r.ReadMessage(nil)
		require.NoError(t, err)
		require.True(t, bytes.Equal(pkt, msg), "a message of %d bytes", len(pkt))
		require.NotZero(t, sent[1]&0x80, "masked")
		at := 2 + map[byte]int{126: 2, 127: 8}[sent[1]&0x7f]
		keys[[4]byte(sent[at:])] = true
		sent = sent[at+4+len(pkt):]
	}
	assert.Len(t, keys, len(pkts), "a key a frame")
}

// Once the close frame is framed, nothing follows it: no message, no
// ping.
func TestBatchWriterAfterClose(t *testing.T) {
	c := &writesConn{}
	w := newTestWriter(c, false)
	w.Hold()
	require.NoError(t, w.Message([]byte{1}))
	require.NoError(t, w.Frame(OpPing, nil))
	require.NoError(t, w.Frame(OpClose, []byte{3, 0xe8}))
	assert.ErrorIs(t, w.Message([]byte{2}), net.ErrClosed)
	assert.ErrorIs(t, w.Frame(OpPing, nil), net.ErrClosed)
	require.NoError(t, w.Release())
	assert.Equal(t, []byte{0x82, 1, 1, 0x89, 0, 0x88, 2, 3, 0xe8}, bytes.Join(c.writes, nil))
}

// blockedConn is a socket whose writes wait until it is closed.
type blockedConn struct {
	net.Conn
	closed chan struct{}
}

func (c *blockedConn) Write([]byte) (int, error) {
	<-c.closed
	return 0, net.ErrClosed
}

// A write that takes longer than the timeout fires Slow, whose function
// closes the socket, and returns ErrWriteTimeout.
func TestBatchWriterTimeout(t *testing.T) {
	c := &blockedConn{closed: make(chan struct{})}
	slow := time.AfterFunc(time.Hour, func() { close(c.closed) })
	slow.Stop()
	w := &Writer{Conn: c, Slow: slow, Timeout: time.Millisecond}
	w.Hold()
	require.NoError(t, w.Message([]byte{1}))
	assert.ErrorIs(t, w.Release(), ErrWriteTimeout)
}
