package multiplayer

import (
	"context"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"github.com/gdvar/gdvar/multiplayer/mode"
	"math"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/gdvar/gdvar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Arguments in the compressed form, as Godot 4.6 sent them (captured from
// a client's rpc_id(1, "echo", true, -2, 1000) and rpc_id(1, "echo", 42,
// "hi", Vector3(1, 2, 3)); TestLiveClientCallsGoServer checks every type).
func TestArgs(t *testing.T) {
	for _, c := range []struct {
		value any
		arg   string
		var_  string // var_to_bytes of the value
	}{
		{true, "81", "0100000001000000"},
		{false, "01", "0100000000000000"},
		{-2, "02fe", "02000000feffffff"},
		{42, "022a", "020000002a000000"},
		{1000, "42e803", "02000000e8030000"},
		{int64(math.MaxInt32), "82ffffff7f", "02000000ffffff7f"},
		{int64(math.MinInt32) - 1, "c2ffffff7fffffffff", "02000100ffffff7fffffffff"},
		{"hi", "040000000200000068690000", "040000000200000068690000"},
		{gdvar.Vector3{X: 1, Y: 2, Z: 3}, "090000000000803f0000004000004040", "090000000000803f0000004000004040"},
		{nil, "00000000", "00000000"},
	} {
		arg, err := AppendArg(nil, c.value, nil)
		require.NoError(t, err)
		assert.Equal(t, c.arg, hex.EncodeToString(arg), "%v", c.value)
		value, n, err := ReadArg(nil, append(arg, 0xff), nil) // a byte of the next argument after it
		require.NoError(t, err)
		assert.Equal(t, len(arg), n, "%v", c.value)
		assert.Equal(t, c.var_, hex.EncodeToString(value), "%v", c.value)
		varBytes, _ := hex.DecodeString(c.var_)
		again, err := CompressArg(nil, varBytes)
		require.NoError(t, err)
		assert.Equal(t, arg, again, "%v", c.value)
	}
	for _, bad := range []string{"", "42e8", "27", "3f", "04000000ff000000"} {
		b, _ := hex.DecodeString(bad)
		_, _, err := ReadArg(nil, b, nil)
		assert.ErrorIs(t, err, ErrMalformed, bad)
	}
	for _, bad := range []string{"", "02000000", "01000000", "0200010001000000", "020000000100000000000000"} {
		b, _ := hex.DecodeString(bad)
		_, err := CompressArg(nil, b)
		assert.ErrorIs(t, err, ErrMalformed, bad)
	}
}

// The checksum is the MD5 of the RPC names sorted by code point:
// upper case before "_" before lower case.
func TestChecksum(t *testing.T) {
	assert.Equal(t, "4954f019d43fb5fd1b63c0b87a378da8", Checksum([]string{"ping", "chat_message", "Update"}))
	assert.Equal(t, "d41d8cd98f00b204e9800998ecf8427e", Checksum(nil))
	m := MustNew()
	n := m.Node("Main", Method{Name: "ping", Mode: mode.AnyPeer}, Method{Name: "chat_message", Mode: mode.AnyPeer}, Method{Name: "Update"})
	for want, name := range []string{"Update", "chat_message", "ping"} {
		meth := n.byName(name)
		require.NotNil(t, meth, name)
		assert.Equal(t, uint16(want), meth.id, name)
	}
	assert.Equal(t, "/root/Main", n.Path())
	assert.Panics(t, func() { m.Node("/root/Main") }, "declared twice")
	assert.Panics(t, func() { m.Node("/elsewhere") }, "not under /root")
	assert.Panics(t, func() { m.Node("Other", Method{Name: "a"}, Method{Name: "a"}) }, "a method twice")
	assert.Panics(t, func() { n.Handle("nope", func(*Call) {}) }, "no such method")
	assert.Panics(t, func() { n.Handle("ping", func(int) {}) }, "not a handler")
}

// The remote-call layouts, as Godot 4.6 wrote them (captured): the path
// in the packet before the node is confirmed, the cache id after.
func TestCallLayout(t *testing.T) {
	for _, c := range []struct {
		node   uint32
		path   string
		method uint16
		raw    bool
		argc   int
		args   string
		packet string
	}{
		{0, "Main", 0, false, 3, "81" + "02fe" + "42e803", "200d00008000038102fe42e8034d61696e00"},
		{0, "Main", 0, true, 0, "", "a00600008000" + "4d61696e00"},
		{0, "Main", 0, true, 0, "010203", "a00900008000010203" + "4d61696e00"},
		{1, "", 2, false, 1, "022a", "000102" + "01022a"},
		{300, "", 0x8001, true, 0, "", "d02c010180"},
	} {
		args, _ := hex.DecodeString(c.args)
		pkt := appendCall(nil, c.node, c.path, c.method, c.raw, c.argc, args)
		assert.Equal(t, c.packet, hex.EncodeToString(pkt))
		got, err := parseCall(nil, pkt)
		require.NoError(t, err)
		assert.Equal(t, remoteCall{node: c.node, path: bytesOrNil(c.path), method: c.method, byteOnly: c.raw, argc: argcOf(c.raw, c.argc), args: args}, got)
	}
}

func bytesOrNil(s string) []byte {
	if s == "" {
		return nil
	}
	return []byte(s)
}

func argcOf(raw bool, n int) int {
	if raw {
		return 0
	}
	return n
}

// testServer is a Go server with /root/Main's echo methods: echo replies
// with echo_reply; raw packets come back. Errors go to errs.
func testServer(t *testing.T, opts ...Option) (port string, errs *errorLog) {
	m := MustNew(opts...)
	main := m.Node("/root/Main", echoMethods...)
	main.Handle("echo", func(c *Call, args ...any) error { return c.Reply("echo_reply", args...) })
	m.OnPacket(func(from PeerID, data []byte) { m.SendBytes(from, data) })
	errs = &errorLog{}
	m.OnError(errs.add)
	return serve(t, m), errs
}

// testClient is a Go client of port whose echo_reply calls go to replies.
func testClient(t *testing.T, port string) (*Multiplayer, *Node, chan []any) {
	m := MustNew()
	main := m.Node("/root/Main", echoMethods...)
	replies := make(chan []any, 64)
	main.Handle("echo_reply", func(c *Call, args ...any) { replies <- args })
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	require.NoError(t, m.Connect(ctx, "ws://127.0.0.1:"+port))
	t.Cleanup(func() { m.Close() })
	return m, main, replies
}

// echoes checks that a client's echo comes back.
func echoes(t *testing.T, main *Node, replies chan []any, args ...any) {
	t.Helper()
	require.NoError(t, main.Call(ServerID, "echo", args...))
	select {
	case got := <-replies:
		assert.Equal(t, args, got)
	case <-time.After(5 * time.Second):
		t.Fatal("no echo")
	}
}

// rawConn is a WebSocket connection that sends what a test wants.
func rawConn(t testing.TB, port string) *websocket.Conn {
	ws, _ := rawPeer(t, port)
	return ws
}

// rawPeer is rawConn, with the peer id the server gave it.
func rawPeer(t testing.TB, port string) (*websocket.Conn, PeerID) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws://127.0.0.1:"+port, nil)
	require.NoError(t, err)
	ws.SetReadLimit(1 << 20)
	_, id, err := ws.Read(ctx)
	require.NoError(t, err)
	require.Len(t, id, 4, "the first message is the peer id")
	t.Cleanup(func() { ws.CloseNow() })
	return ws, PeerID(binary.LittleEndian.Uint32(id))
}

// Garbage, truncated packets, unknown nodes, methods and cache ids, calls
// the mode refuses, packets of unsupported features: each is dropped and
// reported, and both the sender and another client go on being served.
// Each error is reported as it comes (WithErrorInterval(0)): by default a
// second of one kind from a peer waits for the interval's end, a second a
// case (errlimit's own tests cover that).
func TestBadPackets(t *testing.T) {
	port, errs := testServer(t, WithErrorInterval(0))
	_, main, replies := testClient(t, port)
	bad := rawConn(t, port)
	checksum := Checksum([]string{"echo", "echo_reply"})
	for _, c := range []struct {
		name   string
		packet []byte
		err    error
	}{
		{"empty", []byte{}, ErrMalformed},
		{"a call cut after its meta byte", []byte{0x20}, ErrMalformed},
		{"a node id width of 3", []byte{0x30, 1, 0, 0, 0, 0}, ErrMalformed},
		{"a path past the end", []byte{0x20, 0x40, 0, 0, 0x80, 0, 0}, ErrMalformed},
		{"an unknown path", appendCall(nil, 0, "Nowhere", 0, true, 0, nil), ErrUnknownNode},
		{"an unknown cache id", appendCall(nil, 77, "", 0, true, 0, nil), ErrUnknownNode},
		{"an unknown method", appendCall(nil, 0, "Main", 9, true, 0, nil), ErrUnknownMethod},
		{"an authority method", appendCall(nil, 0, "Main", 1, true, 0, nil), ErrNotAllowed},
		{"an argument cut short", appendCall(nil, 0, "Main", 0, false, 1, []byte{0x42, 1}), ErrMalformed},
		{"an argument of type 60", appendCall(nil, 0, "Main", 0, false, 1, []byte{60, 0, 0, 0}), ErrMalformed},
		{"more arguments than sent", appendCall(nil, 0, "Main", 0, false, 3, []byte{0x02, 1}), ErrMalformed},
		{"a path of an unknown node", appendSimplify(nil, checksum, 5, "Nowhere"), ErrUnknownNode},
		{"a short path packet", []byte{0x01, 'a'}, ErrMalformed},
		{"a wrong checksum", appendSimplify(nil, Checksum([]string{"other"}), 6, "Main"), ErrChecksum},
		{"a cache id given twice", appendSimplify(nil, checksum, 6, "Main"), ErrMalformed},
		{"a confirmation of 3 bytes", []byte{0x02, 1, 0}, ErrMalformed},
		{"a raw packet of nothing", []byte{0x03}, ErrMalformed},
		{"a spawn of 3 bytes", []byte{0x04, 1, 2}, ErrMalformed},
		{"a despawn of a node never spawned", appendDespawn(nil, 9), ErrNotAllowed},
		{"a sync of 3 bytes", []byte{0x06, 1, 2}, ErrMalformed},
		{"authentication data, not authenticating", []byte{0x07, 0x00, 1, 2}, ErrNotAllowed},
		{"a short system command", []byte{0x07, 0x03, 1}, ErrMalformed},
		{"a client announcing a peer", appendSys(nil, sysAddPeer, 5), ErrMalformed},
		{"a relay of nothing", appendSys(nil, sysRelay, 5), ErrMalformed},
		{"a relayed system command", append(appendSys(nil, sysRelay, 0), 0x07, 0x01), ErrMalformed},
	} {
		n := len(errs.get())
		require.NoError(t, bad.Write(context.Background(), websocket.MessageBinary, c.packet), c.name)
		deadline := time.Now().Add(5 * time.Second)
		for len(errs.get()) == n && time.Now().Before(deadline) {
			time.Sleep(time.Millisecond)
		}
		got := errs.get()
		if assert.Len(t, got, n+1, c.name) {
			assert.ErrorIs(t, got[n], c.err, c.name)
			var pe *PeerError
			assert.True(t, errors.As(got[n], &pe) && pe.Peer >= 2, "%s: a client's error", c.name)
		}
		echoes(t, main, replies, c.name)
	}
	// The bad client still gets its calls served: a call by cache id 6.
	require.NoError(t, bad.Write(context.Background(), websocket.MessageBinary, appendCall(nil, 6, "", 0, false, 1, []byte{0x02, 7})))
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for {
		_, b, err := bad.Read(ctx)
		require.NoError(t, err)
		if b[0]&cmdMask == cmdRemoteCall {
			call, err := parseCall(nil, b)
			require.NoError(t, err)
			assert.Equal(t, remoteCall{path: []byte("Main"), method: 1, argc: 1, args: []byte{0x02, 7}}, call, "echo_reply(7)")
			break
		}
	}
}
