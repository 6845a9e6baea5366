package debugger

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Lockstep runs a frame of each game in the order given, then the next:
// every game's advance of a frame comes after the one before it's, each
// game held first; it returns where they hold. A game that fails stops
// it, named by its place, the games after it not run that frame.
func TestLockstep(t *testing.T) {
	var mu sync.Mutex
	var order []string
	l := &fakeLauncher{t: t, frame: 10}
	logged := func(name string) *Session {
		l.answer = func(g *stepGame, m Message) []byte {
			if m.Name == "gdvar:advance" {
				mu.Lock()
				order = append(order, name)
				mu.Unlock()
			}
			return g.answer(m)
		}
		s, err := l.launch(t.Context(), name, 1)
		require.NoError(t, err)
		return s
	}
	host, a, b := logged("host"), logged("a"), logged("b")
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	frames, err := Lockstep(ctx, 2, host, a, b)
	require.NoError(t, err)
	assert.Equal(t, []int64{12, 12, 12}, frames)
	assert.Equal(t, []string{"host", "a", "b", "host", "a", "b", "host", "a", "b"}, order)
	assert.Equal(t, [][]any{{int64(0)}, {int64(1)}, {int64(1)}}, l.games["a"].messages("gdvar:advance"))

	l.answer = func(g *stepGame, m Message) []byte {
		if m.Name == "gdvar:advance" && g.frame == 11 {
			return []byte{0xf0, 0xff, 0xff, 0xff} // it dies at its second frame
		}
		return g.answer(m)
	}
	dying, err := l.launch(t.Context(), "dying", 1)
	require.NoError(t, err)
	order = nil
	frames, err = Lockstep(ctx, 3, host, dying, a)
	require.ErrorIs(t, err, ErrClosed)
	assert.ErrorContains(t, err, "debugger: lockstep: game 2 of 3, frame 2 of 3: ")
	assert.Equal(t, []int64{14, 11, 13}, frames)
	assert.Equal(t, []string{"host", "a", "host", "a", "host"}, order)

	_, err = Lockstep(ctx, -1, host)
	assert.ErrorIs(t, err, ErrBadSteps)
}
