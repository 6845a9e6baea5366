package netsim

import (
	"fmt"
	"math"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

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

// record pumps n datagrams up through a proxy with faults and seed, and
// returns what arrived, in order, and the counts.
func record(t *testing.T, seed uint64, faults Faults, n int) ([]uint64, DirStats) {
	r := newRig(t, "udp4", "127.0.0.1", Options{Seed: seed})
	client := listen(t, "udp4", "127.0.0.1")
	r.hello(t, client)
	require.NoError(t, r.proxy.SetFaults(Up, faults))
	rx := collect(t, r.server)
	r.pump(t, Up, client, r.proxy.Addr().AddrPort(), n, rx)
	waitFor(t, "the datagrams to arrive", func() bool { return int(r.dirStats(Up).Forwarded.Datagrams)-1 == rx.count() })
	return rx.arrivals(), r.dirStats(Up)
}

func TestSeedDecides(t *testing.T) {
	faults := Faults{Loss: 0.2, Duplicate: 0.2, Reorder: 0.2, ReorderDelay: time.Hour} // no timeouts: the arrivals decide
	first, firstStats := record(t, 7, faults, 2000)
	again, againStats := record(t, 7, faults, 2000)
	other, _ := record(t, 8, faults, 2000)
	assert.Equal(t, first, again, "the same seed, the same faults")
	assert.Equal(t, firstStats, againStats)
	assert.NotEqual(t, first, other, "another seed, other faults")
}

func TestEventOrder(t *testing.T) {
	var mu sync.Mutex
	var events []string
	r := newRig(t, "udp4", "127.0.0.1", Options{Tap: func(e Event) {
		mu.Lock()
		defer mu.Unlock()
		name := e.Kind.String()
		if e.Copy {
			name += " copy"
		}
		events = append(events, fmt.Sprintf("%v %s %s", e.Dir, name, e.Data))
	}})
	client := listen(t, "udp4", "127.0.0.1")
	r.hello(t, client)
	steps := []struct {
		faults Faults
		data   string
	}{
		{Faults{Loss: 1}, "a"},
		{Faults{Duplicate: 1}, "b"},
		{Faults{Reorder: 1, ReorderDelay: time.Hour}, "c"},
		{Faults{}, "d"},
	}
	for _, s := range steps {
		require.NoError(t, r.proxy.SetFaults(Up, s.faults))
		_, err := client.WriteToUDPAddrPort([]byte(s.data), r.proxy.Addr().AddrPort())
		require.NoError(t, err)
		r.awaitReceived(t, Up)
	}
	want := []string{
		"up received hello", "up sent hello",
		"up received a", "up lost a",
		"up received b", "up sent b", "up sent copy b",
		"up received c", // held until d has gone
		"up received d", "up sent d", "up sent c",
	}
	// The last sends follow d's arrival: on a busy machine, later.
	assert.Eventually(t, func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(events) >= len(want)
	}, 10*time.Second, time.Millisecond)
	mu.Lock()
	defer mu.Unlock()
	assert.Equal(t, want, events)
}

func TestInvalidFaults(t *testing.T) {
	server := &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 9}
	for _, f := range []Faults{
		{Loss: -0.1},
		{Duplicate: 1.5},
		{Reorder: math.NaN()},
		{Delay: -time.Millisecond},
		{Jitter: -1},
		{ReorderDelay: -1},
	} {
		_, err := New(server, Options{Up: f})
		assert.Error(t, err, "%+v", f)
		_, err = New(server, Options{Down: f})
		assert.Error(t, err, "%+v", f)
	}
	_, err := New(&net.UDPAddr{Port: 9}, Options{})
	assert.Error(t, err, "no server IP")
	_, err = New(server, Options{QueueLimit: -1})
	assert.Error(t, err)

	p, err := New(server, Options{})
	require.NoError(t, err)
	assert.Error(t, p.SetFaults(Down, Faults{Loss: 2}))
	require.NoError(t, p.Close())
	require.NoError(t, p.Close(), "a second Close does nothing")
}
