package locust

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"github.com/vmihailenco/msgpack/v5"
)

// A fakeMaster is a master in this process, for the tests of what a
// worker does with a master that misbehaves: it listens on the loopback,
// and each connection is the test's to play.
type fakeMaster struct {
	ln    net.Listener
	conns chan net.Conn
}

func newFakeMaster(t *testing.T) *fakeMaster {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	f := &fakeMaster{ln: ln, conns: make(chan net.Conn, 4)}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			f.conns <- c
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		for {
			select {
			case c := <-f.conns:
				c.Close()
			default:
				return
			}
		}
	})
	return f
}

func (f *fakeMaster) addr() string { return f.ln.Addr().String() }

// accept returns the next connection, raw.
func (f *fakeMaster) accept(t *testing.T) net.Conn {
	select {
	case c := <-f.conns:
		t.Cleanup(func() { c.Close() })
		return c
	case <-time.After(10 * time.Second):
		t.Fatal("no worker connected within 10 s")
		return nil
	}
}

// A fakeConn is a worker's connection to the fake master once it has
// made ZeroMQ's handshake as a ROUTER.
type fakeConn struct {
	t *testing.T
	z *zmtpConn
}

// router accepts the next worker and makes the handshake as a ROUTER of
// ZMTP 3.1.
func (f *fakeMaster) router(t *testing.T) *fakeConn {
	c := f.accept(t)
	z := &zmtpConn{c: c, r: bufio.NewReader(c)}
	c.SetDeadline(time.Now().Add(10 * time.Second))
	_, err := c.Write(greeting())
	require.NoError(t, err)
	var g [64]byte
	_, err = io.ReadFull(z.r, g[:])
	require.NoError(t, err)
	var ready bytes.Buffer
	ready.WriteString("\x05READY")
	property(&ready, "Socket-Type", "ROUTER")
	require.NoError(t, z.write(flagCommand, ready.Bytes()))
	flags, body, err := z.readFrame()
	require.NoError(t, err)
	name, props, ok := command(body)
	require.True(t, ok && flags&flagCommand != 0 && name == "READY", "the worker's READY")
	require.Equal(t, "DEALER", socketType(props))
	c.SetDeadline(time.Time{})
	return &fakeConn{t: t, z: z}
}

// acked accepts the next worker, makes the handshake, and acks its
// client_ready with index.
func (f *fakeMaster) acked(t *testing.T, index int) *fakeConn {
	c := f.router(t)
	typ, data := c.recv()
	require.Equal(t, "client_ready", typ)
	require.EqualValues(t, -1, data, "a worker of any version")
	c.send("ack", map[string]any{"index": index})
	return c
}

// recv returns the worker's next message, within 10 s.
func (c *fakeConn) recv() (typ string, data any) {
	c.t.Helper()
	typ, data, err := c.next()
	require.NoError(c.t, err, "the worker's next message")
	return typ, data
}

// next returns the worker's next message, within 10 s, or why not; the
// PINGs before it are answered.
func (c *fakeConn) next() (typ string, data any, err error) {
	c.z.c.SetReadDeadline(time.Now().Add(10 * time.Second))
	for {
		flags, body, err := c.z.readFrame()
		if err != nil {
			return "", nil, err
		}
		if flags&flagCommand != 0 { // its PINGs, answered as libzmq answers them
			if name, rest, ok := command(body); ok && name == "PING" && len(rest) >= 2 {
				if err := c.z.write(flagCommand, append([]byte("\x04PONG"), rest[2:]...)); err != nil {
					return "", nil, err
				}
			}
			continue
		}
		d := msgpack.NewDecoder(bytes.NewReader(body))
		d.SetMapDecoder(func(d *msgpack.Decoder) (any, error) { return d.DecodeUntypedMap() })
		var m []any
		if err := d.Decode(&m); err != nil {
			return "", nil, err
		}
		if len(m) != 3 {
			return "", nil, fmt.Errorf("a message of %d, not [type, data, node_id]", len(m))
		}
		return m[0].(string), plain(m[1]), nil
	}
}

// plain is v with its maps of string keys as map[string]any, the others'
// as map[int64]any, and its whole numbers as int64: what a test compares.
func plain(v any) any {
	switch v := v.(type) {
	case map[any]any:
		strs, ints := map[string]any{}, map[int64]any{}
		for k, e := range v {
			switch k := plain(k).(type) {
			case string:
				strs[k] = plain(e)
			case int64:
				ints[k] = plain(e)
			}
		}
		if len(ints) > 0 {
			return ints
		}
		return strs
	case []any:
		for i, e := range v {
			v[i] = plain(e)
		}
		return v
	case int8, int16, int32, int64, uint8, uint16, uint32, uint64:
		var n int64
		fmt.Sscan(fmt.Sprint(v), &n)
		return n
	}
	return v
}

// expect returns the data of the worker's next message of type typ,
// past its heartbeats and stats.
func (c *fakeConn) expect(typ string) any {
	c.t.Helper()
	for {
		got, data := c.recv()
		if got == typ {
			return data
		}
		require.Contains(c.t, []string{"heartbeat", "stats", "spawning"}, got, "waiting for %s", typ)
	}
}

// send sends the worker a message.
func (c *fakeConn) send(typ string, data any) {
	c.t.Helper()
	b, err := msgpack.Marshal([]any{typ, data, "worker"})
	require.NoError(c.t, err)
	c.raw(b)
}

// raw sends the worker a frame of body.
func (c *fakeConn) raw(body []byte) {
	c.t.Helper()
	require.NoError(c.t, c.z.write(0, body))
}

// spawn sends the worker a spawn of users of the class Bot.
func (c *fakeConn) spawn(at float64, users int64) {
	c.send("spawn", map[string]any{"timestamp": at, "user_classes_count": map[string]int64{"Bot": users},
		"host": "", "stop_timeout": nil, "parsed_options": map[string]any{"spawn_rate": 1e9}})
}
