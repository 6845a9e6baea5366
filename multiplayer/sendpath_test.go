package multiplayer

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/internal/forge"
)

// isDone says whether a channel is closed.
func isDone(c <-chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}

// A client's sendPath sends its server the root's path (".") with the
// checksum of a node without RPC methods and a cache id of its own, one
// a path; the server's confirmation of that id, valid or not, closes
// that path's channel and no other, and is no error. A node's cache id
// is not a root path's: the client's first call sends its path with the
// next.
func TestSendPath(t *testing.T) {
	m := MustNew()
	n := m.Node("/root/Main", echoMethods...)
	c := fakePeer(m, ServerID)
	require.NoError(t, m.enter(c, 5, false))

	first, err := forge.SendPath(m)
	require.NoError(t, err)
	second, err := forge.SendPath(m)
	require.NoError(t, err)
	var ids []uint32
	for _, p := range drain(c) {
		require.Equal(t, byte(cmdSimplifyPath), p[0]&cmdMask)
		checksum, id, path, err := parseSimplify(nil, p)
		require.NoError(t, err)
		assert.Equal(t, "d41d8cd98f00b204e9800998ecf8427e", string(checksum), "the MD5 of no names")
		assert.Equal(t, ".", string(path))
		ids = append(ids, id)
	}
	require.Len(t, ids, 2)
	assert.NotEqual(t, ids[0], ids[1])

	require.NoError(t, m.route(c, appendConfirm(nil, false, ids[1]), reliably))
	assert.True(t, isDone(second), "confirmed, though the checksums differ")
	assert.False(t, isDone(first))
	require.NoError(t, m.route(c, appendConfirm(nil, true, ids[0]), reliably))
	assert.True(t, isDone(first))
	require.NoError(t, m.route(c, appendConfirm(nil, true, ids[0]), reliably), "a root path confirmed twice")

	require.NoError(t, n.Call(ServerID, "echo", "hi"))
	pkts := drain(c)
	require.NotEmpty(t, pkts)
	_, id, path, err := parseSimplify(nil, pkts[0])
	require.NoError(t, err)
	assert.Equal(t, "Main", string(path))
	assert.NotContains(t, ids, id)
}

// A server does not send a root path, nor does a client not connected.
func TestSendPathRefused(t *testing.T) {
	server := MustNew()
	c := fakeConn(server)
	_, err := forge.SendPath(server)
	assert.ErrorIs(t, err, ErrNotAllowed)
	assert.Empty(t, drain(c))
	_, err = forge.SendPath(MustNew())
	assert.ErrorIs(t, err, ErrClosed)
}
