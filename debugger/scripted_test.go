package debugger

import (
	"context"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/stream"
	"github.com/stretchr/testify/require"
)

// scripted connects a fake game of the engine to a Listener over loopback
// TCP and returns the Session and a function that sends the session raw
// bytes. The game sends its first message (set_pid, or Godot 3's output),
// then gives each request it reads to answer, and sends what that returns
// (nil: nothing). answer runs on the game's reading goroutine, one request
// at a time.
func scripted(t testing.TB, engine gdvar.Engine, answer func(Message) []byte) (*Session, func([]byte)) {
	t.Helper()
	return scriptedWith(t, engine, answer)
}

// scriptedWith is scripted with the Session's options.
func scriptedWith(t testing.TB, engine gdvar.Engine, answer func(Message) []byte, opts ...Option) (*Session, func([]byte)) {
	t.Helper()
	ln, err := Listen("127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	c, err := net.Dial("tcp", ln.Addr().String())
	require.NoError(t, err)
	var wmu sync.Mutex
	send := func(b []byte) {
		wmu.Lock()
		defer wmu.Unlock()
		_, _ = c.Write(b) // the session may have gone
	}
	first := message4("set_pid", int64(42))
	if engine == gdvar.Godot3 {
		first = frames3("output", 1, []any{"Godot Engine v3.6.stable", int64(0)})
	}
	send(first)
	r, err := stream.NewReader(c, stream.WithCodec(gdvar.MustCodec(gdvar.WithEngine(engine))))
	require.NoError(t, err)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			m, err := readCommand(r, engine)
			if err != nil {
				return
			}
			if b := answer(m); b != nil {
				send(b)
			}
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	s, err := ln.Accept(ctx, opts...)
	require.NoError(t, err)
	t.Cleanup(func() {
		s.Close()
		c.Close()
		<-done
	})
	return s, send
}

// readCommand reads what a session sends a game: [name, thread, data] in
// Godot 4, [name, args…] in Godot 3.
func readCommand(r *stream.Reader, engine gdvar.Engine) (Message, error) {
	var v []any
	if err := r.GetVar(&v); err != nil {
		return Message{}, err
	}
	name, _ := v[0].(string)
	if engine == gdvar.Godot3 {
		return Message{Name: name, Data: v[1:]}, nil
	}
	data, _ := v[2].([]any)
	return Message{Name: name, Thread: 1, Data: data}, nil
}

// stopGame has the fake game report that it stopped at a breakpoint, and
// waits until the session knows.
func stopGame(t *testing.T, s *Session, send func([]byte)) {
	t.Helper()
	send(message4("debug_enter", true, "Breakpoint", true, int64(1)))
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	_, err := s.WaitBreak(ctx)
	require.NoError(t, err)
}
