package debugger

import (
	"context"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Steps no game can take are refused before anything is sent, with
// ErrBadSteps on one short line: a count past MaxSteps (math.MaxInt
// wrapped Lockstep's frame loop to none, and it returned the frames as
// run), below 0, no game, a game given twice (10 000 times), or nil.
func TestHostileLockstep(t *testing.T) {
	l := &fakeLauncher{t: t, frame: 10}
	a, err := l.launch(t.Context(), "a", 1)
	require.NoError(t, err)
	b, err := l.launch(t.Context(), "b", 1)
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	for _, c := range []struct {
		name  string
		n     int
		games []*Session
		want  string
	}{
		{"math.MaxInt frames", math.MaxInt, []*Session{a, b}, "lockstep 9223372036854775807 frames: want 0 to 16777216"},
		{"frames past MaxSteps", MaxSteps + 1, []*Session{a}, "want 0 to 16777216"},
		{"frames below 0", math.MinInt, []*Session{a}, "want 0 to 16777216"},
		{"no game", 1, nil, "lockstep of no game"},
		{"a game twice", 1, []*Session{a, b, a}, "game 3 of 3 is game 1 again"},
		{"a game 10 000 times", 1, slices.Repeat([]*Session{b}, 10_000), "game 2 of 10000 is game 1 again"},
		{"a nil game", 1, []*Session{a, nil}, "game 2 of 2 is nil"},
	} {
		t.Run(c.name, func(t *testing.T) {
			frames, err := Lockstep(ctx, c.n, c.games...)
			require.ErrorIs(t, err, ErrBadSteps)
			assert.ErrorContains(t, err, c.want)
			assert.LessOrEqual(t, len(err.Error()), 300)
			assert.NotContains(t, err.Error(), "\n")
			assert.Nil(t, frames)
		})
	}
	for _, n := range []int{math.MaxInt, MaxSteps + 1, -1} {
		_, err := a.Advance(ctx, n)
		require.ErrorIs(t, err, ErrBadSteps)
		assert.LessOrEqual(t, len(err.Error()), 300)
	}
	for name, g := range l.games {
		assert.Empty(t, g.messages("gdvar:advance"), name)
	}
}

// A game that never answers a step stops the lockstep within its
// request timeout, named by its place; the games before it stay held
// where their last frame left them.
func TestLockstepUnansweredStep(t *testing.T) {
	l := &fakeLauncher{t: t, frame: 10, opts: []Option{WithRequestTimeout(time.Second)}}
	host, err := l.launch(t.Context(), "host", 1)
	require.NoError(t, err)
	l.answer = func(g *stepGame, m Message) []byte {
		if m.Name == "gdvar:advance" && g.frame == 11 {
			return nil // it holds at its first frame, then answers no step
		}
		return g.answer(m)
	}
	mute, err := l.launch(t.Context(), "mute", 1)
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	frames, err := Lockstep(ctx, 1<<20, host, mute)
	require.ErrorIs(t, err, context.DeadlineExceeded)
	assert.True(t, strings.HasPrefix(err.Error(), "debugger: lockstep: game 2 of 2, frame 2 of 1048576: "), err.Error())
	assert.LessOrEqual(t, len(err.Error()), 300)
	assert.Equal(t, []int64{12, 11}, frames)
	assert.NoError(t, ctx.Err()) // the request timeout ended it, not the context's minute
}
