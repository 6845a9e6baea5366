package debugger

import (
	"context"
	"io"
	"net"
	"path/filepath"
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// An option out of its range is refused by each function that takes it,
// before that function does anything else, naming the option; so is a
// Launch option given to Accept or NewSession, and the first of several.
func TestOptionsOutOfRange(t *testing.T) {
	never := filepath.Join(t.TempDir(), "never-run") // a Launch that went on would fail otherwise
	for _, c := range []struct {
		opts   []Option
		named  string
		launch bool // an option of Launch: Accept and NewSession refuse it however valid
	}{
		{[]Option{WithRequestTimeout(0)}, "WithRequestTimeout(0s)", false},
		{[]Option{WithRequestTimeout(-time.Second)}, "WithRequestTimeout(-1s)", false},
		{[]Option{WithMaxOutput(0, 1)}, "WithMaxOutput(0, 1)", false},
		{[]Option{WithMaxOutput(1, 0)}, "WithMaxOutput(1, 0)", false},
		{[]Option{WithMaxOutput(-1, 1<<20)}, "WithMaxOutput(-1, 1048576)", false},
		{[]Option{WithMaxErrors(0, 1)}, "WithMaxErrors(0, 1)", false},
		{[]Option{WithMaxErrors(1, -1)}, "WithMaxErrors(1, -1)", false},
		{[]Option{WithEngine(gdvar.Godot2)}, "WithEngine(2)", true},
		{[]Option{WithEngine(gdvar.Engine(9))}, "WithEngine(9)", true},
		{[]Option{WithListen("127.0.0.1")}, `WithListen("127.0.0.1")`, true},
		{[]Option{WithConnectTimeout(0)}, "WithConnectTimeout(0s)", true},
		{[]Option{WithConnectTimeout(-time.Minute)}, "WithConnectTimeout(-1m0s)", true},
		{[]Option{WithRequestTimeout(time.Second), WithMaxErrors(0, 0), WithRequestTimeout(0)}, "WithMaxErrors(0, 0)", false},
	} {
		t.Run(c.named, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			g, err := Launch(ctx, never, nil, c.opts...)
			assert.Nil(t, g)
			require.ErrorIs(t, err, gdvar.ErrInvalidOption)
			assert.Contains(t, err.Error(), "debugger."+c.named)

			ln, err := Listen("127.0.0.1:0")
			require.NoError(t, err)
			defer ln.Close()
			s, err := ln.Accept(ctx, c.opts...) // no game comes: only the refusal ends it
			assert.Nil(t, s)
			require.ErrorIs(t, err, gdvar.ErrInvalidOption)
			assert.Contains(t, err.Error(), "debugger."+c.named)

			a, b := net.Pipe()
			defer b.Close()
			s, err = NewSession(NewConn(a, gdvar.Godot4), a, c.opts...)
			assert.Nil(t, s)
			require.ErrorIs(t, err, gdvar.ErrInvalidOption)
			assert.Contains(t, err.Error(), "debugger."+c.named)
		})
	}
}

// Launch's own options, valid, are refused by Accept and NewSession, whose
// Session they would not change.
func TestLaunchOptionsRefusedElsewhere(t *testing.T) {
	for _, c := range []struct {
		opt   Option
		named string
	}{
		{WithEngine(gdvar.Godot3), "WithEngine(1)"},
		{WithListen("127.0.0.1:0"), `WithListen("127.0.0.1:0")`},
		{WithEnv(nil), "WithEnv"},
		{WithStdout(io.Discard), "WithStdout"},
		{WithStderr(io.Discard), "WithStderr"},
		{WithConnectTimeout(time.Second), "WithConnectTimeout(1s)"},
		{BreakOnErrors(true), "BreakOnErrors"},
	} {
		t.Run(c.named, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			ln, err := Listen("127.0.0.1:0")
			require.NoError(t, err)
			defer ln.Close()
			_, err = ln.Accept(ctx, WithRequestTimeout(time.Second), c.opt)
			require.ErrorIs(t, err, gdvar.ErrInvalidOption)
			assert.Contains(t, err.Error(), "debugger."+c.named+" is an option of Launch")

			a, b := net.Pipe()
			defer b.Close()
			_, err = NewSession(NewConn(a, gdvar.Godot4), a, c.opt)
			require.ErrorIs(t, err, gdvar.ErrInvalidOption)
			assert.Contains(t, err.Error(), "debugger."+c.named+" is an option of Launch")
		})
	}
}

// The Session's options take effect: the bounds of what it keeps, and the
// callbacks, which see everything.
func TestSessionOptions(t *testing.T) {
	a, b := net.Pipe()
	var lines []string
	var errs, messages int
	s, err := NewSession(NewConn(a, gdvar.Godot4), a,
		WithMaxOutput(2, 1<<20), WithMaxErrors(1, 1<<20),
		OnOutput(func(l Line) { lines = append(lines, l.Text) }),
		OnError(func(Error) { errs++ }),
		OnMessage(func(Message) { messages++ }))
	require.NoError(t, err)
	stream := append(message4("output", []string{"one", "two", "three"}, []int32{0, 0, 0}), errorMessage4("first", 0)...)
	stream = append(stream, errorMessage4("second", 0)...)
	go func() {
		_, _ = b.Write(stream)
		b.Close()
	}()
	<-s.Done()
	kept, dropped := s.Output()
	assert.Equal(t, []Line{{Text: "two"}, {Text: "three"}}, kept)
	assert.Equal(t, 1, dropped)
	keptErrs, dropped := s.Errors()
	require.Len(t, keptErrs, 1)
	assert.Equal(t, "second", keptErrs[0].Message)
	assert.Equal(t, 1, dropped)
	assert.Equal(t, []string{"one", "two", "three"}, lines)
	assert.Equal(t, 2, errs)
	assert.Equal(t, 3, messages)
}
