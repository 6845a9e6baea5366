// Package playersgame is the Go server's side of the synced-player game
// (scripts/bench/players), as its Godot server's main.gd plays it: a
// player spawned for each peer that joins, named by its id and handed to
// it, despawned when it leaves, and each client's input relayed to every
// peer as moved. The players benchmark and the load test's live tests
// serve it.
package playersgame

import (
	"log"
	"slices"
	"strconv"
	"sync"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/multiplayer/fromproject"
	"github.com/gdvar/gdvar/project"
)

// Declare declares the game of project p (scripts/bench/players) on m,
// a server's Multiplayer not yet serving, and its behaviour.
func Declare(m *multiplayer.Multiplayer, p *project.Project) error {
	game, err := fromproject.Declare(m, p, "res://main.tscn")
	if err != nil {
		return err
	}
	players, err := game.Spawner("/root/Main/Spawner")
	if err != nil {
		return err
	}
	main, err := game.Node("/root/Main")
	if err != nil {
		return err
	}
	err = game.Handle("/root/Main", "input", func(c *multiplayer.Call, t int64, dir gdvar.Vector3) error {
		return main.Call(0, "moved", int64(c.From), t, dir)
	})
	if err != nil {
		return err
	}
	m.OnPeerConnected(func(id multiplayer.PeerID) {
		player, err := players.Spawn("res://player.tscn", strconv.Itoa(int(id)), map[string]any{
			".:position": gdvar.Vector3{}, ".:heading": 0.0,
		})
		if err != nil {
			log.Printf("peer %d: %v", id, err)
			return
		}
		player.SetAuthority(id)
	})
	m.OnPeerDisconnected(func(id multiplayer.PeerID) {
		for _, player := range players.Objects() {
			if player.Name() == strconv.Itoa(int(id)) {
				player.Despawn()
			}
		}
	})
	return nil
}

// KeepAuths has m, a server's, admit each peer once it has sent its
// authentication message, and returns what they sent, in the order it
// came: a test's check of the bots' numbers ($bot). The test fails if a
// peer cannot be admitted.
func KeepAuths(t testing.TB, m *multiplayer.Multiplayer) func() []string {
	var mu sync.Mutex
	var got []string
	m.OnAuth(func(peer multiplayer.PeerID, data []byte) {
		mu.Lock()
		got = append(got, string(data))
		mu.Unlock()
		if err := m.CompleteAuth(peer); err != nil {
			t.Error(err)
		}
	})
	return func() []string {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(got)
	}
}
