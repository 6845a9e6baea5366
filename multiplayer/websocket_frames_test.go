package multiplayer

import (
	"bufio"
	"context"
	"encoding/binary"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gdvar/gdvar/internal/wsframe"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// frameConn is a client's socket, upgraded by hand, that writes and
// reads raw frames.
type frameConn struct {
	nc net.Conn
	br *bufio.Reader
}

// dialFrames upgrades a socket to port's server and reads its peer id.
func dialFrames(t *testing.T, port string) *frameConn { return dialWith(t, "127.0.0.1:"+port, nil) }

// dialWith upgrades a socket to the server at addr, sending sent with its
// request, and reads its peer id.
func dialWith(t *testing.T, addr string, sent []byte) *frameConn {
	nc, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	t.Cleanup(func() { nc.Close() })
	require.NoError(t, nc.SetDeadline(time.Now().Add(10*time.Second)))
	_, err = nc.Write(append([]byte("GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"+
		"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"), sent...))
	require.NoError(t, err)
	f := &frameConn{nc: nc, br: bufio.NewReader(nc)}
	resp, err := http.ReadResponse(f.br, nil)
	require.NoError(t, err)
	require.Equal(t, http.StatusSwitchingProtocols, resp.StatusCode)
	op, id := f.next(t)
	require.Equal(t, wsframe.OpBinary, op)
	require.Len(t, id, 4)
	op, _ = f.next(t)
	require.Equal(t, wsframe.OpPing, op, "the ping sent with the id")
	_, err = nc.Write(clientFrame(wsframe.OpPong, false, false, nil)) // as a live client answers it
	require.NoError(t, err)
	return f
}

// clientFrame makes a client frame of op (fin unless more), masked unless unmasked.
func clientFrame(op wsframe.Opcode, more, unmasked bool, p []byte) []byte {
	b := []byte{byte(op)}
	if !more {
		b[0] |= 0x80
	}
	maskBit := byte(0x80)
	if unmasked {
		maskBit = 0
	}
	switch {
	case len(p) < 126:
		b = append(b, maskBit|byte(len(p)))
	default:
		b = binary.BigEndian.AppendUint16(append(b, maskBit|126), uint16(len(p)))
	}
	if unmasked {
		return append(b, p...)
	}
	key := [4]byte{1, 2, 3, 4}
	b = append(b, key[:]...)
	for i, c := range p {
		b = append(b, c^key[i&3])
	}
	return b
}

// declaring is the header of a client frame whose first byte is b0,
// declaring n bytes in a 64-bit length, masked by a zero key: what
// follows it is its payload as it is.
func declaring(b0 byte, n uint64) []byte {
	return append(binary.BigEndian.AppendUint64([]byte{b0, 0x80 | 127}, n), 0, 0, 0, 0)
}

// next reads the server's next frame, which is unmasked.
func (f *frameConn) next(t *testing.T) (op wsframe.Opcode, p []byte) {
	var h [2]byte
	_, err := io.ReadFull(f.br, h[:])
	require.NoError(t, err)
	require.Zero(t, h[1]&0x80, "a server's frame is not masked")
	n := int(h[1] & 0x7f)
	if n == 126 {
		var l [2]byte
		_, err = io.ReadFull(f.br, l[:])
		require.NoError(t, err)
		n = int(binary.BigEndian.Uint16(l[:]))
	}
	p = make([]byte, n)
	_, err = io.ReadFull(f.br, p)
	require.NoError(t, err)
	return wsframe.Opcode(h[0] & 0x0f), p
}

// closeCode reads frames until the close frame and returns its code.
func (f *frameConn) closeCode(t *testing.T) int {
	for {
		op, p := f.next(t)
		if op == wsframe.OpClose {
			require.Len(t, p, 2)
			return int(binary.BigEndian.Uint16(p))
		}
	}
}

// The server reads a message in fragments, with a ping among them, and
// answers the ping with its payload.
func TestServerFrames(t *testing.T) {
	port, _ := testServer(t)
	f := dialFrames(t, port)
	pkt := []byte{cmdRaw, 1, 2, 3, 4, 5}
	var out []byte
	out = append(out, clientFrame(wsframe.OpBinary, true, false, pkt[:2])...)
	out = append(out, clientFrame(wsframe.OpPing, false, false, []byte("hi"))...)
	out = append(out, clientFrame(wsframe.OpContinuation, true, false, pkt[2:4])...)
	out = append(out, clientFrame(wsframe.OpContinuation, false, false, pkt[4:])...)
	_, err := f.nc.Write(out)
	require.NoError(t, err)
	var got [][]byte
	var pong []byte
	for len(got) == 0 || pong == nil {
		op, p := f.next(t)
		switch op {
		case wsframe.OpPong:
			pong = p
		case wsframe.OpBinary:
			got = append(got, p)
		}
	}
	assert.Equal(t, []byte("hi"), pong)
	assert.Equal(t, [][]byte{pkt}, got)

	_, err = f.nc.Write(clientFrame(wsframe.OpClose, false, false, []byte{0x03, 0xe9})) // 1001
	require.NoError(t, err)
	assert.Equal(t, 1001, f.closeCode(t), "the peer's code is echoed")
	_, err = f.br.ReadByte()
	assert.ErrorIs(t, err, io.EOF, "the server closes the socket")
}

// What a client sends with its request, before the answer (its first
// frames), is read as it was sent, from Serve's connections (which hold
// the request's head) and behind an http.Server of one's own (ServeHTTP,
// whose net/http read it ahead).
func TestFramesWithTheRequest(t *testing.T) {
	for _, tc := range []struct {
		name  string
		serve func(t *testing.T, m *Multiplayer) string // its address
	}{
		{"Serve", func(t *testing.T, m *Multiplayer) string { return "127.0.0.1:" + serve(t, m) }},
		{"ServeHTTP", func(t *testing.T, m *Multiplayer) string {
			srv := httptest.NewServer(m)
			t.Cleanup(func() { m.Close(); srv.Close() })
			return srv.Listener.Addr().String()
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := MustNew()
			m.OnPacket(func(from PeerID, data []byte) { m.SendBytes(from, data) })
			pkts := [][]byte{{cmdRaw, 1}, append([]byte{cmdRaw}, make([]byte, 5000)...)}
			f := dialWith(t, tc.serve(t, m), slices.Concat(clientFrame(wsframe.OpBinary, false, false, pkts[0]), clientFrame(wsframe.OpBinary, false, false, pkts[1])))
			for _, pkt := range pkts {
				op, p := f.next(t)
				assert.Equal(t, wsframe.OpBinary, op)
				assert.Equal(t, pkt, p, "echoed")
			}
		})
	}
}

// What RFC 6455 refuses of a client's frames closes its connection, with
// the code that says why (RFC 6455, 7.4.1), and is reported.
func TestServerRefusedFrames(t *testing.T) {
	for _, tc := range []struct {
		name  string
		frame []byte
		code  int
	}{
		{"an unmasked frame", clientFrame(wsframe.OpBinary, false, true, []byte{cmdRaw}), 1002},
		{"reserved bits", func() []byte {
			b := clientFrame(wsframe.OpBinary, false, false, []byte{cmdRaw})
			b[0] |= 0x40
			return b
		}(), 1002},
		{"a control frame of 126 bytes", clientFrame(wsframe.OpPing, false, false, make([]byte, 126)), 1002},
		{"a fragmented control frame", clientFrame(wsframe.OpPing, true, false, nil), 1002},
		{"a continuation without a message", clientFrame(wsframe.OpContinuation, false, false, []byte{cmdRaw}), 1002},
		{"a new message within a message", append(clientFrame(wsframe.OpBinary, true, false, []byte{cmdRaw}), clientFrame(wsframe.OpBinary, false, false, []byte{cmdRaw})...), 1002},
		{"an unknown opcode", clientFrame(0x3, false, false, nil), 1002},
		{"an unknown control opcode", clientFrame(0xb, false, false, nil), 1002},
		{"a close frame of 1 byte", clientFrame(wsframe.OpClose, false, false, []byte{3}), 1002},
		{"a close code not to be sent", clientFrame(wsframe.OpClose, false, false, []byte{0x03, 0xed}), 1002}, // 1005
		{"a message over the packet limit", clientFrame(wsframe.OpBinary, false, false, make([]byte, 1001)), 1009},
		{"fragments over the packet limit", append(clientFrame(wsframe.OpBinary, true, false, make([]byte, 600)), clientFrame(wsframe.OpContinuation, false, false, make([]byte, 401))...), 1009},
		// 10 bytes and a continuation declaring 2^63-5: their sum overflowed
		// an int64, passed the limit, and the buffer made for it crashed the
		// server.
		{"a continuation declaring 2^63-5 bytes", slices.Concat(clientFrame(wsframe.OpBinary, true, false, make([]byte, 10)), declaring(0x80, 1<<63-5), []byte{1, 2}), 1009},
		{"a length with its top bit set", declaring(0x82, 1<<63|5), 1002},
		{"a frame declaring 2^62 bytes", declaring(0x82, 1<<62), 1009},
		{"a frame declaring 2^62 bytes, its bytes coming", append(declaring(0x82, 1<<62), make([]byte, 64<<10)...), 1009},
		{"a length not in its shortest form", []byte{0x82, 0x80 | 126, 0, 1, 0, 0, 0, 0, cmdRaw}, 1002},
		{"text that is not UTF-8", clientFrame(wsframe.OpText, false, false, []byte{cmdRaw, 0xff}), 1007},
	} {
		t.Run(tc.name, func(t *testing.T) {
			port, errs := testServer(t, WithMaxPacketSize(1000))
			f := dialFrames(t, port)
			_, err := f.nc.Write(tc.frame)
			require.NoError(t, err)
			assert.Equal(t, tc.code, f.closeCode(t))
			f.nc.Close() // as a client does once the close frame came
			waitFor(t, "the error reported", func() bool { return len(errs.get()) > 0 })
			var refused CloseError
			require.ErrorAs(t, errs.get()[0], &refused)
			assert.EqualValues(t, tc.code, refused.Code)
		})
	}
}

// What RFC 6455 refuses of a server's frames closes a Go client's
// connection, with the code that says why, and is reported.
func TestClientRefusedFrames(t *testing.T) {
	for _, tc := range []struct {
		name  string
		frame []byte
		code  wsframe.CloseCode
	}{
		{"a masked frame", clientFrame(wsframe.OpBinary, false, false, []byte{cmdRaw}), wsframe.CloseProtocolError},
		{"reserved bits", []byte{0xc2, 1, cmdRaw}, wsframe.CloseProtocolError},
		{"a message over the packet limit", wsframe.AppendFrame(nil, wsframe.OpBinary, make([]byte, 1001)), wsframe.CloseTooBig},
		{"a frame declaring 2^62 bytes", binary.BigEndian.AppendUint64([]byte{0x82, 127}, 1<<62), wsframe.CloseTooBig},
		{"text that is not UTF-8", wsframe.AppendFrame(nil, wsframe.OpText, []byte{cmdRaw, 0xff}), wsframe.CloseInvalidData},
	} {
		t.Run(tc.name, func(t *testing.T) {
			closed := make(chan wsframe.CloseCode, 1)
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				h, err := wsframe.Upgrader{}.Accept(w, r)
				if err != nil {
					return
				}
				defer h.Conn.Close()
				h.Conn.SetDeadline(time.Now().Add(10 * time.Second))
				h.Conn.Write(slices.Concat(wsframe.AppendFrame(h.Response, wsframe.OpBinary, []byte{2, 0, 0, 0}), tc.frame))
				closes := &closeLog{}
				fromClient := &wsframe.Reader{Buf: bufio.NewReader(h.Conn), Conn: h.Conn, Limit: 1 << 20, Peer: closes}
				for err == nil {
					_, err = fromClient.ReadMessage(nil)
				}
				closed <- closes.code
			}))
			defer srv.Close()
			m := MustNew(WithMaxPacketSize(1000))
			errs := &errorLog{}
			m.OnError(errs.add)
			defer m.Close()
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			require.NoError(t, m.Connect(ctx, "ws"+strings.TrimPrefix(srv.URL, "http")))
			select {
			case code := <-closed:
				assert.Equal(t, tc.code, code, "the client's close frame")
			case <-time.After(10 * time.Second):
				t.Fatal("no close frame from the client")
			}
			waitFor(t, "the error reported", func() bool { return len(errs.get()) > 0 })
			var refused CloseError
			require.ErrorAs(t, errs.get()[0], &refused)
			assert.Equal(t, tc.code, refused.Code)
		})
	}
}

// closeLog is a wsframe.Peer that keeps the code of the close frame read.
type closeLog struct{ code wsframe.CloseCode }

func (*closeLog) Began() {}

func (l *closeLog) Control(op wsframe.Opcode, p []byte) error {
	if op == wsframe.OpClose && len(p) >= 2 {
		l.code = wsframe.CloseCode(binary.BigEndian.Uint16(p))
	}
	return nil
}

// A message exactly at the packet limit is read.
func TestServerFrameAtLimit(t *testing.T) {
	port, _ := testServer(t, WithMaxPacketSize(1000))
	f := dialFrames(t, port)
	pkt := append([]byte{cmdRaw}, make([]byte, 999)...)
	_, err := f.nc.Write(clientFrame(wsframe.OpBinary, false, false, pkt))
	require.NoError(t, err)
	op, p := f.next(t)
	assert.Equal(t, wsframe.OpBinary, op)
	assert.Equal(t, pkt, p)
}

// An idle peer's reading goroutine waits with readFrames's frame off its
// stack (see wsframe.Reader.ReadMessage), a ping's answer read or not: so
// waiting, it fits in the 2 KiB stack a goroutine starts with.
func TestIdlePeerWaitsInRead(t *testing.T) {
	const peers = 4
	m := newEchoServer()
	port := serve(t, m)
	for i := range peers {
		nc := upgraded(t, port)
		if i%2 == 0 {
			_, err := nc.Write([]byte{0x80 | byte(wsframe.OpPong), 0x80, 1, 2, 3, 4}) // masked, empty
			require.NoError(t, err)
		}
	}
	inRead := regexp.MustCompile(`bufio\.\(\*Reader\)\.Peek\(.*\n.*\n.*wsframe\.\(\*Reader\)\.ReadMessage\(`)
	assert.Eventually(t, func() bool { return len(inRead.FindAllString(allStacks(), -1)) == peers },
		10*time.Second, 10*time.Millisecond, "every peer's goroutine waits in read, which Peeks")
}

// allStacks is every goroutine's stack.
func allStacks() string {
	buf := make([]byte, 1<<20)
	return string(buf[:runtime.Stack(buf, true)])
}
