package debugger_test

import (
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/debugger"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Set converts the JSON shapes an agent sends to the type the game's
// inspector gives the property, and refuses a value of another type,
// leaving the property as it was: the engine would set a zero value.
func TestLiveSetConverts(t *testing.T) {
	g := launchGame(t)
	ctx := liveContext(t)
	_, err := g.WaitNode(ctx, "/root/Main/Timer")
	require.NoError(t, err)
	for _, c := range []struct {
		path, property string
		value          any
		want           any // nil: refused
	}{
		{"/root/Main", "position", []any{int64(300), int64(500)}, gdvar.Vector2{X: 300, Y: 500}},
		{"/root/Main", "position", gdvar.NewDictionary("x", int64(30), "y", 50.5), gdvar.Vector2{X: 30, Y: 50.5}},
		{"/root/Main", "speed", int64(2), 2.0},
		{"/root/Main/Timer", "wait_time", int64(3), 3.0},
		{"/root/Main/Label", "text", int64(5), nil},
		{"/root/Main", "position", []any{"1", "2"}, nil},
	} {
		before, err := g.Get(ctx, c.path, c.property)
		require.NoError(t, err)
		err = g.Set(ctx, c.path, c.property, c.value)
		want := c.want
		if want == nil {
			require.ErrorIs(t, err, debugger.ErrWrongType, "%s %v", c.property, c.value)
			want = before
		} else {
			require.NoError(t, err, "%s %v", c.property, c.value)
		}
		got, err := g.Get(ctx, c.path, c.property)
		require.NoError(t, err)
		assert.Equal(t, want, got, "%s %v", c.property, c.value)
	}
}
