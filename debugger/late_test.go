package debugger

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A reply that comes after its request gave up is not taken for the next
// request's: the fake game holds its reply to the first request of a kind
// until the second comes, then sends both, in order. The second request
// gets the second reply.
func TestLateRepliesAreDropped(t *testing.T) {
	for _, c := range []struct {
		name    string
		engine  gdvar.Engine
		stopped bool                          // the game says it stopped at a breakpoint first
		request string                        // what the held reply answers
		reply   func(m Message, n int) []byte // the reply to the nth request
		call    func(context.Context, *Session) (any, error)
		want    any // what the second call returns
	}{
		{"Tree", gdvar.Godot4, false, "scene:request_scene_tree",
			func(_ Message, n int) []byte {
				return message4("scene:scene_tree", int64(1), "root", "Window", int64(1), "", int64(0), int64(0), fmt.Sprint("Main", n), "Node", int64(2), "", int64(0))
			},
			firstChild, "Main2"},
		{"Godot 3 Tree", gdvar.Godot3, false, "request_scene_tree",
			func(_ Message, n int) []byte {
				return frames3("message:scene_tree", 8, int64(1), "root", "Viewport", int64(1), int64(0), fmt.Sprint("Main", n), "Node", int64(2))
			},
			firstChild, "Main2"},
		{"Inspect of a node gone, then of another", gdvar.Godot4, false, "scene:inspect_objects",
			func(m Message, n int) []byte {
				if n == 1 {
					return message4("remote_nothing_selected")
				}
				ids, _ := m.Data[0].([]any)
				return message4("scene:inspect_objects", []any{ids[0], "Node2", []any{}})
			},
			inspectedClass, "Node2"},
		{"Godot 3 Inspect", gdvar.Godot3, false, "inspect_object",
			func(m Message, n int) []byte {
				return frames3("message:inspect_object", 3, m.Data[0], fmt.Sprint("Node", n), []any{})
			},
			inspectedClass, "Node2"},
		{"Stack", gdvar.Godot4, true, "get_stack_dump",
			func(_ Message, n int) []byte {
				return message4("stack_dump", int64(3), "res://main.gd", int64(n), "_process")
			},
			func(ctx context.Context, s *Session) (any, error) {
				stack, err := s.Stack(ctx)
				if err != nil {
					return nil, err
				}
				return stack[0].Line, nil
			}, int64(2)},
		{"Vars", gdvar.Godot4, true, "get_stack_frame_vars",
			func(_ Message, n int) []byte {
				return append(message4("stack_frame_vars", int64(2)), append(message4("stack_frame_var", "a", int64(0), int64(2), int64(n)),
					message4("stack_frame_var", "b", int64(0), int64(2), int64(n))...)...)
			},
			func(ctx context.Context, s *Session) (any, error) {
				vars, err := s.Vars(ctx, 0)
				if err != nil {
					return nil, err
				}
				return []any{vars[0].Value, vars[1].Value, len(vars)}, nil
			}, []any{int64(2), int64(2), 2}},
		{"Evaluate of one expression twice", gdvar.Godot4, true, "evaluate",
			func(m Message, n int) []byte {
				return message4("evaluation_return", m.Data[0], int64(3), int64(2), int64(n))
			},
			func(ctx context.Context, s *Session) (any, error) { return s.Evaluate(ctx, "counter") }, int64(2)},
		{"Key", gdvar.Godot4, false, "gdvar:key",
			func(_ Message, n int) []byte {
				if n == 1 {
					return message4("gdvar:done", "the first key, refused")
				}
				return message4("gdvar:done", "")
			},
			func(ctx context.Context, s *Session) (any, error) { return "pressed", s.Key(ctx, "A", Down) }, "pressed"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var held []byte
			n := 0
			s, send := scripted(t, c.engine, func(m Message) []byte {
				switch m.Name {
				case "gdvar:hello":
					return message4("gdvar:hello", int64(1))
				case c.request:
					n++
					r := c.reply(m, n)
					if n == 1 {
						held = r
						return nil
					}
					return append(held, r...)
				}
				return nil
			})
			if c.stopped {
				stopGame(t, s, send)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
			_, err := c.call(ctx, s)
			cancel()
			require.ErrorIs(t, err, context.DeadlineExceeded, "the first request gets no reply in time")
			ctx, cancel = context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			got, err := c.call(ctx, s)
			require.NoError(t, err)
			assert.Equal(t, c.want, got)
		})
	}
}

// A request the game answers only in its debug loop fails at once when
// the game leaves the loop without answering (ErrNotStopped, not the
// request timeout), and is forgotten: the next such request's reply is
// its own, not dropped for the first.
func TestLoopRepliesAreForgottenOutsideTheLoop(t *testing.T) {
	n := 0
	s, send := scripted(t, gdvar.Godot4, func(m Message) []byte {
		if m.Name != "get_stack_dump" {
			return nil
		}
		if n++; n == 1 { // never answered: the game left the loop first
			return append(message4("debug_exit"), message4("debug_enter", true, "Breakpoint", true, int64(1))...)
		}
		return message4("stack_dump", int64(3), "res://main.gd", int64(n), "_process")
	})
	stopGame(t, s, send)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	_, err := s.Stack(ctx)
	require.ErrorIs(t, err, ErrNotStopped)
	_, err = s.WaitBreak(ctx) // stopped again
	require.NoError(t, err)
	stack, err := s.Stack(ctx)
	require.NoError(t, err)
	assert.Equal(t, int64(2), stack[0].Line)
}

// However many requests give up, a Session waits for at most maxLate late
// replies.
func TestGivenUpRequestsAreBounded(t *testing.T) {
	s, _ := scripted(t, gdvar.Godot4, func(Message) []byte { return nil })
	for range 3 * maxLate {
		ctx, cancel := context.WithTimeout(context.Background(), time.Millisecond)
		_, err := s.Tree(ctx)
		cancel()
		require.ErrorIs(t, err, context.DeadlineExceeded)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	assert.Len(t, s.waiters, maxLate)
}

// firstChild is the name of the root's first child in a tree the game
// sends.
func firstChild(ctx context.Context, s *Session) (any, error) {
	root, err := s.Tree(ctx)
	if err != nil {
		return nil, err
	}
	return root.Children[0].Name, nil
}

// inspectedClass is the class of object 7 as the game sends it.
func inspectedClass(ctx context.Context, s *Session) (any, error) {
	o, err := s.Inspect(ctx, 7)
	if err != nil {
		return nil, err
	}
	return o.Class, nil
}
