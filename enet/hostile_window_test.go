package enet

import (
	"math"
	"net/netip"
	"slices"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/require"
)

// The attacks of issue 86 on a peer's windows and throttle counters: what
// a hostile peer declares in THROTTLE_CONFIGURE, BANDWIDTH_LIMIT and the
// times its acknowledgements echo, and the reliable and unsequenced
// windows it fills.

// settingsFrom feeds h a datagram of peer 0's holding c, acknowledged.
func settingsFrom(h *Host, c command) {
	c.cmd |= flagAcknowledge
	c.channel, c.seq = 0xFF, 1
	feed(h, reviewTo(0, 0, uint16(h.now), cmdBytes(c)), fuzzAddr)
}

// ackEchoing feeds h peer 0's acknowledgement of nothing in flight,
// echoing sent: the round trip is measured all the same, as ENet does.
func ackEchoing(h *Host, sent uint16) {
	feed(h, datagramOf(cmdBytes(command{cmd: cmdAcknowledge, channel: 3, seq: 7, ackSeq: 7, ackSentTime: sent})), fuzzAddr)
}

// Whatever interval, acceleration and deceleration a peer configures (0,
// 1, 2^32-1), its throttle stays within its limit, rises (or holds) on a
// round trip faster than the last and falls (or holds) on a slower one,
// and what is sent to the peer still goes.
func TestHostileThrottleConfigure(t *testing.T) {
	extremes := []uint32{0, 1, math.MaxUint32}
	for _, interval := range extremes {
		for _, accel := range extremes {
			for _, decel := range extremes {
				h, _ := testHost()
				p := connectedPeer(h)
				h.now = 100000
				settingsFrom(h, command{cmd: cmdThrottleConfigure, throttleInterval: interval, throttleAccel: accel, throttleDecel: decel})
				require.Equal(t, [3]uint32{interval, accel, decel}, [3]uint32{p.throttleInterval, p.throttleAccel, p.throttleDecel})
				// Settled, slower, then faster round trips, each 10 ms apart.
				for i, rtt := range slices.Concat(slices.Repeat([]uint32{50}, 20), slices.Repeat([]uint32{400}, 10), slices.Repeat([]uint32{5}, 20)) {
					h.now += 10
					before, last, limit := p.throttle, p.lastRTT, p.throttleLimit
					ackEchoing(h, uint16(h.now-rtt))
					require.LessOrEqual(t, p.throttle, limit, "%d/%d/%d, round trip %d: throttle over its limit", interval, accel, decel, i)
					if rtt <= last {
						require.GreaterOrEqual(t, p.throttle, before, "%d/%d/%d, round trip %d of %d ms after %d: throttle fell", interval, accel, decel, i, rtt, last)
					}
				}
				h.mu.Lock()
				for range 100 {
					require.NoError(t, p.send(0, make([]byte, 100), Reliable))
					require.NoError(t, p.send(1, make([]byte, 100), 0))
				}
				h.flushPeer(p, false)
				require.NotEmpty(t, p.sentReliable, "%d/%d/%d: nothing reliable sent", interval, accel, decel)
				h.unlock()
			}
		}
	}
}

// Every time an acknowledgement can echo, at clocks on either side of each
// wrap of its 16 bits and of the clock's 32: a time ahead of the clock is
// ignored, and a round trip measured is never more than 65 535 ms, its
// mean and variance neither.
func TestHostileAckTimes(t *testing.T) {
	step := 1
	if testing.Short() {
		step = 61
	}
	for _, now := range []uint32{1, 0x7FFF, 0x8000, 0xFFFF, 0x10005, 0x38000 - 1, math.MaxUint32 - 16} {
		h, _ := testHost()
		p := connectedPeer(h)
		h.now = now
		for echoed := 0; echoed < 1<<16; echoed += step {
			before := h.stats.RTT
			ackEchoing(h, uint16(echoed))
			n, rtt := h.stats.RTT.Count()-before.Count(), (h.stats.RTT.Sum - before.Sum).Milliseconds()
			if uint16(echoed) == uint16(now) {
				require.EqualValues(t, 1, n, "clock %#x: the time now ignored", now)
			}
			if n == 1 {
				require.LessOrEqual(t, rtt, int64(0xFFFF), "clock %#x, echoed %#x", now, echoed)
			}
			require.LessOrEqual(t, p.rtt, uint32(0xFFFF))
			require.LessOrEqual(t, p.rttVar, uint32(0xFFFF))
			require.LessOrEqual(t, p.throttle, p.throttleLimit)
		}
	}
}

// A peer that echoes the oldest time it can (a round trip of 65 535 ms)
// and then goes silent is dropped once its timeout's maximum has passed,
// as any peer that stops answering: not when the retransmission its made
// up round trip times, 196 s later.
func TestHostileRTTKeepsTimeout(t *testing.T) {
	h, _ := testHost()
	p := connectedPeer(h)
	h.now = 0x38000 - 1
	h.mu.Lock()
	require.NoError(t, p.send(0, []byte("x"), Reliable))
	h.flushPeer(p, false)
	h.unlock()
	feed(h, datagramOf(cmdBytes(command{cmd: cmdAcknowledge, channel: 0, seq: 1, ackSeq: 1, ackSentTime: 0x8000})), fuzzAddr)
	require.EqualValues(t, 0xFFFF, p.rtt)
	require.Empty(t, p.sentReliable, "acknowledged")

	h.mu.Lock()
	defer h.unlock()
	require.NoError(t, p.send(0, []byte("y"), Reliable))
	h.flushPeer(p, false)
	silent := h.now
	for p.err == nil && h.now-silent < 600000 {
		h.now += 100
		h.flushPeer(p, true)
	}
	t.Logf("silent for %d ms before it was dropped (maximum %d)", h.now-silent, p.timeoutMaximum)
	require.ErrorIs(t, p.err, ErrTimeout)
	require.LessOrEqual(t, h.now-silent, p.timeoutMaximum+100)
}

// The bandwidth a peer declares (0 to 2^32-1 bytes a second) sizes its
// window within the protocol's bounds, and shares the host's bandwidth
// without wrapping: a peer declaring 4 GiB a second is not throttled for
// the 5 MiB it was sent, however long since the last share.
func TestHostileBandwidthLimit(t *testing.T) {
	for _, declared := range []uint32{0, 1, windowSizeScale, 1 << 20, math.MaxUint32} {
		for _, elapsed := range []uint32{bandwidthInterval, bandwidthInterval + 1, 1500, 65000} {
			h, _ := testHost(WithBandwidth(0, 64<<20))
			p := connectedPeer(h)
			h.now = 200000
			settingsFrom(h, command{cmd: cmdBandwidthLimit, incomingBandwidth: declared, outgoingBandwidth: declared})
			require.GreaterOrEqual(t, p.windowSize, uint32(minWindowSize))
			require.LessOrEqual(t, p.windowSize, uint32(maxWindowSize))
			h.mu.Lock()
			h.bandwidthEpoch = h.now - elapsed
			p.outgoingDataTotal = 5 << 20
			h.throttleBandwidth()
			h.unlock()
			require.GreaterOrEqual(t, p.throttleLimit, uint32(1))
			require.LessOrEqual(t, p.throttleLimit, uint32(throttleScale))
			if declared == math.MaxUint32 {
				require.EqualValues(t, throttleScale, p.throttleLimit, "elapsed %d ms: 4 GiB/s throttled for 5 MiB", elapsed)
			}
		}
	}
}

// windowFragments is, on channel 0 of a peer whose last reliable number
// delivered is last, the first of two fragments of a packet at every
// number of the windows a receiver takes (reliable), or of 28 671
// unreliable packets after one reliable number: none ever completed.
func windowFragments(last uint16, reliable bool) [][]byte {
	var cmds [][]byte
	for i := 1; i < (freeReliableWindows-1)*reliableWindowSize; i++ {
		c := command{cmd: cmdSendUnreliableFragment, channel: 0, seq: last + 5, startSeq: uint16(i),
			fragmentCount: 2, totalLength: 2, payload: []byte{1}}
		if reliable {
			c.cmd, c.seq, c.startSeq = cmdSendFragment|flagAcknowledge, last+uint16(i), last+uint16(i)
		}
		cmds = append(cmds, cmdBytes(c))
	}
	return cmds
}

// Every slot of the windows a receiver takes filled with fragments never
// completed, from the channel's start and from where the numbers wrap,
// reliable and unreliable: the host holds no more than what it counts
// against MaxWaitingData (a packet of which one fragment came held 1.70
// times what it counted, a map for the one fragment's number), and
// allocates within hostile.Bound; a fragment past the windows is not
// taken, and MaxWaitingData bounds the count.
func TestHostileWindowFragments(t *testing.T) {
	if raceDetector {
		t.Skip("the race detector allocates, and sync.Pool drops items at random")
	}
	for _, last := range []uint16{0, 65000} {
		for _, reliable := range []bool{true, false} {
			h, _ := testHost()
			p := connectedPeer(h)
			ch := p.channel(0)
			ch.inReliableSeq = last
			ds := packed(windowFragments(last, reliable), defaultMTU)
			n := 0
			for _, d := range ds {
				n += len(d)
			}
			hostile.Collect()
			before := hostile.HeapInUse()
			allocated := hostile.Allocated(func() {
				for _, d := range ds {
					feed(h, d, fuzzAddr)
				}
			})
			held := int(hostile.HeapInUse()) - int(before)
			entries := ch.reliable.n + ch.unreliable.n
			t.Logf("from %d, reliable %v: %d bytes in, %d packets waiting, %d counted, %d held (%.2f of counted), %.1f B allocated per byte",
				last, reliable, n, entries, p.waitingData, held, float64(held)/float64(p.waitingData), float64(allocated)/float64(n))
			checkHeld(t, h, p)
			require.LessOrEqual(t, held, p.waitingData*11/10)
			require.LessOrEqual(t, allocated, hostile.Bound(n))

			past := command{cmd: cmdSendFragment | flagAcknowledge, channel: 0, seq: last + 28672, startSeq: last + 28672,
				fragmentCount: 2, totalLength: 2, payload: []byte{1}}
			feed(h, datagramOf(cmdBytes(past)), fuzzAddr)
			require.Equal(t, entries, ch.reliable.n+ch.unreliable.n, "a fragment past the windows taken")
		}
	}
	h, _ := testHost(WithMaxWaitingData(64 << 10))
	p := connectedPeer(h)
	feedPacked(h, windowFragments(0, true))
	checkHeld(t, h, p)
}

// Unsequenced packets are each taken once, within the window of groups a
// receiver keeps (32 windows of 1024 ahead), across the wrap of their 16
// bits: a copy, a group past the windows, and one the window has moved
// past are not.
func TestHostileUnsequencedWindow(t *testing.T) {
	for _, tc := range []struct {
		name   string
		groups []uint16
		taken  int
	}{
		{"copies", []uint16{1, 1, 1, 2, 2}, 2},
		{"a window's worth, twice", append(seqs(0, 1024), seqs(0, 1024)...), 1024},
		{"past the windows", []uint16{32 * 1024, 40000, 65535 - 1024}, 0},
		{"the last of the windows", []uint16{32*1024 - 1}, 1},
		{"moved past", []uint16{5, 2000, 5, 2000}, 2},
		{"across the wrap", []uint16{30000, 60000, 65530, 65530, 3, 3, 65530}, 4},
		{"jumping ahead each time", seqs16(func(i int) uint16 { return uint16(i * 31 * 1024) }, 64), 64},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, _ := testHost()
			p := connectedPeer(h)
			for _, g := range tc.groups {
				feed(h, datagramOf(cmdBytes(command{cmd: cmdSendUnsequenced | flagUnsequenced, channel: 0, unreliableSeq: g, payload: []byte{1}})), fuzzAddr)
			}
			require.Len(t, inboxed(p), tc.taken)
			checkHeld(t, h, p)
		})
	}
}

// seqs is n numbers from first.
func seqs(first uint16, n int) []uint16 {
	return seqs16(func(i int) uint16 { return first + uint16(i) }, n)
}

// seqs16 is f(0), …, f(n-1).
func seqs16(f func(int) uint16, n int) []uint16 {
	s := make([]uint16, n)
	for i := range s {
		s[i] = f(i)
	}
	return s
}

// fragmentsInWindows is, on each channel in turn, the first of two
// fragments of a packet at every number of the windows a receiver takes,
// then of unreliable packets after each reliable number: none ever
// completed, about size bytes (over the peer's MaxWaitingData once it is
// full: those are dropped).
func fragmentsInWindows(size int, from netip.AddrPort) []received {
	var cmds [][]byte
	n := 0
	add := func(c command) {
		b := cmdBytes(c)
		cmds = append(cmds, b)
		n += len(b)
	}
	for ch := uint8(0); n < size && ch < 4; ch++ {
		for i := 1; n < size && i < (freeReliableWindows-1)*reliableWindowSize; i++ {
			add(command{cmd: cmdSendFragment | flagAcknowledge, channel: ch, seq: uint16(i), startSeq: uint16(i),
				fragmentCount: 2, totalLength: 2, payload: []byte{1}})
		}
	}
	for seq := uint16(1); n < size; seq++ {
		for useq := 1; n < size && useq <= 0xFFFF; useq++ {
			add(command{cmd: cmdSendUnreliableFragment, channel: 0, seq: seq, startSeq: uint16(useq),
				fragmentCount: 2, totalLength: 2, payload: []byte{1}})
		}
	}
	return fromPeer(from, packed(cmds, defaultMTU))
}

// unsequencedJumping is unsequenced packets of one byte, each group 31
// windows past the last, so that each moves the window (clearing it):
// about size bytes.
func unsequencedJumping(size int, from netip.AddrPort) []received {
	var cmds [][]byte
	for g, n := uint16(0), 0; n < size; g += 31 * unsequencedWindowSize {
		c := cmdBytes(command{cmd: cmdSendUnsequenced | flagUnsequenced, channel: 0, unreliableSeq: g, payload: []byte{1}})
		cmds = append(cmds, c)
		n += len(c)
	}
	return fromPeer(from, packed(cmds, defaultMTU))
}
