// Package playgame is an example: a Go test that plays a small Godot game
// through its remote debugger, with nothing added to the game. Run it with
// a Godot 4 editor binary on the PATH or in $GODOT:
//
//	GODOT=/path/to/godot go test ./examples/playgame
package playgame

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/debugger/debuggertest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLivePlay(t *testing.T) {
	// The engine writes a cache into the project: give it a copy.
	dir := t.TempDir()
	for _, name := range []string{"project.godot", "main.tscn", "main.gd"} {
		b, err := os.ReadFile(filepath.Join("game", name))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), b, 0o644))
	}
	game := debuggertest.Launch(t, "", []string{"--headless", "--path", dir})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()

	_, err := game.WaitNode(ctx, "/root/Main/Player")
	require.NoError(t, err)
	score, err := game.Call(ctx, "/root/Main", "hit", int64(3))
	require.NoError(t, err)
	assert.Equal(t, int64(3), score)

	require.NoError(t, game.Set(ctx, "/root/Main/Player", "position", gdvar.Vector2{X: 10, Y: 20}))
	pos, err := game.Get(ctx, "/root/Main/Player", "position")
	require.NoError(t, err)
	assert.Equal(t, gdvar.Vector2{X: 10, Y: 20}, pos)

	lines, _ := game.Output()
	var texts []string
	for _, l := range lines {
		texts = append(texts, l.Text)
	}
	assert.Contains(t, texts, "hit for 3")
}
