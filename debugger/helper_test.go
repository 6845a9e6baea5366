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

// helperGame answers as a game with the input helper of the given version
// would, its tree paused or not, and records the messages it reads.
type helperGame struct {
	mu       sync.Mutex
	version  int64
	paused   bool
	received []Message
	// called answers gdvar:call and gdvar:eval: the reply's data, before
	// the paused flag, and the messages (errors) the game sends before it.
	called func(m Message) (reply []any, before [][]byte)
}

func (g *helperGame) answer(m Message) []byte {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.received = append(g.received, m)
	switch m.Name {
	case "gdvar:hello":
		return message4("gdvar:hello", g.version, g.paused)
	case "gdvar:pause":
		g.paused = m.Data[0] == true
		return message4("gdvar:done", "", g.paused)
	case "gdvar:call", "gdvar:eval":
		reply, before := g.called(m)
		name := map[string]string{"gdvar:call": "gdvar:called", "gdvar:eval": "gdvar:evaluated"}[m.Name]
		var b []byte
		for _, e := range before {
			b = append(b, e...)
		}
		return append(message4(name, append(reply, g.paused)...), b...) // errors come after the reply
	case "gdvar:key", "gdvar:mouse_motion", "gdvar:mouse_button", "gdvar:mouse_wheel", "gdvar:action", "gdvar:text":
		return message4("gdvar:done", "", g.paused)
	}
	return nil
}

func (g *helperGame) messages(name string) [][]any {
	g.mu.Lock()
	defer g.mu.Unlock()
	var out [][]any
	for _, m := range g.received {
		if m.Name == name {
			out = append(out, m.Data)
		}
	}
	return out
}

// banner4 is a game's first output line, which names its version.
func banner4(version string) []byte {
	return message4("output", []string{"Godot Engine v" + version + ".stable.official - https://godotengine.org"}, []int32{0})
}

// waitVersion waits until the session has read the game's banner.
func waitVersion(t *testing.T, s *Session) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		if major, _ := s.Version(); major != 0 {
			return
		}
	}
	t.Fatal("the session did not read the banner")
}

// Key and mouse events carry the id the game's engine gives the device:
// 0 before Godot 4.7, DEVICE_ID_KEYBOARD (16) and DEVICE_ID_MOUSE (32)
// from 4.7; a helper of version 1, which takes no id, gets none.
func TestInputDeviceIDs(t *testing.T) {
	for _, c := range []struct {
		version         string
		helper          int64
		keyboard, mouse []any // the device element, or none
	}{
		{"4.6.3", 2, []any{int64(0)}, []any{int64(0)}},
		{"4.7", 2, []any{int64(16)}, []any{int64(32)}},
		{"4.10.1", 2, []any{int64(16)}, []any{int64(32)}},
		{"5.0", 2, []any{int64(16)}, []any{int64(32)}},
		{"4.7", 1, nil, nil},
	} {
		g := &helperGame{version: c.helper}
		s, send := scripted(t, gdvar.Godot4, g.answer)
		send(banner4(c.version))
		waitVersion(t, s)
		ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
		require.NoError(t, s.Key(ctx, "A", Down))
		require.NoError(t, s.MouseMove(ctx, gdvar.Vector2{X: 1}))
		require.NoError(t, s.MouseClick(ctx, gdvar.Vector2{X: 1}, MouseLeft, Up))
		require.NoError(t, s.MouseWheel(ctx, gdvar.Vector2{X: 1}, WheelUp, 1))
		require.NoError(t, s.Text(ctx, "a"))
		require.NoError(t, s.Action(ctx, "jump", 1, Down))
		cancel()
		assert.Equal(t, [][]any{append([]any{"A", true}, c.keyboard...)}, g.messages("gdvar:key"), c.version)
		assert.Equal(t, [][]any{append([]any{gdvar.Vector2{X: 1}}, c.mouse...)}, g.messages("gdvar:mouse_motion"), c.version)
		assert.Equal(t, [][]any{append([]any{gdvar.Vector2{X: 1}, int64(MouseLeft), false}, c.mouse...)}, g.messages("gdvar:mouse_button"), c.version)
		assert.Equal(t, [][]any{append([]any{gdvar.Vector2{X: 1}, int64(WheelUp), 1.0}, c.mouse...)}, g.messages("gdvar:mouse_wheel"), c.version)
		assert.Equal(t, [][]any{append([]any{"a"}, c.keyboard...)}, g.messages("gdvar:text"), c.version)
		assert.Equal(t, [][]any{{"jump", true, 1.0}}, g.messages("gdvar:action"), "an action has no device")
	}
}

// Through the helper, Call and Evaluate send the values as they are and
// read its verdict: a missing node or method is its own error, an error
// the game reports while the call runs fails it, and a paused tree is
// known from every reply.
func TestHelperCalls(t *testing.T) {
	g := &helperGame{version: 2, paused: true}
	g.called = func(m Message) ([]any, [][]byte) {
		if m.Name == "gdvar:eval" {
			if m.Data[0] == "bad" {
				return []any{false, "Invalid input 1: bad"}, nil
			}
			return []any{true, int64(3)}, nil
		}
		switch m.Data[0] {
		case "/root/Nope":
			return []any{false, "no node"}, nil
		case "/root/Main":
			if m.Data[1] == "nosuch" {
				return []any{false, "no method"}, nil
			}
			if m.Data[1] == "fail" {
				return []any{true, nil}, [][]byte{message4("error", int64(0), int64(0), int64(1), int64(2), "core/object.cpp", "callp", int64(7), "Invalid call", "", false,
					int64(3), "res://gdvar_input.gd", "_call", int64(130))}
			}
		}
		return []any{true, m.Data[2]}, nil
	}
	s, _ := scripted(t, gdvar.Godot4, g.answer)
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	require.NoError(t, s.HasInput(ctx))
	require.True(t, s.hasHelperCalls())

	v, err := s.Call(ctx, "/root/Main", "echo", gdvar.Vector2{X: 1}, gdvar.StringName("sn"))
	require.NoError(t, err)
	assert.Equal(t, []any{gdvar.Vector2{X: 1}, gdvar.StringName("sn")}, v, "arguments go as they are")
	_, err = s.Call(ctx, "/root/Nope", "x")
	assert.ErrorIs(t, err, ErrNoNode)
	_, err = s.Call(ctx, "/root/Main", "nosuch")
	assert.ErrorIs(t, err, ErrNoMethod)
	_, err = s.Call(ctx, "/root/Main", "fail")
	assert.ErrorIs(t, err, ErrCallFailed)
	assert.ErrorContains(t, err, "Invalid call")
	v, err = s.Evaluate(ctx, "1 + 2")
	require.NoError(t, err)
	assert.Equal(t, int64(3), v)
	_, err = s.Evaluate(ctx, "bad")
	assert.ErrorIs(t, err, ErrEvalFailed)
	assert.ErrorContains(t, err, "Invalid input 1: bad")
	assert.Empty(t, g.messages("break"), "the game was never stopped")

	paused, err := s.TreePaused(ctx)
	require.NoError(t, err)
	assert.True(t, paused)
	require.NoError(t, s.SetTreePaused(ctx, false))
	paused, err = s.TreePaused(ctx)
	require.NoError(t, err)
	assert.False(t, paused)
}

// stoppingGame plays a game that reads a break while it runs a script (it
// polls every 2048 lines): the break stops it with a stack at once, and
// the step sent with it makes it leave that loop, run on for a while, and
// stop again at the next line. Outside its loop it drops an evaluate; in
// it, a break is "Got break when already broke!", which it reports as an
// error, and which ends the loop.
type stoppingGame struct {
	mu      sync.Mutex
	send    func([]byte)
	stopped bool
	errors  int
}

func (g *stoppingGame) answer(m Message) []byte {
	g.mu.Lock()
	defer g.mu.Unlock()
	enter := message4("debug_enter", true, "", true, int64(1))
	switch m.Name {
	case "break":
		if g.stopped {
			g.errors++
			g.stopped = false
			return append(message4("error", int64(0), int64(0), int64(1), int64(2), "core/debugger/remote_debugger.cpp", "debug", int64(1), "Got break when already broke!", "", false, int64(0)),
				message4("debug_exit")...)
		}
		g.stopped = true
		return enter
	case "step":
		g.stopped = false
		time.AfterFunc(50*time.Millisecond, func() { // the script runs on to its next line
			g.mu.Lock()
			g.stopped = true
			g.mu.Unlock()
			g.send(enter)
		})
		return message4("debug_exit")
	case "evaluate":
		if !g.stopped {
			return nil
		}
		return message4("evaluation_return", m.Data[0], int64(3), int64(2), int64(7))
	case "continue":
		g.stopped = false
		return message4("debug_exit")
	}
	return nil
}

// A Session evaluates in the stop after the game left the break's loop,
// and continues that one: the game is not left stopped, and no break
// comes to a stopped game.
func TestStopAfterTheBreaksLoop(t *testing.T) {
	g := &stoppingGame{}
	s, send := scripted(t, gdvar.Godot4, g.answer)
	g.send = send
	for range 5 {
		ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
		v, err := s.Evaluate(ctx, "x")
		cancel()
		require.NoError(t, err)
		assert.Equal(t, int64(7), v)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	assert.Zero(t, g.errors, "a break came to a stopped game")
	assert.False(t, g.stopped, "the game was left stopped")
	errs, _ := s.Errors()
	assert.Empty(t, errs)
}

// A game that cannot evaluate (before Godot 4.4, or whose banner has not
// come) has the helper as an autoload or not at all: InstallInput asks it
// (hello) and does not stop it for a script frame it cannot use, and an
// older game without the helper is told so at once.
func TestInstallWithoutEvaluate(t *testing.T) {
	for _, c := range []struct {
		name    string
		banner  string // "" for none
		version int64  // the helper's, 0 for none
		err     string
	}{
		{"no banner, the autoload of version 1", "", 1, ""},
		{"4.3, the autoload of version 2", "4.3.stable", 2, ""},
		{"4.3, no autoload", "4.3.stable", 0, "version 4.3) has no evaluate"},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := &helperGame{version: c.version}
			answer := g.answer
			if c.version == 0 {
				answer = func(m Message) []byte { g.answer(m); return nil }
			}
			s, send := scripted(t, gdvar.Godot4, answer)
			if c.banner != "" {
				send(banner4(c.banner))
				waitVersion(t, s)
			}
			ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
			defer cancel()
			start := time.Now()
			err := s.InstallInput(ctx)
			if c.err != "" {
				require.ErrorIs(t, err, ErrNoInputAutoload)
				assert.ErrorContains(t, err, c.err)
			} else {
				require.NoError(t, err)
			}
			assert.Less(t, time.Since(start), installWait, "no wait for a script frame")
			g.mu.Lock()
			defer g.mu.Unlock()
			for _, m := range g.received {
				assert.Equal(t, "gdvar:hello", m.Name, "nothing but hello: no break, no evaluate")
			}
		})
	}
}

// A wait whose deadline cuts a Get short says what it waited for, as one
// whose Gets all answered does.
func TestWaitPropertyCutShort(t *testing.T) {
	s, _ := scripted(t, gdvar.Godot4, func(Message) []byte { return nil })
	ctx, cancel := context.WithTimeout(t.Context(), 200*time.Millisecond)
	defer cancel()
	_, err := s.WaitProperty(ctx, "/root/Main", "speed", func(any) bool { return true })
	require.ErrorIs(t, err, context.DeadlineExceeded)
	assert.ErrorContains(t, err, "debugger: speed of /root/Main: context deadline exceeded")
}
