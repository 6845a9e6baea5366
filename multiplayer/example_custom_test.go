package multiplayer_test

import (
	"context"
	"fmt"
	"net"
	"time"

	"github.com/gdvar/gdvar/multiplayer"
)

// A spawner whose spawn_function builds an enemy of the type the spawn's
// data names: the server spawns each with the scene it stands for and
// the data alone goes to the client, whose SetCustomSceneOf picks the
// same scene from the data, as the game's function does.
func ExampleSpawner_SetCustomSceneOf() {
	declare := func(m *multiplayer.Multiplayer) *multiplayer.Spawner {
		return m.Spawner("/root/Main/EnemySpawner", multiplayer.SpawnerConfig{
			SpawnPath: "/root/Main/Enemies",
			Custom:    []multiplayer.SpawnableScene{{Path: "res://slime.tscn"}, {Path: "res://boss.tscn"}},
		})
	}
	server := multiplayer.MustNew()
	enemies := declare(server)
	server.OnPeerConnected(func(multiplayer.PeerID) {
		for _, e := range []struct{ scene, name, kind string }{{"res://slime.tscn", "S", "slime"}, {"res://boss.tscn", "B", "boss"}} {
			if _, err := enemies.SpawnCustom(e.scene, e.name, []any{e.kind}, nil); err != nil {
				panic(err)
			}
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
	here := declare(client)
	here.SetCustomSceneOf(func(data func(any) error) string {
		var d []string // the game's data: [type]
		if data(&d) != nil || len(d) != 1 {
			return ""
		}
		return "res://" + d[0] + ".tscn"
	})
	seen := make(chan string, 2)
	here.OnSpawn(func(o *multiplayer.Object) { seen <- o.Name() + " " + o.Scene() })
	if err := client.Connect(ctx, "ws://"+ln.Addr().String()); err != nil {
		panic(err)
	}
	defer client.Close()
	fmt.Println(<-seen)
	fmt.Println(<-seen)
	// Output:
	// S res://slime.tscn
	// B res://boss.tscn
}
