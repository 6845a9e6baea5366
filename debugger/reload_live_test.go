package debugger_test

import (
	"errors"
	"os"
	"testing"

	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/debugger/debuggertest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A game that reloads its scene, with a warning each time, while the
// session works in it (testdata/reloading, one frame in eight at random): an
// evaluation fails only with an error it raised itself, and a
// sub-property of a node freed between its lookup and its evaluation is
// ErrNoNode, not the expression's error about a null object; so is
// setting one.
func TestLiveReloadingScene(t *testing.T) {
	env := append(os.Environ(), "GDVAR_GODOT_HOME="+t.TempDir())
	g := debuggertest.Launch(t, "", []string{"--headless", "--path", project(t, "reloading")}, debugger.WithEnv(env))
	ctx := liveContext(t)
	for i := range 60 {
		v, err := g.Evaluate(ctx, "1 + 2")
		require.NoError(t, err, "evaluation %d", i)
		require.Equal(t, int64(3), v, "evaluation %d", i)
	}
	_, err := g.Evaluate(ctx, `Engine.get_main_loop().root.get_node("Nope")`)
	require.ErrorIs(t, err, debugger.ErrEvalFailed, "its own error fails it")
	assert.ErrorContains(t, err, "Nope")

	// Until a few gets have found the node (a busy machine makes the
	// game's frames uneven), bounded by the tries and the context.
	got := 0
	for i := 0; i < 2000 && got < 5; i++ {
		v, err := g.Get(ctx, "/root/Main/Player", "position:x")
		if errors.Is(err, debugger.ErrNoNode) {
			continue
		}
		require.NoError(t, err, "get %d", i)
		assert.Equal(t, 3.0, v, "get %d", i)
		got++
		if err := g.Set(ctx, "/root/Main/Player", "position:y", 4.0); !errors.Is(err, debugger.ErrNoNode) {
			require.NoError(t, err, "set %d", i)
		}
	}
	assert.Positive(t, got, "some get found the node")
	errs, _ := g.Errors()
	assert.NotEmpty(t, errs, "the game's warnings are kept")
}
