package multiplayer

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// waitFor waits until cond holds, for 10 s at most.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// hasError reports whether errs holds an error matching target.
func hasError(errs *errorLog, target error) bool {
	for _, err := range errs.get() {
		if errors.Is(err, target) {
			return true
		}
	}
	return false
}

// A message over the packet limit closes its sender's connection (status
// 1009, as the engine's wslay does); the other clients are served on.
func TestOversizedPacket(t *testing.T) {
	port, _ := testServer(t, WithMaxPacketSize(1000))
	_, main, replies := testClient(t, port)
	bad := rawConn(t, port)
	require.NoError(t, bad.Write(context.Background(), websocket.MessageBinary, make([]byte, 1001)))
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	var err error
	for err == nil {
		_, _, err = bad.Read(ctx)
	}
	assert.Equal(t, websocket.StatusMessageTooBig, websocket.CloseStatus(err), "%v", err)
	echoes(t, main, replies, "still served")
}

// A client that sends calls and never reads their replies stops being
// read once its socket is full (each reply is written by the goroutine
// that reads its calls), then is disconnected when a write takes longer
// than the write timeout; the other clients are served all along, and the
// server holds no more than the queue for it.
func TestSlowClient(t *testing.T) {
	port, errs := testServer(t, WithSendQueue(256<<10), WithWriteTimeout(500*time.Millisecond))
	_, main, replies := testClient(t, port)
	slow := rawConn(t, port)
	big := append([]byte{byte(4)}, make([]byte, 3+4+30000)...) // a String argument of 30000 bytes
	big[4] = 0x30
	big[5] = 0x75
	call := appendCall(nil, 0, "Main", 0, false, 1, big)
	for i := 0; !hasError(errs, ErrSlowPeer); i++ {
		if slow.Write(context.Background(), websocket.MessageBinary, call) != nil {
			break // the server closed it
		}
		require.Less(t, i, 10000, "the slow client was never disconnected")
		if i%50 == 0 {
			echoes(t, main, replies, "served meanwhile")
		}
	}
	all := errs.get()
	t.Logf("%d errors, the last: %v", len(all), all[max(0, len(all)-3):])
	waitFor(t, "the slow client's disconnection", func() bool { return hasError(errs, ErrSlowPeer) })
	assert.False(t, hasError(errs, ErrQueueFull), "no reply dropped: the client was not read meanwhile")
	echoes(t, main, replies, "still served")
}

// A client over its rate is read from no faster than the rate allows
// (back-pressure): none of its packets is dropped, every one comes back in
// order, and the others are served all along. However slow the machine,
// the first n echoes cannot come back sooner than the rate lets the server
// handle n packets.
func TestRateLimit(t *testing.T) {
	const rate, burst, sent = 200, 10, 200
	port, errs := testServer(t, WithRateLimit(rate, burst))
	_, main, replies := testClient(t, port)
	flood := rawConn(t, port)
	start := time.Now()
	for i := range sent {
		require.NoError(t, flood.Write(context.Background(), websocket.MessageBinary, []byte{cmdRaw, byte(i)}))
	}
	echoes(t, main, replies, "served meanwhile")
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for i := 0; i < sent; {
		_, b, err := flood.Read(ctx)
		require.NoError(t, err, "echo %d of %d", i, sent)
		if b[0] != cmdRaw {
			continue
		}
		elapsed := time.Since(start).Seconds()
		require.Equal(t, []byte{cmdRaw, byte(i)}, b, "every packet, in order")
		i++
		require.LessOrEqual(t, float64(i), burst+rate*elapsed+1, "echo %d after %.3f s: faster than the rate", i, elapsed)
	}
	assert.Zero(t, len(errs.get()), "nothing dropped, nothing reported: %v", firstOf(errs.get()))
}

// withinRate says whether pace would take a token without waiting: over
// ENet a packet is handled on the host's reading goroutine only then.
func TestWithinRate(t *testing.T) {
	m := MustNew(WithRateLimit(100, 10))
	for _, tc := range []struct {
		name   string
		id     PeerID
		tokens float64
		since  time.Duration
		want   bool
	}{
		{"a full bucket", 2, 10, 0, true},
		{"a token left", 2, 1, 0, true},
		{"less than a token", 2, 0.5, 0, false},
		{"in debt", 2, -1, 0, false},
		{"refilled meanwhile", 2, 0.5, 10 * time.Millisecond, true},
		{"not yet refilled", 2, -1, 10 * time.Millisecond, false},
		{"the server, never paced", ServerID, -1, 0, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := m.newConn(tc.id)
			c.tokens, c.last = tc.tokens, time.Now().Add(-tc.since)
			assert.Equal(t, tc.want, c.withinRate())
			if tc.id != ServerID && tc.since == 0 {
				c.last = time.Now()
				tokens := c.tokens
				c.closed = make(chan struct{})
				close(c.closed) // pace returns at once rather than wait
				assert.Equal(t, tc.want, c.pace(), "pace took a token without waiting")
				assert.InDelta(t, tokens-1, c.tokens, 0.01)
			}
		})
	}
}

// The pings of one read of a WebSocket take a token each, together
// (paceN): within says whether they would be taken without waiting, and
// the bucket goes into debt by as many as it lacks, which the wait pays.
func TestPaceN(t *testing.T) {
	m := MustNew(WithRateLimit(100, 10))
	for _, tc := range []struct {
		name   string
		tokens float64
		n      int
		within bool
	}{
		{"one of a full bucket", 10, 1, true},
		{"all of a full bucket", 10, 10, true},
		{"more than the bucket holds", 10, 11, false},
		{"more than are left", 3, 4, false},
		{"as many as are left", 4, 4, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := m.newConn(2)
			c.tokens, c.last = tc.tokens, time.Now()
			assert.Equal(t, tc.within, c.within(tc.n))
			c.closed = make(chan struct{})
			close(c.closed) // paceN returns at once rather than wait
			assert.Equal(t, tc.within, c.paceN(tc.n), "paceN took the tokens without waiting")
			assert.InDelta(t, tc.tokens-float64(tc.n), c.tokens, 0.01)
		})
	}
}

// An honest client calling as fast as it can, beyond the rate limit, loses
// no call: each one is answered, and neither side reports an error.
func TestRateLimitLosesNothing(t *testing.T) {
	const calls = 3000
	port, errs := testServer(t, WithRateLimit(2000, 100))
	client, main, _ := testClient(t, port)
	clientErrs := &errorLog{}
	client.OnError(clientErrs.add)
	var got callOrder
	main.Handle("echo_reply", got.handle)
	for i := range calls {
		require.NoError(t, main.Call(ServerID, "echo", int64(i)))
	}
	for deadline := time.Now().Add(30 * time.Second); got.len() < calls && len(errs.get()) == 0; time.Sleep(10 * time.Millisecond) {
		require.True(t, time.Now().Before(deadline), "%d replies of %d", got.len(), calls)
	}
	require.Zero(t, len(errs.get()), "the server dropped nothing: %v", firstOf(errs.get()))
	assert.Zero(t, len(clientErrs.get()), "%v", firstOf(clientErrs.get()))
	got.inOrder(t, "every call answered, in order")
}

// callOrder records the int64 argument of each call its handler gets,
// each after delay, in the order they come.
type callOrder struct {
	delay time.Duration
	mu    sync.Mutex
	got   []int64
}

func (o *callOrder) handle(_ *Call, i int64) {
	time.Sleep(o.delay)
	o.mu.Lock()
	defer o.mu.Unlock()
	o.got = append(o.got, i)
}

func (o *callOrder) len() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return len(o.got)
}

// inOrder checks that the calls came with 0, 1, 2 and so on.
func (o *callOrder) inOrder(t *testing.T, msg string) {
	t.Helper()
	o.mu.Lock()
	defer o.mu.Unlock()
	for i, v := range o.got {
		require.Equal(t, int64(i), v, msg)
	}
}

// firstOf returns the first of errs, if any.
func firstOf(errs []error) error {
	if len(errs) == 0 {
		return nil
	}
	return errs[0]
}

// A server takes WithMaxPeers clients; the next is refused at the
// handshake.
func TestMaxPeers(t *testing.T) {
	port, _ := testServer(t, WithMaxPeers(1))
	_, main, replies := testClient(t, port)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, resp, err := websocket.Dial(ctx, "ws://127.0.0.1:"+port, nil)
	require.Error(t, err)
	assert.Equal(t, 503, resp.StatusCode)
	echoes(t, main, replies, "still served")
}

// The packets that cost the server most per byte received: calls whose
// arguments declare far more than they hold, or nest deepest, decoded into
// the generic form, calls of 255 Nil arguments (the most arguments per
// byte), and calls and paths by the thousand. What handling 1 MiB of each
// allocates stays within hostile.Bound.
func TestHostilePackets(t *testing.T) {
	m := MustNew(WithRateLimit(1e12, 1<<30))
	main := m.Node("/root/Main", echoMethods...)
	main.Handle("echo", func(c *Call, args ...any) {})
	main.Handle("echo_reply", func(c *Call, a, b, d, e string) {}) // strings kept, or not (decodeString)
	c := fakeConn(m)
	main.SetAuthority(c.id)
	const size = 1 << 20
	checksum := Checksum([]string{"echo", "echo_reply"})
	type input struct {
		name   string
		packet func(id uint32) []byte
	}
	var inputs []input
	for _, in := range hostile.Adversarial(60000) {
		inputs = append(inputs, input{in.Name, func(uint32) []byte { return appendCall(nil, 0, "Main", 0, false, 1, in.Data) }})
	}
	nils := bytes.Repeat(hostile.Nil, 255)
	inputs = append(inputs,
		input{"255 Nil arguments", func(uint32) []byte { return appendCall(nil, 0, "Main", 0, false, 255, nils) }},
		input{"paths", func(id uint32) []byte { return appendSimplify(nil, checksum, id, "Main") }},
		input{"distinct Strings into string parameters", func(id uint32) []byte {
			return appendCall(nil, 0, "Main", 1, false, 4, distinctStrings(id))
		}},
		input{"distinct Strings into any parameters", func(id uint32) []byte {
			return appendCall(nil, 0, "Main", 0, false, 4, distinctStrings(id))
		}})
	for _, in := range inputs {
		flood(t, in.name, m, c, size, in.packet)
		clear(m.rpc.recv)
		dropQueued(c)
	}
}

// A client relaying the smallest packets to 59 peers that never drain
// their queues (no socket: what is sent to them stays queued) makes the
// server hold no more than the 59 send queues: a queued packet is counted
// at what it costs, its slice header included, not at its length alone.
func TestRelayFanOutQueues(t *testing.T) {
	const peers, queue = 59, 256 << 10
	m := MustNew(WithRateLimit(1e12, 1<<30), WithSendQueue(queue))
	sender := fakeConn(m)
	for id := range PeerID(peers) {
		m.conns[id+3] = fakePeer(m, id+3)
	}
	pkt := append(appendSys(nil, sysRelay, -1), cmdRaw) // 7 bytes, to every peer but the server
	var full int
	before := hostile.HeapInUse()
	for range 2 * queue / len(pkt) {
		if m.route(sender, pkt, reliably) != nil {
			full++
		}
	}
	held := hostile.HeapInUse() - before
	t.Logf("%d relays of %d bytes, %d refused by a full queue: %d KiB held, %.2f of the %d queues' bytes",
		2*queue/len(pkt), len(pkt), full, held>>10, float64(held)/(peers*queue), peers)
	assert.Positive(t, full, "the queues filled")
	assert.LessOrEqual(t, held, uint64(peers*queue+hostile.Floor), "the queues' bytes")
	runtime.KeepAlive(m)
}

// FuzzPacket hands any bytes to a server as a client's packet: no panic,
// and every failure is one of the package's errors. Each side has a twin
// whose peer's errors are all being counted (see refuse), handed the same
// packets: each fails as its side does, with the bare kind of its error,
// or an error of that kind.
func FuzzPacket(f *testing.F) {
	checksum := Checksum([]string{"echo", "echo_reply"})
	for _, seed := range [][]byte{
		appendCall(nil, 0, "Main", 0, false, 3, []byte{0x81, 0x02, 0xfe, 0x42, 0xe8, 0x03}),
		appendCall(nil, 1, "", 0, true, 0, []byte{1, 2, 3}),
		appendSimplify(nil, checksum, 1, "Main"),
		appendConfirm(nil, true, 1),
		{cmdSys, sysAuth, 1, 2}, // authentication, from a peer that is not pending
		{cmdSys, sysAuth},
		append(appendSys(nil, sysRelay, 0), appendCall(nil, 0, "Main", 0, true, 0, nil)...),
		{cmdRaw, 1},
		appendCall(nil, 0, "Main", 1, false, 2, append(varString("player"), varString("player")...)),
		appendCall(nil, 0, "Main", 0, false, 2, append(varString("player"), varString("player")...)),
		appendSpawn(nil, spawnOf(f, 10, "P")),
		appendDespawn(nil, 10),
		appendSyncState(appendSyncHeader(nil, false, 7), false, syncState{netID: pathNetID | 1, values: []byte{5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}}),
		appendSyncState(appendSyncHeader(nil, false, 7), false, syncState{netID: 11, values: []byte{5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}}),
		appendSyncState(appendSyncHeader(nil, true, 0), true, syncState{netID: pathNetID | 1, changed: 1, values: []byte{2, 7}}),
	} {
		f.Add(seed)
	}
	type side struct {
		m *Multiplayer
		c *conn
	}
	// Replication: a server whose client owns a node, and a client whose
	// server spawns; and their twins.
	var replicas, replicaTwins []side
	for _, sides := range []*[]side{&replicas, &replicaTwins} {
		server, serverConn, _ := serverOfFake(f)
		client, _, clientConn := replicaOfFake(f)
		*sides = []side{{server, serverConn}, {client, clientConn}}
	}
	var differs error // a string parameter that is not what Unmarshal makes of its argument
	m, c := fuzzedServer(&differs)
	twin, twinConn := fuzzedServer(new(error))
	for _, s := range append(replicaTwins, side{twin, twinConn}) {
		for k := range s.c.errs {
			s.c.errs[k].Store(&errorRun{}) // a run under way, counting
		}
	}
	// The same packets from a peer still authenticating: only
	// authentication is taken, and nothing is sent to it.
	authing := MustNew(WithAuthTimeout(time.Hour))
	authing.Node("/root/Main", echoMethods...)
	var authMessages int
	authing.OnAuth(func(PeerID, []byte) { authMessages++ })
	pending := fakeConn(authing)
	holdFake(authing, pending)
	f.Fuzz(func(t *testing.T, packet []byte) {
		isAuth := len(packet) > 2 && packet[0]&cmdMask == cmdSys && packet[1] == sysAuth
		before := authMessages
		err := authing.route(pending, packet, reliably)
		switch {
		case isAuth && (err != nil || authMessages != before+1):
			t.Fatalf("an authentication message from a pending peer: %v, taken %d", err, authMessages-before)
		case !isAuth && len(packet) != 2 && len(packet) > 0 && !errors.Is(err, ErrNotAllowed):
			t.Fatalf("a packet before authentication: %v", err)
		}
		if fakeLink(pending).queued != 0 || authing.Peers() == nil || len(authing.Peers()) != 0 {
			t.Fatalf("a pending peer was sent %d bytes or admitted (peers %v)", fakeLink(pending).queued, authing.Peers())
		}
		for k, s := range append([]side{{m, c}}, replicas...) {
			t2 := append([]side{{twin, twinConn}}, replicaTwins...)[k]
			err := s.m.route(s.c, packet, reliably)
			if err != nil && !isPackageError(err) {
				t.Fatalf("peer %d: %T: %v", s.c.id, err, err)
			}
			if bare := t2.m.route(t2.c, packet, reliably); !sameRefusal(err, bare) {
				t.Fatalf("peer %d: %v, counted: %v", s.c.id, err, bare)
			}
			if differs != nil {
				t.Fatal(differs)
			}
			for _, s := range []side{s, t2} {
				dropQueued(s.c)
				if c := s.m.rpc.recv[2]; k == 0 && c != nil && len(c.ids) > 64 {
					clear(s.m.rpc.recv)
				}
			}
		}
	})
}

// fuzzedServer is FuzzPacket's server: /root/Main's echo methods, whose
// handlers set differs to a string parameter that is not what Unmarshal
// makes of its argument; the connection of its client, the authority.
func fuzzedServer(differs *error) (*Multiplayer, *conn) {
	objects := gdvar.MustCodec(gdvar.AllowObjects(true))
	m := MustNew(WithCodec(objects), WithRateLimit(1e12, 1<<30))
	main := m.Node("/root/Main", echoMethods...)
	main.Handle("echo", func(c *Call, a, b, d any) {
		for i, got := range []any{a, b, d}[:min(3, c.NumArgs())] {
			if s, ok := got.(string); ok {
				var want any
				if err := objects.Unmarshal(c.Arg(i), &want); err != nil || want != s {
					*differs = fmt.Errorf("argument %d: %q, Unmarshal: %q, %v", i, s, want, err)
				}
			}
		}
	})
	main.Handle("echo_reply", func(c *Call, a, b string) {
		for i, got := range []string{a, b}[:min(2, c.NumArgs())] {
			var want string
			if err := objects.Unmarshal(c.Arg(i), &want); err != nil || got != want {
				*differs = fmt.Errorf("argument %d: %q, Unmarshal: %q, %v", i, got, want, err)
			}
		}
	})
	c := fakeConn(m)
	main.SetAuthority(c.id)
	return m, c
}

// sameRefusal reports whether bare, a packet's error on a side whose
// peer's errors are all counted, is what explained, the same packet's on
// a side that counts none, is: both nil, or both of one limited kind
// (bare the kind itself, or an error of it made anyway), or both of none.
func sameRefusal(explained, bare error) bool {
	if explained == nil || bare == nil {
		return explained == bare
	}
	k := kindOf(explained)
	if k < 0 {
		return bareKind(bare) < 0 && kindOf(bare) < 0
	}
	return bare == limitedKinds[k] || kindOf(bare) == k
}

// flood hands c's side m a MiB or so of the packets packet makes (for
// 1, 2, …) and checks what handling them allocates against hostile.Bound.
func flood(t *testing.T, name string, m *Multiplayer, c *conn, size int, packet func(uint32) []byte) {
	var packets [][]byte
	total := 0
	for i := uint32(1); total < size; i++ {
		p := packet(i)
		packets = append(packets, p)
		total += len(p)
	}
	var failed int
	alloc := hostile.Allocated(func() {
		for _, p := range packets {
			if m.route(c, p, reliably) != nil {
				failed++
			}
		}
	})
	assert.LessOrEqual(t, alloc, hostile.Bound(total), name)
	t.Logf("%s: %d packets, %d KiB, %d refused: %d KiB allocated, %.1f B per byte", name, len(packets), total>>10, failed, alloc>>10, float64(alloc)/float64(total))
}

// isPackageError reports whether err is one of the package's sentinels, a
// handler's argument error, or the error of reading an argument (gdvar's
// own).
func isPackageError(err error) bool {
	for _, target := range []error{ErrMalformed, ErrUnknownNode, ErrUnknownMethod, ErrNotAllowed, ErrChecksum, ErrUnknownScene, ErrNoPeer} {
		if errors.Is(err, target) {
			return true
		}
	}
	var ae *ArgError
	var de *gdvar.DecodeError
	return errors.As(err, &ae) || errors.As(err, &de)
}

// fakeConn makes a server of m with one client, 2, whose connection has no
// socket: what is sent to it stays in its queue.
func fakeConn(m *Multiplayer) *conn {
	c := fakePeer(m, 2)
	m.conns[2], m.id = c, ServerID
	return c
}

// fakePeer is a connection of m's to peer id with no socket: what is sent
// to it stays queued; packets are handed to m.handle. Its rate is unbounded.
func fakePeer(m *Multiplayer, id PeerID) *conn {
	c := m.newConn(id)
	c.tokens = 1 << 30
	// No writing goroutine starts, and with no socket to write now its
	// packets stay queued.
	c.link = &wsLink{c: c, writing: true, sock: &wsSocket{}}
	c.shown = true // as an admitted client heard from is
	return c
}

// admitFake admits a fake peer, as join admits a peer that joins, with no
// goroutine to serve it.
func admitFake(m *Multiplayer, c *conn) {
	m.mu.Lock()
	delete(m.conns, c.id) // fakeConn's, which it takes in again
	m.mu.Unlock()
	if err := m.enter(c, 0, false); err != nil {
		panic(err)
	}
}

// holdFake holds a fake peer pending, as a Multiplayer that
// authenticates holds a peer that joins, its timeout stopped.
func holdFake(m *Multiplayer, c *conn) {
	m.auth.mu.Lock()
	defer m.auth.mu.Unlock()
	m.mu.Lock()
	c.authenticating = true
	m.mu.Unlock()
	m.auth.hold(c)
	m.auth.states[c].timer.Stop()
}

// fakeLink is a fake peer's transport, which keeps what is sent to it.
func fakeLink(c *conn) *wsLink { return c.link.(*wsLink) }

// dropQueued forgets what was queued for a fake peer.
func dropQueued(c *conn) {
	l := fakeLink(c)
	l.queue, l.queued = packetQueue{}, 0
}

func mustListen(tb testing.TB) net.Listener {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	return ln
}

// Pings count against the rate as packets do: a client pinging as fast as
// it can is answered no faster than the rate lets it, and the others are
// served meanwhile. However slow the machine, n answers cannot come back
// sooner than the rate lets the server take n pings.
func TestRateLimitPings(t *testing.T) {
	const rate, burst, pings = 100, 5, 60
	port, errs := testServer(t, WithRateLimit(rate, burst))
	_, main, replies := testClient(t, port)
	flood := rawConn(t, port)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	go func() { // reads the answers, and drops the packets the server sends
		for {
			if _, _, err := flood.Read(ctx); err != nil {
				return
			}
		}
	}()
	start := time.Now()
	for i := range pings {
		require.NoError(t, flood.Ping(ctx), "ping %d", i)
		elapsed := time.Since(start).Seconds()
		require.LessOrEqual(t, float64(i+1), burst+rate*elapsed+1, "ping %d answered after %.3f s: faster than the rate", i+1, elapsed)
	}
	echoes(t, main, replies, "served meanwhile")
	assert.Zero(t, len(errs.get()), "%v", firstOf(errs.get()))
}

// A connection keeps no read buffer over keptReadBuf once a large packet
// is handled: peers that each sent one large packet and then fell silent
// hold about what peers that sent a small one hold.
func TestLargePacketBufferNotKept(t *testing.T) {
	const peers, size = 40, 60000
	port, _ := testServer(t)
	conns := make([]*websocket.Conn, peers)
	for i := range conns {
		conns[i] = rawConn(t, port)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	// Each peer sends a raw packet of n bytes and reads it back: handled.
	roundTrip := func(n int) uint64 {
		pkt := append([]byte{cmdRaw}, make([]byte, n)...)
		for _, ws := range conns {
			require.NoError(t, ws.Write(ctx, websocket.MessageBinary, pkt))
		}
		for _, ws := range conns {
			for {
				_, b, err := ws.Read(ctx)
				require.NoError(t, err)
				if len(b) == len(pkt) && b[0] == cmdRaw {
					break
				}
			}
		}
		return hostile.HeapInUse()
	}
	small := roundTrip(1)
	large := roundTrip(size)
	t.Logf("%d peers silent after a packet of %d bytes hold %d KiB more than after one of 1 byte", peers, size, (int64(large)-int64(small))>>10)
	assert.Less(t, int64(large)-int64(small), int64(peers*keptReadBuf), "the large packets' buffers are not kept")
}

// hostileServer is a server that gives its client peer id 2 and then
// sends it the packets of script, in order, reading nothing; it returns
// the URL and a channel closed once the client has closed the connection.
func hostileServer(t *testing.T, script ...[]byte) (string, chan struct{}) {
	hold := make(chan struct{})
	ended := make(chan struct{})
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer ws.CloseNow()
		for _, pkt := range append([][]byte{{2, 0, 0, 0}}, script...) {
			if ws.Write(r.Context(), websocket.MessageBinary, pkt) != nil {
				return
			}
		}
		ctx, cancel := context.WithCancel(r.Context())
		defer cancel()
		go func() { // reads, to see the client close, until the test ends
			for {
				if _, _, err := ws.Read(ctx); err != nil {
					close(ended)
					return
				}
			}
		}()
		<-hold
	})}
	ln := mustListen(t)
	go srv.Serve(ln)
	t.Cleanup(func() { close(hold); srv.Close() })
	return "ws://" + ln.Addr().String(), ended
}

// A client trusts its server only so far: a server announcing more peers
// than WithMaxPeers is disconnected with the reason, the peers beyond
// never joining, and a relayed path from a peer it never announced is
// refused, keeping no cache for that peer.
func TestHostileServer(t *testing.T) {
	const max = 8
	var flood [][]byte
	for i := range max + 100 {
		flood = append(flood, appendSys(nil, sysAddPeer, PeerID(10+i)))
	}
	path := appendSimplify(nil, MustNew().Node("/root/Main", echoMethods...).methods.checksum, 1, DefaultRoot+"/Main")
	for _, tc := range []struct {
		name      string
		script    [][]byte
		joined    int
		reason    error // why the client disconnected, if it did
		malformed int
		caches    int
	}{
		{"peers beyond the limit", flood, max, ErrTooManyPeers, 0, 0},
		{"paths from peers not announced", [][]byte{
			appendSys(nil, sysAddPeer, 10),
			append(appendSys(nil, sysRelay, 11), path...),
			append(appendSys(nil, sysRelay, 12), path...),
			append(appendSys(nil, sysRelay, 10), path...),
			appendSys(nil, sysAddPeer, 20), // the last: the paths were handled once it joins
		}, 2, nil, 2, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			url, ended := hostileServer(t, tc.script...)
			m := MustNew(WithMaxPeers(max), WithErrorInterval(0)) // each error counted
			m.Node("/root/Main", echoMethods...)
			errs := &errorLog{}
			m.OnError(errs.add)
			var mu sync.Mutex
			var joined []PeerID
			m.OnPeerConnected(func(id PeerID) {
				mu.Lock()
				joined = append(joined, id)
				mu.Unlock()
			})
			t.Cleanup(func() { m.Close() })
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			require.NoError(t, m.Connect(ctx, url))
			if tc.reason != nil {
				within(t, "the client closes the connection", ended)
				waitFor(t, "the reason reported", func() bool { return countErrors(errs, tc.reason) == 1 })
				assert.Equal(t, 1, countErrors(errs, ErrDisconnected))
			}
			waitFor(t, "the peers within the limit joined", func() bool {
				mu.Lock()
				defer mu.Unlock()
				return len(joined) >= 1+tc.joined
			})
			mu.Lock()
			assert.Len(t, joined, 1+tc.joined, "the server and the peers within the limit joined: %v", joined)
			mu.Unlock()
			assert.Equal(t, tc.malformed, countErrors(errs, ErrMalformed), "%v", errs.get())
			m.rpc.mu.Lock()
			assert.Len(t, m.rpc.recv, tc.caches, "caches kept")
			m.rpc.mu.Unlock()
		})
	}
}

// distinctStrings is four String arguments that no other id makes.
func distinctStrings(id uint32) []byte {
	var args []byte
	for k := range 4 {
		args = append(args, varString(fmt.Sprintf("%x.%d", id, k))...)
	}
	return args
}

// varString is var_to_bytes of a String, which is its argument form too.
func varString(s string) []byte {
	b, err := gdvar.Marshal(s)
	if err != nil {
		panic(err)
	}
	return b
}
