package multiplayer

import (
	"context"
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/enet"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A round trip between a Go client and a Go server in this process, as
// BenchmarkRPC makes them, allocates at most max times in all: the
// client's Call, the server's reading, decoding and handler, its Reply,
// the client's reading, decoding and handler. The package's own are the
// *Call each handler gets (it may keep it, to Reply later) and, for a
// handler returning an error, the result reflect.Value.Call makes (two):
// four. The rest are the handlers': boxing their arguments into Call's
// ...any (an int64 over 255, a Vector3, a string in a variable: one
// each); the string decoded, the same each time, is kept by the
// connection. Handlers of ...any are called without reflect: what they
// allocate is the arguments' slice and the values decoded into any, but
// for the string, kept too.
// Before the buffers, packets, parameters and strings were reused, the
// three round trips took 31, 32 and 16.
func TestRPCAllocs(t *testing.T) {
	if raceDetector {
		t.Skip("the race detector allocates")
	}
	pos := gdvar.Vector3{X: 1, Y: 2, Z: 3}
	for _, tc := range []struct {
		name string
		echo any                           // the server's handler of echo
		got  any                           // the client's handler of echo_reply, given the replies channel
		call func(main *Node, i int) error // the client's call of echo
		max  float64
	}{
		{
			name: "BenchmarkRPC's",
			echo: func(c *Call, id int64, name string, pos gdvar.Vector3) error {
				return c.Reply("echo_reply", id, name, pos)
			},
			got: func(replies chan struct{}) any {
				return func(*Call, int64, string, gdvar.Vector3) { replies <- struct{}{} }
			},
			call: func(main *Node, i int) error { return main.Call(ServerID, "echo", int64(1000+i), "player", pos) },
			max:  9,
		},
		{
			name: "handlers of ...any, as examples/mpecho's",
			echo: func(c *Call, args ...any) error { return c.Reply("echo_reply", args...) },
			got: func(replies chan struct{}) any {
				return func(*Call, ...any) { replies <- struct{}{} }
			},
			call: func(main *Node, i int) error { return main.Call(ServerID, "echo", int64(1000+i), "player", pos) },
			max:  10,
		},
		{
			name: "small ints, no boxing",
			echo: func(c *Call, a, b int) error { return c.Reply("echo_reply", a, b) },
			got: func(replies chan struct{}) any {
				return func(*Call, int, int) { replies <- struct{}{} }
			},
			call: func(main *Node, i int) error { return main.Call(ServerID, "echo", i%200, 7) },
			max:  4,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			server := MustNew()
			server.Node("/root/Main", echoMethods...).Handle("echo", tc.echo)
			var errs errorLog
			server.OnError(errs.add)
			url := "ws://127.0.0.1:" + serve(t, server)

			client := MustNew()
			t.Cleanup(func() { client.Close() })
			main := client.Node("/root/Main", echoMethods...)
			replies := make(chan struct{}, 1)
			main.Handle("echo_reply", tc.got.(func(chan struct{}) any)(replies))
			client.OnError(errs.add)
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			require.NoError(t, client.Connect(ctx, url))

			wait := time.NewTimer(time.Hour)
			defer wait.Stop()
			i := 0
			roundTrip := func() {
				i++
				require.NoError(t, tc.call(main, i))
				wait.Reset(time.Minute)
				select {
				case <-replies:
				case <-wait.C:
					t.Fatalf("no reply to call %d", i)
				}
			}
			for range 100 { // the node's path confirmed, the buffers grown
				roundTrip()
			}
			allocs := testing.AllocsPerRun(500, roundTrip)
			t.Logf("%.2f allocations a round trip", allocs)
			assert.LessOrEqual(t, allocs, tc.max)
			assert.Empty(t, errs.get())
		})
	}
}

// An echo over ENet, a raw ENet client calling BenchmarkEchoFloor's
// server in this process, allocates at most 7 times in all: the server's
// *Call, the handler's two boxed arguments to Reply and reflect's two for
// its error result, and each side's copy of the packet it receives. ENet's
// outgoing commands and their copies of the packets sent are reused once
// done with; with them the echo took 11.
func TestENetEchoAllocs(t *testing.T) {
	if raceDetector {
		t.Skip("the race detector allocates")
	}
	m := newEchoServer(WithMaxPeers(4))
	h, err := enet.Listen("udp", "127.0.0.1:0", m.enetOptions(nil)...)
	require.NoError(t, err)
	served := make(chan error, 1)
	go func() { served <- m.ServeENet(context.Background(), h) }()
	t.Cleanup(func() {
		m.Close()
		select {
		case <-served:
		case <-time.After(10 * time.Second):
			t.Error("ServeENet did not return")
		}
	})
	c, _ := enetCaller(t, h.Addr().String(), echoCall(t), 5, nil)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	echo := func() { require.NoError(t, c.echo(ctx)) }
	for range 100 { // the buffers grown
		echo()
	}
	allocs := testing.AllocsPerRun(1000, echo)
	t.Logf("%.2f allocations an echo", allocs)
	assert.LessOrEqual(t, allocs, 7.0)
}

// ReadArg allocates nothing when dst has room for the value, whether the
// argument is compressed or its end found by a Decoder (a new one for each
// cost one allocation).
func TestReadArgAllocs(t *testing.T) {
	if raceDetector {
		t.Skip("the race detector allocates")
	}
	for _, v := range []any{true, int64(-70000), "player", gdvar.Vector3{X: 1, Y: 2, Z: 3}, []any{int64(1), "two", gdvar.Vector2{X: 3}}} {
		arg, err := AppendArg(nil, v, nil)
		require.NoError(t, err)
		dst := make([]byte, 0, 64)
		allocs := testing.AllocsPerRun(100, func() {
			_, n, err := ReadArg(dst, arg, nil)
			if err != nil || n != len(arg) {
				t.Fatalf("%T: %d of %d bytes read: %v", v, n, len(arg), err)
			}
		})
		assert.Zero(t, allocs, "%T", v)
	}
}

// A raw packet sent to one peer and echoed back (send_bytes, OnPacket)
// allocates nothing on either side: its packet is a pooled buffer, given
// back once written (one allocation each way before).
func TestSendBytesAllocs(t *testing.T) {
	if raceDetector {
		t.Skip("the race detector allocates")
	}
	server := MustNew()
	server.OnPacket(func(from PeerID, data []byte) { assert.NoError(t, server.SendBytes(from, data)) })
	var errs errorLog
	server.OnError(errs.add)
	url := "ws://127.0.0.1:" + serve(t, server)

	client := MustNew()
	t.Cleanup(func() { client.Close() })
	echoes := make(chan struct{}, 1)
	client.OnPacket(func(PeerID, []byte) { echoes <- struct{}{} })
	client.OnError(errs.add)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	require.NoError(t, client.Connect(ctx, url))

	data := []byte("a player's input, 30 bytes long")
	wait := time.NewTimer(time.Hour)
	defer wait.Stop()
	roundTrip := func() {
		require.NoError(t, client.SendBytes(ServerID, data))
		wait.Reset(time.Minute)
		select {
		case <-echoes:
		case <-wait.C:
			t.Fatal("no echo")
		}
	}
	for range 100 {
		roundTrip()
	}
	assert.Zero(t, testing.AllocsPerRun(500, roundTrip))
	assert.Empty(t, errs.get())
}
