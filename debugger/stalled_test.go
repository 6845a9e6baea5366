package debugger

import (
	"context"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"
)

// smallBuffers gives the connections it accepts a small send buffer, so
// that a large write to a peer that does not read blocks at once.
type smallBuffers struct{ net.Listener }

func (l smallBuffers) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err == nil {
		err = c.(*net.TCPConn).SetWriteBuffer(4 << 10)
	}
	return c, err
}

// stalledGame connects a game that says it stopped at a breakpoint and
// then never reads, through small socket buffers, and returns its Session
// and a function that ends the game.
func stalledGame(t *testing.T, opts ...Option) (*Session, func()) {
	t.Helper()
	tcp, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	ln := newListener(smallBuffers{tcp})
	defer ln.Close()
	game, err := net.Dial("tcp", tcp.Addr().String())
	require.NoError(t, err)
	require.NoError(t, game.(*net.TCPConn).SetReadBuffer(4<<10))
	_, err = game.Write(append(message4("set_pid", int64(42)), message4("debug_enter", true, "Breakpoint", true, int64(1))...))
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	s, err := ln.Accept(ctx, opts...)
	require.NoError(t, err)
	_, err = s.WaitBreak(ctx)
	require.NoError(t, err)
	return s, func() { game.Close() }
}

// A write to a game that stopped reading ends with the caller's context,
// or the request timeout: part of the message went out, so the stream is
// out of step and the session ends, saying so, rather than send the rest
// of the frame later or another after it.
func TestWriteToAGameThatStopsReading(t *testing.T) {
	huge := strings.Repeat("x", MaxFrame-1<<10)
	for _, c := range []struct {
		name  string
		opts  Option
		write func(*Session) error
	}{
		{"Evaluate of 8 MiB with a 1 s context", WithRequestTimeout(time.Hour), func(s *Session) error {
			ctx, cancel := context.WithTimeout(context.Background(), time.Second)
			defer cancel()
			_, err := s.Evaluate(ctx, huge)
			return err
		}},
		{"SetBreakpoint of 8 MiB, a 1 s request timeout", WithRequestTimeout(time.Second), func(s *Session) error {
			return s.SetBreakpoint("res://"+huge, 1, true)
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
			s, stop := stalledGame(t, c.opts)
			defer stop()
			returned := make(chan error, 1)
			start := time.Now()
			go func() { returned <- c.write(s) }()
			var err error
			select {
			case err = <-returned:
			case <-time.After(time.Minute):
				t.Fatal("still writing after a minute")
			}
			t.Logf("returned after %v: %v", time.Since(start).Round(time.Millisecond), err)
			assert.ErrorIs(t, err, context.DeadlineExceeded)
			assert.ErrorIs(t, err, ErrCutShort)
			select {
			case <-s.Done():
			case <-time.After(time.Minute):
				t.Fatal("the session goes on after a message was cut short")
			}
			assert.ErrorIs(t, s.Err(), ErrClosed)
			assert.ErrorIs(t, s.Err(), ErrCutShort)
			assert.ErrorIs(t, s.SetBreakpoint("res://a.gd", 1, true), ErrCutShort, "nothing more is sent")
			require.NoError(t, s.Close())
		})
	}
	hostile.Collect()
}

// A request waiting for its turn behind one that is stuck waits no longer
// than its own context.
func TestTurnHonoursTheContext(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	s, stop := stalledGame(t, WithRequestTimeout(time.Hour))
	stuck := make(chan error, 1)
	go func() {
		_, err := s.Evaluate(context.Background(), strings.Repeat("x", MaxFrame-1<<10))
		stuck <- err
	}()
	for len(s.turns) == 0 { // until the Evaluate holds the turn
		time.Sleep(time.Millisecond)
	}
	returned := make(chan error, 1)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		_, err := s.Tree(ctx)
		returned <- err
	}()
	select {
	case err := <-returned:
		assert.ErrorIs(t, err, context.DeadlineExceeded)
	case <-time.After(time.Minute):
		t.Error("still waiting for the turn after a minute")
	}
	stop() // the stuck write fails: the game is gone
	assert.Error(t, <-stuck)
	require.NoError(t, s.Close())
}
