package multiplayer

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gdvar/gdvar/internal/testrig/cputime"
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

// pongCount reads a client's frames on a server's connection, counting
// the bytes of its pongs, frames whole (a masked pong carries 6 bytes
// besides its payload), and noting a pong of beat; it reads until the
// client's close frame or the socket's end, and then closes the socket.
type pongCount struct {
	mu    sync.Mutex
	bytes int64
	beat  bool
	done  chan struct{}
}

// beat is the payload of a ping that the flood tests expect answered.
var beat = []byte("beat")

func countPongs(nc net.Conn) *pongCount {
	pc := &pongCount{done: make(chan struct{})}
	go func() {
		defer close(pc.done)
		defer nc.Close()
		r := &wsframe.Reader{Buf: bufio.NewReader(nc), Conn: nc, Limit: 1 << 20, Late: time.Minute, Peer: pc}
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
		pc.bytes += int64(6 + len(p))
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
// 6.3-7.0 times, and 0.003.
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

// BenchmarkHostileClientPings: a client floods its server with empty
// pings, against as many bytes of packets (raw packets of 40 bytes, not
// echoed), with a rate (WithRateLimit) high enough that no ping waits:
// within its rate a client's every ping is answered, with a write each,
// where beyond it the server reads the client no faster than the rate
// (TestRateLimitPings), 10 000 pings a second by default.
func BenchmarkHostileClientPings(b *testing.B) {
	const size = 64 << 10
	for _, tc := range []struct {
		name  string
		frame []byte
	}{
		{"packets", clientFrame(wsframe.OpBinary, false, false, append([]byte{cmdRaw}, make([]byte, 39)...))},
		{"pings-empty", clientFrame(wsframe.OpPing, false, false, nil)},
	} {
		b.Run(tc.name, func(b *testing.B) {
			m := MustNew(WithRateLimit(1e9, 1<<30))
			marked := make(chan struct{}, 1)
			m.OnPacket(func(_ PeerID, data []byte) {
				if len(data) == 1 && data[0] == 0xff {
					marked <- struct{}{}
				}
			})
			nc := upgraded(b, serve(b, m))
			go io.Copy(io.Discard, nc) // the answers
			frames := append(bytes.Repeat(tc.frame, size/len(tc.frame)), clientFrame(wsframe.OpBinary, false, false, []byte{cmdRaw, 0xff})...)
			cputime.PerByte(b, len(frames), func() error {
				floodFrames(b, nc, frames, marked)
				return nil
			})
		})
	}
}
