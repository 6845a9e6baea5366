package netsim

import (
	"encoding/binary"
	"fmt"
	"net"
	"net/netip"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// patience bounds every wait: generous, for a loaded machine.
const patience = 30 * time.Second

func listen(t *testing.T, network, ip string) *net.UDPConn {
	t.Helper()
	c, err := net.ListenUDP(network, &net.UDPAddr{IP: net.ParseIP(ip)})
	require.NoError(t, err)
	t.Cleanup(func() { c.Close() })
	return c
}

// rig is a server socket, a proxy to it and its tap's Received events.
type rig struct {
	server   *net.UDPConn
	proxy    *Proxy
	received chan Direction
}

func newRig(t *testing.T, network, ip string, opts Options) *rig {
	t.Helper()
	r := &rig{server: listen(t, network, ip), received: make(chan Direction, 1024)}
	tap := opts.Tap
	opts.Tap = func(e Event) {
		if tap != nil {
			tap(e)
		}
		if e.Kind == Received {
			select {
			case r.received <- e.Dir:
			default: // the tests wait for each; a full channel fails their wait
			}
		}
	}
	p, err := New(r.server.LocalAddr().(*net.UDPAddr), opts)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, p.Close()) })
	r.proxy = p
	return r
}

// awaitReceived waits until the proxy has read one datagram going dir
// and decided its fate: the tap sees Received, under the proxy's lock,
// before handle counts the fate, so taking the lock waits for the count.
func (r *rig) awaitReceived(t *testing.T, dir Direction) {
	t.Helper()
	deadline := time.After(patience)
	for {
		select {
		case d := <-r.received:
			if d == dir {
				r.proxy.mu.Lock()
				//lint:ignore SA2001 the empty critical section is the wait
				r.proxy.mu.Unlock()
				return
			}
		case <-deadline:
			require.FailNow(t, "the proxy did not read a datagram", "direction %v", dir)
		}
	}
}

// collector reads numbered datagrams from a socket, in arrival order.
type collector struct {
	conn *net.UDPConn
	mu   sync.Mutex
	seqs []uint64
	from map[netip.AddrPort]int
	done chan struct{}
}

func collect(t *testing.T, conn *net.UDPConn) *collector {
	_ = conn.SetReadBuffer(1 << 20) // a wish: the pump's lockstep is what keeps it from overflowing
	c := &collector{conn: conn, from: make(map[netip.AddrPort]int), done: make(chan struct{})}
	go func() {
		defer close(c.done)
		buf := make([]byte, 1<<16)
		for {
			n, from, err := conn.ReadFromUDPAddrPort(buf)
			if err != nil {
				return
			}
			c.mu.Lock()
			if n >= 8 {
				c.seqs = append(c.seqs, binary.BigEndian.Uint64(buf))
			}
			c.from[from]++
			c.mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		conn.Close()
		<-c.done
	})
	return c
}

func (c *collector) count() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.seqs)
}

func (c *collector) arrivals() []uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]uint64(nil), c.seqs...)
}

// waitFor polls cond until it holds, failing after patience.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(patience); !cond(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			require.FailNow(t, "timed out waiting", what)
		}
	}
}

// numbered is datagram seq: its number, then padding to size bytes.
func numbered(seq uint64, size int) []byte {
	b := make([]byte, size)
	binary.BigEndian.PutUint64(b, seq)
	return b
}

// pump sends n numbered datagrams from src to dst in lockstep: each waits
// until the proxy has read and decided the one before and the receiver
// keeps up, so no socket buffer overflows and the fault counts are exact
// for a seed.
func (r *rig) pump(t *testing.T, dir Direction, src *net.UDPConn, dst netip.AddrPort, n int, rx *collector) {
	t.Helper()
	for i := range n {
		_, err := src.WriteToUDPAddrPort(numbered(uint64(i), 32), dst)
		require.NoError(t, err)
		r.awaitReceived(t, dir)
		if lag := func() bool { return r.inFlight(dir)-rx.count() <= 32 }; !lag() {
			waitFor(t, "the receiver to keep up", lag)
		}
	}
}

// inFlight is the number of datagrams going dir that are not dropped:
// forwarded, or queued to be.
func (r *rig) inFlight(dir Direction) int {
	d := r.dirStats(dir)
	return int(d.Received.Datagrams - d.Dropped().Datagrams)
}

func (r *rig) dirStats(dir Direction) DirStats {
	s := r.proxy.Stats()
	return []DirStats{s.Up, s.Down}[dir]
}

// hello sends one datagram from client through the proxy and returns the
// address the server saw it from.
func (r *rig) hello(t *testing.T, client *net.UDPConn) netip.AddrPort {
	t.Helper()
	_, err := client.WriteToUDPAddrPort([]byte("hello"), r.proxy.Addr().AddrPort())
	require.NoError(t, err)
	require.NoError(t, r.server.SetReadDeadline(time.Now().Add(patience)))
	buf := make([]byte, 64)
	n, from, err := r.server.ReadFromUDPAddrPort(buf)
	require.NoError(t, err)
	require.Equal(t, "hello", string(buf[:n]))
	require.NoError(t, r.server.SetReadDeadline(time.Time{}))
	r.awaitReceived(t, Up)
	return from
}

// reply sends data from the server to a client's upstream address and
// returns what the client read and where from.
func (r *rig) reply(t *testing.T, upstream netip.AddrPort, client *net.UDPConn, data string) (string, netip.AddrPort) {
	t.Helper()
	_, err := r.server.WriteToUDPAddrPort([]byte(data), upstream)
	require.NoError(t, err)
	require.NoError(t, client.SetReadDeadline(time.Now().Add(patience)))
	buf := make([]byte, 64)
	n, from, err := client.ReadFromUDPAddrPort(buf)
	require.NoError(t, err)
	return string(buf[:n]), from
}

func TestOneUpstreamPerClient(t *testing.T) {
	r := newRig(t, "udp4", "127.0.0.1", Options{})
	clients := make([]*net.UDPConn, 3)
	upstreams := make(map[netip.AddrPort]int)
	for i := range clients {
		clients[i] = listen(t, "udp4", "127.0.0.1")
		upstreams[r.hello(t, clients[i])] = i
	}
	require.Len(t, upstreams, len(clients), "the server sees a peer per client")
	for up, i := range upstreams {
		assert.NotEqual(t, r.proxy.Addr().AddrPort(), up)
		got, from := r.reply(t, up, clients[i], fmt.Sprint("to ", i))
		assert.Equal(t, fmt.Sprint("to ", i), got)
		assert.Equal(t, r.proxy.Addr().AddrPort(), from, "replies come from the proxy")
	}
	s := r.proxy.Stats()
	assert.Equal(t, Counter{3, 3 * 5}, s.Up.Forwarded)
	assert.Equal(t, uint64(3), s.Down.Forwarded.Datagrams)
}

func TestVanish(t *testing.T) {
	r := newRig(t, "udp4", "127.0.0.1", Options{})
	gone, staying, never := listen(t, "udp4", "127.0.0.1"), listen(t, "udp4", "127.0.0.1"), listen(t, "udp4", "127.0.0.1")
	goneUp := r.hello(t, gone)
	stayingUp := r.hello(t, staying)
	r.proxy.Vanish(gone.LocalAddr())
	r.proxy.Vanish(never.LocalAddr()) // before its first datagram

	for _, c := range []*net.UDPConn{gone, never, gone} {
		_, err := c.WriteToUDPAddrPort([]byte("lost"), r.proxy.Addr().AddrPort())
		require.NoError(t, err)
		r.awaitReceived(t, Up)
	}
	for range 4 {
		_, err := r.server.WriteToUDPAddrPort([]byte("lost"), goneUp)
		require.NoError(t, err)
		r.awaitReceived(t, Down)
	}
	// The other client still gets through, and is all the server reads.
	assert.Equal(t, stayingUp, r.hello(t, staying))
	got, _ := r.reply(t, stayingUp, staying, "still here")
	assert.Equal(t, "still here", got)

	s := r.proxy.Stats()
	assert.Equal(t, Counter{3, 12}, s.Up.Vanished)
	assert.Equal(t, Counter{4, 16}, s.Down.Vanished)
	assert.Equal(t, uint64(3), s.Up.Forwarded.Datagrams, "three hellos")
	assert.Equal(t, uint64(1), s.Down.Forwarded.Datagrams)
}

func TestQueueLimit(t *testing.T) {
	r := newRig(t, "udp4", "127.0.0.1", Options{QueueLimit: 10, Up: Faults{Delay: time.Hour}})
	client := listen(t, "udp4", "127.0.0.1")
	for i := range 30 {
		_, err := client.WriteToUDPAddrPort(numbered(uint64(i), 8), r.proxy.Addr().AddrPort())
		require.NoError(t, err)
		r.awaitReceived(t, Up)
	}
	s := r.proxy.Stats()
	assert.Equal(t, Counter{20, 160}, s.Up.Overflowed, "ten wait, the rest are dropped")
	assert.Zero(t, s.Up.Forwarded.Datagrams)
	require.NoError(t, r.proxy.Close(), "Close drops what waits") // goleak checks the goroutines
}

func TestMaxClients(t *testing.T) {
	r := newRig(t, "udp4", "127.0.0.1", Options{MaxClients: 2})
	for range 2 {
		r.hello(t, listen(t, "udp4", "127.0.0.1"))
	}
	extra := listen(t, "udp4", "127.0.0.1")
	_, err := extra.WriteToUDPAddrPort([]byte("full"), r.proxy.Addr().AddrPort())
	require.NoError(t, err)
	r.awaitReceived(t, Up)
	assert.Equal(t, Counter{1, 4}, r.proxy.Stats().Up.Overflowed)
}

func TestIPv6(t *testing.T) {
	c, err := net.ListenUDP("udp6", &net.UDPAddr{IP: net.IPv6loopback})
	if err != nil {
		t.Skipf("no IPv6 loopback here: %v", err)
	}
	c.Close()
	r := newRig(t, "udp6", "::1", Options{})
	assert.True(t, r.proxy.Addr().AddrPort().Addr().Is6())
	client := listen(t, "udp6", "::1")
	up := r.hello(t, client)
	assert.True(t, up.Addr().Is6())
	got, _ := r.reply(t, up, client, "over IPv6")
	assert.Equal(t, "over IPv6", got)
}

func TestVanishFromTap(t *testing.T) {
	var proxy atomic.Pointer[Proxy] // the race detector knows no order through sockets
	r := newRig(t, "udp4", "127.0.0.1", Options{Tap: func(e Event) {
		if e.Kind == Received && string(e.Data) == "bye" {
			proxy.Load().Vanish(net.UDPAddrFromAddrPort(e.Client)) // this datagram is the first to go
		}
	}})
	p := r.proxy
	proxy.Store(p)
	client := listen(t, "udp4", "127.0.0.1")
	r.hello(t, client)
	for _, msg := range []string{"bye", "after"} {
		_, err := client.WriteToUDPAddrPort([]byte(msg), p.Addr().AddrPort())
		require.NoError(t, err)
		r.awaitReceived(t, Up)
	}
	assert.Equal(t, Counter{2, 8}, p.Stats().Up.Vanished)
}
