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

// recordedFile records a session on a fake game (see heldGame): frames,
// an action held for 60 of them, a call and an expression.
func recordedFile(t *testing.T) string {
	s, _ := heldGame(t)
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	var file bytes.Buffer
	rec := NewRecorder(&file)
	require.NoError(t, rec.Add("game", s))
	_, err := s.Advance(ctx, 5)
	require.NoError(t, err)
	require.NoError(t, s.Action(ctx, "right", 1, Down))
	_, err = s.Advance(ctx, 60)
	require.NoError(t, err)
	require.NoError(t, s.Action(ctx, "right", 1, Up))
	_, err = s.Call(ctx, "/root/Main", "add", int64(2), int64(3))
	require.NoError(t, err)
	_, err = s.Evaluate(ctx, "1 + 2")
	require.NoError(t, err)
	require.NoError(t, rec.Close())
	return file.String()
}

// fakeLauncher launches fake games (heldGame), each answering as
// answer, if set, wraps the helper's answers; it keeps them.
type fakeLauncher struct {
	t      *testing.T
	games  map[string]*stepGame
	frame  int64 // the first frame of the games it launches
	answer func(g *stepGame, m Message) []byte
	opts   []Option
}

func (l *fakeLauncher) launch(_ context.Context, name string, seed int64) (*Session, error) {
	g := &stepGame{helperGame: helperGame{version: 3, called: heldCalls}, frame: l.frame}
	answer := g.answer
	if wrap := l.answer; wrap != nil {
		answer = func(m Message) []byte { return wrap(g, m) }
	}
	s, _ := scriptedWith(l.t, gdvar.Godot4, answer, l.opts...)
	s.cfg.hold, s.cfg.seed, s.cfg.fps = true, seed, 60
	s.frame, s.fromStart = l.frame, true
	if l.games == nil {
		l.games = map[string]*stepGame{}
	}
	l.games[name] = g
	return s, nil
}

func readReplay(t *testing.T, file string) *Replay {
	rp, err := ReadReplay(strings.NewReader(file))
	require.NoError(t, err)
	return rp
}

// A replay sends what was recorded, at the frames it was recorded at,
// and every value read matches: Play returns nil.
func TestPlay(t *testing.T) {
	rp := readReplay(t, recordedFile(t))
	l := &fakeLauncher{t: t, frame: 10}
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	require.NoError(t, rp.Play(ctx, l.launch))
	g := l.games["game"]
	assert.Equal(t, [][]any{{int64(5)}, {int64(60)}}, g.messages("gdvar:advance"))
	assert.Equal(t, [][]any{{"right", true, 1.0}, {"right", false, 1.0}}, g.messages("gdvar:action"))
	assert.Len(t, g.messages("gdvar:call"), 1)
	assert.Len(t, g.messages("gdvar:eval"), 1)
}

// A step whose game differs is the replay's Mismatch: the line, the game,
// the frame, what differed, and both values.
func TestPlayMismatch(t *testing.T) {
	file := strings.Replace(recordedFile(t), `"value":"5"`, `"value":"6"`, 1)
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	err := readReplay(t, file).Play(ctx, (&fakeLauncher{t: t, frame: 10}).launch)
	require.ErrorIs(t, err, ErrMismatch)
	var m *Mismatch
	require.True(t, errors.As(err, &m))
	assert.Equal(t, Mismatch{Line: 7, Game: "game", Frame: 75, What: "what add of /root/Main returned", Recorded: "6", Replayed: "5"}, *m)
	assert.Equal(t, "line 7, game game, frame 75: what add of /root/Main returned: recorded 6, replayed 5", err.Error())

	err = readReplay(t, recordedFile(t)).Play(ctx, (&fakeLauncher{t: t, frame: 11}).launch)
	require.True(t, errors.As(err, &m))
	assert.Equal(t, Mismatch{Line: 2, Game: "game", Frame: 10, What: "the first frame", Recorded: "10", Replayed: "11"}, *m)

	refusing := &fakeLauncher{t: t, frame: 10, answer: func(g *stepGame, m Message) []byte {
		if m.Name == "gdvar:action" {
			return message4("gdvar:done", "no action right in the Input Map", false)
		}
		return g.answer(m)
	}}
	err = readReplay(t, recordedFile(t)).Play(ctx, refusing.launch)
	require.True(t, errors.As(err, &m))
	assert.Equal(t, Mismatch{Line: 4, Game: "game", Frame: 15, What: `action ["right", true, 1.0]`, Recorded: "done",
		Replayed: "failed: debugger: the game refused the input: no action right in the Input Map"}, *m)
}

// A game that ends, and a step that never completes, fail the replay at
// once, and within the request timeout, naming the line; the session's
// error is in the chain.
func TestPlayFails(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	dying := &fakeLauncher{t: t, frame: 10, answer: func(g *stepGame, m Message) []byte {
		if m.Name == "gdvar:action" {
			return []byte{0xf0, 0xff, 0xff, 0xff} // a frame longer than any: the session ends
		}
		return g.answer(m)
	}}
	err := readReplay(t, recordedFile(t)).Play(ctx, dying.launch)
	require.ErrorIs(t, err, ErrClosed)
	assert.ErrorContains(t, err, "debugger: replay: line 4, game game, frame 15: action: ")

	stalled := &fakeLauncher{t: t, frame: 10, opts: []Option{WithRequestTimeout(200 * time.Millisecond)}, answer: func(g *stepGame, m Message) []byte {
		if m.Name == "gdvar:advance" && m.Data[0] == int64(60) {
			return nil // the frames never end
		}
		return g.answer(m)
	}}
	start := time.Now()
	err = readReplay(t, recordedFile(t)).Play(ctx, stalled.launch)
	require.ErrorIs(t, err, context.DeadlineExceeded)
	assert.ErrorContains(t, err, "line 5, game game, frame 15: advance: debugger: no reply within 200ms")
	assert.Less(t, time.Since(start), 20*time.Second)

	unseeded := func(ctx context.Context, name string, seed int64) (*Session, error) {
		s, err := (&fakeLauncher{t: t}).launch(ctx, name, seed)
		s.cfg.seed++
		return s, err
	}
	err = readReplay(t, recordedFile(t)).Play(ctx, unseeded)
	assert.ErrorContains(t, err, "line 2, game game, frame 10: launch: the launcher's game is not held from its first frame with seed 7")

	slower := func(ctx context.Context, name string, seed int64) (*Session, error) {
		s, err := (&fakeLauncher{t: t, frame: 10}).launch(ctx, name, seed)
		s.cfg.fps = 30
		return s, err
	}
	err = readReplay(t, recordedFile(t)).Play(ctx, slower)
	assert.ErrorContains(t, err, "recorded with --fixed-fps 60, replayed with 30")
}

// A step later than its game's last advance runs the game there first.
func TestPlayRunsToTheStep(t *testing.T) {
	file := `{"gdvar_replay":1}
{"frame":10,"game":"g","op":"launch","seed":1}
{"frame":100,"game":"g","op":"action","data":"[\"jump\", true, 1.0]"}
`
	l := &fakeLauncher{t: t, frame: 10}
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	require.NoError(t, readReplay(t, file).Play(ctx, l.launch))
	assert.Equal(t, [][]any{{int64(60)}, {int64(30)}}, l.games["g"].messages("gdvar:advance"))
	assert.Equal(t, int64(100), l.games["g"].frame)
}
