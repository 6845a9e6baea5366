package multiplayer_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/multiplayer/mode"
)

// A hostile client's spawn, as gdvar audit sends it: the client spawns a
// player of its own on the server, as if the spawner were its. The
// server, whose spawner it is, refuses it, reports it, and spawns
// nothing.
func ExampleSpawner_SendSpawn() {
	declare := func(m *multiplayer.Multiplayer) *multiplayer.Spawner {
		return m.Spawner("/root/Main/Spawner", multiplayer.SpawnerConfig{
			SpawnPath: "/root/Main/Players",
			Scenes: []multiplayer.SpawnableScene{{
				Path: "res://player.tscn",
				Synchronizers: []multiplayer.Synchronizer{
					{Path: "Sync", Properties: []multiplayer.Property{{Path: ".:position", Spawn: true, Replicate: mode.ReplicateAlways}}},
				},
			}},
		})
	}
	server := multiplayer.MustNew()
	players := declare(server)
	refused := make(chan error, 1)
	server.OnError(func(err error) {
		select {
		case refused <- err:
		default:
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
	forged := declare(client)
	if err := client.Connect(ctx, "ws://"+ln.Addr().String()); err != nil {
		panic(err)
	}
	defer client.Close()
	err = forged.SendSpawn("res://player.tscn", "Intruder", map[string]any{".:position": gdvar.Vector2{X: 4242}})
	fmt.Println("sent:", err)
	select {
	case err := <-refused:
		fmt.Println("the server refuses it:", errors.Is(err, multiplayer.ErrNotAllowed))
	case <-ctx.Done():
		fmt.Println("no word from the server")
	}
	fmt.Println("its players:", len(players.Objects()))
	// Output:
	// sent: <nil>
	// the server refuses it: true
	// its players: 0
}
