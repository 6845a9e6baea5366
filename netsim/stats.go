package netsim

import "sync/atomic"

// Counter is a number of datagrams and their bytes.
type Counter struct {
	Datagrams, Bytes uint64
}

func (c Counter) plus(d Counter) Counter {
	return Counter{c.Datagrams + d.Datagrams, c.Bytes + d.Bytes}
}

// DirStats counts the datagrams of one direction. Once the proxy is idle
// and its queue empty, Received = Forwarded - Duplicated + Dropped().
type DirStats struct {
	// Received counts datagrams read from the sender.
	Received Counter
	// Forwarded counts datagrams written to the receiver, duplicates
	// included, each counted as it is written: one whose write fails moves
	// to Failed.
	Forwarded Counter
	// Duplicated counts the extra copies written.
	Duplicated Counter
	// Reordered counts datagrams held back for reordering.
	Reordered Counter
	// Delayed counts datagrams queued for a delay, a jitter or the rate
	// (not those held for reordering alone).
	Delayed Counter
	// Lost counts datagrams dropped by the Loss probability.
	Lost Counter
	// Vanished counts datagrams dropped because their client vanished.
	Vanished Counter
	// Overflowed counts datagrams dropped because a bound was reached: the
	// queue's QueueLimit, or MaxClients (or the system's sockets) for a
	// new client's datagram.
	Overflowed Counter
	// Failed counts datagrams whose write returned an error.
	Failed Counter
	// Cut counts datagrams dropped because their direction was cut.
	Cut Counter
}

// Dropped is the sum of the datagrams dropped for any reason.
func (s DirStats) Dropped() Counter {
	return s.Lost.plus(s.Vanished).plus(s.Overflowed).plus(s.Failed).plus(s.Cut)
}

// Amplification is the bytes forwarded per byte received.
func (s DirStats) Amplification() float64 {
	if s.Received.Bytes == 0 {
		return 0
	}
	return float64(s.Forwarded.Bytes) / float64(s.Received.Bytes)
}

// Stats counts the proxy's traffic in each direction.
type Stats struct {
	Up, Down DirStats
}

type counter struct{ datagrams, bytes atomic.Uint64 }

func (c *counter) add(n int) {
	c.datagrams.Add(1)
	c.bytes.Add(uint64(n))
}

// sub takes back an add.
func (c *counter) sub(n int) {
	c.datagrams.Add(^uint64(0))
	c.bytes.Add(-uint64(n))
}

func (c *counter) load() Counter {
	return Counter{c.datagrams.Load(), c.bytes.Load()}
}

// dirCounters are DirStats kept with atomics, so Stats never waits for the
// proxy's lock and a tap may call it.
type dirCounters struct {
	received, forwarded, duplicated, reordered, delayed counter
	lost, vanished, overflowed, failed, cut             counter
}

func (c *dirCounters) load() DirStats {
	return DirStats{
		Received:   c.received.load(),
		Forwarded:  c.forwarded.load(),
		Duplicated: c.duplicated.load(),
		Reordered:  c.reordered.load(),
		Delayed:    c.delayed.load(),
		Lost:       c.lost.load(),
		Vanished:   c.vanished.load(),
		Overflowed: c.overflowed.load(),
		Failed:     c.failed.load(),
		Cut:        c.cut.load(),
	}
}
