package multiplayer_test

import (
	"context"
	"fmt"
	"net"
	"time"

	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/multiplayer/mode"
)

// A spawned player whose Gun, a node below its root, has an RPC method:
// the server sets its handler once for every player it will spawn, before
// serving; the client calls it on its own player once spawned.
func ExampleSpawner_Handle() {
	declare := func(m *multiplayer.Multiplayer) *multiplayer.Spawner {
		return m.Spawner("/root/Main/Spawner", multiplayer.SpawnerConfig{
			SpawnPath: "/root/Main/Players",
			Scenes: []multiplayer.SpawnableScene{{
				Path:  "res://player.tscn",
				Nodes: []multiplayer.SpawnedNode{{Path: "Body/Gun", Methods: []multiplayer.Method{{Name: "fire", Mode: mode.AnyPeer}}}},
			}},
		})
	}
	server := multiplayer.MustNew()
	players := declare(server)
	fired := make(chan string, 1)
	players.Handle("res://player.tscn", "Body/Gun", "fire", func(c *multiplayer.Call, power int64) {
		fired <- fmt.Sprintf("%s fired with power %d", c.Node.Path(), power)
	})
	server.OnPeerConnected(func(multiplayer.PeerID) {
		if _, err := players.Spawn("res://player.tscn", "Player", nil); err != nil {
			panic(err)
		}
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	go server.Serve(ctx, ln)

	client := multiplayer.MustNew()
	declare(client).OnSpawn(func(o *multiplayer.Object) {
		if err := o.Child("Body/Gun").Call(multiplayer.ServerID, "fire", 3); err != nil {
			panic(err)
		}
	})
	if err := client.Connect(ctx, "ws://"+ln.Addr().String()); err != nil {
		panic(err)
	}
	defer client.Close()
	fmt.Println(<-fired)
	// Output:
	// /root/Main/Players/Player/Body/Gun fired with power 3
}
