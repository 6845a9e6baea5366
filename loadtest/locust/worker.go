package locust

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"maps"
	"net"
	"os"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/gdvar/gdvar/internal/procstat"
	"github.com/gdvar/gdvar/loadtest"
)

// The protocol's pace, as Locust's runners.py keeps it: a heartbeat a
// second, stats every 3 s.
const (
	heartbeatEvery = time.Second
	statsEvery     = 3 * time.Second
)

// connectWait bounds the connection to the master: its dial (again while
// it is refused, as a master starting), its handshake and its ack.
const connectWait = 5 * time.Second

// silence is how long the master may send nothing, not even ZeroMQ's
// answer to the PING sent each second, before it is taken for gone.
const silence = 10 * time.Second

// botsPerWorker is how many numbers ($bot) each worker's bots have, the
// most bots a run has: worker i numbers its bots from i·botsPerWorker,
// so that no two workers' bots have the same.
const botsPerWorker = 10_000

// maxWorkerIndex bounds the worker index a master gives: its bots'
// numbers stay within an int32.
const maxWorkerIndex = 200_000

// A Worker makes its process a worker of a Locust master (Locust 2's
// master/worker protocol, docs/load.md): a Locust user is a bot, which
// joins the game's server, plays the scenario and leaves; the master
// says how many play, and shows what they see as requests.
type Worker struct {
	// Master is the master's address, host:port: its host and its
	// --master-bind-port (5557 by default).
	Master string
	// Config is the bots' run: Bots is the most this worker runs (it
	// runs fewer than the master asks past it), and Duration the most it
	// lasts. Its Driver is the worker's; its OnEvent, if set, is given
	// each event after the worker.
	Config loadtest.Config
	// Log, if set, is told what the worker does: its connection, the
	// users asked of it, the master's stop and quit, what it did not
	// understand.
	Log func(string)
}

// Run connects to the master, runs the bots it asks for until it quits,
// goes away or ctx is done, and returns the run's report: on an error of
// the master's (an *Error: ErrNoMaster, ErrMaster, ErrMasterGone), the
// report of what ran, and the error. A master that quits, or ctx done,
// is no error: the bots leave, and the master is sent the last stats and
// told the worker quits.
func (w *Worker) Run(ctx context.Context) (*loadtest.Report, error) {
	if w.Config.Driver != nil {
		return nil, fmt.Errorf("%w: a Locust worker's Driver is its own", loadtest.ErrConfig)
	}
	if _, _, err := net.SplitHostPort(w.Master); err != nil {
		return nil, fmt.Errorf("%w: the Locust master's address %.80q: host:port, as 127.0.0.1:5557", loadtest.ErrConfig, w.Master)
	}
	want := make(chan int)
	st := newStats(time.Now())
	cfg := w.Config
	cfg.Driver, cfg.OnEvent = &loadtest.Driver{Bots: want}, st.record
	if also := w.Config.OnEvent; also != nil {
		cfg.OnEvent = func(e loadtest.Event) { st.record(e); also(e) }
	}
	cfg, err := cfg.Check()
	if err != nil {
		return nil, err
	}
	id := workerID()
	conn, index, err := connect(ctx, w.Master, id)
	switch {
	case err != nil && ctx.Err() != nil: // Ctrl-C as it connected
		return nothingRan(cfg), nil
	case err != nil:
		return nothingRan(cfg), bounded(fmt.Errorf("the Locust master at %s: %w", w.Master, err))
	}
	defer conn.close()
	w.say(fmt.Sprintf("worker %s (index %d) of the Locust master at %s", id, index, w.Master))
	cfg.Driver.First = int(index) * botsPerWorker

	runCtx, endRun := context.WithCancel(context.Background())
	defer endRun()
	var rep *loadtest.Report
	var runErr error
	ended := make(chan struct{})
	go func() {
		defer close(ended)
		rep, runErr = loadtest.Run(runCtx, cfg)
	}()
	s := &session{w: w, conn: conn, id: id, st: st, want: want, ended: ended, done: make(chan struct{}),
		state: "ready", users: map[string]int{}, cpu: procstat.Self(), at: time.Now()}
	defer close(s.done)
	quit, err := s.serve(ctx)
	if quit {
		s.stats() // within the half second a master that quits waits for them, before the bots leave
	}
	endRun()
	<-ended // the bots have left
	switch {
	case err != nil: // nothing more to the master
	case quit:
		s.stats() // what the bots saw as they left, if the master still reads
	default: // the worker leaves: ctx done, or the run's end
		if errors.Is(runErr, loadtest.ErrConfig) { // a scenario the bots cannot play: the master's UI says so too
			s.send("exception", map[string]any{"msg": short(runErr.Error()), "traceback": ""})
		}
		if err = s.stats(); err == nil {
			err = s.send("quit", nil)
		}
	}
	if err != nil {
		err = bounded(fmt.Errorf("the Locust master at %s: %w", w.Master, err))
	}
	if runErr != nil {
		return rep, runErr
	}
	return rep, err
}

// serve serves the master until it quits (true), ctx is done, the run
// ends, or an error.
func (s *session) serve(ctx context.Context) (quit bool, err error) {
	msgs, readErr := s.read()
	heartbeat, report := time.NewTicker(heartbeatEvery), time.NewTicker(statsEvery)
	defer heartbeat.Stop()
	defer report.Stop()
	for {
		select {
		case <-ctx.Done():
			return false, nil
		case <-s.ended:
			return false, nil
		case err := <-readErr:
			return false, err
		case m := <-msgs:
			if quit, err := s.handle(m); quit || err != nil {
				return quit, err
			}
		case <-heartbeat.C:
			if err := s.heartbeat(); err != nil {
				return false, err
			}
		case <-report.C:
			if err := s.stats(); err != nil {
				return false, err
			}
		}
	}
}

func (w *Worker) say(line string) {
	if w.Log != nil {
		w.Log(line)
	}
}

// nothingRan is the report of a run that never began: no bot joined,
// and its summary says so.
func nothingRan(cfg loadtest.Config) *loadtest.Report {
	return &loadtest.Report{Segments: 1, Thresholds: cfg.Scenario.Thresholds}
}

// workerID is this worker's id, as Locust's are: the host's name, then
// what makes it this one's.
func workerID() string {
	host, _ := os.Hostname()
	host = strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '-' {
			return r
		}
		return '-'
	}, host)
	if len(host) > 64 {
		host = host[:64]
	}
	b := make([]byte, 8)
	rand.Read(b)
	return host + "_gdvar_" + hex.EncodeToString(b)
}

// connect connects to the master at addr as worker id, and returns its
// connection once the master has acked the worker, with the index it
// gave (0 if none), within connectWait.
func connect(ctx context.Context, addr, id string) (*zmtpConn, int64, error) {
	ctx, cancel := context.WithTimeout(ctx, connectWait)
	defer cancel()
	var conn *zmtpConn
	refused := false
	for {
		var err error
		conn, err = dialZMTP(ctx, addr, id)
		if err == nil {
			break
		}
		if errors.Is(err, syscall.ECONNREFUSED) && ctx.Err() == nil { // a master starting
			refused = true
			select {
			case <-ctx.Done():
			case <-time.After(100 * time.Millisecond):
			}
			continue
		}
		switch {
		case errors.Is(err, ErrMaster):
			return nil, 0, err
		case refused || errors.Is(err, syscall.ECONNREFUSED):
			return nil, 0, fmt.Errorf("%w: nothing listens there (connection refused for %v): start the master first "+
				"(locust -f locustfile.py --master), or give -locust its --master-bind-port", ErrNoMaster, connectWait)
		case ctx.Err() != nil || errors.Is(err, os.ErrDeadlineExceeded) || errors.Is(err, io.EOF):
			return nil, 0, fmt.Errorf("%w: no ZeroMQ handshake within %v: is this a Locust master's port (--master-bind-port)?", ErrNoMaster, connectWait)
		}
		return nil, 0, fmt.Errorf("%w: %v", ErrNoMaster, err)
	}
	deadline, _ := ctx.Deadline()
	conn.c.SetReadDeadline(deadline)
	if err := conn.send(encodeMessage("client_ready", -1, id)); err != nil { // -1: a worker of any version
		conn.close()
		return nil, 0, fmt.Errorf("%w: %v", ErrNoMaster, err)
	}
	for {
		frame, err := conn.next(0)
		if errors.Is(err, os.ErrDeadlineExceeded) {
			err = fmt.Errorf("%w: no ack of this worker's client_ready within %v: is it a Locust 2 master?", ErrNoMaster, connectWait)
		}
		var m message
		if err == nil {
			m, err = decodeMessage(frame)
		}
		if err != nil {
			conn.close()
			return nil, 0, err
		}
		if m.Type != "ack" {
			continue
		}
		if m.Index > maxWorkerIndex {
			conn.close()
			return nil, 0, fmt.Errorf("%w: it gave this worker the index %d, over %d", ErrMaster, m.Index, maxWorkerIndex)
		}
		conn.c.SetReadDeadline(time.Time{})
		return conn, max(m.Index, 0), nil
	}
}

// A session is a worker's exchange with its master once connected.
type session struct {
	w      *Worker
	conn   *zmtpConn
	id     string
	st     *stats
	want   chan<- int
	ended  <-chan struct{} // closed when the run has ended
	done   chan struct{}   // closed when the session ends
	state  string          // the heartbeat's: ready, running
	users  map[string]int  // the users run, by class, as last asked
	total  int             // their sum
	last   float64         // the last spawn's timestamp
	warned bool            // the master was told it asked for more bots than Bots
	known  map[string]bool
	cpu    time.Duration // this process's CPU at the last heartbeat
	at     time.Time     // that heartbeat's time
}

// read reads the master's messages as they come, until one cannot be
// read.
func (s *session) read() (<-chan message, <-chan error) {
	msgs, errs := make(chan message), make(chan error, 1)
	wait := time.Duration(0)
	if s.conn.pings {
		wait = silence
	}
	go func() {
		for {
			frame, err := s.conn.next(wait)
			switch {
			case err == nil || errors.Is(err, ErrMaster):
			case errors.Is(err, os.ErrDeadlineExceeded):
				err = fmt.Errorf("%w: it sent nothing for %v, not even ZeroMQ's answer to a PING", ErrMasterGone, silence)
			case errors.Is(err, io.EOF) || errors.Is(err, syscall.ECONNRESET) || errors.Is(err, net.ErrClosed):
				err = fmt.Errorf("%w: its connection closed (%v): the master stopped, or its machine is gone", ErrMasterGone, err)
			default:
				err = fmt.Errorf("%w: its connection failed: %v", ErrMasterGone, err)
			}
			var m message
			if err == nil {
				m, err = decodeMessage(frame)
			}
			if err != nil {
				errs <- err
				return
			}
			select {
			case msgs <- m:
			case <-s.done:
				return
			}
		}
	}()
	return msgs, errs
}

// handle acts on a message of the master's; it returns true when the
// master quits.
func (s *session) handle(m message) (quit bool, err error) {
	switch m.Type {
	case "ack", "heartbeat", "spawning_complete": // again after a stop; newer masters' heartbeats; newer masters' word that all spawned
	case "spawn":
		if err := s.send("spawning", nil); err != nil {
			return false, err
		}
		if m.Spawn.Timestamp <= s.last {
			return false, nil // stale: Locust's workers drop it too
		}
		s.last = m.Spawn.Timestamp
		asked := s.assign(m.Spawn.Users)
		if asked > int64(s.total) && !s.warned {
			s.warned = true
			msg := fmt.Sprintf("worker %s runs at most %d bots (gdvar load -bots): the master asked it for %d", s.id, s.total, asked)
			s.w.say(msg)
			if err := s.send("exception", map[string]any{"msg": msg, "traceback": ""}); err != nil {
				return false, err
			}
		}
		s.setWant(s.total)
		s.state = "running"
		return false, s.send("spawning_complete", map[string]any{"user_classes_count": s.users, "user_count": s.total})
	case "stop":
		s.w.say("the master stopped the test: the bots leave")
		clear(s.users)
		s.total = 0
		s.setWant(0)
		s.state = "ready"
		if err := s.send("client_stopped", nil); err != nil {
			return false, err
		}
		return false, s.send("client_ready", -1)
	case "quit":
		s.w.say("the master quit: the bots leave")
		return true, nil
	case "reconnect":
		return false, fmt.Errorf("%w: it asked this worker to reconnect, having failed to read one of its messages", ErrMaster)
	default:
		if s.known == nil {
			s.known = map[string]bool{}
		}
		if !s.known[m.Type] && len(s.known) < 16 {
			s.known[m.Type] = true
			s.w.say(fmt.Sprintf("a message %.40q of the master's, which this worker passes over", m.Type))
		}
	}
	return false, nil
}

// assign sets the users to run of each class asked, within Bots in all,
// the classes in the order of their names, and returns how many were
// asked in all.
func (s *session) assign(asked map[string]int64) int64 {
	var sum int64
	clear(s.users)
	s.total = 0
	for _, class := range slices.Sorted(maps.Keys(asked)) {
		n := int(min(asked[class], int64(s.w.Config.Bots-s.total)))
		s.users[class] = n
		s.total += n
		sum = min(sum+asked[class], 1<<62) // within int64 for any count of any class
	}
	return sum
}

// setWant tells the run how many bots are to play, unless it has ended.
func (s *session) setWant(n int) {
	select {
	case s.want <- n:
	case <-s.ended:
	}
}

// heartbeat sends the worker's heartbeat, with its CPU since the last
// (% of a core) and its memory, and a PING, whose PONG tells the master
// is there.
func (s *session) heartbeat() error {
	now, cpu := time.Now(), procstat.Self()
	pct := 100 * (cpu - s.cpu).Seconds() / max(now.Sub(s.at).Seconds(), 1e-3)
	s.cpu, s.at = cpu, now
	rss, _ := procstat.RSS(os.Getpid())
	if err := s.send("heartbeat", map[string]any{"state": s.state, "current_cpu_usage": pct, "current_memory_usage": rss}); err != nil {
		return err
	}
	return s.conn.ping()
}

// stats sends the requests since the last report, with the users run.
func (s *session) stats() error {
	data := s.st.report(time.Now())
	data["user_classes_count"], data["user_count"] = s.users, s.total
	return s.send("stats", data)
}

func (s *session) send(typ string, data any) error {
	return s.conn.send(encodeMessage(typ, data, s.id))
}
