package audit

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/multiplayer/fromproject"
	"github.com/gdvar/gdvar/project"
)

// What the server sends the victim is counted without a copy, whatever
// its size: a mark is looked for in an argument's first bytes alone, so
// a flood of 1 MiB arguments, marked or not, or of arguments that are
// the mark cut short, costs the victim nothing more than it received.
func TestHostileMarkedCount(t *testing.T) {
	c := &client{}
	mark := []byte("GDVARAMP000001")
	huge := func(v any) []byte {
		b, err := gdvar.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	marked := huge(string(mark) + strings.Repeat("A", 1<<20))
	unmarked := huge(strings.Repeat("A", 1<<20))
	late := huge(strings.Repeat("A", markWithin) + string(mark)) // past where a mark is looked for
	cut := mark[:5]
	c.count(marked) // before a mark: nothing counted
	c.mark.Store(&mark)
	alloc := hostile.Allocated(func() {
		for range 1000 {
			c.count(marked)
			c.count(unmarked)
			c.count(late)
			c.count(cut)
			c.count(nil)
		}
	})
	assert.Zero(t, alloc)
	assert.Equal(t, int64(1000*len(marked)), c.marked.Load())
	arr := huge([]any{string(mark) + "A"})
	packed := huge([]string{string(mark) + "A"})
	for _, b := range [][]byte{arr, packed, huge([]byte(string(mark)))} {
		before := c.marked.Load()
		c.count(b)
		assert.Equal(t, before+int64(len(b)), c.marked.Load(), "an Array of the marked String, a PackedStringArray, a PackedByteArray")
	}
}

// A client counts the server's calls on a node spawned inside a spawned
// node as on any other: the spawner a spawned level holds has its
// players' methods handled as they come (a Go server of testdata/nested
// spawns the level, then the client's player in it, and calls its hit).
func TestNestedSpawnsHandled(t *testing.T) {
	p, err := project.Open("testdata/nested")
	require.NoError(t, err)
	server := multiplayer.MustNew()
	defer server.Close()
	game, err := fromproject.Declare(server, p, "res://main.tscn")
	require.NoError(t, err)
	levels, err := game.Spawner("/root/Main/LevelSpawner")
	require.NoError(t, err)
	players := make(chan *multiplayer.Object, 1)
	server.OnPeerConnected(func(id multiplayer.PeerID) {
		level, err := levels.Spawn("res://level.tscn", "Level", nil)
		if !assert.NoError(t, err) {
			return
		}
		player, err := level.SpawnerAt("PlayerSpawner").Spawn("res://player.tscn", peerName(id), map[string]any{".:position": gdvar.Vector2{}})
		assert.NoError(t, err)
		players <- player
	})
	addr := "127.0.0.1:" + strconv.Itoa(godot.FreePort(t, "udp"))
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	go server.ListenAndServeENet(ctx, addr)
	n, err := fromproject.NetOf(p)
	require.NoError(t, err)
	a := &auditor{cfg: Config{Project: p}, scene: "res://main.tscn"}
	c, fc, err := a.newClient(n)
	require.NoError(t, err)
	require.NoError(t, c.join(ctx, fc, addr))
	defer c.close()
	player := <-players
	require.Eventually(t, func() bool {
		nodes := spawnedOn(c.scene)
		return len(nodes) == 2 && nodes[1].o.Path() == player.Path()
	}, 10*time.Second, 5*time.Millisecond, "the client's player, in its level")
	mark, err := gdvar.Marshal(int64(424242))
	require.NoError(t, err)
	c.mark.Store(&mark)
	require.NoError(t, player.Node().Call(c.m.ID(), "hit", int64(424242)))
	assert.Eventually(t, func() bool { return c.marked.Load() == int64(len(mark)) }, 10*time.Second, 5*time.Millisecond)
}

// The huge arguments' default size is the transport's the clients found
// by trying, and the client found sends them: the project does not tell
// its transport, the clients assume WebSocket, the server is ENet.
func TestPayloadFollowsFoundTransport(t *testing.T) {
	dir, _ := writeGame(t, "extends Node\n", 0)
	p, err := project.Open(dir)
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	server := multiplayer.MustNew(multiplayer.WithMaxPacketSize(2 * enetPayload))
	addr := "127.0.0.1:" + strconv.Itoa(godot.FreePort(t, "udp"))
	go server.ListenAndServeENet(ctx, addr)
	t.Cleanup(func() { server.Close() })
	require.Eventually(t, func() bool { return server.ID() == multiplayer.ServerID }, 10*time.Second, time.Millisecond)

	for _, c := range []struct {
		name       string
		maxPayload int
		want       int
	}{
		{"default", 0, enetPayload},
		{"given", 4096, 4096},
	} {
		t.Run(c.name, func(t *testing.T) {
			untold := &fromproject.Net{Transport: multiplayer.WebSocket, Unknown: []string{"transport: WebSocket assumed"}}
			cfg, err := Config{Project: p, Addr: addr, Godot: "godot", Net: untold, MaxPayload: c.maxPayload}.withDefaults()
			require.NoError(t, err)
			a := &auditor{cfg: cfg, scene: "res://main.tscn"}
			cl, err := a.connect(ctx)
			require.NoError(t, err)
			defer cl.close()
			require.True(t, a.transportFound)
			assert.Equal(t, multiplayer.ENet, a.cfg.Net.Transport)
			assert.Equal(t, []string{"transport: WebSocket assumed; the server's, enet, found by trying"}, a.cfg.Net.Unknown)
			assert.Equal(t, c.want, a.cfg.payload(a.cfg.Net.Transport))
			assert.NotErrorIs(t, cl.m.SendBytes(multiplayer.ServerID, make([]byte, c.want)), multiplayer.ErrTooLarge)
		})
	}
}
