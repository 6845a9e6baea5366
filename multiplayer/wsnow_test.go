//go:build unix

package multiplayer

import (
	"regexp"
	"testing"

	"github.com/gdvar/gdvar/internal/wsframe"
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
			require.Equal(t, wsframe.OpBinary, op)
			require.Equal(t, []byte{cmdSys, sysAddPeer}, p[:2], "peer %d", i)
		}
	}
	assert.NotRegexp(t, regexp.MustCompile(`\.\(\*wsLink\)\.write\(`), allStacks(), "a writing goroutine")
}
