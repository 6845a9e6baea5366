// Command mpspawn is a Go server for the smallest Godot 4 game that uses
// replication (MultiplayerSpawner, MultiplayerSynchronizer); the game is
// in ./godot, and README.md says how to build it in the editor. The server
// takes the game's spawner, scenes and synchronizers from that project
// (fromproject.Declare), and adds only the behaviour: it spawns a player
// for each peer that joins, named by the peer's id and owned by it, with a
// color of its own; each client moves its player and every other client
// sees it move. A client that joins late sees each player where it
// stands, since the server takes in the position syncs of every player. A
// player whose peer leaves is despawned everywhere.
//
//	go run ./examples/mpspawn -listen 127.0.0.1:8910
//	go run ./examples/mpspawn -listen 127.0.0.1:8910 -transport enet
//	go run . -project godot   # from examples/mpspawn
package main

import (
	"flag"
	"log"
	"math"
	"strconv"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/examples/internal/gameserver"
	"github.com/gdvar/gdvar/multiplayer"
)

func main() {
	owned := flag.Bool("owned", false, "spawn each player owned by its peer from the start, for clients run with \"owned\" (the game's _enter_tree hands it over)")
	gameserver.Main("examples/mpspawn/godot", "the game's Godot project", func(dir string, logger *log.Logger) (*multiplayer.Multiplayer, error) {
		m, _, err := newServer(dir, *owned, logger)
		return m, err
	})
}

// What the server gives each player it spawns: the scene, of those the
// game's spawner lists, and the values of its synchronizer's spawn
// properties, by the paths the replication config names.
const (
	playerScene = "res://player.tscn"
	position    = ".:position"
	color       = ".:color"
)

// newServer returns the server of the game in the Godot project dir and
// its spawner of players, logging peers and errors to logger. owned
// spawns each player owned by its peer from the start, as the game's
// clients run with "owned" take it as it enters the tree.
func newServer(dir string, owned bool, logger *log.Logger) (*multiplayer.Multiplayer, *multiplayer.Spawner, error) {
	m, game, err := gameserver.Declare(dir)
	if err != nil {
		return nil, nil, err
	}
	players, err := game.Spawner("/root/Main/Spawner")
	if err != nil {
		return nil, nil, err
	}
	m.OnPeerConnected(func(id multiplayer.PeerID) {
		state := map[string]any{position: gdvar.Vector2{}, color: colorOf(id)}
		if owned {
			_, err = players.SpawnOwned(playerScene, strconv.Itoa(int(id)), id, state)
		} else {
			var player *multiplayer.Object
			if player, err = players.Spawn(playerScene, strconv.Itoa(int(id)), state); err == nil {
				player.SetAuthority(id) // the peer moves it; the server takes in its syncs
			}
		}
		if err != nil {
			logger.Printf("peer %d: %v", id, err)
			return
		}
		logger.Printf("peer %d joined", id)
	})
	m.OnPeerDisconnected(func(id multiplayer.PeerID) {
		for _, player := range players.Objects() {
			if player.Name() == strconv.Itoa(int(id)) {
				if err := player.Despawn(); err != nil {
					logger.Print(err)
				}
			}
		}
		logger.Printf("peer %d left", id)
	})
	m.OnError(func(err error) { logger.Print(err) })
	return m, players, nil
}

// colorOf is a peer's color, as the game's GDScript server would set it:
// Color.from_hsv(float(id % 360) / 360.0, 1.0, 1.0), in the engine's
// 32-bit floats.
func colorOf(id multiplayer.PeerID) gdvar.Color {
	return fromHSV(float32(float64(id%360)/360), 1, 1)
}

// fromHSV is Color.from_hsv with alpha 1, computed as the engine does.
func fromHSV(h, s, v float32) gdvar.Color {
	if s == 0 {
		return gdvar.Color{R: v, G: v, B: v, A: 1}
	}
	h = float32(math.Mod(float64(h*6), 6))
	i := float32(math.Floor(float64(h)))
	f := h - i
	p, q, t := v*(1-s), v*(1-s*f), v*(1-s*(1-f))
	switch int(i) {
	case 0:
		return gdvar.Color{R: v, G: t, B: p, A: 1}
	case 1:
		return gdvar.Color{R: q, G: v, B: p, A: 1}
	case 2:
		return gdvar.Color{R: p, G: v, B: t, A: 1}
	case 3:
		return gdvar.Color{R: p, G: q, B: v, A: 1}
	case 4:
		return gdvar.Color{R: t, G: p, B: v, A: 1}
	}
	return gdvar.Color{R: v, G: p, B: q, A: 1}
}
