package main

import (
	"errors"
	"strings"
	"sync"
	"time"

	"github.com/gdvar/gdvar/internal/procstat"
	"github.com/gdvar/gdvar/multiplayer"
)

// fleet is the server processes of a run of M matches: the Go server's
// one process serving them all, or Godot's process a match, as a
// dedicated-server fleet runs them.
type fleet struct {
	procs []*server
	addrs []string // a match's address each
	// countsThrottle: the Go server over ENet, which counts its hosts'
	// throttles' drops (server.throttleDropped).
	countsThrottle bool
}

// startFleet starts the servers of matches matches of the kind named,
// Godot's processes side by side.
func startFleet(kind string, s serverSetup, matches int) (*fleet, error) {
	if kind == serverGo {
		srv, err := startServer(kind, s, matches)
		if err != nil {
			return nil, err
		}
		return &fleet{procs: []*server{srv}, addrs: srv.addrs, countsThrottle: s.transport == multiplayer.ENet}, nil
	}
	procs := make([]*server, matches)
	errs := make([]error, matches)
	var wg sync.WaitGroup
	for i := range procs {
		wg.Go(func() { procs[i], errs[i] = startServer(kind, s, 1) })
	}
	wg.Wait()
	f := &fleet{}
	for _, p := range procs {
		if p != nil {
			f.procs = append(f.procs, p)
			f.addrs = append(f.addrs, p.addrs...)
		}
	}
	if err := errors.Join(errs...); err != nil {
		f.stop()
		return nil, err
	}
	return f, nil
}

// cpu returns the CPU time the fleet's processes have used, each
// process's: Since takes the differences.
func (f *fleet) cpu() (fleetUsage, error) {
	var u fleetUsage
	for _, p := range f.procs {
		t, err := processCPU(p.pid())
		if err != nil {
			return nil, err
		}
		u = append(u, t)
	}
	return u, nil
}

// fleetUsage is the CPU time of a fleet's processes, in order.
type fleetUsage []procstat.Usage

// Since returns the CPU time the fleet used between before and u.
func (u fleetUsage) Since(before fleetUsage) time.Duration {
	var sum time.Duration
	for i := range min(len(u), len(before)) {
		sum += u[i].Since(before[i])
	}
	return sum
}

// rss returns the fleet's processes' resident memory, in bytes.
func (f *fleet) rss() (int64, error) {
	var sum int64
	for _, p := range f.procs {
		b, err := processRSS(p.pid())
		if err != nil {
			return 0, err
		}
		sum += b
	}
	return sum, nil
}

// ended reports whether a process of the fleet has ended.
func (f *fleet) ended() bool {
	for _, p := range f.procs {
		select {
		case <-p.done:
			return true
		default:
		}
	}
	return false
}

// output is what the fleet's processes printed.
func (f *fleet) output() string {
	var b strings.Builder
	for _, p := range f.procs {
		b.WriteString(p.output())
	}
	return b.String()
}

// stop stops every process, side by side.
func (f *fleet) stop() {
	var wg sync.WaitGroup
	for _, p := range f.procs {
		wg.Go(p.stop)
	}
	wg.Wait()
}

// throttleDropped returns the unreliable packets the fleet's ENet hosts
// have dropped by their throttles, 0 if it does not count them
// (countsThrottle).
func (f *fleet) throttleDropped() (uint64, error) {
	if !f.countsThrottle {
		return 0, nil
	}
	return f.procs[0].throttleDropped()
}
