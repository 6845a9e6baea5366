package audit

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/project"
)

// The surface notes the spawners whose spawn_function a script sets, and
// the scenes it makes (a member holding the scene, player_spawner.gd),
// for the clients to declare as their custom scenes: here the level's
// PlayerSpawner, below the spawned level's root.
func TestCustomSpawnsDeclared(t *testing.T) {
	p, err := project.Open("testdata/custom")
	require.NoError(t, err)
	s, err := surfaceOf(p, "")
	require.NoError(t, err)
	assert.Equal(t, []customSpawn{{scene: "res://level.tscn", spawner: "PlayerSpawner", scenes: []string{"res://player.tscn"}}}, s.custom)
	assert.Len(t, declareCustom(p, "res://main.tscn", s.custom), 1)
	// One the clients cannot declare is left out, and the rest kept.
	bad := append([]customSpawn{{scene: "res://player.tscn", spawner: "Nope", scenes: []string{"res://player.tscn"}}}, s.custom...)
	assert.Len(t, declareCustom(p, "res://main.tscn", bad), 1)
}
