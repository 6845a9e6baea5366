//go:build unix

package netsim

import (
	"io"
	"net"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// echoServer echoes each TCP connection's bytes until it ends, and says
// on echoed how many bytes it wrote back each time.
func echoServer(t *testing.T) (*net.TCPAddr, chan int) {
	t.Helper()
	l, err := net.ListenTCP("tcp", &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1)})
	require.NoError(t, err)
	echoed := make(chan int, 64)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				buf := make([]byte, 1<<16)
				for {
					n, err := c.Read(buf)
					if n > 0 {
						c.Write(buf[:n])
						echoed <- n
					}
					if err != nil {
						return
					}
				}
			}()
		}
	}()
	t.Cleanup(func() { l.Close(); <-done })
	return l.Addr().(*net.TCPAddr), echoed
}

func newStream(t *testing.T, server *net.TCPAddr, opts Options) *StreamLink {
	t.Helper()
	s, err := NewStream(server, opts)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, s.Close()) })
	return s
}

func dialStream(t *testing.T, s *StreamLink) *net.TCPConn {
	t.Helper()
	c, err := net.DialTCP("tcp", nil, s.Addr())
	require.NoError(t, err)
	t.Cleanup(func() { c.Close() })
	return c
}

// On the wall clock, a stream's bytes go through in order, each way
// after its delay: an echo takes both ways' 50 ms at the least; the end
// of the client's stream reaches the server.
func TestStreamWall(t *testing.T) {
	server, _ := echoServer(t)
	s := newStream(t, server, Options{Up: Faults{Delay: 50 * time.Millisecond}, Down: Faults{Delay: 50 * time.Millisecond, Jitter: 10 * time.Millisecond}})
	c := dialStream(t, s)
	start := time.Now()
	for _, m := range []string{"one ", "two ", "three"} {
		_, err := c.Write([]byte(m))
		require.NoError(t, err)
	}
	require.NoError(t, c.CloseWrite())
	require.NoError(t, c.SetReadDeadline(time.Now().Add(patience)))
	got, err := io.ReadAll(c)
	require.NoError(t, err, "the server's end came back once the client's reached it")
	assert.Equal(t, "one two three", string(got))
	assert.GreaterOrEqual(t, time.Since(start), 100*time.Millisecond)
	st := s.Stats()
	assert.Equal(t, uint64(13), st.Up.Forwarded.Bytes)
	assert.Equal(t, uint64(13), st.Down.Forwarded.Bytes)
	assert.Equal(t, st.Up.Received, st.Up.Delayed)
}

// stepUntil steps a link of frames a frame at a time, until the client
// has read want bytes, and returns the frame it had them at.
func stepUntil(t *testing.T, s *StreamLink, c *net.TCPConn, want, frames int) int64 {
	t.Helper()
	buf := make([]byte, 1<<16)
	got := 0
	for range frames {
		require.NoError(t, s.Step(1))
		for {
			n, ok, err := recvStreamNow(c, buf)
			require.NoError(t, err)
			if !ok || n == 0 {
				break
			}
			got += n
		}
		if got >= want {
			return s.Frame()
		}
	}
	return -1
}

// A stream link of frames counts its delays in frames: an echo read by
// the link at frame 1, 50 ms (3 frames) up, then 3 frames down from the
// frame the link reads the echo at.
func TestStreamFrames(t *testing.T) {
	server, echoed := echoServer(t)
	s := newStream(t, server, Options{FPS: 60, Up: Faults{Delay: 50 * time.Millisecond}, Down: Faults{Delay: 50 * time.Millisecond}})
	c := dialStream(t, s)
	waitFor(t, "the link's connection to the server", func() bool { s.mu.Lock(); defer s.mu.Unlock(); return len(s.pipes) == 2 })
	_, err := c.Write([]byte("hello"))
	require.NoError(t, err)
	require.NoError(t, s.Step(3))
	select {
	case n := <-echoed:
		require.Equal(t, 5, n, "the server had it at frame 3")
	case <-time.After(patience):
		require.FailNow(t, "no echo")
	}
	assert.Equal(t, int64(6), stepUntil(t, s, c, 5, 10), "read by the link at frame 3, 3 frames down")
}

// A cut holds the stream, and joining the link again lets it through
// after its delay; a rate spreads it.
func TestStreamCutAndRate(t *testing.T) {
	server, echoed := echoServer(t)
	s := newStream(t, server, Options{FPS: 60, Up: Faults{Cut: true}})
	c := dialStream(t, s)
	waitFor(t, "the link's connection to the server", func() bool { s.mu.Lock(); defer s.mu.Unlock(); return len(s.pipes) == 2 })
	_, err := c.Write(make([]byte, 300))
	require.NoError(t, err)
	assert.Equal(t, int64(-1), stepUntil(t, s, c, 1, 20), "held by the cut")
	assert.NotZero(t, s.Stats().Up.Cut.Bytes)
	require.NoError(t, s.SetFaults(Up, Faults{}))
	require.NoError(t, s.SetFaults(Down, Faults{Rate: 600})) // 300 bytes: 30 frames at 60
	require.NoError(t, s.Step(1))                            // frame 21: to the server
	for n := 0; n < 300; {
		select {
		case k := <-echoed:
			n += k
		case <-time.After(patience):
			require.FailNow(t, "no echo")
		}
	}
	assert.Equal(t, int64(21+30), stepUntil(t, s, c, 300, 60), "the echo read at frame 21, then the rate's 30")
}

// A stream loses nothing: loss, duplication and reordering are refused,
// naming what it takes.
func TestStreamRefused(t *testing.T) {
	server, _ := echoServer(t)
	_, err := NewStream(server, Options{Up: Faults{Loss: 0.1}})
	assert.ErrorContains(t, err, "give it latency, jitter and a rate")
	s := newStream(t, server, Options{})
	assert.ErrorContains(t, s.SetFaults(Down, Faults{Reorder: 0.5}), "loses, duplicates and reorders nothing")
	assert.ErrorContains(t, s.Step(1), "Step runs a link of frames")
}

// What a link holds of one way is bounded: a client writing 32 MiB
// through a cut link is read no further than StreamQueueLimit (and a
// read) while the cut lasts; its own stream waits meanwhile, past what
// the kernel's buffers take.
func TestStreamQueueBounded(t *testing.T) {
	server, _ := echoServer(t)
	s := newStream(t, server, Options{FPS: 60, Up: Faults{Cut: true}})
	c := dialStream(t, s)
	waitFor(t, "the link's connection to the server", func() bool { s.mu.Lock(); defer s.mu.Unlock(); return len(s.pipes) == 2 })
	wrote := make(chan error, 1)
	go func() {
		c.SetWriteDeadline(time.Now().Add(patience))
		_, err := c.Write(make([]byte, 32<<20))
		wrote <- err
	}()
	queued := func() int {
		s.mu.Lock()
		defer s.mu.Unlock()
		return s.pipes[0].queued
	}
	waitFor(t, "the link to read up to the bound", func() bool {
		require.NoError(t, s.Step(1))
		return queued() >= StreamQueueLimit
	})
	for range 50 {
		require.NoError(t, s.Step(1))
		time.Sleep(time.Millisecond) // the client's writes go on
	}
	assert.Less(t, queued(), StreamQueueLimit+32<<10, "and no further")
	select {
	case err := <-wrote:
		require.FailNow(t, "the client's 32 MiB all went", "%v", err)
	default:
	}
	c.Close()
	<-wrote
}

// Connections past MaxClients are closed at once, and never reach the
// server: silent clients hold at most MaxClients of its connections.
func TestStreamMaxClients(t *testing.T) {
	l, err := net.ListenTCP("tcp", &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1)})
	require.NoError(t, err)
	defer l.Close()
	accepted := make(chan *net.TCPConn, 16)
	go func() {
		for {
			c, err := l.AcceptTCP()
			if err != nil {
				return
			}
			accepted <- c
		}
	}()
	s := newStream(t, l.Addr().(*net.TCPAddr), Options{MaxClients: 3})
	var clients []*net.TCPConn
	for range 6 {
		clients = append(clients, dialStream(t, s))
	}
	for i := range 3 {
		select {
		case c := <-accepted:
			defer c.Close()
		case <-time.After(patience):
			t.Fatalf("the server saw %d of the first 3 clients", i)
		}
	}
	for i, c := range clients[3:] {
		c.SetReadDeadline(time.Now().Add(patience))
		_, err := c.Read(make([]byte, 1))
		assert.ErrorIs(t, err, io.EOF, "client %d past MaxClients closed", i+4)
	}
	select {
	case <-accepted:
		t.Fatal("a client past MaxClients reached the server")
	case <-time.After(100 * time.Millisecond):
	}
}
