package debugger

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
)

// Any reply of a game to its steps in a lockstep, beside an honest game:
// Lockstep returns within the request timeout, each game's frame never
// before the one it was held at, and an error names the game on one
// line of at most 300 bytes, as one of the debugger's errors.
func FuzzLockstepReplies(f *testing.F) {
	for _, reply := range [][]byte{
		message4("gdvar:frame", int64(1001), true, false),
		message4("gdvar:frame", int64(999), true, false),
		message4("gdvar:frame", int64(-1), true, false),
		message4("gdvar:frame", "1001", true),
		message4("gdvar:frame", int64(1<<62), false, false),
		message4("gdvar:error", "gdvar:advance", strings.Repeat("\n", 1000)),
		{0xff, 0xff, 0xff, 0x7f},
	} {
		f.Add(reply)
	}
	f.Fuzz(func(t *testing.T, reply []byte) {
		honest := &stepGame{helperGame: helperGame{version: 3}, frame: 1000}
		a, _ := scriptedWith(t, gdvar.Godot4, honest.answer, WithRequestTimeout(100*time.Millisecond))
		fuzzed := &stepGame{helperGame: helperGame{version: 3}, frame: 1000}
		b, _ := scriptedWith(t, gdvar.Godot4, func(m Message) []byte {
			if m.Name == "gdvar:advance" && len(m.Data) == 1 && m.Data[0] == int64(1) {
				return reply // each frame it runs, held first as any
			}
			return fuzzed.answer(m)
		}, WithRequestTimeout(100*time.Millisecond))
		ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
		defer cancel()
		frames, err := Lockstep(ctx, 2, a, b)
		require.NoError(t, ctx.Err(), "the request timeout did not end it")
		require.Len(t, frames, 2)
		assert.GreaterOrEqual(t, frames[0], int64(1000))
		assert.GreaterOrEqual(t, frames[1], int64(1000))
		assert.GreaterOrEqual(t, b.heldFrame(), int64(1000))
		if err == nil {
			return
		}
		t.Log(err)
		assert.True(t, strings.HasPrefix(err.Error(), "debugger: lockstep: game 2 of 2, frame "), err.Error())
		assert.LessOrEqual(t, len(err.Error()), 300)
		assert.NotContains(t, err.Error(), "\n")
		assert.True(t, errors.Is(err, ErrMalformed) || errors.Is(err, ErrClosed) || errors.Is(err, context.DeadlineExceeded) ||
			errors.Is(err, ErrCallFailed) || errors.Is(err, ErrUnsupported), "%v", err)
	})
}
