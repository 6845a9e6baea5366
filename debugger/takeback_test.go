package debugger

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// idleGame is a fake Godot 4 game that runs no script line until told:
// a break stops it in its idle frame (no stack), a step leaves the debug
// loop with one line to run, a continue clears that; a line, when run,
// stops it if a step is pending. It records the commands it read.
type idleGame struct {
	mu       sync.Mutex
	stopped  bool
	stepping bool
	got      []string
}

func (g *idleGame) answer(m Message) []byte {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.got = append(g.got, m.Name)
	switch {
	case m.Name == "break" && !g.stopped:
		g.stopped = true
		return message4("debug_enter", true, "", false, int64(1))
	case m.Name == "break": // the engine: "Got break when already broke!"
		g.stopped = false
		return message4("debug_exit")
	case m.Name == "step" && g.stopped:
		g.stopped, g.stepping = false, true
		return message4("debug_exit")
	case m.Name == "continue" && g.stopped:
		g.stopped, g.stepping = false, false
		return message4("debug_exit")
	}
	return nil
}

func (g *idleGame) commands() []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]string(nil), g.got...)
}

// A step that found no line within the request timeout is taken back
// (break, then continue in the idle frame), so that the game's next stop,
// at a breakpoint, is the caller's: it stays stopped, and its stack can
// be read. Before, the step was left in the game and the Session
// continued whatever stop came next, taking it for the step's.
func TestStepWithoutALineIsTakenBack(t *testing.T) {
	g := &idleGame{}
	s, send := scriptedWith(t, gdvar.Godot4, func(m Message) []byte {
		b := g.answer(m)
		if m.Name == "get_stack_dump" {
			return message4("stack_dump", int64(3), "res://main.gd", int64(7), "on_call")
		}
		return b
	}, WithRequestTimeout(300*time.Millisecond))
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	require.NoError(t, s.turn(ctx))
	err := s.stopAtLine(ctx)
	s.endTurn()
	require.ErrorIs(t, err, ErrNoScriptFrame)
	assert.Equal(t, []string{"break", "step", "break", "continue"}, g.commands())
	g.mu.Lock()
	assert.False(t, g.stepping, "the game still has the step")
	g.mu.Unlock()

	stopGame(t, s, send) // the caller's breakpoint
	stack, err := s.Stack(ctx)
	require.NoError(t, err)
	assert.Equal(t, int64(7), stack[0].Line)
	stopped, _ := s.Stopped()
	assert.True(t, stopped)
	assert.Equal(t, []string{"break", "step", "break", "continue", "get_stack_dump"}, g.commands(), "nothing continued the breakpoint")
}

// A game that answers no break (hung, or not a game) is not waited for
// twice: the take-back is sent after the step, for the game to read in
// order if it ever does, and stopAtLine returns at the request timeout.
func TestStepTakenBackFromASilentGame(t *testing.T) {
	var mu sync.Mutex
	var got []string
	s, _ := scriptedWith(t, gdvar.Godot4, func(m Message) []byte {
		mu.Lock()
		got = append(got, m.Name)
		mu.Unlock()
		return nil
	}, WithRequestTimeout(300*time.Millisecond))
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	require.NoError(t, s.turn(ctx))
	start := time.Now()
	err := s.stopAtLine(ctx)
	s.endTurn()
	require.ErrorIs(t, err, ErrNoScriptFrame)
	assert.Less(t, time.Since(start), stepTakeBack, "waited for the take-back")
	assert.EventuallyWithT(t, func(c *assert.CollectT) {
		mu.Lock()
		defer mu.Unlock()
		assert.Equal(c, []string{"break", "step", "break", "continue"}, got)
	}, 10*time.Second, 10*time.Millisecond)
}
