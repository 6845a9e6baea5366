package multiplayer_test

import (
	"context"
	"fmt"
	"net"
	"strconv"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/multiplayer/mode"
)

// The tutorials' player: the server keeps its position, and its peer
// owns its Inputs node, whose synchronizer sends the direction it walks.
// The client, as the game's _enter_tree, takes its player's Inputs and
// sets a direction; the server takes it in.
func ExampleSpawner_SpawnWithOwners() {
	declare := func(m *multiplayer.Multiplayer) *multiplayer.Spawner {
		return m.Spawner("/root/Main/Spawner", multiplayer.SpawnerConfig{
			SpawnPath: "/root/Main/Players",
			Scenes: []multiplayer.SpawnableScene{{
				Path: "res://player.tscn",
				Synchronizers: []multiplayer.Synchronizer{
					{Path: "ServerSync", Properties: []multiplayer.Property{{Path: ".:position", Spawn: true, Replicate: mode.ReplicateAlways}}},
					{Path: "Inputs/InputSync", Root: "Inputs", Properties: []multiplayer.Property{{Path: "Inputs:direction", Replicate: mode.ReplicateAlways}}},
				},
			}},
		})
	}
	server := multiplayer.MustNew()
	players := declare(server)
	steered := make(chan string, 1)
	players.OnSync(func(o *multiplayer.Object, from multiplayer.PeerID) {
		var dir gdvar.Vector2
		if o.Get("Inputs:direction", &dir) == nil {
			select {
			case steered <- fmt.Sprintf("the player walks %v from its peer; its root is peer %d's", dir, o.Authority()):
			default:
			}
		}
	})
	server.OnPeerConnected(func(id multiplayer.PeerID) {
		_, err := players.SpawnWithOwners("res://player.tscn", strconv.Itoa(int(id)),
			multiplayer.Owners{"Inputs": id}, map[string]any{".:position": gdvar.Vector2{}})
		if err != nil {
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
		if err := o.SetAuthorityAt("Inputs", client.ID()); err != nil {
			panic(err)
		}
		if err := o.Set("Inputs:direction", gdvar.Vector2{X: 1}); err != nil {
			panic(err)
		}
	})
	if err := client.Connect(ctx, "ws://"+ln.Addr().String()); err != nil {
		panic(err)
	}
	defer client.Close()
	fmt.Println(<-steered)
	// Output:
	// the player walks {1 0} from its peer; its root is peer 1's
}
