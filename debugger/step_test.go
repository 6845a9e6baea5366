package debugger

import (
	"context"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// stepGame answers as the helper of version 3 steps a game held at frame:
// advance moves it by the frames asked for; reply, if set, replaces
// gdvar:frame's data.
type stepGame struct {
	helperGame
	frame int64
	reply []any
}

func (g *stepGame) answer(m Message) []byte {
	b := g.helperGame.answer(m)
	g.mu.Lock()
	defer g.mu.Unlock()
	switch m.Name {
	case "gdvar:advance":
		g.frame += m.Data[0].(int64)
	case "gdvar:speed", "gdvar:frame":
	default:
		return b
	}
	if g.reply != nil {
		return message4("gdvar:frame", g.reply...)
	}
	return message4("gdvar:frame", g.frame, true, false)
}

// Advance asks for 60 frames at a time and returns the frame the game
// holds at; Frame asks for it; Speed sends the speed; Close lets a game
// it held run on as fast as it runs.
func TestAdvanceInChunks(t *testing.T) {
	g := &stepGame{helperGame: helperGame{version: 3}, frame: 1000}
	s, _ := scripted(t, gdvar.Godot4, g.answer)
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	frame, err := s.Advance(ctx, 150)
	require.NoError(t, err)
	assert.Equal(t, int64(1150), frame)
	frame, err = s.Advance(ctx, 0)
	require.NoError(t, err)
	assert.Equal(t, int64(1150), frame)
	assert.Equal(t, [][]any{{int64(60)}, {int64(60)}, {int64(30)}, {int64(0)}}, g.messages("gdvar:advance"))
	frame, err = s.Frame(ctx)
	require.NoError(t, err)
	assert.Equal(t, int64(1150), frame)
	require.NoError(t, s.Speed(ctx, 2.5))

	require.NoError(t, s.Close())
	for deadline := time.Now().Add(time.Minute); len(g.messages("gdvar:speed")) < 2 && time.Now().Before(deadline); {
		time.Sleep(time.Millisecond)
	}
	assert.Equal(t, [][]any{{2.5}, {math.Inf(1)}}, g.messages("gdvar:speed"), "let go at Close")
}

// A session that never stepped the game, or let it run as fast as it
// runs, sends nothing at Close.
func TestCloseLeavesUnsteppedGame(t *testing.T) {
	g := &stepGame{helperGame: helperGame{version: 3}}
	s, _ := scripted(t, gdvar.Godot4, g.answer)
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	_, err := s.Frame(ctx)
	require.NoError(t, err)
	require.NoError(t, s.Speed(ctx, math.Inf(1)))
	require.NoError(t, s.Close())
	time.Sleep(50 * time.Millisecond)
	assert.Len(t, g.messages("gdvar:speed"), 1)
}

// What cannot be stepped is refused before anything is sent, saying why:
// Godot 3 and 4.2 (ErrUnsupported), a game Launch started without
// --fixed-fps (ErrNoFixedFPS), one stopped at a breakpoint
// (ErrInDebugLoop), a count or a speed out of range; an old helper is
// told to update, and a malformed reply is ErrMalformed.
func TestStepRefused(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()

	s3, _ := scripted(t, gdvar.Godot3, func(Message) []byte { return nil })
	_, err := s3.Advance(ctx, 1)
	assert.ErrorIs(t, err, ErrUnsupported)
	_, err = s3.Frame(ctx)
	assert.ErrorIs(t, err, ErrUnsupported)

	g := &stepGame{helperGame: helperGame{version: 3}}
	s42, send := scripted(t, gdvar.Godot4, g.answer)
	send(banner4("4.2.2"))
	waitVersion(t, s42)
	_, err = s42.Advance(ctx, 1)
	assert.ErrorIs(t, err, ErrUnsupported)
	assert.ErrorContains(t, err, "Godot 4.3+")

	s, _ := scripted(t, gdvar.Godot4, g.answer)
	_, err = s.Advance(ctx, -1)
	assert.ErrorIs(t, err, ErrBadSteps)
	for _, x := range []float64{-1, math.NaN()} {
		assert.ErrorContains(t, s.Speed(ctx, x), "want 0 (hold)")
	}
	s.cfg.unfixed = true
	_, err = s.Advance(ctx, 1)
	assert.ErrorIs(t, err, ErrNoFixedFPS)
	assert.ErrorIs(t, s.Speed(ctx, 1), ErrNoFixedFPS)
	_, err = s.Frame(ctx)
	assert.NoError(t, err, "the frame needs no fixed delta")
	assert.Empty(t, g.messages("gdvar:advance"))
	assert.Empty(t, g.messages("gdvar:speed"))

	stopped, send := scripted(t, gdvar.Godot4, g.answer)
	stopGame(t, stopped, send)
	_, err = stopped.Advance(ctx, 1)
	assert.ErrorIs(t, err, ErrInDebugLoop)

	old, _ := scripted(t, gdvar.Godot4, (&stepGame{helperGame: helperGame{version: 2}}).answer)
	_, err = old.Advance(ctx, 1)
	assert.ErrorIs(t, err, ErrNoInputAutoload)
	assert.ErrorContains(t, err, "version 2; this needs 3")

	bad, _ := scripted(t, gdvar.Godot4, (&stepGame{helperGame: helperGame{version: 3}, reply: []any{"x", true, false}}).answer)
	_, err = bad.Frame(ctx)
	assert.ErrorIs(t, err, ErrMalformed)
}

// A game has a fixed frame rate when its command line, before its own
// arguments, says --fixed-fps or --write-movie; FixedFPS says which.
func TestFixedFPS(t *testing.T) {
	for _, tt := range []struct {
		args  string
		fixed bool
		fps   int64
	}{
		{"--path x --fixed-fps 60", true, 60},
		{"--fixed-fps 30 --path x", true, 30},
		{"--write-movie out.avi", true, 0},
		{"--path x", false, 0},
		{"--path x --fixed-fps -5", true, 0},
		{"--path x -- --fixed-fps 60", false, 0},
		{"--path x ++ --write-movie 60", false, 0},
	} {
		assert.Equal(t, tt.fixed, hasFixedFPS(strings.Fields(tt.args)), tt.args)
		assert.Equal(t, tt.fps, FixedFPS(strings.Fields(tt.args)), tt.args)
	}
}

// A speed the game cannot run at, or so slow that the next command
// would wait minutes for its frame, is refused before anything is sent.
func TestSpeedBounds(t *testing.T) {
	for _, x := range []float64{math.NaN(), -1, math.Inf(-1), 1e-9, MinSpeed / 2} {
		err := (&Session{}).Speed(context.Background(), x)
		require.ErrorIs(t, err, ErrBadSpeed, "%v", x)
		assert.LessOrEqual(t, len(err.Error()), 300)
		assert.NotContains(t, err.Error(), "\n")
	}
}

// A game's frames only count up: a reply of a frame before the last the
// game was held at, or a negative one (a counter wrapped past 2^63), is
// ErrMalformed, and the frame held stays the last good one.
func TestFrameGoingBackRefused(t *testing.T) {
	g := &stepGame{helperGame: helperGame{version: 3}, frame: 1000}
	s, _ := scripted(t, gdvar.Godot4, g.answer)
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	frame, err := s.Advance(ctx, 10)
	require.NoError(t, err)
	require.Equal(t, int64(1010), frame)
	for _, bad := range []int64{1009, -1, math.MinInt64} {
		g.mu.Lock()
		g.reply = []any{bad, true, false}
		g.mu.Unlock()
		_, err = s.Frame(ctx)
		require.ErrorIs(t, err, ErrMalformed, "%d", bad)
		assert.ErrorContains(t, err, "frames only go forward")
		assert.Equal(t, int64(1010), s.heldFrame())
	}
}
