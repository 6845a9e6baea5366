package loadtest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gdvar/gdvar/internal/procstat"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/multiplayer/fromproject"
	"github.com/gdvar/gdvar/project"
)

// maxBots bounds a run: each bot is a Multiplayer, a connection and its
// goroutines in this process.
const maxBots = 10000

// maxJoinRate bounds Config.JoinRate: all of maxBots in a tenth of a
// second, more than one process can connect.
const maxJoinRate = 100000

// Config is a load test: Bots bots join the server at Addr and play
// Scenario for Duration. A test split into segments, each run by a
// process of its own, has the same Config in each but Segment.
type Config struct {
	Project  *project.Project
	Scenario *Scenario
	// Addr is the server's host:port (a host alone where the project's
	// create_server tells the port; over WebSocket a ws:// URL too): the
	// only address the bots send to.
	Addr string
	// Net is how the bots join the server: its transport, the WebSocket
	// subprotocols it requires, its ENet compression, the multiplayer
	// root. nil is what the project's scripts say (fromproject.NetOf).
	Net *fromproject.Net
	// Bots are the test's, across its segments: this process runs its
	// Segment's share of them.
	Bots     int
	Duration time.Duration // the whole run's, joins included
	// JoinRate is how many of the test's bots join a second (default 50;
	// from 0.001 to 100 000): a burst of joins is a test of its own. The
	// bot numbered n joins n/JoinRate seconds after the start, in
	// whichever segment runs it.
	JoinRate float64
	// Segment is the share of the bots this process runs (default: all).
	Segment Segment
	// Start, if set, is when the run begins, the same for every segment
	// of the test so that they begin together on their machines: at most
	// 10 s in the past, a day ahead. Run waits for it.
	Start time.Time
	// ServerPID, if not 0, is the server's process on this machine: its
	// CPU and memory are reported.
	ServerPID int
	// Progress, if set, is given each second's figures as it ends.
	Progress func(Second)
	// Results, if set, is given the run's results as they come, a JSON
	// line a second (see docs/load.md): Merge joins the results of a
	// test's segments into its report.
	Results io.Writer
	// FrameReads makes each bot read each frame as it comes, as a game's
	// client does, rather than what came over a tick at once: dearer in
	// the load machine's CPU (docs/load.md).
	FrameReads bool
	// OnEvent, if set, is given each thing a bot sees as it happens (a
	// join, a sync, an answer, a failure), from the bots' goroutines: it
	// must be quick.
	OnEvent func(Event)
	// Driver, if set, has the bots join and leave as a coordinator says,
	// up to Bots, rather than all of them at JoinRate.
	Driver *Driver
}

// A snapshot is a second of the run, as it is measured: Second is
// what a user reads of it.
type snapshot struct {
	At         time.Duration // since the start
	Joined     int           // bots that joined, so far
	Connected  int           // bots connected now
	Syncs      float64       // SYNC states received a second, by every bot
	Promised   float64       // those the game's intervals promise, a second
	Delivered  float64       // of the syncs received, those within each node's promise, a second (bot.deliver)
	Departed   int           // nodes of peers that left, promising nothing: the most a bot saw
	Calls      float64       // calls received a second, by every bot
	Sent       float64       // calls sent a second
	P50, P99   time.Duration // of the answers' latencies (0 if none)
	P999       time.Duration // their p99.9
	ServerCPU  float64       // % of a core, if ServerPID
	ServerRSS  int64         // bytes, if ServerPID
	BotsCPU    float64       // the load process's, % of a core
	MachineCPU float64       // this machine's, % of the cores this process may run on: the bots', the server's and any other process's
	CallErrors int64         // calls that could not be sent, so far
}

// Report is a run's result, or that of a test's segments merged: its
// Summary holds every figure, for a Go test to assert on, and its Write
// methods write them out.
type Report struct {
	Bots        int            // the bots it is of: the test's, or a segment's share
	Segments    int            // the segments merged into it (1 for a run's)
	seconds     []snapshot     // Summary's Seconds
	Joined      int            // bots that joined
	Failed      int            // bots that did not
	Kept        int            // bots connected at the end (or until they left as the scenario says)
	Disconnects map[string]int // bots the server let go, by reason
	JoinErrors  map[string]int // bots that could not join, by reason
	BotsCPU     time.Duration  // the load processes' CPU over the run
	// latency counts the answers' latencies over the seconds after every
	// bot had joined (all of them if some never did).
	latency *histogram
	// MachineLimit, if not "", says the load machine rather than the
	// server was the limit: the bots used most of its cores, its cores
	// were busy, it missed seconds' snapshots, or the bots sent fewer
	// calls than the scenario says. Merged, it names each segment's.
	MachineLimit string
	// Thresholds are what the report is held to (Summary.Thresholds): the
	// scenario's.
	Thresholds Thresholds
}

// ErrConfig is the error of a Config that cannot be run.
var ErrConfig = errors.New("loadtest: bad config")

// Run runs the load test until cfg.Duration has passed since its start or
// ctx is done. If writing cfg.Results fails, the run goes on, and the
// report comes with the error.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	cfg, err := cfg.Check()
	if err != nil {
		return nil, err
	}
	own, _ := cfg.Segment.checkBots(cfg.Bots)
	start := cfg.Start
	if start.IsZero() {
		start = time.Now()
	}
	end := start.Add(cfg.Duration)
	// A bot that finds the scenario cannot be played ends the run
	// (running.refuse) with its error.
	runCtx, refuse := context.WithCancelCause(ctx)
	defer refuse(nil)
	// The bots play until the last second's snapshot is taken, not to
	// the instant it is due at, when they would be leaving.
	play, stop := context.WithCancel(runCtx)
	defer stop()
	results := newResultsWriter(cfg.Results, cfg.Segment)
	results.head(&cfg, own, start)
	select { // the other segments' processes start as well
	case <-ctx.Done():
	case <-time.After(time.Until(start)):
	}

	r := &running{cfg: &cfg, own: own, start: start, play: play, refuse: refuse,
		rep: &Report{Bots: own, Segments: 1, Disconnects: map[string]int{}, JoinErrors: map[string]int{},
			latency: new(histogram), Thresholds: cfg.Scenario.Thresholds}}
	r.leaveAfter, _ = cfg.Scenario.leaveAfter()
	began, cpu0 := time.Now(), procstat.Self()
	smp := newSampler(&cfg, start, began, cpu0)
	if cfg.Driver != nil {
		r.wg.Go(r.follow)
	} else {
		r.wg.Go(r.joinAll)
	}
	all, steady, lastKey := r.snapshots(runCtx, smp, results)
	if cfg.Segment.count() > 1 {
		end = end.Add(segmentLinger)
	}
	select { // the run's last half second, if its seconds are whole before; a segment's linger
	case <-runCtx.Done():
	case <-time.After(time.Until(end)):
	}
	stop()
	r.wg.Wait()
	rep := r.rep
	rep.Bots = r.bots()
	rep.BotsCPU = procstat.Self() - cpu0
	// A driven run's coordinator sets its ramp, and counts the answers
	// of all of it: so do its percentiles.
	if cfg.Driver == nil && len(rep.steady(rep.Bots)) < len(rep.seconds) {
		*rep.latency = steady
	} else {
		*rep.latency = all
	}
	rep.MachineLimit = machineLimit(rep, cfg, time.Since(began), lastKey)
	results.end(rep)
	if err := context.Cause(runCtx); errors.Is(err, ErrConfig) {
		return rep, err
	}
	if results.err != nil {
		return rep, fmt.Errorf("%w: writing the results: %v", ErrResults, results.err)
	}
	return rep, nil
}

// running is a run's bots: their joins, their play and what the report
// counts of them.
type running struct {
	cfg        *Config
	own        int // the bots of this segment
	start      time.Time
	play       context.Context // done when the bots leave
	refuse     func(error)     // ends the run with a scenario's error (ErrConfig) a bot found
	leaveAfter time.Duration

	t         tally
	rep       *Report
	mu        sync.Mutex // rep's maps and counts
	declaring sync.Mutex // a Project is for one goroutine at a time
	connected atomic.Int64
	asked     atomic.Int64 // a driven run's: the most bots its Driver asked for
	wg        sync.WaitGroup
}

// bots is how many bots the run is of: its segment's, or as many as its
// Driver asked for at most.
func (r *running) bots() int {
	if r.cfg.Driver != nil {
		return int(r.asked.Load())
	}
	return r.own
}

// joinAll starts each of the segment's bots at its time.
func (r *running) joinAll() {
	gap := every(r.cfg.JoinRate)
	for k := range r.own {
		number := r.cfg.Segment.number(k)
		select {
		case <-r.play.Done():
			return
		case <-time.After(time.Until(r.start.Add(time.Duration(number) * gap))):
		}
		r.wg.Go(func() { r.joinAndPlay(r.play, number) })
	}
}

// joinAndPlay joins the bot numbered number and has it play until ctx
// is done (the run ends, or its Driver lets it go), the scenario has it
// leave or the server lets it go.
func (r *running) joinAndPlay(ctx context.Context, number int) {
	r.declaring.Lock()
	b, err := newBot(r.cfg.Project, r.cfg.Scenario, r.cfg.Net, &r.t, number, r.cfg.readPace())
	r.declaring.Unlock()
	began := time.Now()
	if err == nil {
		b.refuse, b.onEvent = r.refuse, r.cfg.OnEvent
		joinCtx, cancelJoin := context.WithTimeout(ctx, 10*time.Second)
		err = b.connect(joinCtx, r.cfg.Addr)
		cancelJoin()
		if err != nil && r.cfg.Driver != nil && ctx.Err() != nil && r.play.Err() == nil {
			return // let go as it joined: neither joined nor refused
		}
		if err == context.Canceled || err == context.DeadlineExceeded { // no word from the address, bare: say what to check
			tr := r.cfg.Net.Transport
			err = fmt.Errorf("no answer from %s over %s: is a server up there, serving %s (-transport)?", r.cfg.Addr, tr, tr)
		}
	}
	joined := time.Now()
	emit(r.cfg.OnEvent, EventJoin, r.cfg.Addr, joined.Sub(began), err)
	r.mu.Lock()
	if err != nil {
		r.rep.Failed++
		countReason(r.rep.JoinErrors, err)
		r.mu.Unlock()
		return
	}
	r.rep.Joined++
	r.t.add(b)
	r.mu.Unlock()
	r.connected.Add(1)
	err = b.play(ctx, r.leaveAfter)
	r.connected.Add(-1)
	r.mu.Lock()
	if err != nil {
		countReason(r.rep.Disconnects, err)
	} else {
		r.rep.Kept++
	}
	r.mu.Unlock()
	if err != nil {
		emit(r.cfg.OnEvent, EventDrop, r.cfg.Addr, time.Since(joined), err)
	}
	if r.cfg.Driver != nil {
		select { // its connection's last callbacks counted first
		case <-b.m.Done():
		case <-time.After(retireWait):
		}
		r.t.retire(b)
	}
}

// snapshots takes a snapshot each second of the run, until its end or
// ctx's, and returns the answers' latencies over the run and over the
// seconds after every bot had joined, and the last second's number.
func (r *running) snapshots(ctx context.Context, smp *sampler, results *resultsWriter) (all, steady histogram, lastKey int) {
	joinedAll := false
	keys := seconds(r.cfg.Duration)
	due := func(key int) time.Time { return r.start.Add(min(time.Duration(key)*time.Second, r.cfg.Duration)) }
	for key := 1; key <= keys; key++ {
		timer := time.NewTimer(time.Until(due(key)))
		select {
		case <-ctx.Done():
		case <-timer.C:
		}
		timer.Stop()
		now := time.Now()
		early := now.Before(due(key)) // Ctrl-C, or the caller's context
		// A driven run's last part of a second is kept, however short:
		// its coordinator counted what its bots saw in it.
		if early && now.Sub(smp.last) < time.Second/2 && r.cfg.Driver == nil {
			break
		}
		for key < keys && !due(key+1).After(now) {
			key++ // late: the seconds passed are this one's
		}
		r.mu.Lock()
		joined := r.rep.Joined
		r.mu.Unlock()
		s, lat := smp.take(now, &r.t, joined, int(r.connected.Load()))
		r.rep.seconds = append(r.rep.seconds, s)
		results.second(key, &s, lat)
		all.merge(lat)
		if joinedAll {
			steady.merge(lat)
		}
		joinedAll = joinedAll || s.Joined >= r.bots() && r.bots() > 0
		if r.cfg.Progress != nil {
			r.cfg.Progress(s.second())
		}
		lastKey = key
		if early {
			break
		}
	}
	return all, steady, lastKey
}

// sampler makes a run's snapshots: each second's figures are the
// differences from the last's.
type sampler struct {
	cfg                       *Config
	start                     time.Time
	last                      time.Time
	lastCPU                   time.Duration
	lastSyncs, lastCalls      int64
	lastSent                  int64
	serverCPU                 time.Duration
	machineBusy, machineTotal int64
}

func newSampler(cfg *Config, start, began time.Time, cpu time.Duration) *sampler {
	s := &sampler{cfg: cfg, start: start, last: began, lastCPU: cpu}
	s.machineBusy, s.machineTotal, _ = procstat.Machine()
	if cfg.ServerPID != 0 {
		s.serverCPU, _ = procstat.CPU(cfg.ServerPID)
	}
	return s
}

// take makes the snapshot of now, and returns it with the answers'
// latencies since the last.
func (smp *sampler) take(now time.Time, t *tally, joined, connected int) (snapshot, *histogram) {
	cpu := procstat.Self()
	secs := now.Sub(smp.last).Seconds()
	counted := t.counts()
	s := snapshot{At: now.Sub(smp.start), Joined: joined, Connected: connected, CallErrors: counted.callErrors,
		BotsCPU: 100 * (cpu - smp.lastCPU).Seconds() / secs}
	var delivered int64
	s.Promised, delivered, s.Departed = t.promised(secs)
	s.Delivered = float64(delivered) / secs
	syncs, calls, sent := counted.syncs, counted.calls, counted.sent
	s.Syncs, s.Calls, s.Sent = float64(syncs-smp.lastSyncs)/secs, float64(calls-smp.lastCalls)/secs, float64(sent-smp.lastSent)/secs
	lat := t.takeLatencies()
	s.P50, s.P99, s.P999 = lat.quantile(0.5), lat.quantile(0.99), lat.quantile(0.999)
	if busy, total, err := procstat.Machine(); err == nil {
		if smp.machineTotal > 0 && total > smp.machineTotal { // not if the first reading failed
			s.MachineCPU = 100 * float64(busy-smp.machineBusy) / float64(total-smp.machineTotal)
		}
		smp.machineBusy, smp.machineTotal = busy, total
	}
	if smp.cfg.ServerPID != 0 {
		if c, err := procstat.CPU(smp.cfg.ServerPID); err == nil {
			s.ServerCPU = 100 * (c - smp.serverCPU).Seconds() / secs
			smp.serverCPU = c
		}
		s.ServerRSS, _ = procstat.RSS(smp.cfg.ServerPID)
	}
	smp.last, smp.lastCPU, smp.lastSyncs, smp.lastCalls, smp.lastSent = now, cpu, syncs, calls, sent
	return s, lat
}

// segmentLinger is how long a segment's bots stay past the run's end:
// the other segments' last snapshots, due at the same time on their
// machines, see them still there.
const segmentLinger = time.Second / 2

// seconds is how many seconds, a snapshot each, a run of d has: a last
// part of a second is one if it is half a second or more.
func seconds(d time.Duration) int {
	return max(int((d+time.Second/2)/time.Second), 1)
}

// Check checks the config as Run does before any bot joins, and returns
// it with its defaults filled in (the join rate; the scenario's scene and
// tick, in a copy of the scenario; the project's Net, if nil; Addr's
// port, if the project tells it), or an ErrConfig, or the scenario's
// ErrScenario. cfg and its Scenario are left as they were.
func (cfg Config) Check() (Config, error) {
	bad := func(format string, args ...any) (Config, error) {
		return cfg, fmt.Errorf("%w: %s", ErrConfig, fmt.Sprintf(format, args...))
	}
	switch {
	case cfg.Project == nil || cfg.Scenario == nil:
		return bad("a project and a scenario")
	case cfg.Net != nil && cfg.Net.Transport != multiplayer.ENet && cfg.Net.Transport != multiplayer.WebSocket:
		return bad("transport %d: ENet or WebSocket", cfg.Net.Transport)
	case cfg.Bots < 1 || cfg.Bots > maxBots:
		return bad("%d bots: from 1 to %d", cfg.Bots, maxBots)
	case cfg.Duration <= 0 || cfg.Duration > maxDuration:
		return bad("duration %v: above 0, at most %v", cfg.Duration, maxDuration)
	case cfg.Addr == "":
		return bad("the server's address")
	}
	if d := cfg.Driver; d != nil {
		switch {
		case d.Bots == nil:
			return bad("a Driver with no Bots to say how many bots play")
		case d.First < 0 || d.First > maxFirstBot:
			return bad("the first bot's number %d: from 0 to %d", d.First, maxFirstBot)
		case cfg.Segment != Segment{} || !cfg.Start.IsZero() || cfg.Results != nil:
			return bad("a driven run has no segment, start or results file: its coordinator holds the test")
		}
	}
	if _, err := cfg.Segment.checkBots(cfg.Bots); err != nil {
		return cfg, err
	}
	if err := checkStart(cfg.Start, time.Now()); err != nil {
		return cfg, err
	}
	if cfg.Net == nil {
		n, err := fromproject.NetOf(cfg.Project)
		if err != nil {
			return bad("the project's network: %v", err)
		}
		cfg.Net = n
	}
	d, err := cfg.Net.Dial(cfg.Addr)
	if err != nil {
		return bad("%v", err)
	}
	if _, _, err := net.SplitHostPort(d.Addr); err != nil && !strings.Contains(d.Addr, "://") {
		return bad("address %.80q has no port, and the project's create_server tells none", cfg.Addr)
	}
	cfg.Addr = d.Addr
	if cfg.JoinRate == 0 {
		cfg.JoinRate = 50
	}
	if !(cfg.JoinRate >= minRateHz && cfg.JoinRate <= maxJoinRate) {
		return bad("join rate %g: from %g to %d bots a second", cfg.JoinRate, minRateHz, maxJoinRate)
	}
	sc := *cfg.Scenario // its defaults are filled in the copy, not the caller's
	cfg.Scenario = &sc
	if sc.Scene == "" {
		main, err := cfg.Project.MainScene()
		if err != nil {
			return bad("no scene given, and %v", err)
		}
		sc.Scene = main
	}
	if err := sc.check(); err != nil {
		return cfg, err
	}
	if sc.Thresholds.needsServer() && cfg.ServerPID == 0 {
		return bad("a threshold of the server's CPU or memory: give the server's pid (-server-pid), on its machine")
	}
	return cfg, nil
}

// maxDuration bounds a run: a week of seconds, a row each.
const maxDuration = 7 * 24 * time.Hour

// The bounds of the reasons a report counts disconnects and failed joins
// by: an error's text, cut; past maxReasons distinct ones (an error
// naming each bot's port, say), the others are counted together.
const (
	maxReason    = 120
	maxReasons   = 100
	otherReasons = "(other reasons)"
)

// countReason counts err in m by its text, short.
func countReason(m map[string]int, err error) {
	why := err.Error()
	if len(why) > maxReason {
		why = cut(why, maxReason) + "…"
	}
	countReasonN(m, why, 1)
}

// busyMachine is the share of this machine's cores in use, in %, from
// which the figures of a run measure the machine: a server on it, or the
// bots, wait for a core.
const busyMachine = 90

// machineLimit says whether the load machine rather than the server was
// the limit: the bots took most of its cores, its cores were busy (with
// the server on them, the bots and the server took them from each other),
// the run missed seconds (up to lastKey, its last), or the bots sent
// under 95% of the calls the scenario asks of the bots connected, after
// every bot had joined.
func machineLimit(rep *Report, cfg Config, elapsed time.Duration, lastKey int) string {
	cores := float64(runtime.NumCPU())
	if used := rep.BotsCPU.Seconds() / elapsed.Seconds(); used > 0.8*cores {
		return fmt.Sprintf("the bots used %.1f of this machine's %.0f cores", used, cores)
	}
	var machine, bots, server float64
	steady := rep.steady(rep.Bots)
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
		other := busy - (bots+server)/n/100
		if other >= 0.1 {
			why += fmt.Sprintf(", %.2f other processes'", other)
		}
		if other > (bots+server)/n/100 { // fewer bots would not free the cores
			return why + ": other processes took most of them; run it when they are done, or on a machine of its own"
		}
		if cfg.ServerPID != 0 {
			return why + ": run the bots on another machine than the server's, or fewer"
		}
		return why + ": run fewer bots, or on a machine with more cores"
	}
	if missed := lastKey - len(rep.seconds); missed > 0 {
		return fmt.Sprintf("this process took no snapshot in %d of the first %d seconds: it began a second late or more, or fell behind", missed, lastKey)
	}
	var rate float64
	for _, c := range cfg.Scenario.Calls {
		rate += c.RateHz
	}
	var due, sent float64
	for _, s := range steady { // a bot joining within a second sends part of its calls
		due += rate * float64(s.Connected)
		sent += s.Sent
	}
	// A bot's ticker sends one call fewer in a window than its rate, at
	// most, by its phase.
	phase := float64(rep.Bots * len(cfg.Scenario.Calls))
	if due > 0 && sent < 0.95*due-phase {
		return fmt.Sprintf("the bots sent %.0f%% of the calls due: this machine fell behind", 100*sent/due)
	}
	return ""
}
