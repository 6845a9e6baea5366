package debugger

import (
	"bytes"
	"strings"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// maxErrorText is the longest error a parser may return for data the game
// sent: a sentence, and at most maxShown bytes of the data.
const maxErrorText = 320

// ints is n int64s: the elements that cost a rendering the most (about
// 70 bytes of Go text each).
func ints(n int) []any {
	a := make([]any, n)
	for i := range a {
		a[i] = int64(i)
	}
	return a
}

// A malformed message gives an error of bounded size, whatever it holds:
// the type and size of what was wrong and the start of it, never all of
// it; the error still matches ErrMalformed.
func TestMalformedErrorsAreShort(t *testing.T) {
	big := ints(128 << 10)
	long := strings.Repeat("x", 1<<20)
	var g3name []byte // a Godot 3 message named long, whose count is a String
	for _, v := range []any{long, "not a count"} {
		b, err := gdvar.MustCodec(gdvar.WithEngine(gdvar.Godot3)).Marshal(v)
		require.NoError(t, err)
		g3name = append(g3name, hostile.Frame(b)...)
	}
	for _, c := range []struct {
		name  string
		parse func() error
	}{
		{"debug_enter", func() error { _, err := ParseBreak(Message{"debug_enter", 1, big}); return err }},
		{"debug_enter without has_stack", func() error {
			_, err := ParseBreak(Message{"debug_enter", 1, append([]any{true, long}, big...)})
			return err
		}},
		{"stack_dump count", func() error { _, err := ParseStack(Message{"stack_dump", 1, append([]any{"x"}, big...)}); return err }},
		{"stack_dump frame", func() error {
			_, err := ParseStack(Message{"stack_dump", 1, []any{int64(3), long, long, long}})
			return err
		}},
		{"Godot 3 stack frame", func() error { _, err := ParseStack(Message{"stack_dump", 0, []any{big}}); return err }},
		{"error header", func() error { _, err := ParseError(Message{"error", 1, big}); return err }},
		{"error stack", func() error {
			head := []any{int64(0), int64(0), int64(0), int64(0), "f", "g", int64(1), "e", "", false}
			_, err := ParseError(Message{"error", 1, append(append(head, int64(-3)), big...)})
			return err
		}},
		{"error stack frame", func() error {
			head := []any{int64(0), int64(0), int64(0), int64(0), "f", "g", int64(1), "e", "", false}
			_, err := ParseError(Message{"error", 1, append(head, int64(3), long, long, long)})
			return err
		}},
		{"stack_frame_var", func() error { _, err := ParseVar(Message{"stack_frame_var", 1, big}); return err }},
		{"evaluation_return", func() error {
			_, _, err := parseEvaluation(Message{"evaluation_return", 1, append([]any{int64(1)}, big...)})
			return err
		}},
		{"inspected object", func() error { _, err := ParseObject(big); return err }},
		{"inspected property", func() error { _, err := ParseObject([]any{int64(1), "Node", []any{big}}); return err }},
		{"scene_tree node", func() error {
			_, err := ParseTree(Message{"scene:scene_tree", 1, []any{int64(-1), long, long, int64(1), long, int64(0)}})
			return err
		}},
		{"Godot 3 output", func() error { _, err := ParseOutput(Message{"output", 0, []any{big}}); return err }},
		{"Godot 3 message name", func() error {
			c, err := Detect(&rw{Reader: bytes.NewReader(g3name)})
			require.NoError(t, err)
			_, err = c.Read()
			return err
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := c.parse()
			require.Error(t, err)
			t.Logf("%d bytes: %.80s", len(err.Error()), err)
			assert.LessOrEqual(t, len(err.Error()), maxErrorText)
			if c.name != "Godot 3 message name" { // it ends the connection: a stream out of step
				assert.ErrorIs(t, err, ErrMalformed)
			}
		})
	}
}

// Stack, Inspect and Vars, given a malformed reply of 1 MiB, fail with a
// short error and allocate within hostile.Bound of what the game sent.
func TestMalformedRepliesAreShort(t *testing.T) {
	big := ints(128 << 10)
	for _, c := range []struct {
		name    string
		reply   string
		data    []any
		request func(*Session) error
	}{
		{"Stack", "stack_dump", append([]any{"x"}, big...), func(s *Session) error { _, err := s.Stack(t.Context()); return err }},
		{"Inspect", "scene:inspect_objects", []any{big}, func(s *Session) error { _, err := s.Inspect(t.Context(), 0); return err }},
		{"Vars", "stack_frame_vars", append([]any{"x"}, big...), func(s *Session) error { _, err := s.Vars(t.Context(), 0); return err }},
	} {
		t.Run(c.name, func(t *testing.T) {
			reply := message4(c.reply, c.data...)
			s, send := scripted(t, gdvar.Godot4, func(Message) []byte { return reply })
			stopGame(t, s, send)
			var err error
			alloc := hostile.Allocated(func() { err = c.request(s) })
			require.Error(t, err)
			t.Logf("%d bytes received: %.1f allocated a byte; a %d-byte error: %.80s", len(reply), float64(alloc)/float64(len(reply)), len(err.Error()), err)
			assert.LessOrEqual(t, len(err.Error()), maxErrorText)
			assert.ErrorIs(t, err, ErrMalformed)
			assert.LessOrEqual(t, alloc, hostile.Bound(len(reply)))
		})
	}
}

// shown keeps a short value whole and cuts a long one, saying its type
// and size; cutText keeps a text's first line.
func TestShown(t *testing.T) {
	deep := any(int64(7))
	for range 1000 {
		deep = []any{deep}
	}
	for _, c := range []struct {
		name string
		got  string
		want string
	}{
		{"short", shown([]any{int64(1), "a", nil, true, 2.5, []int32{1}}), `[1, "a", nil, true, 2.5, []int32 of 1]`},
		{"long Array", shown(ints(1000)), "[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 2… ([]interface {} of 1000)"},
		{"long string", shown(strings.Repeat("é", 100)), `"` + strings.Repeat("é", 49) + "… (string of 200)"},
		{"deep", shown(deep), strings.Repeat("[", maxShown) + "… ([]interface {} of 1)"},
		{"text", cutText("first line\nsecond"), "first line…"},
		{"long text", cutText(strings.Repeat("é", 100)), strings.Repeat("é", maxShown/2) + "…"},
	} {
		assert.Equal(t, c.want, c.got, c.name)
	}
}
