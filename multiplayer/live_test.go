package multiplayer

import (
	"bytes"
	"context"
	"encoding/hex"
	"fmt"
	"github.com/gdvar/gdvar/multiplayer/mode"
	"net"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/enet"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/internal/testrig/mpcases"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// liveWait bounds each wait on an engine: generous, as an engine on a
// loaded machine may take seconds where it takes milliseconds alone.
const liveWait = time.Minute

// echoMethods are the methods of scripts/multiplayer/echo.gd, and relay.gd
// adds note: all reliable.
var (
	echoMethods = []Method{
		{Name: "echo", Mode: mode.AnyPeer, Transfer: mode.Reliable},
		{Name: "echo_reply", Mode: mode.Authority, Transfer: mode.Reliable},
	}
	relayMethods = append(echoMethods, Method{Name: "note", Mode: mode.AnyPeer, Transfer: mode.Reliable})
)

// transports are the transports the live tests run over; each subtest
// sets $GDVAR_TRANSPORT, which scripts/multiplayer's client and server
// read.
var transports = []string{"websocket", "enet"}

// overTransports runs test once per transport.
func overTransports(t *testing.T, test func(t *testing.T, transport string)) {
	for _, tr := range transports {
		t.Run(tr, func(t *testing.T) {
			t.Setenv("GDVAR_TRANSPORT", tr)
			test(t, tr)
		})
	}
}

// serveOver starts m on a loopback port over a transport and returns the
// port; the server stops when the test ends.
func serveOver(t testing.TB, m *Multiplayer, transport string) string {
	t.Helper()
	if transport != "enet" {
		return serve(t, m)
	}
	return serveENetWith(t, m)
}

// serveENetWith starts m over ENet on a loopback port, its host given
// opts too, and returns the port; the server stops when the test ends.
func serveENetWith(t testing.TB, m *Multiplayer, opts ...enet.Option) string {
	t.Helper()
	port := godot.FreePort(t, "udp")
	h, err := enet.Listen("udp", "127.0.0.1:"+strconv.Itoa(port), m.enetOptions(opts)...)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- m.ServeENet(ctx, h) }()
	t.Cleanup(func() {
		cancel()
		assert.NoError(t, <-done)
	})
	// The host completes a client's connect on its own: a test's client
	// may join before ServeENet made m the server, and its Spawn fail.
	require.Eventually(t, func() bool { return m.ID() == ServerID }, 10*time.Second, time.Millisecond, "ServeENet did not start")
	return strconv.Itoa(port)
}

// serve starts m on a loopback port and returns the port; the server stops
// when the test ends.
func serve(t testing.TB, m *Multiplayer) string {
	t.Helper()
	ln := mustListen(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- m.Serve(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		assert.NoError(t, <-done)
	})
	require.Eventually(t, func() bool { return m.ID() == ServerID }, 10*time.Second, time.Millisecond, "Serve did not start")
	return strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
}

// errorLog collects what OnError reports.
type errorLog struct {
	mu   sync.Mutex
	errs []error
}

func (l *errorLog) add(err error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.errs = append(l.errs, err)
}

func (l *errorLog) get() []error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]error(nil), l.errs...)
}

// A Godot 4.6 client calls echo on a Go server with every engine-made
// golden vector as an argument (and 0, 2, 3 arguments, a lone
// PackedByteArray): each argument reaches the handler as exactly the bytes
// the engine's var_to_bytes wrote, and the reply comes back the same; then
// it sends each call's bytes with send_bytes, which arrive as sent and
// come back.
func TestLiveClientCallsGoServer(t *testing.T) {
	overTransports(t, liveClientCallsGoServer)
}

func liveClientCallsGoServer(t *testing.T, transport string) {
	engine := godot.Require(t, godot.Godot4)
	m := MustNew()
	main := m.Node("/root/Main", echoMethods...)
	var mu sync.Mutex
	var got [][][]byte
	main.Handle("echo", func(c *Call, args ...any) error {
		var raw [][]byte
		for i := range c.NumArgs() {
			raw = append(raw, append([]byte(nil), c.Arg(i)...))
		}
		mu.Lock()
		got = append(got, raw)
		mu.Unlock()
		return c.Reply("echo_reply", args...)
	})
	var packets [][]byte
	m.OnPacket(func(from PeerID, data []byte) {
		mu.Lock()
		packets = append(packets, append([]byte(nil), data...))
		mu.Unlock()
		assert.NoError(t, m.SendBytes(from, data))
	})
	var errs errorLog
	m.OnError(errs.add)
	cases := mpcases.Cases(t)
	out := godot.RunScript(t, engine, "scripts/multiplayer/client.gd", serveOver(t, m, transport), "echo.gd", "cases", mpcases.WriteFile(t, cases))
	require.Contains(t, out, "DONE")
	mu.Lock()
	defer mu.Unlock()
	require.Equal(t, len(cases), len(got), "calls")
	require.Equal(t, len(cases), len(packets), "raw packets")
	replies := mpcases.Lines(out, "GOT ")
	for i, c := range cases {
		assert.Equal(t, append([]byte{0xee}, bytes.Join(c, nil)...), packets[i], "raw packet %d", i)
		c = mpcases.Arrived(c)
		assert.Equal(t, c, got[i], "call %d: the arguments as the engine wrote them", i)
		assert.Equal(t, strconv.Itoa(i)+" "+mpcases.Want(c), replies[i], "call %d: the reply", i)
	}
	assert.Empty(t, errs.get())
}

// A Go client calls echo on a Godot 4.6 server with the same calls: the
// engine gets each argument as the bytes of its golden vector, and its
// echo_reply brings them back; raw packets come back unchanged. Each call
// waits for its reply: the engine reads a frame's packets into a buffer of
// 64 KiB, which a client must not outrun.
func TestLiveGoClientCallsGodotServer(t *testing.T) {
	overTransports(t, liveGoClientCallsGodotServer)
}

func liveGoClientCallsGodotServer(t *testing.T, transport string) {
	engine := godot.Require(t, godot.Godot4)
	network := "tcp"
	if transport == "enet" {
		network = "udp"
	}
	port := godot.FreePort(t, network)
	server := godot.Start(t, engine, "scripts/multiplayer/server.gd", strconv.Itoa(port))
	m := MustNew()
	main := m.Node("/root/Main", echoMethods...)
	replies := make(chan [][]byte, 256)
	main.Handle("echo_reply", func(c *Call, _ ...any) {
		var raw [][]byte
		for i := range c.NumArgs() {
			raw = append(raw, append([]byte(nil), c.Arg(i)...))
		}
		replies <- raw
	})
	raws := make(chan []byte, 256)
	m.OnPacket(func(_ PeerID, data []byte) { raws <- append([]byte(nil), data...) })
	var errs errorLog
	m.OnError(errs.add)
	connectOver(t, m, transport, port)

	cases := mpcases.Cases(t)
	for i, c := range cases {
		args := make([]any, len(c))
		for j, b := range c {
			args[j] = gdvar.RawValue(b) // written as it is
		}
		require.NoError(t, main.Call(ServerID, "echo", args...), "call %d", i)
		require.NoError(t, m.SendBytes(ServerID, []byte(fmt.Sprint("raw ", i))))
		select {
		case got := <-replies:
			want := strings.Split(mpcases.Pad(c), ",")
			for j, w := range want {
				assert.Equal(t, w, hex.EncodeToString(got[j]), "call %d, argument %d", i, j)
			}
		case <-time.After(liveWait):
			t.Fatalf("no reply to call %d", i) // the engine's output is logged
		}
		select {
		case raw := <-raws:
			assert.Equal(t, fmt.Sprint("raw ", i), string(raw))
		case <-time.After(liveWait):
			t.Fatalf("raw packet %d did not come back", i)
		}
	}
	m.Close() // the engine's server quits when its last client leaves
	received := mpcases.Lines(server.Wait(t), "RECV ")
	require.Equal(t, len(cases), len(received), "calls the engine got")
	for i, c := range cases {
		assert.Equal(t, mpcases.Pad(c), received[i], "call %d: what the engine got", i)
	}
	assert.Empty(t, errs.get())
}

// connectOver connects m to the Godot server on port over a transport,
// waiting for it to come up.
func connectOver(t *testing.T, m *Multiplayer, transport string, port int) {
	t.Helper()
	deadline := time.Now().Add(liveWait)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		var err error
		if transport == "enet" {
			err = m.ConnectENet(ctx, fmt.Sprintf("127.0.0.1:%d", port))
		} else {
			err = m.Connect(ctx, fmt.Sprintf("ws://127.0.0.1:%d", port))
		}
		cancel()
		if err == nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("cannot connect to the engine: %v", err) // its output is logged
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// A Godot client calls echo 100 times and, once the server has them all,
// quits at once without closing its connection; then
// three Godot clients of the same Go server learn of each other
// (ADD_PEER), call note on each other and send each other raw packets
// through the server's relay, and see each other leave (DEL_PEER).
func TestLiveRelayBetweenClients(t *testing.T) {
	overTransports(t, liveRelayBetweenClients)
}

func liveRelayBetweenClients(t *testing.T, transport string) {
	engine := godot.Require(t, godot.Godot4)
	m, port, echoes, errs := relayServerOver(t, transport)

	leaver := godot.Start(t, engine, "scripts/multiplayer/client.gd", port, "relay.gd", "leave")
	require.Contains(t, leaver.Wait(t), "DONE")
	assert.Equal(t, int64(100), echoes.Load(), "the calls of the client that quit")
	require.Eventually(t, func() bool { return len(m.Peers()) == 0 }, liveWait, 10*time.Millisecond,
		"the client that quit is no peer")
	var clients []*godot.Process
	for range 3 {
		clients = append(clients, godot.Start(t, engine, "scripts/multiplayer/client.gd", port, "relay.gd", "relay", "2"))
	}
	var ids []string
	outs := make([]string, len(clients))
	for i, c := range clients {
		outs[i] = c.Wait(t)
		require.Contains(t, outs[i], "DONE", outs[i])
		ids = append(ids, mpcases.Lines(outs[i], "ID ")[0])
	}
	last := slices.Index(ids, slices.MaxFunc(ids, func(a, b string) int {
		x, _ := strconv.Atoi(a)
		y, _ := strconv.Atoi(b)
		return x - y
	}))
	for i, out := range outs {
		if i == last { // it waits for the others to leave
			others := slices.Delete(slices.Clone(ids), i, i+1)
			assert.ElementsMatch(t, others, mpcases.Lines(out, "LEFT "), "client %d saw the others leave", i)
		}
		notes := mpcases.Lines(out, "NOTE ")
		froms := mpcases.Lines(out, "RAWFROM ")
		assert.Len(t, notes, 2, out)
		assert.Len(t, froms, 2, out)
		for j, id := range ids {
			if j == i {
				continue
			}
			assert.Contains(t, notes, id+" ["+id+", \"hi\", <null>]", "client %d got client %d's note", i, j)
			n, err := strconv.ParseInt(id, 10, 64)
			require.NoError(t, err)
			assert.Contains(t, froms, id+" "+hex.EncodeToString(varInt(n)), "client %d got client %d's bytes", i, j)
		}
	}
	assert.Empty(t, errs.get())
}

// A Godot client whose engine takes longer to reach its first frame than
// the WebSocket handshake may take (3 s), as on a loaded machine, still
// connects and makes its calls: it connects from its first frame.
func TestLiveClientStartsSlowly(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	_, port, echoes, errs := relayServer(t)
	t.Setenv("GDVAR_START_DELAY_MS", "4000")
	client := godot.Start(t, engine, "scripts/multiplayer/client.gd", port, "relay.gd", "leave")
	require.Contains(t, client.Wait(t), "DONE")
	assert.Equal(t, int64(100), echoes.Load(), "the client's calls")
	assert.Empty(t, errs.get())
}

// relayServer serves a Multiplayer whose /root/Main has relay.gd's
// methods, its echo handler answerLast, and returns it, its port, the
// count of echoes and the errors it reports.
func relayServer(t *testing.T) (*Multiplayer, string, *atomic.Int64, *errorLog) {
	t.Helper()
	return relayServerOver(t, "websocket")
}

// relayServerOver is relayServer over a transport.
func relayServerOver(t *testing.T, transport string) (*Multiplayer, string, *atomic.Int64, *errorLog) {
	t.Helper()
	m := MustNew()
	main := m.Node("/root/Main", relayMethods...)
	echoes := new(atomic.Int64)
	main.Handle("echo", answerLast(echoes))
	errs := new(errorLog)
	m.OnError(errs.add)
	return m, serveOver(t, m, transport), echoes, errs
}

// answerLast is the echo handler for client.gd's leave mode: it counts the
// calls in n and answers the 100th, which tells the client that all have
// arrived and it may quit.
func answerLast(n *atomic.Int64) func(*Call, ...any) error {
	return func(c *Call, args ...any) error {
		if n.Add(1) != 100 {
			return nil
		}
		return c.Reply("echo_reply", args...)
	}
}

// varInt is var_to_bytes of an int.
func varInt(n int64) []byte {
	b, err := AppendArg(nil, n, nil)
	if err != nil {
		panic(err)
	}
	v, _, err := ReadArg(nil, b, nil)
	if err != nil {
		panic(err)
	}
	return v
}

// waitUntil waits until done says so, or ctx ends, and says whether done
// did.
func waitUntil(ctx context.Context, done func() bool) bool {
	for !done() {
		select {
		case <-ctx.Done():
			return false
		case <-time.After(2 * time.Millisecond):
		}
	}
	return true
}
