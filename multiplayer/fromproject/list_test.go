package fromproject

import (
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
