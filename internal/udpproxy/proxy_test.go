package udpproxy

import (
	"encoding/binary"
	"math"
	"net"
	"net/netip"
	"sync"
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

// awaitReceived waits until the proxy has read one datagram going dir.
func (r *rig) awaitReceived(t *testing.T, dir Direction) {
	t.Helper()
	deadline := time.After(patience)
	for {
		select {
		case d := <-r.received:
			if d == dir {
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
// until the proxy has read the one before and the receiver keeps up, so no
// socket buffer overflows and the fault counts are exact for a seed.
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

// within asserts that got is within five standard deviations of a
// binomial count of n trials with probability p.
func within(t *testing.T, what string, got uint64, n uint64, p float64) {
	t.Helper()
	mean := float64(n) * p
	slack := 5 * math.Sqrt(float64(n)*p*(1-p))
	assert.InDelta(t, mean, float64(got), slack, "%s: %d of %d at p=%v", what, got, n, p)
}

func TestFaultRates(t *testing.T) {
	const n = 10000
	cases := []struct {
		name   string
		faults Faults
	}{
		{"none", Faults{}},
		{"loss", Faults{Loss: 0.1}},
		{"duplicate", Faults{Duplicate: 0.1}},
		{"reorder", Faults{Reorder: 0.1, ReorderDelay: 2 * time.Second}},
		{"delay", Faults{Delay: time.Millisecond}},
		{"jitter", Faults{Delay: time.Millisecond, Jitter: 2 * time.Millisecond}},
		{"reorder+delay", Faults{Reorder: 0.1, ReorderDelay: 2 * time.Second, Delay: time.Millisecond}},
		{"all", Faults{Loss: 0.1, Duplicate: 0.1, Reorder: 0.1, ReorderDelay: 2 * time.Second, Delay: time.Millisecond}},
	}
	for _, dir := range []Direction{Up, Down} {
		for _, tc := range cases {
			t.Run(dir.String()+"/"+tc.name, func(t *testing.T) {
				r := newRig(t, "udp4", "127.0.0.1", Options{Seed: 25, QueueLimit: 1 << 16})
				client := listen(t, "udp4", "127.0.0.1")
				upstream := r.hello(t, client) // before the faults, which could lose it
				require.NoError(t, r.proxy.SetFaults(dir, tc.faults))
				var rx *collector
				if dir == Up {
					rx = collect(t, r.server)
					r.pump(t, Up, client, r.proxy.Addr().AddrPort(), n, rx)
				} else {
					rx = collect(t, client)
					r.pump(t, Down, r.server, upstream, n, rx)
				}
				// Every datagram not dropped arrives, once per copy.
				waitFor(t, "the queue to drain", func() bool { return r.inFlight(dir)+int(r.dirStats(dir).Duplicated.Datagrams) == rx.count()+int(dir^1) })
				s := r.dirStats(dir)
				if dir == Up {
					s.Received.Datagrams-- // the hello
					s.Forwarded.Datagrams--
				}
				require.Equal(t, uint64(n), s.Received.Datagrams)
				f := tc.faults
				within(t, "lost", s.Lost.Datagrams, n, f.Loss)
				kept := n - s.Lost.Datagrams
				within(t, "duplicated", s.Duplicated.Datagrams, kept, f.Duplicate)
				within(t, "reordered", s.Reordered.Datagrams, kept, f.Reorder)
				assert.Equal(t, s.Lost, s.Dropped(), "nothing dropped but the lost")

				assert.Equal(t, kept+s.Duplicated.Datagrams, s.Forwarded.Datagrams)
				assert.Equal(t, int(s.Forwarded.Datagrams), rx.count())
				got := rx.arrivals()
				seen := make(map[uint64]int)
				late := 0 // datagrams whose first copy came after a later one
				var highest uint64
				for i, seq := range got {
					if seen[seq] == 0 && i > 0 && seq < highest {
						late++
					}
					seen[seq]++
					highest = max(highest, seq)
				}
				assert.Len(t, seen, int(kept))
				dups := 0
				for _, c := range seen {
					require.LessOrEqual(t, c, 2)
					dups += c - 1
				}
				assert.Equal(t, int(s.Duplicated.Datagrams), dups)
				switch {
				case f.Jitter > 0:
					assert.Positive(t, late, "jitter swaps close datagrams")
				case f.Reorder == 0:
					assert.Zero(t, late, "without reordering, the order is kept")
				default:
					// A held datagram goes out after the next one, but the
					// last few may have waited for ReorderDelay instead.
					assert.LessOrEqual(t, late, int(s.Reordered.Datagrams))
					assert.GreaterOrEqual(t, late, int(s.Reordered.Datagrams)-3)
				}
				t.Logf("%v: lost %d, duplicated %d, reordered %d, late %d, amplification %.3f",
					dir, s.Lost.Datagrams, s.Duplicated.Datagrams, s.Reordered.Datagrams, late, s.Amplification())
			})
		}
	}
}
