package loadtest

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gdvar/gdvar/internal/procstat"
	"github.com/gdvar/gdvar/project"
)

// maxBots bounds a run: each bot is a Multiplayer, a connection and its
// goroutines in this process.
const maxBots = 10000

// maxJoinRate bounds Config.JoinRate: all of maxBots in a tenth of a
// second, more than one process can connect.
const maxJoinRate = 100000

// Config is a load test: Bots bots join the server at Addr and play
// Scenario for Duration.
type Config struct {
	Project   *project.Project
	Scenario  *Scenario
	Addr      string // host:port: the only address the bots send to
	Transport string // "ws" or "enet"
	Bots      int
	Duration  time.Duration // the whole run's, joins included
	// JoinRate is how many bots join a second (default 50; from 0.001
	// to 100 000): a burst of joins is a test of its own.
	JoinRate float64
	// ServerPID, if not 0, is the server's process on this machine: its
	// CPU and memory are reported.
	ServerPID int
	// Progress, if set, is given a snapshot each second.
	Progress func(Snapshot)
}

// A Snapshot is a second of the run.
type Snapshot struct {
	At         time.Duration // since the start
	Joined     int           // bots that joined, so far
	Connected  int           // bots connected now
	Syncs      float64       // SYNC states received a second, by every bot
	Promised   float64       // those the game's intervals promise, a second
	Calls      float64       // calls received a second, by every bot
	Sent       float64       // calls sent a second
	P50, P99   time.Duration // of the answers' latencies (0 if none)
	ServerCPU  float64       // % of a core, if ServerPID
	ServerRSS  int64         // bytes, if ServerPID
	BotsCPU    float64       // the load process's, % of a core
	MachineCPU float64       // this machine's, % of the cores this process may run on: the bots', the server's and any other process's
	CallErrors int64         // calls that could not be sent, so far
}

// Report is a run's result.
type Report struct {
	Seconds     []Snapshot
	Joined      int            // bots that joined
	Failed      int            // bots that did not
	Kept        int            // bots connected at the end (or until they left as the scenario says)
	Disconnects map[string]int // bots the server let go, by reason
	JoinErrors  map[string]int // bots that could not join, by reason
	BotsCPU     time.Duration  // the load process's CPU over the run
	// MachineLimit, if not "", says the load machine rather than the
	// server was the limit: the bots used most of its cores, or sent
	// fewer calls than the scenario says.
	MachineLimit string
}

// ErrConfig is the error of a Config that cannot be run.
var ErrConfig = errors.New("loadtest: bad config")

// Run runs the load test until cfg.Duration has passed or ctx is done.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	leaveAfter, _ := cfg.Scenario.leaveAfter()
	ctx, cancel := context.WithTimeout(ctx, cfg.Duration)
	defer cancel()
	var t tally
	rep := &Report{Disconnects: map[string]int{}, JoinErrors: map[string]int{}}
	var mu sync.Mutex // rep's maps and counts, and bots
	var declaring sync.Mutex
	var bots []*bot
	var connected atomic.Int64
	var wg sync.WaitGroup
	start, cpu0 := time.Now(), procstat.Self()
	machineBusy0, machineTotal0, _ := procstat.Machine()

	wg.Go(func() { // the joins, paced
		gap := every(cfg.JoinRate)
		for i := 0; i < cfg.Bots; i++ {
			if i > 0 {
				select {
				case <-ctx.Done():
					return
				case <-time.After(gap):
				}
			}
			wg.Go(func() {
				declaring.Lock() // a Project is for one goroutine at a time
				b, err := newBot(cfg.Project, cfg.Scenario, &t)
				declaring.Unlock()
				if err == nil {
					joinCtx, cancelJoin := context.WithTimeout(ctx, 10*time.Second)
					err = b.connect(joinCtx, cfg.Transport, cfg.Addr)
					cancelJoin()
				}
				mu.Lock()
				if err != nil {
					rep.Failed++
					rep.JoinErrors[reason(err)]++
					mu.Unlock()
					return
				}
				rep.Joined++
				bots = append(bots, b)
				mu.Unlock()
				connected.Add(1)
				err = b.play(ctx, leaveAfter)
				connected.Add(-1)
				mu.Lock()
				if err != nil {
					rep.Disconnects[reason(err)]++
				} else {
					rep.Kept++
				}
				mu.Unlock()
			})
		}
	})

	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	last, lastCPU := time.Now(), cpu0
	var lastSyncs, lastCalls, lastSent int64
	var serverCPU0 time.Duration
	if cfg.ServerPID != 0 {
		serverCPU0, _ = procstat.CPU(cfg.ServerPID)
	}
	for done := false; !done; {
		select {
		case <-ctx.Done():
			done = true
		case <-tick.C:
		}
		now, cpu := time.Now(), procstat.Self()
		secs := now.Sub(last).Seconds()
		if secs < 0.5 { // the end, just after a second's snapshot
			continue
		}
		s := Snapshot{At: now.Sub(start), Connected: int(connected.Load()), CallErrors: t.callErrors.Load(),
			BotsCPU: 100 * (cpu - lastCPU).Seconds() / secs}
		mu.Lock()
		s.Joined = rep.Joined
		for _, b := range bots {
			s.Promised += b.promised()
		}
		mu.Unlock()
		syncs, calls, sent := t.syncs.Load(), t.calls.Load(), t.sent.Load()
		s.Syncs, s.Calls, s.Sent = float64(syncs-lastSyncs)/secs, float64(calls-lastCalls)/secs, float64(sent-lastSent)/secs
		s.P50, s.P99 = quantiles(t.takeLatencies())
		if busy, total, err := procstat.Machine(); err == nil {
			if machineTotal0 > 0 && total > machineTotal0 { // not if the first reading failed
				s.MachineCPU = 100 * float64(busy-machineBusy0) / float64(total-machineTotal0)
			}
			machineBusy0, machineTotal0 = busy, total
		}
		if cfg.ServerPID != 0 {
			if c, err := procstat.CPU(cfg.ServerPID); err == nil {
				s.ServerCPU = 100 * (c - serverCPU0).Seconds() / secs
				serverCPU0 = c
			}
			s.ServerRSS, _ = procstat.RSS(cfg.ServerPID)
		}
		rep.Seconds = append(rep.Seconds, s)
		if cfg.Progress != nil {
			cfg.Progress(s)
		}
		last, lastCPU, lastSyncs, lastCalls, lastSent = now, cpu, syncs, calls, sent
	}
	wg.Wait()
	rep.BotsCPU = procstat.Self() - cpu0
	rep.MachineLimit = machineLimit(rep, cfg, time.Since(start))
	return rep, nil
}

func (cfg *Config) check() error {
	switch {
	case cfg.Project == nil || cfg.Scenario == nil:
		return fmt.Errorf("%w: a project and a scenario", ErrConfig)
	case cfg.Transport != "ws" && cfg.Transport != "enet":
		return fmt.Errorf("%w: transport %q: ws or enet", ErrConfig, cfg.Transport)
	case cfg.Bots < 1 || cfg.Bots > maxBots:
		return fmt.Errorf("%w: %d bots: from 1 to %d", ErrConfig, cfg.Bots, maxBots)
	case cfg.Duration <= 0:
		return fmt.Errorf("%w: a duration above 0", ErrConfig)
	case cfg.Addr == "":
		return fmt.Errorf("%w: the server's address", ErrConfig)
	}
	if cfg.JoinRate == 0 {
		cfg.JoinRate = 50
	}
	if !(cfg.JoinRate >= minRateHz && cfg.JoinRate <= maxJoinRate) {
		return fmt.Errorf("%w: join rate %g: from %g to %d bots a second", ErrConfig, cfg.JoinRate, minRateHz, maxJoinRate)
	}
	if cfg.Scenario.Scene == "" {
		main, err := cfg.Project.MainScene()
		if err != nil {
			return fmt.Errorf("%w: no scene given, and %v", ErrConfig, err)
		}
		cfg.Scenario.Scene = main
	}
	return cfg.Scenario.check()
}

// reason is an error's text, short: disconnects are counted by it.
func reason(err error) string {
	const most = 120
	s := err.Error()
	if len(s) > most {
		s = s[:most] + "…"
	}
	return s
}

// quantiles returns the p50 and p99 of l (0 if empty), sorting it.
func quantiles(l []time.Duration) (p50, p99 time.Duration) {
	if len(l) == 0 {
		return 0, 0
	}
	slices.Sort(l)
	return l[len(l)/2], l[len(l)*99/100]
}

// busyMachine is the share of this machine's cores in use, in %, from
// which the figures of a run measure the machine: a server on it, or the
// bots, wait for a core.
const busyMachine = 90

// machineLimit says whether the load machine rather than the server was
// the limit: the bots took most of its cores, its cores were busy (with
// the server on them, the bots and the server took them from each other),
// or the bots sent under 95% of the calls the scenario asks of the bots
// connected.
func machineLimit(rep *Report, cfg Config, elapsed time.Duration) string {
	cores := float64(runtime.NumCPU())
	if used := rep.BotsCPU.Seconds() / elapsed.Seconds(); used > 0.8*cores {
		return fmt.Sprintf("the bots used %.1f of this machine's %.0f cores", used, cores)
	}
	var machine, bots, server float64
	steady := rep.steady(cfg.Bots)
	for _, s := range steady {
		machine += s.MachineCPU
		bots += s.BotsCPU
		server += s.ServerCPU
	}
	if n := float64(len(steady)); n > 0 && machine/n >= busyMachine {
		busy := cores * machine / n / 100 // in cores
		why := fmt.Sprintf("this machine's %.0f cores were %.0f%% busy, %.2f of them the bots'", cores, machine/n, bots/n/100)
		if cfg.ServerPID != 0 {
			why += fmt.Sprintf(", %.2f the server's", server/n/100)
		}
		if other := busy - (bots+server)/n/100; other >= 0.1 {
			why += fmt.Sprintf(", %.2f other processes'", other)
		}
		if cfg.ServerPID != 0 {
			return why + ": run the bots on another machine than the server's, or fewer"
		}
		return why + ": run fewer bots, or on a machine with more cores"
	}
	var rate float64
	for _, c := range cfg.Scenario.Calls {
		rate += c.RateHz
	}
	var due, sent float64
	for _, s := range rep.Seconds {
		due += rate * float64(s.Connected)
		sent += s.Sent
	}
	if due > 0 && sent < 0.95*due {
		return fmt.Sprintf("the bots sent %.0f%% of the calls due: this machine fell behind", 100*sent/due)
	}
	return ""
}
