package multiplayer_test

import (
	"context"
	"fmt"
	"net"
	"time"

	"github.com/gdvar/gdvar/multiplayer"
)

// A spawned ship whose scene holds a spawner of its own, Weapon/Gun, that
// spawns shots below the ship: the server spawns a shot through the
// ship's Gun; the client, which declares the same scenes, takes it from
// the Gun of its copy of the ship; when the ship is despawned, the shot
// goes first.
func ExampleObject_SpawnerAt() {
	declare := func(m *multiplayer.Multiplayer) *multiplayer.Spawner {
		return m.Spawner("/root/Main/Spawner", multiplayer.SpawnerConfig{
			SpawnPath: "/root/Main/Ships",
			Scenes: []multiplayer.SpawnableScene{{
				Path: "res://ship.tscn",
				Spawners: []multiplayer.SceneSpawner{{
					Path: "Weapon/Gun", // spawn_path ../../Shots, from the Gun
					SpawnerConfig: multiplayer.SpawnerConfig{
						SpawnPath: "Shots",
						Scenes:    []multiplayer.SpawnableScene{{Path: "res://shot.tscn"}},
					},
				}},
			}},
		})
	}
	server := multiplayer.MustNew()
	ships := declare(server)
	server.OnPeerConnected(func(multiplayer.PeerID) {
		ship, err := ships.Spawn("res://ship.tscn", "Ship", nil)
		if err != nil {
			panic(err)
		}
		if _, err := ship.SpawnerAt("Weapon/Gun").Spawn("res://shot.tscn", "Shot", nil); err != nil {
			panic(err)
		}
		if err := ship.Despawn(); err != nil {
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
	seen := make(chan string, 4)
	shipsHere := declare(client)
	shipsHere.OnSpawn(func(ship *multiplayer.Object) {
		seen <- "spawned " + ship.Path()
		gun := ship.SpawnerAt("Weapon/Gun")
		gun.OnSpawn(func(shot *multiplayer.Object) { seen <- "spawned " + shot.Path() })
		gun.OnDespawn(func(shot *multiplayer.Object) { seen <- "despawned " + shot.Path() })
	})
	shipsHere.OnDespawn(func(ship *multiplayer.Object) { seen <- "despawned " + ship.Path() })
	if err := client.Connect(ctx, "ws://"+ln.Addr().String()); err != nil {
		panic(err)
	}
	defer client.Close()
	for range 4 {
		fmt.Println(<-seen)
	}
	// Output:
	// spawned /root/Main/Ships/Ship
	// spawned /root/Main/Ships/Ship/Shots/Shot
	// despawned /root/Main/Ships/Ship/Shots/Shot
	// despawned /root/Main/Ships/Ship
}
