package debugger

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"net"
	"os"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// readAll reads every message of a captured stream, parsing each with the
// parser of its name, and returns the names in order.
func readAll(t *testing.T, b []byte) []string {
	c, err := Detect(&rw{Reader: bytes.NewReader(b)})
	require.NoError(t, err)
	var names []string
	for {
		m, err := c.Read()
		if errors.Is(err, io.EOF) {
			return names
		}
		require.NoError(t, err)
		names = append(names, m.Name)
		require.NoError(t, parse(m), m.Name)
	}
}

// parse parses m with its message's parser, if it has one.
func parse(m Message) error {
	var err error
	switch m.Name {
	case "output":
		_, err = ParseOutput(m)
	case "error":
		_, err = ParseError(m)
	case "debug_enter":
		_, err = ParseBreak(m)
	case "stack_dump":
		_, err = ParseStack(m)
	case "stack_frame_var":
		_, err = ParseVar(m)
	case "evaluation_return":
		_, _, err = parseEvaluation(m)
	case "scene:scene_tree", "message:scene_tree":
		_, err = ParseTree(m)
	case "scene:inspect_objects", "remote_objects_selected":
		_, err = ParseObjects(m)
	case "message:inspect_object", "scene:inspect_object":
		_, err = ParseObject(m.Data)
	case "performance:profile_frame", "performance":
		parseMonitors(m)
	}
	return err
}

// rw reads from Reader and keeps what is written in out.
type rw struct {
	io.Reader
	out bytes.Buffer
}

func (x *rw) Write(b []byte) (int, error) { return x.out.Write(b) }

// The stream a Godot 4.6.3 game sent a Go listener (testdata/stream4.bin,
// made by the engine: the tree, an inspect of a dead id, a breakpoint, its
// stack, variables and an evaluate) decodes whole.
func TestCapturedStreamDecodesWhole(t *testing.T) {
	b, err := os.ReadFile("testdata/stream4.bin")
	require.NoError(t, err)
	names := readAll(t, b)
	for _, want := range []string{"set_pid", "output", "error", "scene:scene_tree", "remote_nothing_selected",
		"debug_enter", "stack_dump", "stack_frame_vars", "stack_frame_var", "evaluation_return", "debug_exit", "performance:profile_frame"} {
		assert.Contains(t, names, want)
	}
	assert.Equal(t, "set_pid", names[0])
}

// Godot 3 frames a message as its name, its count and a frame a value;
// Detect finds that from the first frame, and Write sends [name, args…].
func TestGodot3Framing(t *testing.T) {
	var in bytes.Buffer
	for _, v := range []any{"output", int64(1), []any{"hi", int64(0)}, "debug_exit", int64(0)} {
		frame(t, &in, v, gdvar.Godot3)
	}
	c, err := Detect(&rw{Reader: &in})
	require.NoError(t, err)
	assert.Equal(t, gdvar.Godot3, c.Engine())
	m, err := c.Read()
	require.NoError(t, err)
	assert.Equal(t, Message{Name: "output", Data: []any{[]any{"hi", int64(0)}}}, m)
	lines, err := ParseOutput(m)
	require.NoError(t, err)
	assert.Equal(t, []Line{{"hi", OutputLog}}, lines)
	m, err = c.Read()
	require.NoError(t, err)
	assert.Equal(t, "debug_exit", m.Name)
	_, err = c.Read()
	assert.ErrorIs(t, err, io.EOF)

	out := &rw{Reader: &bytes.Buffer{}}
	require.NoError(t, NewConn(out, gdvar.Godot3).Write("inspect_object", 1, []any{int64(5)}))
	var got []any
	require.NoError(t, gdvar.MustCodec(gdvar.WithEngine(gdvar.Godot3)).Unmarshal(out.out.Bytes()[4:], &got))
	assert.Equal(t, []any{"inspect_object", int64(5)}, got)
}

func frame(t *testing.T, w *bytes.Buffer, v any, e gdvar.Engine) {
	b, err := gdvar.MustCodec(gdvar.WithEngine(e)).Marshal(v)
	require.NoError(t, err)
	require.NoError(t, binary.Write(w, binary.LittleEndian, uint32(len(b))))
	w.Write(b)
}

// A frame that is not a message is skipped with a *MessageError; a frame
// over the engine's 8 MiB ends the connection before its body is read.
func TestBadFrames(t *testing.T) {
	var in bytes.Buffer
	frame(t, &in, []any{"set_pid", int64(1), []any{int64(7)}}, gdvar.Godot4)
	frame(t, &in, int64(3), gdvar.Godot4)
	frame(t, &in, []any{"x", "not a thread", []any{}}, gdvar.Godot4)
	frame(t, &in, []any{"debug_exit", int64(1), []any{}}, gdvar.Godot4)
	require.NoError(t, binary.Write(&in, binary.LittleEndian, uint32(MaxFrame)))
	c, err := Detect(&rw{Reader: &in})
	require.NoError(t, err)
	m, err := c.Read()
	require.NoError(t, err)
	assert.Equal(t, "set_pid", m.Name)
	for range 2 {
		_, err = c.Read()
		var me *MessageError
		assert.ErrorAs(t, err, &me)
	}
	m, err = c.Read()
	require.NoError(t, err)
	assert.Equal(t, "debug_exit", m.Name)
	_, err = c.Read()
	require.Error(t, err)
	assert.NotErrorIs(t, err, ErrMalformed)
	assert.NoError(t, NewConn(&rw{Reader: &bytes.Buffer{}}, gdvar.Godot4).Write("x", 1, []any{make([]byte, MaxFrame-100)}), "just under")
	assert.Error(t, NewConn(&rw{Reader: &bytes.Buffer{}}, gdvar.Godot4).Write("x", 1, []any{make([]byte, MaxFrame)}))
}

// A session reports its end, and refuses to send messages of an arity
// that would wedge or crash the game.
func TestSessionEndsAndChecksArity(t *testing.T) {
	a, b := net.Pipe()
	s, err := NewSession(NewConn(a, gdvar.Godot4), a)
	require.NoError(t, err)
	assert.ErrorIs(t, s.Send("evaluate", "1+1"), ErrBadArity)
	assert.ErrorIs(t, s.Send("breakpoint", "res://a.gd", int64(1)), ErrBadArity)
	b.Close()
	<-s.Done()
	assert.ErrorIs(t, s.Err(), ErrClosed)
	_, err = s.Tree(t.Context())
	assert.ErrorIs(t, err, ErrClosed)
}
