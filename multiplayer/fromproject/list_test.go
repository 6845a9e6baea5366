package fromproject

import (
	"fmt"
	"testing"

	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/project"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestListsWhatItDeclared(t *testing.T) {
	p, err := project.Open("../../scripts/bench/players")
	require.NoError(t, err)
	game, err := Declare(multiplayer.MustNew(), p, "res://main.tscn")
	require.NoError(t, err)
	assert.Equal(t, []string{"/root/Main"}, game.Nodes())
	assert.Equal(t, []string{"/root/Main/Spawner"}, game.Spawners())
	cfg, ok := game.SpawnerConfig("/root/Main/Spawner")
	require.True(t, ok)
	require.Len(t, cfg.Scenes, 1)
	assert.Equal(t, "res://player.tscn", cfg.Scenes[0].Path)
	require.Len(t, cfg.Scenes[0].Synchronizers, 1)
	assert.Zero(t, cfg.Scenes[0].Synchronizers[0].Interval, "every frame")
	_, ok = game.SpawnerConfig("/root/Main")
	assert.False(t, ok)
}

// What a program that drives any game finds in its declarations.
func ExampleScene_SpawnerConfig() {
	p, err := project.Open("../../scripts/bench/players")
	if err != nil {
		panic(err)
	}
	game, err := Declare(multiplayer.MustNew(), p, "res://main.tscn")
	if err != nil {
		panic(err)
	}
	for _, path := range game.Spawners() {
		cfg, _ := game.SpawnerConfig(path)
		for _, s := range cfg.Scenes {
			fmt.Println(path, s.Path, len(s.Synchronizers), "synchronizer")
		}
	}
	fmt.Println(game.Nodes())
	// Output:
	// /root/Main/Spawner res://player.tscn 1 synchronizer
	// [/root/Main]
}
