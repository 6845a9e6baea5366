package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"github.com/gdvar/gdvar/internal/procstat"
	"github.com/gdvar/gdvar/multiplayer"
)

// runSpec is one measurement: a server, a transport, a workload, a
// number of players, of matches.
type runSpec struct {
	server    string
	transport multiplayer.Transport
	mode      mode
	n         int // players a match
	matches   int // matches side by side, each with a server of its own
	hz        int
	idle      time.Duration // how long the servers are measured with no peers, before the clients join
	warmup    time.Duration // how long the clients send before they are measured
	seconds   time.Duration // how long they are measured
	drain     time.Duration // how long the last ones may take to arrive
}

// result is what a run measured, over all its matches.
type result struct {
	runSpec
	sent      int64         // ticks the clients sent (syncs, or inputs)
	expected  int64         // syncs (moved calls) every peer should have received
	delivered int64         // those received
	p50, p99  time.Duration // from the send to each receipt
	worstPct  float64       // the delivered % of the match that delivered least
	worstP99  time.Duration // the highest p99 of a match
	idleCPU   time.Duration // the servers' over spec.idle, with no peers
	idleRSS   int64         // the servers' resident memory after spec.idle, bytes
	serverCPU time.Duration // over the sending
	serverRSS int64         // at the end of the sending, bytes
	clientCPU time.Duration // the load process's, over the sending
	udpDrops  int64         // datagrams the kernel dropped, over the sending and the drain
	// The unreliable packets ENet's throttles dropped rather than send,
	// over the sending and the drain: the clients' (each a sync none of
	// its peers gets), and the server's (each a sync one peer does not
	// get), -1 if the server does not count them.
	clientThrottled, serverThrottled int64
	elapsed                          time.Duration // the sending's wall time
}

// run measures one runSpec against servers it starts and stops.
func run(spec runSpec, setup serverSetup) (result, error) {
	spec.matches = max(spec.matches, 1)
	res := result{runSpec: spec}
	setup.transport = spec.transport
	fl, err := startFleet(spec.server, setup, spec.matches)
	if err != nil {
		return res, err
	}
	defer fl.stop()
	if spec.idle > 0 {
		if err := res.measureIdle(fl); err != nil {
			return res, err
		}
	}
	var matches [][]*client
	defer func() {
		for _, m := range matches {
			for _, c := range m {
				c.close()
			}
		}
	}()
	for k, addr := range fl.addrs {
		m, err := connect(addr, k, fl, spec)
		matches = append(matches, m)
		if err != nil {
			return res, err
		}
	}
	clients := slices.Concat(matches...)
	if err := allReady(clients, spec.n, fl); err != nil {
		return res, err
	}
	if err := res.measureSending(fl, clients); err != nil {
		return res, err
	}
	res.tally(matches)
	matches = nil // closed by tally
	return res, nil
}

// measureIdle measures the servers' CPU over spec.idle, with no peers,
// and their resident memory after it.
func (res *result) measureIdle(fl *fleet) error {
	cpu0, err := fl.cpu()
	if err != nil {
		return err
	}
	time.Sleep(res.idle)
	cpu1, err := fl.cpu()
	if err != nil {
		return err
	}
	res.idleCPU = cpu1.Since(cpu0)
	res.idleRSS, err = fl.rss()
	return err
}

// measureSending has the clients tick for the warm-up and spec.seconds,
// measuring the servers' and this process's CPU over the seconds, and
// the kernel's UDP drops to the end of the drain.
func (res *result) measureSending(fl *fleet, clients []*client) error {
	stop := make(chan struct{})
	var wg sync.WaitGroup
	errs := make(chan error, len(clients))
	period := time.Second / time.Duration(res.hz)
	for _, c := range clients {
		// Each client ticks at a phase of its own, as real ones do.
		offset := rand.N(period)
		wg.Go(func() {
			if err := c.run(period, offset, stop); err != nil {
				errs <- err
			}
		})
	}
	halt := sync.OnceFunc(func() {
		close(stop)
		wg.Wait()
	})
	defer halt()
	// The joins' burst settles before the measuring starts: ENet's
	// throttle, lowered by it, takes seconds to come back, as it does in
	// a game the players joined a while ago.
	time.Sleep(res.warmup)
	cpu0, err := fl.cpu()
	if err != nil {
		return err
	}
	drops0, err := udpDrops()
	if err != nil {
		return err
	}
	clientThr0 := clientsThrottleDropped(clients)
	serverThr0, err := fl.throttleDropped()
	if err != nil {
		return err
	}
	self0, start := procstat.Self(), time.Now()
	for _, c := range clients {
		c.from.Store(now())
	}
	time.Sleep(res.seconds)
	halt()
	res.elapsed = time.Since(start)
	res.clientCPU = procstat.Self() - self0
	cpu1, err := fl.cpu()
	if err != nil {
		return err
	}
	res.serverCPU = cpu1.Since(cpu0)
	if res.serverRSS, err = fl.rss(); err != nil {
		return err
	}
	select {
	case err := <-errs:
		return fmt.Errorf("players: sending: %w", err)
	default:
	}
	time.Sleep(res.drain)
	drops1, err := udpDrops()
	if err != nil {
		return err
	}
	res.udpDrops = drops1 - drops0
	res.clientThrottled, res.serverThrottled = int64(clientsThrottleDropped(clients)-clientThr0), -1
	if fl.countsThrottle {
		serverThr1, err := fl.throttleDropped()
		if err != nil {
			return err
		}
		res.serverThrottled = int64(serverThr1 - serverThr0)
	}
	return nil
}

// clientsThrottleDropped sums the ENet clients' throttle drops (none
// over WebSocket).
func clientsThrottleDropped(clients []*client) uint64 {
	var n uint64
	for _, c := range clients {
		if l, ok := c.link.(*enetLink); ok {
			n += l.throttleDropped()
		}
	}
	return n
}

// tally closes each match's clients and sums what they sent and
// received, with the latencies' percentiles over all matches and the
// worst match's.
func (res *result) tally(matches [][]*client) {
	fanOut := int64(res.n - 1) // each sync goes to every other client
	if res.mode == modeRPC {
		fanOut = int64(res.n) // each input comes back to every client
	}
	var all latencies
	res.worstPct = 100
	for _, m := range matches {
		var sent, delivered int64
		var lat latencies
		for _, c := range m {
			sent += c.sent
			delivered += c.received.Load()
		}
		for _, c := range m {
			c.close()
			lat.merge(&c.lat)
		}
		res.sent += sent
		res.expected += sent * fanOut
		res.delivered += delivered
		if sent > 0 {
			res.worstPct = min(res.worstPct, 100*float64(delivered)/float64(sent*fanOut))
		}
		res.worstP99 = max(res.worstP99, time.Duration(lat.quantile(0.99))*time.Microsecond)
		all.merge(&lat)
	}
	res.p50 = time.Duration(all.quantile(0.50)) * time.Microsecond
	res.p99 = time.Duration(all.quantile(0.99)) * time.Microsecond
}

// connect connects spec.n clients to match k at addr, one after
// another.
func connect(addr string, k int, fl *fleet, spec runSpec) ([]*client, error) {
	var clients []*client
	for i := range spec.n {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		var l link
		var id int32
		var err error
		if spec.transport == multiplayer.ENet {
			// An ENet client chooses its id: one of the run's own, so
			// that a client in another match than its own would show.
			id = int32(1000 + k*spec.n + i)
			l, err = dialENet(ctx, addr, id)
		} else {
			l, id, err = dialWS(ctx, addr)
		}
		cancel()
		if err != nil {
			return clients, fmt.Errorf("players: client %d of %d: %w\n%s", i+1, spec.n, err, fl.output())
		}
		clients = append(clients, newClient(l, id, spec.mode))
	}
	return clients, nil
}

// allReady waits until every client is ready for the run, 30 s at most.
func allReady(clients []*client, n int, fl *fleet) error {
	deadline := time.Now().Add(30 * time.Second)
	for {
		var err error
		for _, c := range clients {
			if err = c.ready(n); err != nil {
				break
			}
		}
		switch {
		case err == nil:
			return nil
		case time.Now().After(deadline):
			return fmt.Errorf("players: not ready after 30 s: %w\n%s", err, fl.output())
		case fl.ended():
			return errors.New("players: a server ended:\n" + fl.output())
		}
		time.Sleep(20 * time.Millisecond)
	}
}
