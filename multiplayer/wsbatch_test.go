package multiplayer

import (
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
// of batchMax at most.
func TestBatchWriter(t *testing.T) {
	big := bytes.Repeat([]byte{7}, batchMax-10)
	tests := []struct {
		name   string
		frames [][]byte
		want   [][]byte
	}{
		{"lone", [][]byte{{1, 2}}, [][]byte{{1, 2}}},
		{"several", [][]byte{{1}, {2, 3}, {4}}, [][]byte{{1, 2, 3, 4}}},
		{"past batchMax", [][]byte{{1}, big, big}, [][]byte{append([]byte{1}, big...), big}},
		{"a frame past batchMax", [][]byte{{1}, append(big, big...)}, [][]byte{{1}, append(big, big...)}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := &writesConn{}
			w := newTestBatch(c)
			w.hold()
			for _, f := range tc.frames {
				require.NoError(t, w.add(f))
			}
			require.NoError(t, w.release())
			assert.Nil(t, w.buf, "the buffer goes back to the pool")
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

// newTestBatch returns a batchWriter to c whose write timeout does not
// fire.
func newTestBatch(c net.Conn) *batchWriter {
	slow := time.AfterFunc(time.Hour, func() {})
	slow.Stop()
	return &batchWriter{conn: c, slow: slow, timeout: time.Hour}
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
		w := newTestBatch(c)
		w.hold()
		pkt := bytes.Repeat([]byte{5}, tc.n)
		require.NoError(t, w.message(pkt))
		require.NoError(t, w.release())
		assert.Equal(t, append(tc.head, pkt...), bytes.Join(c.writes, nil), "%d bytes", tc.n)
	}
}

// Once the close frame is framed, nothing follows it: no message, no
// ping.
func TestBatchWriterAfterClose(t *testing.T) {
	c := &writesConn{}
	w := newTestBatch(c)
	w.hold()
	require.NoError(t, w.message([]byte{1}))
	require.NoError(t, w.frame(opPing, nil))
	require.NoError(t, w.frame(opCloseFrame, []byte{3, 0xe8}))
	assert.ErrorIs(t, w.message([]byte{2}), net.ErrClosed)
	assert.ErrorIs(t, w.frame(opPing, nil), net.ErrClosed)
	require.NoError(t, w.release())
	assert.Equal(t, []byte{0x82, 1, 1, 0x89, 0, 0x88, 2, 3, 0xe8}, bytes.Join(c.writes, nil))
}
