package multiplayer

import (
	"github.com/gdvar/gdvar/multiplayer/mode"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
)

// declareStatic declares the static nodes of the tests' scene: a ball
// the server moves, synchronized by a sibling, and a pad whose own Sync
// its client moves.
func declareStatic(m *Multiplayer) (ball, pad *Object) {
	ball = m.Synchronized("/root/Main/Ball", Synchronizer{Path: "../BallSync", Properties: []Property{
		{Path: propPos, Spawn: true, Replicate: mode.ReplicateAlways},
		{Path: propScore, Replicate: mode.ReplicateOnChange},
	}})
	pad = m.Synchronized("/root/Main/Pad", Synchronizer{Path: "Sync", Properties: []Property{
		{Path: propPos, Replicate: mode.ReplicateAlways},
	}})
	return ball, pad
}

// A Go server and a Go client, over each transport: the nodes of the
// scene that no spawner made sync by their paths both ways, the server's
// ball to the client (its OnChange property by DELTA), the client's pad to
// the server, with OnSync called.
func TestStaticSynchronizers(t *testing.T) {
	overTransports(t, func(t *testing.T, transport string) {
		server := MustNew(WithReplicationTick(5 * time.Millisecond))
		ball, pad := declareStatic(server)
		errs := &errorLog{}
		server.OnError(errs.add)
		synced := make(chan PeerID, 64)
		pad.Spawner().OnSync(func(o *Object, from PeerID) {
			assert.Same(t, pad, o)
			select {
			case synced <- from:
			default:
			}
		})
		server.OnPeerConnected(pad.SetAuthority)
		require.NoError(t, ball.Set(propPos, gdvar.Vector2{X: 3, Y: 4}))
		require.NoError(t, ball.Set(propScore, int64(9)))
		port := serveOver(t, server, transport)

		client := MustNew(WithReplicationTick(5 * time.Millisecond))
		theBall, myPad := declareStatic(client)
		connectOver(t, client, transport, must(strconv.Atoi(port)))
		defer client.Close()
		eventually(t, theBall, propPos, gdvar.Vector2{X: 3, Y: 4})
		eventually(t, theBall, propScore, int64(9))
		assert.Equal(t, "/root/Main/Ball", theBall.Path())
		assert.Equal(t, "/root/Main/BallSync", theBall.syncs[0].node.Path())

		myPad.SetAuthority(client.ID())
		require.NoError(t, myPad.Set(propPos, gdvar.Vector2{X: 7, Y: 8}))
		eventually(t, pad, propPos, gdvar.Vector2{X: 7, Y: 8})
		assert.Equal(t, client.ID(), next(t, synced))
		assert.Empty(t, errs.get())
	})
}

// A static node reuses a node declared before, keeps its methods and
// refuses paths outside the root.
func TestSynchronizedDeclaration(t *testing.T) {
	m := MustNew()
	n := m.Node("/root/Main/Ball", Method{Name: "kick"})
	ball, _ := declareStatic(m)
	assert.Same(t, n, ball.Node())
	assert.Equal(t, "Ball", ball.Name())
	assert.Empty(t, ball.Scene())
	assert.NotNil(t, syncOf(m.Lookup("/root/Main/BallSync")))
	assert.Panics(t, func() { m.Synchronized("/elsewhere/X") })
	assert.Panics(t, func() {
		m.Synchronized("/root/Main/Y", Synchronizer{Path: "../../..", Properties: []Property{{Path: propPos}}})
	})
	assert.Panics(t, func() {
		m.Synchronized("/root/Main/Z", Synchronizer{Path: "S", Properties: []Property{{Path: propPos, Replicate: 7}}})
	})
}
