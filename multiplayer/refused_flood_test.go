package multiplayer

import (
	"bytes"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/gdvar/gdvar/internal/testrig/cputime"
	"github.com/gdvar/gdvar/internal/wsframe"
	"github.com/gdvar/gdvar/multiplayer/mode"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// refusedMethods are the methods of the node the refused floods call:
// one with a handler any peer may call, one of the authority's, one
// disabled, one without a handler.
var refusedMethods = []Method{
	{Name: "call", Mode: mode.AnyPeer},
	{Name: "free", Mode: mode.AnyPeer},
	{Name: "off", Mode: mode.Disabled},
	{Name: "owned", Mode: mode.Authority},
	{Name: "typed", Mode: mode.AnyPeer},
}

// declareRefusing declares /root/Main with refusedMethods, the handlers
// of call and typed (an int) doing nothing.
func declareRefusing(m *Multiplayer) {
	main := m.Node("Main", refusedMethods...)
	main.Handle("call", func(*Call) {})
	main.Handle("typed", func(*Call, int64) {})
}

// mustArg is v's argument form.
func mustArg(v any) []byte {
	b, err := AppendArg(nil, v, nil)
	if err != nil {
		panic(err)
	}
	return b
}

// refusedSet is refusedMethods' set.
func refusedSet() *MethodSet {
	t, err := NewMethodSet(refusedMethods...)
	if err != nil {
		panic(err)
	}
	return t
}

// refusedID is the wire id of one of refusedMethods.
func refusedID(name string) uint16 { return refusedSet().byName(name).id }

// A refusedFlood is a flood of one packet, repeated, that a side refuses
// with err (nil: an ordinary packet, taken), with the side's options; one
// allocates allocs, as an ordinary packet of its kind does: a call its
// *Call, before its handler (whose parameters' decoding may allocate).
type refusedFlood struct {
	name   string
	packet []byte
	err    error
	opts   []Option
	allocs float64
}

// mainCache is the cache id the floods' peer gives /root/Main.
const mainCache = 1

// refusedByServer are the packets a server refuses cheaply, each as
// small as it comes, next to ordinary ones: raw packets of 40 bytes (a
// game's update) and of 2 (the smallest), and calls of 4 bytes.
func refusedByServer() []refusedFlood {
	call := func(node uint32, method string) []byte {
		return appendCall(nil, node, "", refusedID(method), false, 0, nil)
	}
	syncOf := func(netID uint32) []byte {
		return appendSyncState(appendSyncHeader(nil, false, 1), false, syncState{netID: netID, values: []byte{0}})
	}
	return []refusedFlood{
		{name: "ordinary-raw-40", packet: append([]byte{cmdRaw}, make([]byte, 39)...)},
		{name: "ordinary-raw-2", packet: []byte{cmdRaw, 0}},
		{name: "ordinary-call-4", packet: call(mainCache, "call"), allocs: 1},
		{name: "empty", packet: []byte{}, err: ErrMalformed},
		{name: "raw-1", packet: []byte{cmdRaw}, err: ErrMalformed},
		{name: "call-short", packet: []byte{cmdRemoteCall}, err: ErrMalformed},
		{name: "call-unknown-cache-id", packet: call(200, "call"), err: ErrUnknownNode},
		{name: "call-unknown-path", packet: appendCall(nil, 0, "Nowhere", 0, false, 0, nil), err: ErrUnknownNode},
		{name: "call-unknown-method", packet: appendCall(nil, mainCache, "", 9, false, 0, nil), err: ErrUnknownMethod},
		{name: "call-no-handler", packet: call(mainCache, "free"), err: ErrUnknownMethod},
		{name: "call-disabled", packet: call(mainCache, "off"), err: ErrNotAllowed},
		{name: "call-not-authority", packet: call(mainCache, "owned"), err: ErrNotAllowed},
		{name: "call-argument-missing", packet: appendCall(nil, mainCache, "", refusedID("call"), false, 1, nil), err: ErrMalformed},
		{name: "call-extra-argument", packet: appendCall(nil, mainCache, "", refusedID("call"), false, 1, []byte{typeInt, 1}), err: errArgument, allocs: 1},
		// gdvar's error, decoding a String into an int, allocates 3 times.
		{name: "call-argument-type", packet: appendCall(nil, mainCache, "", refusedID("typed"), false, 1, mustArg("a")), err: errArgument, allocs: 4},
		{name: "simplify-unknown-path", packet: appendSimplify(nil, emptyChecksum, 7, "Nowhere"), err: ErrUnknownNode},
		{name: "simplify-id-twice", packet: appendSimplify(nil, refusedSet().Checksum(), mainCache, "Main"), err: ErrMalformed},
		{name: "confirm-short", packet: []byte{cmdConfirmPath, 1}, err: ErrMalformed},
		{name: "sync-unknown-cache-id", packet: syncOf(pathNetID | 200), err: ErrUnknownNode},
		{name: "sync-unknown-net-id", packet: syncOf(7), err: ErrNoPeer},
		{name: "despawn-unknown", packet: appendDespawn(nil, 7), err: ErrNotAllowed},
		{name: "spawn-short", packet: []byte{cmdSpawn}, err: ErrMalformed},
		{name: "spawn-unknown-spawner", packet: appendSpawn(nil, spawnPacket{spawner: 200, netID: 1, name: "N"}), err: ErrUnknownNode},
		{name: "sys-short", packet: []byte{cmdSys, sysRelay}, err: ErrMalformed},
		{name: "sys-unknown", packet: appendSys(nil, 9, 0), err: ErrMalformed},
		{name: "relay-empty", packet: appendSys(nil, sysRelay, 0), err: ErrMalformed},
		{name: "relay-off", packet: append(appendSys(nil, sysRelay, 0), cmdRaw, 0), err: ErrNotAllowed, opts: []Option{WithServerRelay(false)}},
		{name: "auth-after-admission", packet: []byte{cmdSys, sysAuth, 1}, err: ErrNotAllowed},
	}
}

// errArgument stands for an *ArgError in refusedFlood.err.
var errArgument = errors.New("an *ArgError")

// refusedAs reports whether err is a refusal as want (errArgument: an
// *ArgError) says.
func refusedAs(err, want error) bool {
	if want == errArgument {
		_, ok := errors.AsType[*ArgError](err)
		return ok
	}
	return errors.Is(err, want)
}

// firstError keeps the first error OnError is given.
type firstError struct {
	mu    sync.Mutex
	first error
	n     int
}

func (f *firstError) add(err error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.n++; f.first == nil {
		f.first = err
	}
}

// check fails b unless the flood was refused as it should be: its
// first error is of its kind (want nil: none).
func (f *firstError) check(b *testing.B, want error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	switch {
	case want == nil && f.first != nil:
		b.Fatalf("an ordinary packet reported %v", f.first)
	case want != nil && !refusedAs(f.first, want):
		b.Fatalf("reported %v, not %v", f.first, want)
	}
}

// BenchmarkHostileRefusedPackets: a client floods its server with one
// packet the server refuses, each as small as it comes, against as many
// bytes of ordinary packets: raw packets of 40 bytes and of 2 (the
// smallest, a frame of 8 bytes), calls of 4 bytes to a handler that does
// nothing. The client named /root/Main first. The process's CPU per
// byte, with a rate high enough that none waits and an OnError that
// keeps the first error. Each refused packet made its error (fmt.Errorf)
// and found its kind with errors.Is, a map and a lock: 1-byte raw
// packets cost 106 cpu-ns a byte, 14 times raw packets of 40 bytes and
// 3.5 times raw packets of 2, calls with an argument missing 144-150,
// with an argument more than their handler takes 82 (each reported).
// Refused packets now make no error once one of their kind is reported,
// and are counted with an atomic add: 1-byte raw packets cost 30 (4.3
// and 1.1 times), none more than 41 (a call with a String for an int,
// which gdvar's decoding error costs: an ordinary call of 4 bytes costs
// 49-53), about what an ordinary packet of their size costs (an empty
// frame, 6 bytes, costs 34-35).
func BenchmarkHostileRefusedPackets(b *testing.B) {
	const size = 64 << 10
	for _, tc := range refusedByServer() {
		b.Run(tc.name, func(b *testing.B) {
			m := MustNew(append([]Option{WithRateLimit(1e9, 1<<30)}, tc.opts...)...)
			declareRefusing(m)
			var errs firstError
			m.OnError(errs.add)
			marked := make(chan struct{}, 1)
			m.OnPacket(func(_ PeerID, data []byte) {
				if len(data) == 1 && data[0] == 0xff {
					marked <- struct{}{}
				}
			})
			nc := upgraded(b, serve(b, m))
			countPongsOf(nc, true) // reads the server's confirmation
			named := clientFrame(wsframe.OpBinary, false, false, appendSimplify(nil, m.Lookup("Main").methods.checksum, mainCache, "Main"))
			floodFrames(b, nc, append(named, clientMark...), marked)
			frame := clientFrame(wsframe.OpBinary, false, false, tc.packet)
			frames := append(bytes.Repeat(frame, size/len(frame)), clientMark...)
			cputime.PerByte(b, len(frames), func() error {
				floodFrames(b, nc, frames, marked)
				return nil
			})
			errs.check(b, tc.err)
		})
	}
}

// refusedByClient are the packets a Go client refuses of its server's,
// next to ordinary ones, as refusedByServer.
func refusedByClient() []refusedFlood {
	syncOf := func(netID uint32) []byte {
		return appendSyncState(appendSyncHeader(nil, false, 1), false, syncState{netID: netID, values: []byte{0}})
	}
	return []refusedFlood{
		{name: "ordinary-raw-40", packet: append([]byte{cmdRaw}, make([]byte, 39)...)},
		{name: "ordinary-raw-2", packet: []byte{cmdRaw, 0}},
		{name: "empty", packet: []byte{}, err: ErrMalformed},
		{name: "raw-1", packet: []byte{cmdRaw}, err: ErrMalformed},
		{name: "call-unknown-cache-id", packet: appendCall(nil, 200, "", 0, false, 0, nil), err: ErrUnknownNode},
		{name: "sync-unknown-cache-id", packet: syncOf(pathNetID | 200), err: ErrUnknownNode},
		{name: "despawn-unknown", packet: appendDespawn(nil, 7), err: ErrNotAllowed},
		{name: "spawn-unknown-spawner", packet: appendSpawn(nil, spawnPacket{spawner: 200, netID: 1, name: "N"}), err: ErrUnknownNode},
		{name: "sys-unknown", packet: appendSys(nil, 9, 0), err: ErrMalformed},
		{name: "add-peer-0", packet: appendSys(nil, sysAddPeer, 0), err: ErrMalformed},
		{name: "relay-empty", packet: appendSys(nil, sysRelay, 3), err: ErrMalformed},
		{name: "relay-off", packet: append(appendSys(nil, sysRelay, 3), cmdRaw, 0), err: ErrNotAllowed, opts: []Option{WithServerRelay(false)}},
	}
}

// BenchmarkHostileRefusedServerPackets is BenchmarkHostileRefusedPackets
// for a Go client flooded by its server (frames unmasked, of 2 bytes
// besides their payload): 1-byte raw packets cost 234-311 cpu-ns a byte,
// 5 to 7 times raw packets of 2 bytes (frames of 4); now 52, 1.4 times,
// as much a packet (155 cpu-ns; raw packets of 40 bytes cost 5.4-5.6 a
// byte). Empty frames, 2 bytes, cost 74-75 (were 136-157): a frame's
// own cost, as much as a packet of 2 bytes' (150 cpu-ns).
func BenchmarkHostileRefusedServerPackets(b *testing.B) {
	const size = 64 << 10
	for _, tc := range refusedByClient() {
		b.Run(tc.name, func(b *testing.B) {
			var errs firstError
			m, nc, _, marked := floodClient(b, append(tc.opts, WithErrorInterval(DefaultErrorInterval))...)
			m.OnError(errs.add)
			frame := wsframe.AppendFrame(nil, wsframe.OpBinary, tc.packet)
			frames := append(bytes.Repeat(frame, size/len(frame)), floodMark...)
			cputime.PerByte(b, len(frames), func() error {
				floodFrames(b, nc, frames, marked)
				return nil
			})
			errs.check(b, tc.err)
		})
	}
}

// refusingSide is a side of a fake connection, a server's to client 2
// (server) or a client's to its server, that declares /root/Main with
// refusedMethods, which its peer named mainCache, and reports to errs.
func refusingSide(t *testing.T, server bool, errs *errorLog, opts ...Option) (*Multiplayer, *conn) {
	m := MustNew(append([]Option{WithErrorInterval(time.Hour)}, opts...)...)
	declareRefusing(m)
	m.OnError(errs.add)
	var c *conn
	if server {
		c = fakeConn(m)
	} else {
		c = fakePeer(m, ServerID)
		require.NoError(t, m.enter(c, 5, false))
	}
	require.NoError(t, m.route(c, appendSimplify(nil, m.Lookup("Main").methods.checksum, mainCache, "Main"), reliably))
	return m, c
}

// A refused packet, once the first of its kind was reported, allocates
// nothing but what an ordinary packet of its kind does (a call's *Call):
// it is counted, with no error made, on a server as on a client; and no
// more is reported until the interval ends.
func TestRefusedPacketsAllocate(t *testing.T) {
	if raceDetector {
		t.Skip("the race detector allocates")
	}
	for _, side := range []struct {
		name   string
		server bool
		floods []refusedFlood
	}{
		{"server", true, refusedByServer()},
		{"client", false, refusedByClient()},
	} {
		for _, tc := range side.floods {
			t.Run(side.name+"/"+tc.name, func(t *testing.T) {
				var errs errorLog
				_, c := refusingSide(t, side.server, &errs, tc.opts...)
				c.deliver(tc.packet, reliably)
				allocs := testing.AllocsPerRun(100, func() { c.deliver(tc.packet, reliably) })
				got := errs.get()
				if tc.err == nil {
					assert.Empty(t, got)
				} else if assert.Equal(t, 1, len(got), "the first reported, the others counted") {
					assert.True(t, refusedAs(got[0], tc.err), "%v", got[0])
				}
				assert.LessOrEqual(t, allocs, tc.allocs)
			})
		}
	}
}

// A client's relays to a peer whose send queue is full are dropped there,
// and reported as the sender's error (ErrQueueFull): once the first is
// reported, each costs what relaying costs (the relayed packet's buffer,
// one allocation), no error of its own.
func TestRelayToFullQueueAllocates(t *testing.T) {
	if raceDetector {
		t.Skip("the race detector allocates")
	}
	var errs errorLog
	m := MustNew(WithErrorInterval(time.Hour))
	m.OnError(errs.add)
	sender, slow := fakePeer(m, 2), fakePeer(m, 3)
	m.id = ServerID
	admitFake(m, sender)
	admitFake(m, slow)
	for m.SendBytes(slow.id, make([]byte, 1000)) == nil {
	}
	relay := append(appendSys(nil, sysRelay, slow.id), cmdRaw, 0)
	sender.deliver(relay, reliably)
	allocs := testing.AllocsPerRun(100, func() { sender.deliver(relay, reliably) })
	got := errs.get()
	if assert.Equal(t, 1, len(got), "the first reported, the others counted") {
		assert.ErrorIs(t, got[0], ErrQueueFull)
	}
	t.Logf("%.0f allocations a relay dropped", allocs)
	assert.LessOrEqual(t, allocs, 1.0)
}
