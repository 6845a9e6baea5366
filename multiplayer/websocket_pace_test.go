package multiplayer

import (
	"context"
	"net"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gdvar/gdvar/internal/wsframe"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// countedReads is a client's socket whose reads are counted.
type countedReads struct {
	net.Conn
	reads atomic.Int64
}

func (c *countedReads) Read(p []byte) (int, error) {
	c.reads.Add(1)
	return c.Conn.Read(p)
}

// pacedClient connects a client of opts to a rawServer, over a socket
// whose reads are counted if count (else the TCP socket itself, whose
// low-water mark a paced client sets). It returns the client, the
// server's side of the connection, the count, and the raw packets of one
// byte the client receives, in order.
func pacedClient(t *testing.T, count bool, opts ...Option) (*Multiplayer, net.Conn, *countedReads, <-chan byte) {
	url, conns := rawServer(t)
	m := MustNew(opts...)
	packets := make(chan byte, 1024)
	m.OnPacket(func(_ PeerID, data []byte) {
		if len(data) == 1 {
			packets <- data[0]
		}
	})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	require.NoError(t, m.start(false))
	h, err := wsframe.Dialer{}.Dial(ctx, url)
	require.NoError(t, err)
	counted := &countedReads{Conn: h.Conn}
	if count {
		h.Conn = counted
	}
	err = m.connectOver(ctx, h)
	m.connected()
	require.NoError(t, err)
	t.Cleanup(func() { m.Close() })
	select {
	case nc := <-conns:
		return m, nc, counted, packets
	case <-time.After(10 * time.Second):
		t.Fatal("the server got no connection")
		return nil, nil, nil, nil
	}
}

// rawPacket is a server's frame of a raw packet of one byte.
func rawPacket(b byte) []byte { return wsframe.AppendFrame(nil, wsframe.OpBinary, []byte{cmdRaw, b}) }

// receive waits, 10 s at most, for the client's next raw packet, which
// must be want.
func receive(t *testing.T, packets <-chan byte, want byte) {
	t.Helper()
	select {
	case got := <-packets:
		require.Equal(t, want, got, "the packets in order")
	case <-time.After(10 * time.Second):
		t.Fatalf("packet %d not received within 10 s", want)
	}
}

// A paced client reads the frames that came during its period together:
// 100 frames, written 2 ms apart, are read in a few reads, where a client
// reading each frame as it comes made 100; every packet is delivered, in
// order.
func TestPacedClientReadsFramesTogether(t *testing.T) {
	const frames = 100
	_, nc, counted, packets := pacedClient(t, true, WithReadPace(time.Second))
	before := counted.reads.Load()
	for i := range frames {
		_, err := nc.Write(rawPacket(byte(i)))
		require.NoError(t, err)
		time.Sleep(2 * time.Millisecond) // each frame comes on its own
	}
	for i := range frames {
		receive(t, packets, byte(i))
	}
	reads := counted.reads.Load() - before
	t.Logf("%d frames in %d reads", frames, reads)
	assert.Less(t, reads, int64(frames/4))
}

// A paced client answers its server's pings: a ping waits out the
// period, at most, to be read, and is answered once read.
func TestPacedClientAnswersPings(t *testing.T) {
	_, nc, _, _ := pacedClient(t, false, WithReadPace(200*time.Millisecond))
	pongs := countPongs(nc)
	_, err := nc.Write(wsframe.AppendFrame(nil, wsframe.OpPing, beat))
	require.NoError(t, err)
	deadline := time.Now().Add(10 * time.Second)
	for _, ok := pongs.counted(); !ok; _, ok = pongs.counted() {
		require.True(t, time.Now().Before(deadline), "the ping answered within 10 s")
		time.Sleep(10 * time.Millisecond)
	}
}

// ReadPromptly wakes a paced reader waiting out its period, here an hour,
// and keeps its reads prompt until done: a packet that waited is read at
// once, and so is one sent while the reads are prompt. A done called
// twice counts once; the connection's close ends a wait.
func TestPacedClientReadsPromptly(t *testing.T) {
	hour := Option(func(c *config) { c.pace = newReadPace(time.Hour) })
	m, nc, _, packets := pacedClient(t, false, hour)
	pongs := countPongs(nc) // reads the client's close frame, and closes
	_, err := nc.Write(rawPacket(1))
	require.NoError(t, err)
	done := m.ReadPromptly()
	receive(t, packets, 1)
	_, err = nc.Write(rawPacket(2))
	require.NoError(t, err)
	receive(t, packets, 2)
	other := m.ReadPromptly()
	done()
	done()
	assert.Equal(t, int32(1), m.cfg.pace.prompt.Load(), "a done counts once")
	other()
	assert.Zero(t, m.cfg.pace.prompt.Load())

	closed := make(chan struct{})
	go func() {
		m.Close()
		close(closed)
	}()
	select {
	case <-closed:
	case <-time.After(30 * time.Second):
		t.Fatal("Close waited for the pace")
	}
	select {
	case <-pongs.done:
	case <-time.After(10 * time.Second):
		t.Fatal("the server's side was not closed")
	}
}

// ReadPromptly does nothing without WithReadPace.
func TestReadPromptlyUnpaced(t *testing.T) {
	m := MustNew()
	m.ReadPromptly()()
	assert.Nil(t, m.cfg.pace)
}

// A paced client waiting out its periods notices its server's end: the
// socket's end is read within a period, not at the idle timeout.
func TestPacedClientSeesTheEnd(t *testing.T) {
	m, nc, _, _ := pacedClient(t, false, WithReadPace(200*time.Millisecond), WithIdleTimeout(time.Hour))
	gone := make(chan struct{})
	m.OnPeerDisconnected(func(PeerID) { close(gone) })
	time.Sleep(500 * time.Millisecond) // periods with nothing to read
	require.NoError(t, nc.Close())
	select {
	case <-gone:
	case <-time.After(10 * time.Second):
		t.Fatal("the server's end not seen within 10 s")
	}
}
