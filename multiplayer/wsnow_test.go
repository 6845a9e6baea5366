//go:build unix

package multiplayer

import (
	"regexp"
	"testing"

	"github.com/gdvar/gdvar/internal/wsframe"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// joinedFrames connects peers clients to an echo server, and reads each
// one's announcements of the others (ADD_PEER).
func joinedFrames(t *testing.T, peers int) []*frameConn {
	t.Helper()
	port := serve(t, newEchoServer())
	var fs []*frameConn
	for range peers {
		fs = append(fs, dialFrames(t, port))
	}
	for i, f := range fs {
		for range peers - 1 {
			op, p := f.next(t)
			require.Equal(t, wsframe.OpBinary, op)
			require.Equal(t, []byte{cmdSys, sysAddPeer}, p[:2], "peer %d", i)
		}
	}
	return fs
}

// Peers told of each other's joins (ADD_PEER) are written to by the
// goroutine that announces them, their sockets taking the bytes at once:
// no writing goroutine starts, and each peer reads every announcement.
func TestJoinsWriteNow(t *testing.T) {
	joinedFrames(t, 12)
	assert.NotRegexp(t, regexp.MustCompile(`\.\(\*wsLink\)\.write\(`), allStacks(), "a writing goroutine")
}

// A client's packets relayed to the others are written by the goroutine
// that reads them, the sockets taking the bytes at once: no writing
// goroutine starts, whose wake-up for each packet relayed cost a small
// match's server more than the write.
func TestRelaysWriteNow(t *testing.T) {
	const relays = 20
	fs := joinedFrames(t, 4)
	for i := range relays {
		pkt := append(appendSys(nil, sysRelay, -1), cmdRaw, byte(i)) // to every client
		_, err := fs[0].nc.Write(clientFrame(wsframe.OpBinary, false, false, pkt))
		require.NoError(t, err)
	}
	for _, f := range fs[1:] {
		for i := range relays {
			op, p := f.next(t)
			require.Equal(t, wsframe.OpBinary, op)
			require.Equal(t, []byte{cmdSys, sysRelay}, p[:2])
			require.Equal(t, []byte{cmdRaw, byte(i)}, p[sysSize:])
		}
	}
	assert.NotRegexp(t, regexp.MustCompile(`\.\(\*wsLink\)\.write\(`), allStacks(), "a writing goroutine")
}
