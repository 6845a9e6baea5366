package netsim

import (
	"fmt"
	"math/rand/v2"
	"time"
)

// Direction is the way a datagram travels through the proxy.
type Direction uint8

const (
	// Up is from a client to the server.
	Up Direction = iota
	// Down is from the server to a client.
	Down
)

// String returns "up" or "down".
func (d Direction) String() string {
	if d == Up {
		return "up"
	}
	return "down"
}

// DefaultReorderDelay is how long a reordered datagram waits for a later
// one of its flow when Faults.ReorderDelay is zero.
const DefaultReorderDelay = 10 * time.Millisecond

// Faults are the faults injected in one direction. The zero value forwards
// every datagram at once, in order.
type Faults struct {
	// Loss is the probability that a datagram is dropped.
	Loss float64
	// Duplicate is the probability that a datagram is sent twice.
	Duplicate float64
	// Reorder is the probability that a datagram is held back and sent
	// right after the next datagram of its client and direction, or after
	// ReorderDelay (on top of its delay) if none comes first.
	Reorder float64
	// ReorderDelay bounds how long a reordered datagram is held;
	// zero means DefaultReorderDelay.
	ReorderDelay time.Duration
	// Delay is added to every datagram. A constant delay keeps the order.
	Delay time.Duration
	// Jitter adds a uniform random delay in [0, Jitter) to each datagram,
	// so datagrams closer together than the jitter may swap.
	Jitter time.Duration
	// Rate bounds the bytes a second the direction carries, all clients
	// together: a datagram waits until those before it have gone (0: no
	// bound).
	Rate int
	// Cut drops every datagram of the direction: a link down.
	Cut bool
}

func (f Faults) validate() error {
	for _, p := range []struct {
		name string
		v    float64
	}{{"Loss", f.Loss}, {"Duplicate", f.Duplicate}, {"Reorder", f.Reorder}} {
		if !(p.v >= 0 && p.v <= 1) {
			return fmt.Errorf("netsim: %s %v is not a probability", p.name, p.v)
		}
	}
	if f.ReorderDelay < 0 || f.Delay < 0 || f.Jitter < 0 {
		return fmt.Errorf("netsim: negative duration in %+v", f)
	}
	if f.Rate < 0 {
		return fmt.Errorf("netsim: negative rate %d", f.Rate)
	}
	return nil
}

// fate is what the faults decide for one datagram.
type fate struct {
	lost, duplicate, reorder bool
	delay                    time.Duration // before it is sent, or before a held one gives up waiting
}

// decide draws the fate of one datagram. It always draws four numbers, so
// which datagrams are lost does not depend on the other settings.
func (f Faults) decide(rng *rand.Rand) fate {
	loss, dup, reorder, jitter := rng.Float64(), rng.Float64(), rng.Float64(), rng.Float64()
	d := fate{
		lost:      loss < f.Loss,
		duplicate: dup < f.Duplicate,
		reorder:   reorder < f.Reorder,
		delay:     f.Delay + time.Duration(jitter*float64(f.Jitter)),
	}
	if d.reorder {
		if f.ReorderDelay == 0 {
			d.delay += DefaultReorderDelay
		} else {
			d.delay += f.ReorderDelay
		}
	}
	return d
}
