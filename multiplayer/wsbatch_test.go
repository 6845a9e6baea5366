package multiplayer

import (
	"bytes"
	"net"
	"testing"

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
// of batchMax at most; outside a drain each goes at once.
func TestBatchWriter(t *testing.T) {
	big := bytes.Repeat([]byte{7}, batchMax-10)
	tests := []struct {
		name   string
		hold   bool
		frames [][]byte
		want   [][]byte
	}{
		{"lone, no drain", false, [][]byte{{1, 2}}, [][]byte{{1, 2}}},
		{"no drain", false, [][]byte{{1}, {2}}, [][]byte{{1}, {2}}},
		{"lone, drain", true, [][]byte{{1, 2}}, [][]byte{{1, 2}}},
		{"drain", true, [][]byte{{1}, {2, 3}, {4}}, [][]byte{{1, 2, 3, 4}}},
		{"drain past batchMax", true, [][]byte{{1}, big, big}, [][]byte{append([]byte{1}, big...), big}},
		{"frame past batchMax", true, [][]byte{{1}, append(big, big...)}, [][]byte{{1}, append(big, big...)}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := &writesConn{}
			w := &batchWriter{conn: c}
			if tc.hold {
				w.hold()
			}
			for _, f := range tc.frames {
				n, err := w.Write(f)
				require.NoError(t, err)
				assert.Equal(t, len(f), n)
			}
			if tc.hold {
				require.NoError(t, w.release())
				assert.Nil(t, w.buf, "the buffer goes back to the pool")
			}
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
