package enet

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/netsim"
)

// Tests of the protocol on a bad link: a seeded netsim link between the two
// ends loses, duplicates, reorders and delays datagrams, or makes a peer
// vanish; and a flood of connects that never complete.

// badLink is the link, each way: 10% loss, duplication, reordering
// and a delay with jitter (datagrams closer than the jitter may swap).
var badLink = netsim.Faults{Loss: 0.1, Duplicate: 0.05, Reorder: 0.1, Delay: 2 * time.Millisecond, Jitter: 8 * time.Millisecond}

// newProxy starts a proxy to a server's address, closed when the test ends.
func newProxy(t *testing.T, server *net.UDPAddr, opts netsim.Options) *netsim.Proxy {
	t.Helper()
	if opts.QueueLimit == 0 {
		opts.QueueLimit = 1 << 14 // a 100 KB burst is held, not dropped as Overflowed
	}
	px, err := netsim.New(server, opts)
	require.NoError(t, err)
	t.Cleanup(func() { px.Close() })
	return px
}

// ordering is what a receiver may see of a stream's packets.
type ordering uint8

const (
	inOrder   ordering = iota // reliable: all, once, in order
	sequenced                 // unreliable: some, never older than one already delivered
	unordered                 // unsequenced: some, in any order, never twice
)

// faultStream is one channel's packets in a fault test.
type faultStream struct {
	channel uint8
	flags   Flag
	order   ordering
	count   int
	size    func(i int) int
}

// small sizes, never fragmented.
func small(i int) int { return 8 + i*37%900 }

// faultStreams: every way a packet travels, some fragmented, reliable ones
// up to 100 KB (75 fragments).
var faultStreams = []faultStream{
	{0, Reliable, inOrder, 60, func(i int) int {
		switch {
		case i == 15 || i == 45:
			return 100_000
		case i%10 == 0:
			return 5000
		}
		return small(i)
	}},
	{1, 0, sequenced, 150, small},
	{2, Unsequenced, unordered, 150, small},
	{3, UnreliableFragment, sequenced, 40, func(int) int { return 3000 }},
	// Godot's UNRELIABLE mode: unsequenced when it fits, unreliable
	// fragments (sequenced among themselves) when it does not.
	{4, Unsequenced | UnreliableFragment, unordered, 60, func(i int) int { return []int{120, 3000}[i%2] }},
}

// endSeq numbers a stream's last packet, sent reliably: once it is in, a
// sequenced packet sent before it may no longer come.
const endSeq = 0xFFFFFFFF

// faultPayload is packet seq of a channel: its number, its channel, then
// bytes that depend on both.
func faultPayload(ch uint8, seq uint32, size int) []byte {
	b := make([]byte, max(size, 5))
	binary.LittleEndian.PutUint32(b, seq)
	b[4] = ch
	for i := 5; i < len(b); i++ {
		b[i] = byte(seq*31 + uint32(i)*7 + uint32(ch))
	}
	return b
}

// receivedFlags is what a packet sent with flags and size says on arrival
// with the default MTU: a fragmented one comes as reliable fragments, or
// with UnreliableFragment as unreliable ones.
func receivedFlags(flags Flag, size int) Flag {
	switch {
	case flags&Reliable != 0:
		return Reliable
	case size > defaultMTU-4-commandSizes[cmdSendFragment]:
		if flags&UnreliableFragment != 0 {
			return UnreliableFragment
		}
		return Reliable
	}
	return flags & Unsequenced
}

// sendStreams sends the streams' packets, a round of each in turn, then
// each stream's end.
func sendStreams(ctx context.Context, p *Peer, streams []faultStream) error {
	send := func(ch uint8, data []byte, flags Flag) error {
		for {
			err := p.Send(ch, data, flags)
			if !errors.Is(err, ErrQueueFull) {
				return err
			}
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(5 * time.Millisecond):
			}
		}
	}
	for i := 0; ; i++ {
		more := false
		for _, s := range streams {
			if i >= s.count {
				continue
			}
			more = true
			if err := send(s.channel, faultPayload(s.channel, uint32(i), s.size(i)), s.flags); err != nil {
				return fmt.Errorf("channel %d packet %d: %w", s.channel, i, err)
			}
		}
		if !more {
			break
		}
		time.Sleep(time.Millisecond) // a paced sender, not one burst
	}
	for _, s := range streams {
		if err := send(s.channel, faultPayload(s.channel, endSeq, 8), Reliable); err != nil {
			return fmt.Errorf("channel %d end: %w", s.channel, err)
		}
	}
	return nil
}

// tally checks what a peer receives of the streams.
type tally struct {
	streams []faultStream
	next    []uint32 // inOrder: the next packet
	last    []int64  // sequenced: the last delivered, -1 for none
	seen    []map[uint32]bool
	got     []int
	ended   int
}

func newTally(streams []faultStream) *tally {
	t := &tally{streams: streams, next: make([]uint32, len(streams)), last: make([]int64, len(streams)),
		seen: make([]map[uint32]bool, len(streams)), got: make([]int, len(streams))}
	for i := range streams {
		t.last[i], t.seen[i] = -1, make(map[uint32]bool)
	}
	return t
}

func (t *tally) done() bool { return t.ended == len(t.streams) }

// take checks one packet: an error says which rule it breaks.
func (t *tally) take(pk Packet) error {
	k := -1
	for i, s := range t.streams {
		if s.channel == pk.Channel {
			k = i
		}
	}
	if k < 0 || len(pk.Data) < 5 || pk.Data[4] != pk.Channel {
		return fmt.Errorf("a packet of %d bytes on channel %d that nobody sent", len(pk.Data), pk.Channel)
	}
	s := t.streams[k]
	seq := binary.LittleEndian.Uint32(pk.Data)
	size, flags := 0, Reliable
	if seq == endSeq {
		size = 8
	} else if int(seq) < s.count {
		size, flags = s.size(int(seq)), s.flags
	}
	if size == 0 || string(pk.Data) != string(faultPayload(s.channel, seq, size)) {
		return fmt.Errorf("channel %d: packet %d came as %d wrong bytes", s.channel, seq, len(pk.Data))
	}
	if want := receivedFlags(flags, size); pk.Flags != want {
		return fmt.Errorf("channel %d: packet %d came with flags %d, not %d", s.channel, seq, pk.Flags, want)
	}
	if t.seen[k][seq] {
		return fmt.Errorf("channel %d: packet %d came twice", s.channel, seq)
	}
	t.seen[k][seq] = true
	if seq == endSeq {
		if s.order == inOrder && t.next[k] != uint32(s.count) {
			return fmt.Errorf("channel %d: the end came after packet %d of %d", s.channel, t.next[k], s.count)
		}
		t.ended++
		t.last[k] = int64(s.count) // a sequenced packet after it would be older
		return nil
	}
	t.got[k]++
	switch s.order {
	case inOrder:
		if seq != t.next[k] {
			return fmt.Errorf("channel %d: packet %d came when %d was next", s.channel, seq, t.next[k])
		}
		t.next[k]++
	case sequenced:
		if int64(seq) <= t.last[k] {
			return fmt.Errorf("channel %d: packet %d came after %d", s.channel, seq, t.last[k])
		}
		t.last[k] = int64(seq)
	}
	return nil
}

// collect receives the streams until every end is in, then for linger
// more, so that a late copy would be seen.
func collect(ctx context.Context, p *Peer, streams []faultStream, linger time.Duration) (*tally, error) {
	t := newTally(streams)
	for !t.done() {
		pk, err := p.Receive(ctx)
		if err != nil {
			return t, fmt.Errorf("after %v: %w", t.got, err)
		}
		if err := t.take(pk); err != nil {
			return t, err
		}
	}
	lctx, cancel := context.WithTimeout(ctx, linger)
	defer cancel()
	for {
		pk, err := p.Receive(lctx)
		if err != nil {
			return t, nil
		}
		if err := t.take(pk); err != nil {
			return t, err
		}
	}
}

// report logs a tally's losses and checks that every reliable packet came.
func (t *tally) report(tb testing.TB, who string) (unreliable int) {
	tb.Helper()
	var parts []string
	for k, s := range t.streams {
		parts = append(parts, fmt.Sprintf("ch%d %d/%d", s.channel, t.got[k], s.count))
		if s.order == inOrder {
			assert.Equal(tb, s.count, t.got[k], "%s: reliable packets on channel %d", who, s.channel)
		} else {
			unreliable += t.got[k]
		}
	}
	tb.Logf("%s received %s (unreliable ones lost: on the link, or dropped by the sender's throttle)", who, strings.Join(parts, ", "))
	return unreliable
}

// logProxy logs what the proxy did to the traffic, and checks that it did
// inject every fault it was asked to.
func logProxy(t *testing.T, px *netsim.Proxy) {
	st := px.Stats()
	for _, d := range []struct {
		name string
		s    netsim.DirStats
	}{{"up", st.Up}, {"down", st.Down}} {
		t.Logf("proxy %s: %d datagrams, %d lost, %d duplicated, %d reordered, %d overflowed", d.name,
			d.s.Received.Datagrams, d.s.Lost.Datagrams, d.s.Duplicated.Datagrams, d.s.Reordered.Datagrams, d.s.Overflowed.Datagrams)
		assert.NotZero(t, d.s.Lost.Datagrams, "%s: lost", d.name)
		assert.NotZero(t, d.s.Duplicated.Datagrams, "%s: duplicated", d.name)
		assert.NotZero(t, d.s.Reordered.Datagrams, "%s: reordered", d.name)
	}
}

// exchange runs the streams both ways at once between two peers.
func exchange(t *testing.T, ctx context.Context, a, b *Peer) {
	type result struct {
		who string
		t   *tally
		err error
	}
	results := make(chan result, 4)
	for _, d := range []struct {
		who      string
		from, to *Peer
	}{{"server", a, b}, {"client", b, a}} {
		go func() {
			results <- result{d.who + " (sending)", nil, sendStreams(ctx, d.from, faultStreams)}
		}()
		go func() {
			tl, err := collect(ctx, d.to, faultStreams, 300*time.Millisecond)
			results <- result{d.who, tl, err}
		}()
	}
	unreliable := 0
	for range 4 {
		r := <-results
		require.NoError(t, r.err, r.who)
		if r.t != nil {
			unreliable += r.t.report(t, r.who)
		}
	}
	assert.NotZero(t, unreliable, "unreliable packets received: the test saw none to check")
}

// Two Go hosts through a bad link both ways: every reliable packet comes
// once and in order, fragmented or not; unreliable ones never twice, and
// sequenced ones never out of order. Both ends wait longer than the test
// for an acknowledgement (see lossWait).
func TestFaultsGoToGo(t *testing.T) {
	server, err := Listen("udp", "127.0.0.1:0")
	require.NoError(t, err)
	t.Cleanup(func() { server.Close() })
	px := newProxy(t, server.Addr().(*net.UDPAddr), netsim.Options{Seed: 25, Up: badLink, Down: badLink})
	client, err := Listen("udp", "127.0.0.1:0")
	require.NoError(t, err)
	t.Cleanup(func() { client.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), lossWait)
	defer cancel()
	cp, err := client.Connect(ctx, px.Addr().String(), len(faultStreams), 0)
	require.NoError(t, err)
	sp, err := server.Accept(ctx)
	require.NoError(t, err)
	for _, p := range []*Peer{sp, cp} {
		p.SetTimeout(0, 2*lossWait, 2*lossWait)
	}
	exchange(t, ctx, sp, cp)
	logProxy(t, px)
	cp.Disconnect(0)
	select {
	case <-sp.Done():
		assert.ErrorIs(t, sp.Err(), ErrDisconnected)
	case <-ctx.Done():
		t.Fatal("the disconnect did not come through")
	}
}

// Godot 4.6's ENetConnection (raw_client.gd) through a bad link to a Go
// host that echoes: the script fails on an echo that comes twice, late in
// its channel or changed, and waits for every reliable one. Both ends
// wait longer than the script for an acknowledgement (see lossWait).
func TestFaultsGodotClient(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	script, err := filepath.Abs("testdata/godot/raw_client.gd")
	require.NoError(t, err)
	h, err := Listen("udp", "127.0.0.1:0")
	require.NoError(t, err)
	defer h.Close()
	go echo(h, 2*lossWait)
	px := newProxy(t, h.Addr().(*net.UDPAddr), netsim.Options{Seed: 26, Up: badLink, Down: badLink})
	out := godot.RunScript(t, engine, script, "port="+strconv.Itoa(px.Addr().Port), "plan=full", "lossy=1",
		"peer_timeout="+strconv.FormatInt((2*lossWait).Milliseconds(), 10), "timeout="+strconv.Itoa(int(lossWait.Seconds())))
	m := regexp.MustCompile(`RESULT ok (\d+) lost (\d+)`).FindStringSubmatch(out)
	require.NotNil(t, m, out)
	echoes, _ := strconv.Atoi(m[1])
	lost, _ := strconv.Atoi(m[2])
	// The full plan: 84 packets, of which 48 travel unreliably (36 are
	// reliable, or reliable fragments: too large without FLAG_UNRELIABLE_FRAGMENT).
	assert.Equal(t, 84, echoes+lost)
	assert.LessOrEqual(t, lost, 48, "only unreliable echoes may be lost")
	assert.Contains(t, out, "DONE")
	t.Logf("Godot client: %d echoes, %d unreliable ones lost", echoes, lost)
	logProxy(t, px)
}

// A Go client through a bad link to Godot 4.6's ENetConnection
// (raw_server.gd), which echoes every packet: the same checks as between Go
// hosts, on the echoes. Both ends wait longer than the test for an
// acknowledgement (see lossWait) until the client disconnects: the server
// acknowledges that once, so the client takes ENet's timeout again.
func TestFaultsGodotServer(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	script, err := filepath.Abs("testdata/godot/raw_server.gd")
	require.NoError(t, err)
	port := godot.FreePort(t, "udp")
	srv := godot.Start(t, engine, script, "port="+strconv.Itoa(port),
		"peer_timeout="+strconv.FormatInt((2*lossWait).Milliseconds(), 10), "timeout="+strconv.Itoa(int(lossWait.Seconds())))
	px := newProxy(t, &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1), Port: port}, netsim.Options{Seed: 27, Up: badLink, Down: badLink})
	h, err := Listen("udp", "127.0.0.1:0")
	require.NoError(t, err)
	defer h.Close()
	ctx, cancel := context.WithTimeout(context.Background(), lossWait)
	defer cancel()
	p := connectRetry(t, ctx, h, px.Addr().String(), len(faultStreams), 9)
	p.SetTimeout(0, 2*lossWait, 2*lossWait)
	errs := make(chan error, 1)
	go func() { errs <- sendStreams(ctx, p, faultStreams) }()
	tl, err := collect(ctx, p, faultStreams, 300*time.Millisecond)
	require.NoError(t, err)
	require.NoError(t, <-errs)
	assert.NotZero(t, tl.report(t, "Go client (Godot's echoes)"), "unreliable echoes received")
	logProxy(t, px)
	p.SetTimeout(0, 0, 0) // ENet's
	p.Disconnect(3)
	select {
	case <-p.Done():
	case <-ctx.Done():
		t.Fatal("no disconnect")
	}
	out := srv.Wait(t)
	assert.Contains(t, out, "DISCONNECT 1 3")
}

// connectRetry connects until the engine listens.
func connectRetry(t *testing.T, ctx context.Context, h *Host, addr string, channels int, data uint32) *Peer {
	t.Helper()
	for {
		p, err := h.Connect(ctx, addr, channels, data)
		if err == nil {
			return p
		}
		require.NoError(t, ctx.Err(), "last: %v", err)
	}
}

// waitDone waits for a peer to end, at most limit, and returns how long it
// took from since.
func waitDone(t *testing.T, p *Peer, since time.Time, limit time.Duration) time.Duration {
	t.Helper()
	select {
	case <-p.Done():
		return time.Since(since)
	case <-time.After(limit):
		t.Fatalf("peer still there %v after it vanished", limit)
		return 0
	}
}

// ENet's bounds on a vanished peer's timeout with its defaults: no sooner
// than the 5 s minimum after the earliest unacknowledged send (which may
// precede the vanishing by a round trip), no later than the 30 s maximum
// plus the retransmission timeout that reveals it.
const (
	vanishMin = 4500 * time.Millisecond
	vanishMax = 40 * time.Second
)

// firstClient records the first client a proxy sees.
type firstClient struct {
	mu   sync.Mutex
	addr netip.AddrPort
}

func (f *firstClient) tap(e netsim.Event) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.addr.IsValid() && e.Dir == netsim.Up {
		f.addr = e.Client
	}
}

func (f *firstClient) get() netip.AddrPort {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.addr
}

// A peer that vanishes behind the proxy is timed out with ErrTimeout,
// within ENet's bounds, by a Go server and a Go client alike, and by
// Godot's server (raw_server.gd) for comparison; Go's server times out a
// vanished Godot client too.
func TestFaultsVanish(t *testing.T) {
	if testing.Short() {
		t.Skip("a timeout takes 5 to 30 s")
	}
	t.Run("go server, go client", func(t *testing.T) {
		t.Parallel()
		server, err := Listen("udp", "127.0.0.1:0")
		require.NoError(t, err)
		defer server.Close()
		px := newProxy(t, server.Addr().(*net.UDPAddr), netsim.Options{})
		client, err := Listen("udp", "127.0.0.1:0")
		require.NoError(t, err)
		defer client.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		cp, err := client.Connect(ctx, px.Addr().String(), 1, 0)
		require.NoError(t, err)
		sp, err := server.Accept(ctx)
		require.NoError(t, err)
		require.NoError(t, cp.Send(0, []byte("hello"), Reliable))
		receive(t, sp)
		time.Sleep(time.Second) // pings: a round-trip estimate
		at := time.Now()
		px.Vanish(client.Addr())
		var wg sync.WaitGroup
		for _, p := range []struct {
			who  string
			peer *Peer
		}{{"Go server", sp}, {"Go client", cp}} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				d := waitDone(t, p.peer, at, vanishMax+5*time.Second)
				t.Logf("%s timed out its vanished peer in %v", p.who, d.Round(time.Millisecond))
				assert.ErrorIs(t, p.peer.Err(), ErrTimeout, p.who)
				assert.GreaterOrEqual(t, d, vanishMin, p.who)
				assert.LessOrEqual(t, d, vanishMax, p.who)
			}()
		}
		wg.Wait()
	})
	t.Run("godot server, go client", func(t *testing.T) {
		t.Parallel()
		engine := godot.Require(t, godot.Godot4)
		script, err := filepath.Abs("testdata/godot/raw_server.gd")
		require.NoError(t, err)
		port := godot.FreePort(t, "udp")
		srv := godot.Start(t, engine, script, "port="+strconv.Itoa(port), "timeout=90")
		px := newProxy(t, &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1), Port: port}, netsim.Options{})
		client, err := Listen("udp", "127.0.0.1:0")
		require.NoError(t, err)
		defer client.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		cp := connectRetry(t, ctx, client, px.Addr().String(), 1, 5)
		connected := time.Now()
		require.NoError(t, cp.Send(0, []byte("hello"), Reliable))
		receive(t, cp)          // the echo
		time.Sleep(time.Second) // pings: a round-trip estimate
		at := time.Now()
		px.Vanish(client.Addr())
		d := waitDone(t, cp, at, vanishMax+5*time.Second)
		t.Logf("Go client timed out the vanished Godot server in %v", d.Round(time.Millisecond))
		assert.ErrorIs(t, cp.Err(), ErrTimeout)
		assert.GreaterOrEqual(t, d, vanishMin)
		assert.LessOrEqual(t, d, vanishMax)
		out := srv.Wait(t)
		// The engine's clock: from its CONNECT to its DISCONNECT, less the
		// time the peer lived before it vanished.
		m := regexp.MustCompile(`CONNECT 1 5 1 (\d+)\n(?s:.*)DISCONNECT 1 0 (\d+)`).FindStringSubmatch(out)
		require.NotNil(t, m, out)
		from, _ := strconv.Atoi(m[1])
		to, _ := strconv.Atoi(m[2])
		g := time.Duration(to-from)*time.Millisecond - at.Sub(connected)
		t.Logf("Godot server timed out the vanished Go client in %v (±20 ms)", g.Round(time.Millisecond))
		assert.GreaterOrEqual(t, g, vanishMin-100*time.Millisecond, "Godot")
		assert.LessOrEqual(t, g, vanishMax, "Godot")
	})
	t.Run("go server, godot client", func(t *testing.T) {
		t.Parallel()
		engine := godot.Require(t, godot.Godot4)
		script, err := filepath.Abs("testdata/godot/raw_client.gd")
		require.NoError(t, err)
		server, err := Listen("udp", "127.0.0.1:0")
		require.NoError(t, err)
		defer server.Close()
		var first firstClient
		px := newProxy(t, server.Addr().(*net.UDPAddr), netsim.Options{Tap: first.tap})
		// It idles after its plan; once vanished it times the server out
		// and fails, as it should: its exit status is not looked at.
		cl := godot.Start(t, engine, script, "port="+strconv.Itoa(px.Addr().Port), "plan=capture",
			"lossy=1", "idle=120000", "timeout=150")
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		sp, err := server.Accept(ctx)
		require.NoError(t, err)
		go func() {
			for {
				pk, err := sp.Receive(context.Background())
				if err != nil {
					return
				}
				sp.Send(pk.Channel, pk.Data, pk.Flags)
			}
		}()
		require.Eventually(t, func() bool { return strings.Contains(cl.Output(), "RESULT ok") }, 20*time.Second, 20*time.Millisecond, "the script's echoes")
		time.Sleep(time.Second)
		at := time.Now()
		px.Vanish(net.UDPAddrFromAddrPort(first.get()))
		d := waitDone(t, sp, at, vanishMax+5*time.Second)
		t.Logf("Go server timed out the vanished Godot client in %v", d.Round(time.Millisecond))
		assert.ErrorIs(t, sp.Err(), ErrTimeout)
		assert.GreaterOrEqual(t, d, vanishMin)
		assert.LessOrEqual(t, d, vanishMax)
	})
}

// connectDatagram is a client's first datagram: a connect that asks for one
// channel, from a client that will never answer the verify-connect.
func connectDatagram(connectID uint32) []byte {
	c := command{cmd: cmdConnect | flagAcknowledge, channel: 0xFF, seq: 1, outgoingPeerID: 0,
		incomingSession: 0xFF, outgoingSession: 0xFF, mtu: defaultMTU, windowSize: maxWindowSize, channelCount: 1,
		throttleInterval: defaultThrottleIntv, throttleAccel: defaultThrottleAccel, throttleDecel: defaultThrottleDecel,
		connectID: connectID}
	return append([]byte{0x80 | maxPeerID>>8, maxPeerID & 0xFF, 0, 1}, cmdBytes(c)...)
}

// flood sends connects from n sockets, round after round, until ctx ends:
// each socket once a round (as a client's retransmissions would), and a
// quiet interval after each round, however long the round took. A
// connect offered in the quiet outlives its round trip, where a loaded
// machine stretches the rounds (with a ticker they would follow each
// other, and withdraw each offer within a few milliseconds).
func flood(t *testing.T, ctx context.Context, to *net.UDPAddr, n int, interval time.Duration) {
	t.Helper()
	socks := make([]*net.UDPConn, n)
	for i := range socks {
		c, err := net.ListenUDP("udp4", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
		require.NoError(t, err)
		t.Cleanup(func() { c.Close() })
		socks[i] = c
	}
	quiet := time.NewTimer(interval)
	defer quiet.Stop()
	for {
		for i, c := range socks {
			c.WriteToUDP(connectDatagram(uint32(i)+1000), to)
		}
		quiet.Reset(interval)
		select {
		case <-ctx.Done():
			return
		case <-quiet.C:
		}
	}
}

// floodCount counts the bytes the flood's sockets sent the server and the
// server sent them, every client but the real one.
type floodCount struct {
	real     netip.AddrPort
	mu       sync.Mutex
	up, down uint64
}

func (f *floodCount) tap(e netsim.Event) {
	if e.Client == f.real {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	switch {
	case e.Dir == netsim.Up && e.Kind == netsim.Sent:
		f.up += uint64(len(e.Data))
	case e.Dir == netsim.Down && e.Kind == netsim.Received:
		f.down += uint64(len(e.Data))
	}
}

func (f *floodCount) ratio() (up, down uint64, r float64) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.up, f.down, float64(f.down) / float64(max(f.up, 1))
}

// Flood sizes: more sockets than the server's 32 peers, each repeating its
// connect as a client would, for floodFor at least and, while the real
// client tries to get into a Go server, up to joinWithin: ENet's backoff
// gives it a handful of tries in that time, whatever the machine's load.
const (
	floodSockets  = 200
	floodInterval = 100 * time.Millisecond
	floodFor      = 3 * time.Second
	joinWithin    = 20 * time.Second
)

// Connects from many sockets that never complete the handshake cannot lock
// a real client out of a Go server, which sends them fewer bytes than
// they sent it. Godot 4.6's server, for comparison, keeps a slot and
// retransmits its verify-connect for each, until it times them out.
func TestFaultsConnectFlood(t *testing.T) {
	if testing.Short() {
		t.Skip("a flood of a few seconds")
	}
	// run floods server through a proxy while a real client connects, for
	// join at most, and returns whether accept saw it in during the flood,
	// and the ratio of bytes the server sent the flood to the bytes it
	// received.
	run := func(t *testing.T, server *net.UDPAddr, join time.Duration, accept func(ctx context.Context) error) (gotIn bool, ratio float64) {
		client, err := Listen("udp", "127.0.0.1:0")
		require.NoError(t, err)
		defer client.Close()
		count := &floodCount{real: client.Addr().(*net.UDPAddr).AddrPort()}
		px := newProxy(t, server, netsim.Options{Tap: count.tap})
		floodCtx, stopFlood := context.WithCancel(context.Background())
		defer stopFlood()
		floodStart := time.Now()
		done := make(chan struct{})
		go func() {
			defer close(done)
			flood(t, floodCtx, px.Addr(), floodSockets, floodInterval)
		}()
		time.Sleep(floodFor / 4) // the slots are taken
		start := time.Now()
		ctx, cancel := context.WithTimeout(context.Background(), join)
		defer cancel()
		cp, err := client.Connect(ctx, px.Addr().String(), 1, 77)
		if err == nil {
			err = accept(ctx)
		}
		if err == nil {
			t.Logf("the real client got in, in %v, during the flood", time.Since(start).Round(time.Millisecond))
			cp.DisconnectNow(0)
		} else {
			t.Logf("the real client did not get in during the flood: %v", err)
		}
		time.Sleep(time.Until(floodStart.Add(floodFor)))
		stopFlood()
		<-done
		floodTime := time.Since(floodStart).Round(time.Millisecond)
		time.Sleep(500 * time.Millisecond) // the last answers
		up, down, r := count.ratio()
		t.Logf("flood: %d sockets sent %d bytes in %v, the server sent them %d: ratio %.3f", floodSockets, up, floodTime, down, r)
		require.NotZero(t, up)
		return err == nil, r
	}
	t.Run("go", func(t *testing.T) {
		server, err := Listen("udp", "127.0.0.1:0")
		require.NoError(t, err)
		defer server.Close()
		var flooded int
		gotIn, ratio := run(t, server.Addr().(*net.UDPAddr), joinWithin, func(ctx context.Context) error {
			sp, err := server.Accept(ctx)
			if err != nil {
				return err
			}
			if sp.ConnectData() != 77 {
				return fmt.Errorf("accepted a peer with data %d", sp.ConnectData())
			}
			return nil
		})
		server.mu.Lock()
		for _, p := range server.peers {
			if p != nil && p.state == stateAcknowledgingConnect {
				flooded++
			}
		}
		server.mu.Unlock()
		t.Logf("pending peers after the flood: %d of %d", flooded, len(server.peers))
		assert.True(t, gotIn, "the real client got in")
		assert.Less(t, ratio, 1.0, "bytes sent to the flood per byte received")
		st := server.Stats()
		assert.Less(t, st.BytesOut, st.BytesIn, "the server's bytes out, real client included")
	})
	t.Run("godot", func(t *testing.T) {
		engine := godot.Require(t, godot.Godot4)
		script, err := filepath.Abs("testdata/godot/raw_server.gd")
		require.NoError(t, err)
		port := godot.FreePort(t, "udp")
		srv := godot.Start(t, engine, script, "port="+strconv.Itoa(port), "stay=1", "timeout=60")
		addr := &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1), Port: port}
		require.Eventually(t, func() bool { return strings.Contains(srv.Output(), "READY") }, 30*time.Second, 20*time.Millisecond)
		// Godot keeps the flood, not the client, in: the flood's own time.
		gotIn, _ := run(t, addr, floodFor*3/4, func(ctx context.Context) error {
			for !strings.Contains(srv.Output(), "CONNECT 1 77") {
				select {
				case <-ctx.Done():
					return ctx.Err()
				case <-time.After(10 * time.Millisecond):
				}
			}
			return nil
		})
		t.Logf("Godot's server let the real client in: %v", gotIn)
	})
}
