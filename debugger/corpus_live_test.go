package debugger_test

import (
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/debugger/debuggertest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The corpus's two runnable games, unmodified, as an agent drives them:
// the main scene is there when Launch returns; a position set from JSON's
// shape is a vector; an action reaches the game through the helper
// installed at run time, and the player moves; a call runs in the paused
// tree, which unpauses; and the session causes no engine error.
func TestLiveCorpusGamesDriven(t *testing.T) {
	for _, c := range []struct {
		project, player string
		set             []any // a position, as JSON gives it
		want            any
	}{
		{"ewanc26__platformer-prototype", "/root/Game/Player", []any{int64(300), int64(100)}, gdvar.Vector2{X: 300, Y: 100}},
		{"KenneyNL__Starter-Kit-3D-Platformer", "/root/Main/Player", []any{int64(0), int64(2), int64(0)}, gdvar.Vector3{X: 0, Y: 2, Z: 0}},
	} {
		t.Run(c.project, func(t *testing.T) {
			g := debuggertest.Start(t, debuggertest.Project(t, filepath.Join("..", "testdata", "projects", c.project)))
			ctx := liveContext(t)
			root, err := g.Game.Tree(ctx)
			require.NoError(t, err)
			require.NotNil(t, root.Find(c.player), "the main scene, at once")

			require.NoError(t, g.Game.Set(ctx, c.player, "position", c.set))
			got := g.Get(c.player, "position")
			require.IsType(t, c.want, got)
			assert.InDelta(t, horizontal(c.want), horizontal(got), 0.5, "%v", got)

			start := horizontal(g.Get(c.player, "position"))
			g.Action("move_right", debugger.Down)
			g.WaitProperty(c.player, "position", func(v any) bool { return horizontal(v)-start > 5 })
			g.Action("move_right", debugger.Up)

			require.NoError(t, g.Game.SetTreePaused(ctx, true))
			paused, err := g.Game.TreePaused(ctx)
			require.NoError(t, err)
			assert.True(t, paused)
			v, err := g.Game.Call(ctx, c.player, "is_on_floor")
			require.NoError(t, err, "a call in a paused tree")
			assert.IsType(t, true, v)
			require.NoError(t, g.Game.SetTreePaused(ctx, false))

			errs, _ := g.Game.Errors()
			for _, e := range errs {
				assert.False(t, strings.Contains(e.String(), "already broke") || strings.Contains(e.String(), "gdvar_input"), "%s", e)
			}
		})
	}
}

// horizontal is a position's x (the 2D player moves right), or its
// distance from the origin in the ground plane for a Vector3 (the 3D
// player moves along its camera's right).
func horizontal(v any) float64 {
	switch p := v.(type) {
	case gdvar.Vector2:
		return p.X
	case gdvar.Vector3:
		return math.Hypot(p.X, p.Z)
	}
	return math.NaN()
}
