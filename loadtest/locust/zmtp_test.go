package locust

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"io"
	"os"
	"testing"
	"time"

	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// frameOf is the ZMTP frame of a body, with flags.
func frameOf(flags byte, body []byte) []byte {
	if len(body) > 255 {
		return append(binary.BigEndian.AppendUint64([]byte{flags | flagLong}, uint64(len(body))), body...)
	}
	return append([]byte{flags, byte(len(body))}, body...)
}

// readerOf is a connection's reading side over in.
func readerOf(in []byte) *zmtpConn {
	return &zmtpConn{r: bufio.NewReaderSize(hostile.Stalled(in), 4096)}
}

// A frame's room grows with the bytes that came, whatever length it
// declares; past maxFrame it is refused before any room is made.
func TestReadFrameBounded(t *testing.T) {
	declared := func(size uint64, body int) []byte {
		return append(binary.BigEndian.AppendUint64([]byte{flagLong}, size), make([]byte, body)...)
	}
	for _, tc := range []struct {
		name, error string
		in          []byte
	}{
		{"2^62 bytes declared", "a message of 4611686018427387904 bytes, over the bound of 1048576", declared(1<<62, 100)},
		{"one past the bound", "over the bound", declared(maxFrame+1, 100)},
		{"a flag ZMTP 3 does not have", "flags 0x8", []byte{0x08, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := readerOf(tc.in).readFrame()
			require.ErrorIs(t, err, ErrMaster)
			assert.ErrorContains(t, err, tc.error)
		})
	}
	for _, got := range []int{10, 100 << 10} {
		in := declared(maxFrame, got)
		var err error
		allocated := hostile.AllocatedLeast(3, func() { _, _, err = readerOf(in).readFrame() })
		require.ErrorIs(t, err, os.ErrDeadlineExceeded, "the peer stalled")
		assert.LessOrEqual(t, allocated, uint64(4*max(got, readChunk)), "%d bytes of %d declared: %d allocated", got, maxFrame, allocated)
		t.Logf("%d bytes of a frame declaring %d: %d bytes allocated", got, maxFrame, allocated)
	}
	flags, body, err := readerOf(frameOf(flagMore, []byte("ab"))).readFrame()
	require.NoError(t, err)
	assert.Equal(t, byte(flagMore), flags)
	assert.Equal(t, "ab", string(body))
}

// peer runs a ZMTP peer that writes out, then reads until the worker's
// side closes, on a loopback port.
func peer(t *testing.T, out []byte) string {
	f := newFakeMaster(t)
	go func() {
		c := <-f.conns
		defer c.Close()
		c.Write(out)
		io.Copy(io.Discard, c)
	}()
	return f.addr()
}

// greetingOf is greeting() changed by change.
func greetingOf(change func(g []byte)) []byte {
	g := greeting()
	change(g)
	return g
}

// readyOf is the READY command of a socket type.
func readyOf(socket string) []byte {
	var b bytes.Buffer
	b.WriteString("\x05READY")
	property(&b, "Socket-Type", socket)
	return frameOf(flagCommand, b.Bytes())
}

// The handshake refuses a peer that is not a Locust master's ZeroMQ
// ROUTER, saying what it is; a silent one is refused within the
// context's time.
func TestHandshakeRefuses(t *testing.T) {
	http := []byte("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
	for _, tc := range []struct {
		name, error string
		out         []byte
	}{
		{"a web server", "does not greet as ZeroMQ does", http},
		{"ZMTP 2", "ZMTP 2.0: a ZeroMQ before 4", greetingOf(func(g []byte) { g[10], g[11] = 2, 0 })},
		{"CURVE", `ZeroMQ security "CURVE"`, greetingOf(func(g []byte) { copy(g[12:32], "CURVE\x00\x00\x00\x00") })},
		{"a PUB", `its ZeroMQ socket is a "PUB"`, append(greeting(), readyOf("PUB")...)},
		{"no socket type", `its ZeroMQ socket is a ""`, append(greeting(), frameOf(flagCommand, []byte("\x05READY"))...)},
		{"an ERROR", "it refused the handshake", append(greeting(), frameOf(flagCommand, []byte("\x05ERROR\x06denied"))...)},
		{"a message, not READY", "its handshake is not a ZeroMQ command", append(greeting(), frameOf(0, []byte("hello"))...)},
		{"a command cut", "its handshake is not a ZeroMQ command", append(greeting(), frameOf(flagCommand, []byte("\x09READY"))...)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			_, err := dialZMTP(ctx, peer(t, tc.out), "w")
			require.ErrorIs(t, err, ErrMaster)
			assert.ErrorContains(t, err, tc.error)
		})
	}
	t.Run("silent", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		defer cancel()
		began := time.Now()
		_, err := dialZMTP(ctx, peer(t, nil), "w")
		require.ErrorIs(t, err, os.ErrDeadlineExceeded)
		assert.Less(t, time.Since(began), 5*time.Second)
	})
}

// A PING is answered with a PONG of its context, and passed over; a
// message of several frames is read a frame at a time, as Locust reads
// it.
func TestPingAnswered(t *testing.T) {
	f := newFakeMaster(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	dialed := make(chan *zmtpConn, 1)
	go func() {
		z, err := dialZMTP(ctx, f.addr(), "w")
		assert.NoError(t, err)
		dialed <- z
	}()
	m := f.router(t)
	z := <-dialed
	require.NotNil(t, z)
	defer z.close()
	assert.True(t, z.pings, "ZMTP 3.1")
	m.raw(nil) // an empty message first
	require.NoError(t, m.z.write(flagCommand, []byte("\x04PING\x00\x0aabc")))
	require.NoError(t, m.z.write(flagMore, []byte("one")))
	require.NoError(t, m.z.write(0, []byte("two")))
	for _, want := range []string{"", "one", "two"} {
		got, err := z.next(time.Second)
		require.NoError(t, err)
		assert.Equal(t, want, string(got))
	}
	flags, body, err := m.z.readFrame()
	require.NoError(t, err)
	assert.Equal(t, byte(flagCommand), flags)
	assert.Equal(t, "\x04PONGabc", string(body))
	require.NoError(t, z.ping())
	flags, body, err = m.z.readFrame()
	require.NoError(t, err)
	assert.Equal(t, byte(flagCommand), flags)
	assert.Equal(t, "\x04PING\x00\x00", string(body), "a TTL of 0")
}
