package main

import (
	"io"
	"log"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/gdvar/gdvar/stream"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// start serves cfg on a loopback port until the test ends; wrap, if not
// nil, wraps each connection the server accepts.
func start(t *testing.T, cfg config, wrap func(net.Conn) net.Conn) (*server, string) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	s, err := newServer(cfg, log.New(io.Discard, "", 0))
	require.NoError(t, err)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		_ = s.serve(wrapped{ln, wrap})
	}()
	t.Cleanup(func() { ln.Close(); wg.Wait() })
	return s, ln.Addr().String()
}

type wrapped struct {
	net.Listener
	wrap func(net.Conn) net.Conn
}

func (w wrapped) Accept() (net.Conn, error) {
	c, err := w.Listener.Accept()
	if err == nil && w.wrap != nil {
		c = w.wrap(c)
	}
	return c, err
}

func dial(t *testing.T, addr string) (net.Conn, *stream.Peer) {
	c, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	t.Cleanup(func() { c.Close() })
	require.NoError(t, c.SetDeadline(time.Now().Add(10*time.Second)))
	p, err := stream.NewPeer(c)
	require.NoError(t, err)
	return c, p
}

// closed reports whether the server closed c: a read gives io.EOF.
func closed(t *testing.T, c net.Conn) bool {
	_, err := c.Read(make([]byte, 1))
	return err == io.EOF
}

// Messages are answered; keys the server does not know are skipped, and a
// frame that is not a message is answered with an error while the
// connection goes on.
func TestMessages(t *testing.T) {
	_, addr := start(t, defaults(), nil)
	_, peer := dial(t, addr)
	send := []any{
		gdvar.NewDictionary("kind", "say", "seq", 1, "text", "hi", "pos", gdvar.Vector3{X: 1}),
		gdvar.NewDictionary("seq", 2, "unknown", []any{1, gdvar.NewDictionary("deep", []byte{1})}),
		"not a message",
		gdvar.NewDictionary("seq", 3),
	}
	want := []reply{
		{Seq: 1, OK: true, Echo: "hi"},
		{Seq: 2, OK: true},
		{Error: "gdvar: $: cannot unmarshal String into Go type main.message"},
		{Seq: 3, OK: true},
	}
	for i, m := range send {
		require.NoError(t, peer.PutVar(m))
		var got reply
		require.NoError(t, peer.GetVar(&got))
		assert.Equal(t, want[i], got)
	}
}

// Each bound closes a connection that breaks it, and nothing else.
func TestBounds(t *testing.T) {
	cfg := defaults()
	cfg.maxConns, cfg.readTimeout = 2, 200*time.Millisecond
	s, addr := start(t, cfg, nil)
	ok := hostile.Frame(must(gdvar.Marshal(gdvar.NewDictionary("seq", 1))))

	c, _ := dial(t, addr)
	_, err := c.Write([]byte{1, 0, 1, 0}) // a frame of 64 KiB + 1 byte
	require.NoError(t, err)
	assert.True(t, closed(t, c), "an oversized frame")

	c, _ = dial(t, addr)
	_, err = c.Write(ok[:len(ok)-2])
	require.NoError(t, err)
	// Without the read timeout the server would keep waiting, and the
	// read would end at dial's 10 s deadline with a timeout, not io.EOF.
	assert.True(t, closed(t, c), "a frame that does not arrive in time")

	assert.Eventually(t, func() bool { return len(s.slots) == 0 }, 5*time.Second, 10*time.Millisecond, "the closed connections' slots are free")
	a, pa := dial(t, addr)
	_, pb := dial(t, addr)
	for _, p := range []*stream.Peer{pa, pb} { // both slots are taken
		require.NoError(t, p.PutVar(gdvar.NewDictionary("seq", 1)))
		var r reply
		require.NoError(t, p.GetVar(&r))
	}
	third, _ := dial(t, addr)
	assert.True(t, closed(t, third), "a connection beyond -max-conns")
	a.Close()
	assert.Eventually(t, func() bool {
		c, p := dial(t, addr)
		defer c.Close()
		var r reply
		return p.PutVar(gdvar.NewDictionary("seq", 4)) == nil && p.GetVar(&r) == nil && r.Seq == 4
	}, 5*time.Second, 50*time.Millisecond, "a slot is free again")
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// 100 peers each send all but the end of a frame of the largest size,
// nested Arrays declaring 16M elements, and stall: each costs the server at
// most twice the frame plus 64 KiB of heap.
func TestMemoryPerConnection(t *testing.T) {
	const peers = 100
	cfg := defaults()
	cfg.maxConns = peers
	frame := hostile.Frame(hostile.NestedArrays(4, 16<<20, int(cfg.maxFrame)))
	sent := frame[:len(frame)-8]
	var waiting sync.WaitGroup
	waiting.Add(peers)
	before := hostile.HeapInUse()
	_, addr := start(t, cfg, func(c net.Conn) net.Conn {
		return hostile.Waiting(c, len(sent), waiting.Done)
	})
	conns := make([]net.Conn, peers)
	for i := range conns {
		conns[i], _ = dial(t, addr)
		_, err := conns[i].Write(sent)
		require.NoError(t, err)
	}
	waiting.Wait()
	perConn := (int64(hostile.HeapInUse()) - int64(before)) / peers
	t.Logf("%d stalled peers, %d-byte frames: %d KiB of heap each", peers, len(frame), perConn>>10)
	assert.Less(t, perConn, 2*cfg.maxFrame+64<<10)
	for _, c := range conns {
		c.Close()
	}
}

// A real game talks to the server: its messages are answered, and what is
// not a message is answered with an error.
func TestLiveGame(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	_, addr := start(t, defaults(), nil)
	_, port, err := net.SplitHostPort(addr)
	require.NoError(t, err)
	out := godot.RunScript(t, engine, "scripts/stream/server_client.gd", port)
	var replies []string
	for _, line := range strings.Split(out, "\n") {
		if r, ok := strings.CutPrefix(line, "REPLY "); ok {
			replies = append(replies, r)
		}
	}
	assert.Equal(t, []string{
		"1 true hello ✓ -",
		"2 true with more -",
		"0 false - gdvar: $: cannot unmarshal int into Go type main.message",
		"3 true - -",
	}, replies, out)
}
