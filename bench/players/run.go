package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/gdvar/gdvar/internal/testrig/cputime"
)

// runSpec is one measurement: a server, a transport, a workload, a
// number of players.
type runSpec struct {
	server    string
	transport string
	mode      mode
	n         int
	hz        int
	warmup    time.Duration // how long the clients send before they are measured
	seconds   time.Duration // how long they are measured
	drain     time.Duration // how long the last ones may take to arrive
}

// result is what a run measured.
type result struct {
	runSpec
	sent      int64         // ticks the clients sent (syncs, or inputs)
	expected  int64         // syncs (moved calls) every peer should have received
	delivered int64         // those received
	p50, p99  time.Duration // from the send to each receipt
	serverCPU time.Duration // over the sending
	serverRSS int64         // at the end of the sending, bytes
	clientCPU time.Duration // the load process's, over the sending
	udpDrops  int64         // datagrams the kernel dropped, over the sending and the drain
	elapsed   time.Duration // the sending's wall time
}

// run measures one runSpec against a server it starts and stops.
func run(spec runSpec, setup serverSetup) (result, error) {
	res := result{runSpec: spec}
	setup.transport = spec.transport
	srv, err := startServer(spec.server, setup)
	if err != nil {
		return res, err
	}
	defer srv.stop()
	clients, err := connect(srv, spec)
	defer func() {
		for _, c := range clients {
			c.close()
		}
	}()
	if err != nil {
		return res, err
	}
	if err := allReady(clients, spec.n, srv); err != nil {
		return res, err
	}

	stop := make(chan struct{})
	var wg sync.WaitGroup
	errs := make(chan error, len(clients))
	period := time.Second / time.Duration(spec.hz)
	for _, c := range clients {
		// Each client ticks at a phase of its own, as real ones do.
		offset := rand.N(period)
		wg.Go(func() {
			if err := c.run(period, offset, stop); err != nil {
				errs <- err
			}
		})
	}
	// The joins' burst settles before the measuring starts: ENet's
	// throttle, lowered by it, takes seconds to come back, as it does in
	// a game the players joined a while ago.
	time.Sleep(spec.warmup)
	halt := func() {
		close(stop)
		wg.Wait()
	}
	cpu0, err := processCPU(srv.pid())
	if err != nil {
		halt()
		return res, err
	}
	drops0, err := udpDrops()
	if err != nil {
		halt()
		return res, err
	}
	self0, start := cputime.Process(), time.Now()
	for _, c := range clients {
		c.from.Store(now())
	}
	time.Sleep(spec.seconds)
	halt()
	res.elapsed = time.Since(start)
	res.clientCPU = cputime.Process() - self0
	cpu1, err := processCPU(srv.pid())
	if err != nil {
		return res, err
	}
	res.serverCPU = cpu1 - cpu0
	if res.serverRSS, err = processRSS(srv.pid()); err != nil {
		return res, err
	}
	select {
	case err := <-errs:
		return res, fmt.Errorf("players: sending: %w", err)
	default:
	}
	time.Sleep(spec.drain)
	drops1, err := udpDrops()
	if err != nil {
		return res, err
	}
	res.udpDrops = drops1 - drops0

	fanOut := int64(spec.n - 1) // each sync goes to every other client
	if spec.mode == modeRPC {
		fanOut = int64(spec.n) // each input comes back to every client
	}
	var lat latencies
	for _, c := range clients {
		res.sent += c.sent
		res.expected += c.sent * fanOut
		res.delivered += c.received.Load()
	}
	for _, c := range clients {
		c.close()
		lat.merge(&c.lat)
	}
	clients = nil
	res.p50 = time.Duration(lat.quantile(0.50)) * time.Microsecond
	res.p99 = time.Duration(lat.quantile(0.99)) * time.Microsecond
	return res, nil
}

// connect connects spec.n clients to srv, one after another.
func connect(srv *server, spec runSpec) ([]*client, error) {
	var clients []*client
	for i := range spec.n {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		var l link
		var id int32
		var err error
		if spec.transport == "enet" {
			id = int32(1000 + i) // an ENet client chooses its id
			l, err = dialENet(ctx, srv.addr, id)
		} else {
			l, id, err = dialWS(ctx, srv.addr)
		}
		cancel()
		if err != nil {
			return clients, fmt.Errorf("players: client %d of %d: %w\n%s", i+1, spec.n, err, srv.output())
		}
		clients = append(clients, newClient(l, id, spec.mode))
	}
	return clients, nil
}

// allReady waits until every client is ready for the run, 30 s at most.
func allReady(clients []*client, n int, srv *server) error {
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
			return fmt.Errorf("players: not ready after 30 s: %w\n%s", err, srv.output())
		}
		select {
		case <-srv.done:
			return errors.New("players: the server ended:\n" + srv.output())
		case <-time.After(20 * time.Millisecond):
		}
	}
}
