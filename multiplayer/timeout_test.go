package multiplayer

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// countErrors counts the errors of errs that match target.
func countErrors(errs *errorLog, target error) int {
	n := 0
	for _, err := range errs.get() {
		if errors.Is(err, target) {
			n++
		}
	}
	return n
}

// tcpConn is a plain TCP connection to port, closed when the test ends.
func tcpConn(t testing.TB, port string) net.Conn {
	nc, err := net.DialTimeout("tcp", "127.0.0.1:"+port, 5*time.Second)
	require.NoError(t, err)
	t.Cleanup(func() { nc.Close() })
	return nc
}

// upgraded is a connection that completed the WebSocket upgrade by hand
// and then reads nothing more: it answers no ping.
func upgraded(t testing.TB, port string) net.Conn {
	nc := tcpConn(t, port)
	require.NoError(t, nc.SetDeadline(time.Now().Add(10*time.Second)))
	_, err := io.WriteString(nc, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"+
		"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
	require.NoError(t, err)
	resp, err := http.ReadResponse(bufio.NewReader(nc), nil)
	require.NoError(t, err)
	require.Equal(t, http.StatusSwitchingProtocols, resp.StatusCode)
	require.NoError(t, nc.SetDeadline(time.Time{}))
	return nc
}

// closedByServer waits, 10 s at most, for the server to close nc,
// reading and dropping what it sends.
func closedByServer(t *testing.T, nc net.Conn, what string) {
	t.Helper()
	require.NoError(t, nc.SetReadDeadline(time.Now().Add(10*time.Second)))
	_, err := io.Copy(io.Discard, nc)
	var ne net.Error
	require.False(t, errors.As(err, &ne) && ne.Timeout(), "%s: still open after 10 s", what)
}

// Upgraded peers that send nothing and answer no ping are disconnected
// after the idle timeout, with the reason, and free their places: with
// WithMaxPeers(3) full, a new client is refused, then let in once the
// silent ones are gone. A client that is idle but answers pings stays.
func TestIdlePeers(t *testing.T) {
	// The live client has 1.5 s to answer a ping, on a busy machine.
	port, errs := testServer(t, WithMaxPeers(3), WithIdleTimeout(2*time.Second))
	_, main, replies := testClient(t, port)
	silent := []net.Conn{upgraded(t, port), upgraded(t, port)}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, resp, err := websocket.Dial(ctx, "ws://127.0.0.1:"+port, nil)
	require.Error(t, err, "full")
	assert.Equal(t, http.StatusServiceUnavailable, resp.StatusCode)
	for i, nc := range silent {
		closedByServer(t, nc, "a silent peer")
		t.Logf("silent peer %d closed", i)
	}
	waitFor(t, "both silent peers reported", func() bool { return countErrors(errs, ErrIdle) == 2 })
	for _, err := range errs.get() {
		assert.ErrorIs(t, err, ErrDisconnected)
		var pe *PeerError
		assert.True(t, errors.As(err, &pe) && pe.Peer >= 2, "%v: a client's", err)
	}
	time.Sleep(3 * time.Second) // the live client, silent too, answers pings
	echoes(t, main, replies, "the idle client that answers pings is still served")
	rawConn(t, port)
}

// A packet sent a byte at a time closes its sender's connection once it
// has taken longer than the read timeout, with the reason; the other
// clients are served on.
func TestTrickledPacket(t *testing.T) {
	port, errs := testServer(t, WithReadTimeout(time.Second))
	_, main, replies := testClient(t, port)
	nc := upgraded(t, port)
	// A binary frame of 100 bytes, masked as a client's must be.
	_, err := nc.Write([]byte{0x82, 0x80 | 100, 1, 2, 3, 4})
	require.NoError(t, err)
	stop := make(chan struct{})
	trickled := make(chan struct{})
	go func() {
		defer close(trickled)
		for range 100 { // 10 s at most
			select {
			case <-stop:
				return
			case <-time.After(100 * time.Millisecond):
			}
			if _, err := nc.Write([]byte{0}); err != nil {
				return
			}
		}
	}()
	closedByServer(t, nc, "the trickling peer")
	close(stop)
	<-trickled
	waitFor(t, "the reason reported", func() bool { return countErrors(errs, ErrReadTimeout) == 1 })
	assert.Equal(t, 1, countErrors(errs, ErrDisconnected))
	echoes(t, main, replies, "still served")
}

// Plain HTTP connections are bounded too: one that sends no request is
// dropped after the handshake's time, and reported; one that sends part
// of a request is dropped; a request that is not an upgrade is answered
// and its connection closed; connections not upgraded yet count against
// WithMaxPeers, so that they cannot pile up.
func TestHTTPConnections(t *testing.T) {
	port, errs := testServer(t, WithMaxPeers(2))
	plain := tcpConn(t, port)
	_, err := io.WriteString(plain, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
	require.NoError(t, err)
	require.NoError(t, plain.SetReadDeadline(time.Now().Add(10*time.Second)))
	resp, err := http.ReadResponse(bufio.NewReader(plain), nil)
	require.NoError(t, err)
	resp.Body.Close()
	assert.True(t, resp.Close, "not kept alive")
	closedByServer(t, plain, "a connection after a request that is not an upgrade")
	partial := tcpConn(t, port)
	_, err = io.WriteString(partial, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
	require.NoError(t, err)
	// plain's place is given back when the http.Server says it closed
	// it, which may come after plain's side saw it closed: a connection
	// made before then is refused at once, as one over the cap. The
	// silent one is made again until it is held.
	var mute net.Conn
	waitFor(t, "a place for the silent connection", func() bool {
		mute = tcpConn(t, port)
		require.NoError(t, mute.SetReadDeadline(time.Now().Add(300*time.Millisecond)))
		if _, err := mute.Read(make([]byte, 1)); !errors.Is(err, os.ErrDeadlineExceeded) {
			mute.Close() // refused at once
			return false
		}
		require.NoError(t, mute.SetReadDeadline(time.Time{}))
		return true
	})
	// Both places are taken by connections not upgraded: the upgrade is
	// refused.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, _, err = websocket.Dial(ctx, "ws://127.0.0.1:"+port, nil)
	require.Error(t, err, "refused while both places are taken")
	closedByServer(t, partial, "a connection that sends part of a request")
	closedByServer(t, mute, "a connection that sends nothing")
	waitFor(t, "the silent connection reported", func() bool { return countErrors(errs, ErrHandshake) >= 1 })
	rawConn(t, port)
}

// A peer part way through a packet is not silent: a packet that takes
// longer than the idle timeout, within the read timeout, arrives whole,
// though the peer answers no ping meanwhile (its answer would wait behind
// the packet); the peer is dropped as idle only once silent after it.
func TestSlowPacketIsNotIdle(t *testing.T) {
	port, errs := testServer(t, WithIdleTimeout(time.Second), WithReadTimeout(20*time.Second))
	nc := upgraded(t, port)
	payload := []byte("a raw packet sent slowly, byte by byte")
	frame := append([]byte{0x82, 0x80 | byte(1+len(payload)), 0, 0, 0, 0}, cmdRaw) // mask 0: the bytes as they are
	_, err := nc.Write(frame)
	require.NoError(t, err)
	for _, b := range payload { // about 3 s, three idle timeouts
		time.Sleep(80 * time.Millisecond)
		_, err := nc.Write([]byte{b})
		require.NoError(t, err, "the server closed the connection part way through the packet: %v", errs.get())
	}
	// The raw packet comes back (after the peer id, unless the HTTP
	// response's reader took it, and the server's pings).
	require.NoError(t, nc.SetReadDeadline(time.Now().Add(10*time.Second)))
	r := bufio.NewReader(nc)
	for {
		var head [2]byte
		_, err := io.ReadFull(r, head[:])
		require.NoError(t, err, "the packet came back before the connection closed: %v", errs.get())
		body := make([]byte, head[1]&0x7f)
		_, err = io.ReadFull(r, body)
		require.NoError(t, err)
		if head[0] == 0x82 && len(body) != 4 {
			assert.Equal(t, append([]byte{cmdRaw}, payload...), body)
			break
		}
	}
	closedByServer(t, nc, "the peer silent after its packet")
	waitFor(t, "dropped as idle", func() bool { return countErrors(errs, ErrIdle) == 1 })
}

// A server that upgrades the connection but sends no peer id fails
// Connect with ErrHandshake, and the Multiplayer may try again.
func TestConnectWithoutPeerID(t *testing.T) {
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer ws.CloseNow()
		ws.Read(context.Background()) // until the client gives up and closes
	})}
	ln := mustListen(t)
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	m := MustNew()
	t.Cleanup(func() { m.Close() })
	for i := range 2 {
		ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
		err := m.Connect(ctx, "ws://"+ln.Addr().String())
		cancel()
		assert.ErrorIs(t, err, ErrHandshake, "attempt %d", i)
		assert.Equal(t, PeerID(0), m.ID())
	}
}

// A backlog is not silence, in either direction: a client calling far
// beyond the server's rate, which hears nothing back while its calls wait
// to be read, and a client that sends nothing while it reads a backlog
// slowly, each keep their connection; every call arrives, in order, and
// neither side reports an error. The backlogs last two idle timeouts
// (400 calls at 50 a second). The timeout is long beside the pings that
// keep a backlogged peer heard, at each quarter of it: on a loaded
// machine a ping may wait a second or more to be written or read, and a
// 2 s timeout left 1.5 s for that.
func TestBacklogIsNotIdle(t *testing.T) {
	const calls, idle = 400, 4 * time.Second
	for _, tc := range []struct {
		name string
		// the server's options, and how long the client's handler takes
		server []Option
		slow   time.Duration
		toPeer bool // the server calls the client, else the client the server
	}{
		{"client beyond the server's rate", []Option{WithRateLimit(50, 5)}, 0, false},
		{"silent client reading slowly", nil, 20 * time.Millisecond, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := &callOrder{delay: tc.slow}
			server := MustNew(append(tc.server, WithIdleTimeout(idle))...)
			serverErrs := &errorLog{}
			server.OnError(serverErrs.add)
			serverMain := server.Node("/root/Main", echoMethods...)
			serverMain.Handle("echo", got.handle)
			joined := make(chan PeerID, 1)
			server.OnPeerConnected(func(id PeerID) { joined <- id })
			port := serve(t, server)

			client := MustNew(WithIdleTimeout(idle))
			clientErrs := &errorLog{}
			client.OnError(clientErrs.add)
			clientMain := client.Node("/root/Main", echoMethods...)
			clientMain.Handle("echo", got.handle)
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			require.NoError(t, client.Connect(ctx, "ws://127.0.0.1:"+port))
			t.Cleanup(func() { client.Close() })
			var peer PeerID
			select {
			case peer = <-joined:
			case <-time.After(5 * time.Second):
				t.Fatal("the server saw no client")
			}

			from, to := clientMain, ServerID
			if tc.toPeer {
				from, to = serverMain, peer
			}
			for i := range calls {
				require.NoError(t, from.Call(to, "echo", int64(i)))
			}
			failed := func() bool { return len(serverErrs.get())+len(clientErrs.get()) > 0 }
			for deadline := time.Now().Add(60 * time.Second); got.len() < calls && !failed(); time.Sleep(10 * time.Millisecond) {
				require.True(t, time.Now().Before(deadline), "%d calls of %d arrived", got.len(), calls)
			}
			require.False(t, failed(), "server: %v; client: %v", firstOf(serverErrs.get()), firstOf(clientErrs.get()))
			assert.Equal(t, []PeerID{peer}, server.Peers(), "the client is still served")
			assert.Equal(t, peer, client.ID(), "the client is still connected")
			got.inOrder(t, "every call arrived, in order")
		})
	}
}

// A Go client drops a server that upgraded it and sent its peer id, then
// neither reads nor sends: the client's pings are its only traffic, and
// unanswered.
func TestDeadServerIsIdle(t *testing.T) {
	hold := make(chan struct{})
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer ws.CloseNow()
		ws.Write(r.Context(), websocket.MessageBinary, []byte{2, 0, 0, 0})
		<-hold // reads nothing, sends nothing
	})}
	ln := mustListen(t)
	go srv.Serve(ln)
	t.Cleanup(func() { close(hold); srv.Close() })
	m := MustNew(WithIdleTimeout(time.Second))
	errs := &errorLog{}
	m.OnError(errs.add)
	gone := make(chan struct{})
	m.OnPeerDisconnected(func(id PeerID) {
		if id == ServerID {
			close(gone)
		}
	})
	t.Cleanup(func() { m.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	require.NoError(t, m.Connect(ctx, "ws://"+ln.Addr().String()))
	within(t, "the dead server dropped", gone)
	assert.Equal(t, 1, countErrors(errs, ErrIdle), "%v", errs.get())
}
