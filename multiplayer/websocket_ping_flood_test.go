package multiplayer

import (
	"bufio"
	"bytes"
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gdvar/gdvar/internal/testrig/cputime"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/internal/testrig/mpcases"
	"github.com/gdvar/gdvar/internal/wsframe"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// rawServer is a hostile server for a Go client, which frames by hand:
// it upgrades each client, gives it peer id 2 and hands the connection
// (closed when the test ends) to the test, which writes the server's
// frames itself. It returns the server's ws:// URL.
func rawServer(tb testing.TB) (string, <-chan net.Conn) {
	conns := make(chan net.Conn, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h, err := wsframe.Upgrader{}.Accept(w, r)
		if err != nil {
			return
		}
		tb.Cleanup(func() { h.Conn.Close() })
		if _, err := h.Conn.Write(wsframe.AppendFrame(h.Response, wsframe.OpBinary, []byte{2, 0, 0, 0})); err == nil {
			conns <- h.Conn
		}
	}))
	tb.Cleanup(srv.Close)
	return "ws" + strings.TrimPrefix(srv.URL, "http"), conns
}

// pongCount reads a peer's frames, counting its pongs and their bytes,
// frames whole (a client's, masked, carries 6 bytes besides its payload,
// a server's 2), and noting a pong of beat; it reads until the peer's
// close frame or the socket's end, and then closes the socket.
type pongCount struct {
	mu    sync.Mutex
	head  int64 // the bytes of a pong besides its payload
	pongs int64
	bytes int64
	beat  bool
	done  chan struct{}
}

// beat is the payload of a ping that the flood tests expect answered.
var beat = []byte("beat")

// countPongs counts a client's pongs on a server's connection.
func countPongs(nc net.Conn) *pongCount { return countPongsOf(nc, false) }

// countPongsOf counts the pongs of a client, or of a server (fromServer)
// on a client's connection.
func countPongsOf(nc net.Conn, fromServer bool) *pongCount {
	pc := &pongCount{head: 6, done: make(chan struct{})}
	if fromServer {
		pc.head = 2
	}
	go func() {
		defer close(pc.done)
		defer nc.Close()
		r := &wsframe.Reader{Buf: bufio.NewReader(nc), Conn: nc, Limit: 1 << 20, Late: time.Minute, Peer: pc, FromServer: fromServer}
		for {
			if _, err := r.ReadMessage(nil); err != nil {
				return
			}
		}
	}()
	return pc
}

func (*pongCount) Began() {}

func (pc *pongCount) Control(op wsframe.Opcode, p []byte) error {
	if op == wsframe.OpPong {
		pc.mu.Lock()
		pc.pongs++
		pc.bytes += pc.head + int64(len(p))
		pc.beat = pc.beat || bytes.Equal(p, beat)
		pc.mu.Unlock()
	}
	return nil
}

// counted reports the pong bytes counted, and whether a pong of beat has
// come.
func (pc *pongCount) counted() (int64, bool) {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	return pc.bytes, pc.beat
}

// answers reports the pongs counted.
func (pc *pongCount) answers() int64 {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	return pc.pongs
}

// floodClient is a Go client connected to a rawServer, with the server's
// side of the connection, whose pongs are counted, and a channel told of
// each raw packet of one byte, 0xff, that the client receives (the end
// of a flood).
func floodClient(tb testing.TB, opts ...Option) (*Multiplayer, net.Conn, *pongCount, chan struct{}) {
	url, conns := rawServer(tb)
	m := MustNew(opts...)
	marked := make(chan struct{}, 1)
	m.OnPacket(func(_ PeerID, data []byte) {
		if len(data) == 1 && data[0] == 0xff {
			marked <- struct{}{}
		}
	})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := m.Connect(ctx, url); err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { m.Close() })
	var nc net.Conn
	select {
	case nc = <-conns:
	case <-time.After(10 * time.Second):
		tb.Fatal("the server got no connection")
	}
	return m, nc, countPongs(nc), marked
}

// floodMark is the packet that ends a flood: a raw packet of one byte.
var floodMark = wsframe.AppendFrame(nil, wsframe.OpBinary, []byte{cmdRaw, 0xff})

// floodFrames writes frames, which end with floodMark, to the client and
// waits for the mark.
func floodFrames(tb testing.TB, nc net.Conn, frames []byte, marked <-chan struct{}) {
	if _, err := nc.Write(frames); err != nil {
		tb.Fatal(err)
	}
	select {
	case <-marked:
	case <-time.After(60 * time.Second):
		tb.Fatal("the flood was not read within 60 s")
	}
}

// A server's pings are answered within the rate (WithRateLimit), one at
// a time: a flood of pings, empty or of 125 bytes, is answered with fewer
// bytes than it holds (each answer, masked, is 4 bytes larger than its
// ping: every ping answered made 3.0 and 1.03 times as many bytes), and
// no faster than the rate lets; a ping that comes within the rate once
// the flood is over is answered.
func TestServerPingFloodAnsweredWithinRate(t *testing.T) {
	const rate = 100
	for _, tc := range []struct {
		name string
		ping []byte
	}{
		{"empty", nil},
		{"125 bytes", bytes.Repeat([]byte{'p'}, 125)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, nc, pongs, marked := floodClient(t, WithRateLimit(rate, 5))
			frames := append(bytes.Repeat(wsframe.AppendFrame(nil, wsframe.OpPing, tc.ping), 20000), floodMark...)
			start := time.Now()
			floodFrames(t, nc, frames, marked)
			elapsed := time.Since(start).Seconds()
			// The pongs written before the mark was handled may still be on
			// their way: a ping after them, answered, says they came.
			var sent int64
			deadline := time.Now().Add(10 * time.Second)
			for {
				_, err := nc.Write(wsframe.AppendFrame(nil, wsframe.OpPing, beat))
				require.NoError(t, err)
				sent += int64(2 + len(beat))
				time.Sleep(20 * time.Millisecond) // a token comes every 10 ms
				if _, ok := pongs.counted(); ok {
					break
				}
				require.True(t, time.Now().Before(deadline), "a ping within the rate is answered")
			}
			got, _ := pongs.counted()
			pingBytes := int64(len(frames)) + sent
			t.Logf("%d pings of %d bytes in %.3f s: %d bytes of pongs, %.3f per byte received",
				20000, len(tc.ping), elapsed, got, float64(got)/float64(pingBytes))
			assert.LessOrEqual(t, got, pingBytes, "the answers are no larger than the pings")
			answers := got / int64(6+len(tc.ping))
			assert.LessOrEqual(t, float64(answers), 1+rate*elapsed+1, "answered no faster than the rate")
		})
	}
}

// BenchmarkHostileServerPings: a hostile server floods its Go client with
// pings, empty or of 125 bytes (the most a control frame carries), or
// with empty pongs (heard, never answered), against one sending as many
// bytes of ordinary packets (raw packets of 40 bytes, a game's update):
// the process's CPU per byte (the server's writing and reading are a
// small part of it), and the bytes of the client's pongs per byte the
// server sent. Every ping answered, empty ones cost 77-91 times the
// packets' CPU a byte, and 3.0 bytes of pongs; answered one a window,
// 6.3-7.0 times, and 0.003; one a window and a read, 4.2 times, and
// 0.0015 (empty pongs 6.1 times).
func BenchmarkHostileServerPings(b *testing.B) {
	const size = 64 << 10
	for _, tc := range []struct {
		name  string
		frame []byte
	}{
		{"packets", wsframe.AppendFrame(nil, wsframe.OpBinary, append([]byte{cmdRaw}, make([]byte, 39)...))},
		{"pings-empty", wsframe.AppendFrame(nil, wsframe.OpPing, nil)},
		{"pings-125", wsframe.AppendFrame(nil, wsframe.OpPing, make([]byte, 125))},
		{"pongs-empty", wsframe.AppendFrame(nil, wsframe.OpPong, nil)},
	} {
		b.Run(tc.name, func(b *testing.B) {
			m, nc, pongs, marked := floodClient(b)
			frames := append(bytes.Repeat(tc.frame, size/len(tc.frame)), floodMark...)
			var n int64
			cputime.PerByte(b, len(frames), func() error {
				floodFrames(b, nc, frames, marked)
				n++
				return nil
			})
			m.Close()
			select {
			case <-pongs.done:
			case <-time.After(10 * time.Second):
				b.Fatal("the client did not close")
			}
			got, _ := pongs.counted()
			b.ReportMetric(float64(got)/float64(n*int64(len(frames))), "pong-B/byte")
		})
	}
}

// floodServer is a server (WithRateLimit(rate, burst)) with a client
// upgraded by hand, whose server's pongs are counted, and a channel told
// of each raw packet of one byte, 0xff, that the server receives (the
// end of a flood).
func floodServer(tb testing.TB, rate float64, burst int) (net.Conn, *pongCount, chan struct{}) {
	m := MustNew(WithRateLimit(rate, burst))
	marked := make(chan struct{}, 1)
	m.OnPacket(func(_ PeerID, data []byte) {
		if len(data) == 1 && data[0] == 0xff {
			marked <- struct{}{}
		}
	})
	nc := upgraded(tb, serve(tb, m))
	return nc, countPongsOf(nc, true), marked
}

// clientMark is the packet that ends a client's flood: a raw packet of
// one byte.
var clientMark = clientFrame(wsframe.OpBinary, false, false, []byte{cmdRaw, 0xff})

// A client's pings, within its rate, are answered one pong for the
// pings of each read of the socket (RFC 6455, 5.5.3: a pong may answer
// the latest of the pings not yet answered), not one each: a flood of
// 20000 pings, empty or of 125 bytes, sent in one write, gets at most one
// pong for each 192 bytes it holds (a read takes up to wsReadBuf, 512),
// each no larger than its ping; the last ping of the flood is answered.
// Every ping answered made 20000 pongs; one a read makes 236 and 6670.
func TestClientPingFloodAnsweredOnceARead(t *testing.T) {
	const pings = 20000
	for _, tc := range []struct {
		name string
		ping []byte
	}{
		{"empty", nil},
		{"125 bytes", bytes.Repeat([]byte{'p'}, 125)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			nc, pongs, marked := floodServer(t, 1e9, 1<<30)
			frames := bytes.Repeat(clientFrame(wsframe.OpPing, false, false, tc.ping), pings-1)
			frames = append(frames, clientFrame(wsframe.OpPing, false, false, beat)...)
			frames = append(frames, clientMark...)
			floodFrames(t, nc, frames, marked)
			deadline := time.Now().Add(10 * time.Second)
			for _, ok := pongs.counted(); !ok; _, ok = pongs.counted() {
				require.True(t, time.Now().Before(deadline), "the flood's last ping is answered")
				time.Sleep(10 * time.Millisecond)
			}
			got, _ := pongs.counted()
			answers := pongs.answers()
			t.Logf("%d pings of %d bytes: %d pongs, %d bytes, %.4f a byte received",
				pings, len(tc.ping), answers, got, float64(got)/float64(len(frames)))
			assert.LessOrEqual(t, answers, int64(len(frames)/192), "one pong a read, not one a ping")
			assert.LessOrEqual(t, got, int64(len(frames)), "the answers are no larger than the pings")
		})
	}
}

// Pings answered together still count against the rate one each: a
// flood of pings, sent in one write (one read of the server's), is
// answered no sooner than the rate lets the server take them all.
func TestClientPingFloodWithinRate(t *testing.T) {
	const rate, burst, pings = 100, 5, 60
	nc, pongs, marked := floodServer(t, rate, burst)
	frames := bytes.Repeat(clientFrame(wsframe.OpPing, false, false, nil), pings-1)
	frames = append(frames, clientFrame(wsframe.OpPing, false, false, beat)...)
	start := time.Now()
	_, err := nc.Write(frames)
	require.NoError(t, err)
	deadline := start.Add(10 * time.Second)
	for _, ok := pongs.counted(); !ok; _, ok = pongs.counted() {
		require.True(t, time.Now().Before(deadline), "the flood's last ping is answered")
		time.Sleep(time.Millisecond)
	}
	elapsed := time.Since(start).Seconds()
	t.Logf("%d pings answered after %.3f s, %d pongs", pings, elapsed, pongs.answers())
	assert.LessOrEqual(t, float64(pings), burst+rate*elapsed+1, "answered faster than the rate")
	floodFrames(t, nc, clientMark, marked) // served still
}

// BenchmarkHostileClientPings: a client floods its server with pings,
// empty or of 125 bytes, alone or each followed by a packet of 40 bytes,
// or with empty pongs (heard, never answered), against as many bytes of
// packets (raw packets of 40 bytes, not
// echoed), with a rate (WithRateLimit) high enough that none waits: the
// process's CPU per byte, and the bytes of the server's pongs per byte
// the client sent. Beyond its rate the server reads the client no faster
// than the rate (TestRateLimitPings), 10 000 pings a second by default.
// Every ping answered with a write of its own, empty ones cost 34-38
// (alone) times the packets' CPU a byte, and 0.33 bytes of pongs.
func BenchmarkHostileClientPings(b *testing.B) {
	const size = 64 << 10
	packet := clientFrame(wsframe.OpBinary, false, false, append([]byte{cmdRaw}, make([]byte, 39)...))
	for _, tc := range []struct {
		name  string
		frame []byte
	}{
		{"packets", packet},
		{"pings-empty", clientFrame(wsframe.OpPing, false, false, nil)},
		{"pings-125", clientFrame(wsframe.OpPing, false, false, make([]byte, 125))},
		{"pings-and-packets", append(clientFrame(wsframe.OpPing, false, false, nil), packet...)},
		{"pongs-empty", clientFrame(wsframe.OpPong, false, false, nil)},
	} {
		b.Run(tc.name, func(b *testing.B) {
			nc, pongs, marked := floodServer(b, 1e9, 1<<30)
			frames := append(bytes.Repeat(tc.frame, size/len(tc.frame)), clientMark...)
			last := clientFrame(wsframe.OpPing, false, false, beat)
			var n int64
			cputime.PerByte(b, len(frames), func() error {
				floodFrames(b, nc, frames, marked)
				n++
				return nil
			})
			b.StopTimer()
			// The pongs written before the mark was handled may still be on
			// their way: a ping after them, answered, says they came.
			if _, err := nc.Write(last); err != nil {
				b.Fatal(err)
			}
			deadline := time.Now().Add(10 * time.Second)
			for _, ok := pongs.counted(); !ok; _, ok = pongs.counted() {
				if time.Now().After(deadline) {
					b.Fatal("the last ping was not answered within 10 s")
				}
				time.Sleep(10 * time.Millisecond)
			}
			nc.Close()
			select {
			case <-pongs.done:
			case <-time.After(10 * time.Second):
				b.Fatal("the pongs were not read")
			}
			got, _ := pongs.counted()
			b.ReportMetric(float64(got)/float64(n*int64(len(frames))+int64(len(last))), "pong-B/byte")
		})
	}
}

// Godot's keep-alive is answered in time: a Godot 4.6 client pings its Go
// server as WebSocketPeer's heartbeat_interval has it (a ping each 2 s,
// and the connection dropped if an answer has not been read by the
// next), while it sends a packet each frame, which come with its pings.
// Every packet arrives, and nothing is reported. The interval is
// generous: the engine drops the connection after a frame of its own
// that stalls for about the interval, however soon the answer came.
// With no answer written, the engine dropped it.
func TestLiveHeartbeatAnswered(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	m := MustNew()
	var packets atomic.Int64
	last := make(chan struct{})
	m.OnPacket(func(_ PeerID, data []byte) {
		if len(data) == 2 {
			close(last)
			return
		}
		packets.Add(1)
	})
	var errs errorLog
	m.OnError(errs.add)
	out := godot.RunScript(t, engine, "scripts/multiplayer/heartbeat.gd", serve(t, m), "2", "5")
	require.Contains(t, out, "DONE")
	select {
	case <-last:
	case <-time.After(liveWait):
		t.Fatal("the last packet did not come")
	}
	sent := mpcases.Lines(out, "SENT ")
	require.Len(t, sent, 1)
	assert.Equal(t, sent[0], strconv.FormatInt(packets.Load(), 10), "every packet arrived")
	assert.Empty(t, errs.get())
}
