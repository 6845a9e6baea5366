package debugger

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// heldGame is a fake game of helper version 3, held at frame 10 as
// HoldFromStart would leave it, seeded 7, launched with --fixed-fps 60:
// calls return 5 and expressions "value".
func heldGame(t *testing.T, opts ...Option) (*Session, *stepGame) {
	g := &stepGame{helperGame: helperGame{version: 3, called: heldCalls}, frame: 10}
	s, _ := scriptedWith(t, gdvar.Godot4, g.answer, opts...)
	s.cfg.hold, s.cfg.seed, s.cfg.fps = true, 7, 60
	s.frame, s.fromStart = 10, true
	return s, g
}

// heldCalls answers a held game's calls (5) and expressions ("value").
func heldCalls(m Message) ([]any, [][]byte) {
	if m.Name == "gdvar:call" {
		return []any{true, int64(5)}, nil
	}
	return []any{true, "value"}, nil
}

// A recorded session's file holds its launch, then what it sent, each at
// the frame the game was held at, and what it read; a request that
// failed is not in it. The file reads back as it was written.
func TestRecorderWritesSteps(t *testing.T) {
	s, _ := heldGame(t)
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	var file bytes.Buffer
	rec := NewRecorder(&file)
	require.NoError(t, rec.Add("game", s))
	_, err := s.Advance(ctx, 5)
	require.NoError(t, err)
	require.NoError(t, s.Action(ctx, "right", 1, Down))
	require.NoError(t, s.Key(ctx, "A", Tap))
	require.NoError(t, s.MouseMove(ctx, gdvar.Vector2{X: 3, Y: 4}))
	_, err = s.Advance(ctx, 70)
	require.NoError(t, err)
	v, err := s.Call(ctx, "/root/Main", "add", int64(2), "x")
	require.NoError(t, err)
	assert.Equal(t, int64(5), v)
	_, err = s.Evaluate(ctx, "1 + 2")
	require.NoError(t, err)
	require.NoError(t, s.SetTreePaused(ctx, true))
	_, err = s.Advance(ctx, 0)
	require.NoError(t, err)
	assert.Equal(t, 11, rec.Steps())
	require.NoError(t, rec.Close())
	_, err = s.Advance(ctx, 1)
	require.NoError(t, err)
	assert.Equal(t, 11, rec.Steps(), "nothing after Close")

	want := `{"gdvar_replay":1}
{"frame":10,"game":"game","op":"launch","seed":7,"fps":60,"engine":"0.0"}
{"frame":10,"game":"game","op":"advance","frames":5}
{"frame":15,"game":"game","op":"action","data":"[\"right\", true, 1.0]"}
{"frame":15,"game":"game","op":"key","data":"[\"A\", true]"}
{"frame":15,"game":"game","op":"key","data":"[\"A\", false]"}
{"frame":15,"game":"game","op":"mouse_motion","data":"[Vector2(3, 4)]"}
{"frame":15,"game":"game","op":"advance","frames":60}
{"frame":75,"game":"game","op":"advance","frames":10}
{"frame":85,"game":"game","op":"call","path":"/root/Main","method":"add","args":["2","\"x\""],"value":"5"}
{"frame":85,"game":"game","op":"evaluate","expression":"1 + 2","value":"\"value\""}
{"frame":85,"game":"game","op":"pause","value":"true"}
`
	assert.Equal(t, want, file.String())
	rp, err := ReadReplay(&file)
	require.NoError(t, err)
	assert.Len(t, rp.Steps, 11)
}

// What cannot be recorded is refused, saying why (ErrNotRecordable): a
// game not held from its first frame, one that ran at a speed or was
// changed before the recording started; Speed and Send while recorded.
// So are names that a replay file cannot hold.
func TestRecorderRefuses(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	rec := NewRecorder(&bytes.Buffer{})

	unheld, _ := heldGame(t)
	unheld.cfg.hold = false
	assert.ErrorIs(t, rec.Add("a", unheld), ErrNotRecordable)

	ran, _ := heldGame(t)
	require.NoError(t, ran.Speed(ctx, 2))
	assert.ErrorContains(t, rec.Add("a", ran), "ran at a speed")

	changed, _ := heldGame(t)
	require.NoError(t, changed.Key(ctx, "A", Tap))
	assert.ErrorContains(t, rec.Add("a", changed), "sent input, a Set, a Call or an Evaluate before")

	s, g := heldGame(t)
	require.NoError(t, rec.Add("a", s))
	assert.ErrorContains(t, rec.Add("b", s), "recorded already")
	err := s.Speed(ctx, 1)
	assert.ErrorIs(t, err, ErrNotRecordable)
	assert.ErrorContains(t, err, "advance it instead")
	assert.Len(t, g.messages("gdvar:speed"), 0, "nothing sent")
	assert.ErrorIs(t, s.Send("scene:suspend_changed", true), ErrNotRecordable)

	other, _ := heldGame(t)
	assert.ErrorContains(t, rec.Add("a", other), "a game named a is recorded already")
	assert.ErrorContains(t, rec.Add("", other), "want 1 to 64 bytes")
	assert.ErrorContains(t, rec.Add(strings.Repeat("n", 65), other), "want 1 to 64 bytes")
	require.NoError(t, rec.Close())
	assert.ErrorContains(t, rec.Add("c", other), "closed")
	require.NoError(t, s.Speed(ctx, 1), "no longer recorded")
}

// At most 8 games are recorded in a file.
func TestRecorderGames(t *testing.T) {
	rec := NewRecorder(&bytes.Buffer{})
	for i := range MaxReplayGames {
		s, _ := heldGame(t)
		require.NoError(t, rec.Add(string(rune('a'+i)), s))
	}
	s, _ := heldGame(t)
	assert.ErrorContains(t, rec.Add("z", s), "8 games are recorded already")
}

// A file that cannot be written, or that reached a bound, ends the
// recording: Close says why, and the file holds the steps before.
func TestRecorderErrors(t *testing.T) {
	broken := NewRecorder(failingWriter{})
	s, _ := heldGame(t)
	require.NoError(t, broken.Add("game", s))
	assert.ErrorContains(t, broken.Close(), "disk full")

	var file bytes.Buffer
	full := NewRecorder(&file)
	for range MaxReplaySteps + 5 {
		full.write(ReplayStep{Game: "g", Op: OpAdvance, Frames: 1})
	}
	assert.Equal(t, MaxReplaySteps, full.Steps())
	assert.ErrorContains(t, full.Close(), "limit of 131072 steps")
	assert.Equal(t, MaxReplaySteps+1, strings.Count(file.String(), "\n"))

	var big bytes.Buffer
	large := NewRecorder(&big)
	large.write(ReplayStep{Game: "g", Op: OpEvaluate, Expression: strings.Repeat("1", MaxReplayLine)})
	assert.ErrorContains(t, large.Close(), "limit of a replay file (16 MiB, 1 MiB a line)")
	assert.Equal(t, `{"gdvar_replay":1}`+"\n", big.String())
}

// failingWriter fails every write.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }
