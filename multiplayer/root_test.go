package multiplayer

import (
	"context"
	"testing"
	"time"

	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/multiplayer/mode"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A MultiplayerAPI of a branch (SceneTree.set_multiplayer(api,
// "/root/Main/Lobby")) names nodes relative to the branch: WithRoot
// declares nodes under it, by absolute path or relative to it, and
// serves calls that name them so; a node outside it is refused.
func TestWithRoot(t *testing.T) {
	const root = "/root/Main/Lobby"
	board := []Method{{Name: "play", Mode: mode.AnyPeer, Transfer: mode.Reliable}}
	server := MustNew(WithRoot(root))
	assert.Equal(t, root, server.Root())
	n := server.Node(root+"/Board", board...)
	assert.Equal(t, root+"/Board", n.Path())
	assert.Same(t, n, server.Lookup("Board"), "relative to the root")
	assert.Panics(t, func() { server.Node("/root/Main/Other") }, "outside the root")
	played := make(chan PeerID, 1)
	n.Handle("play", func(c *Call) { played <- c.From })

	c := fakePeer(server, 2)
	server.conns[2], server.id = c, ServerID
	admitFake(server, c)
	require.NoError(t, server.route(c, appendCall(nil, 0, "Board", 0, true, 0, nil), reliably), "the path as the branch's peers send it")
	assert.Equal(t, PeerID(2), <-played)
	assert.ErrorIs(t, server.route(c, appendCall(nil, 0, "Main/Lobby/Board", 0, true, 0, nil), reliably), ErrUnknownNode, "a path from /root")

	// A Go client of the same branch calls it, over a connection.
	live := MustNew(WithRoot(root))
	live.Node("Board", board...).Handle("play", func(c *Call) { played <- c.From })
	port := serve(t, live)
	client := MustNew(WithRoot(root))
	defer client.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	require.NoError(t, client.Connect(ctx, "ws://127.0.0.1:"+port))
	require.NoError(t, client.Node(root+"/Board", board...).Call(ServerID, "play"))
	select {
	case from := <-played:
		assert.Equal(t, client.ID(), from)
	case <-ctx.Done():
		t.Fatal("no call")
	}

	for _, bad := range []string{"", "/", "/rooted", "root/Main", "/root/Main/", "/root/../x"} {
		_, err := New(WithRoot(bad))
		assert.Error(t, err, "%q", bad)
	}
}

// A Godot 4.6 client whose SceneMultiplayer is a branch's
// (set_multiplayer(api, "/root/Main/Lobby")) calls a node of the branch
// on a Go server WithRoot of the same branch, and gets its reply.
func TestLiveWithRoot(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	m := MustNew(WithRoot("/root/Main/Lobby"))
	board := m.Node("/root/Main/Lobby/Board", echoMethods...)
	board.Handle("echo", func(c *Call, args ...any) error { return c.Reply("echo_reply", args...) })
	var errs errorLog
	m.OnError(errs.add)
	out := godot.RunScript(t, engine, "scripts/multiplayer/branch.gd", serve(t, m))
	assert.Equal(t, "0200000007000000,0400000005000000736576656e000000,00000000", godot.Line(t, out, "GOT "))
	assert.Empty(t, errs.get())
}
