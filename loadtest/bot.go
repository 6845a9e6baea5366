package loadtest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/multiplayer/fromproject"
	"github.com/gdvar/gdvar/multiplayer/mode"
	"github.com/gdvar/gdvar/project"
)

// bot is one client of the game: a multiplayer.Multiplayer declared from
// the project, which counts what it receives into the run's tally.
type bot struct {
	client *fromproject.Client
	m      *multiplayer.Multiplayer
	game   *fromproject.Scene
	sc     *Scenario
	tally  *tally
	number int // in the whole test, across its segments: $bot

	// What the bot counted, its own: the bots of a process, counting
	// into one counter, would take its cache line from each other at
	// every sync. The run sums them each second (tally.counts).
	syncs, calls, sent, callErrors atomic.Int64

	mu       sync.Mutex
	lastErr  error                             // the last error the Multiplayer reported, for a disconnect's reason
	awaited  []awaitedCall                     // its calls whose answers it awaits, oldest first
	prompt   func()                            // ends the prompt reads (ReadPromptly) while it awaits any
	nodes    map[*multiplayer.Object]*nodeSeen // the nodes spawned here, and what the bot saw of each
	admitted chan struct{}                     // closed once the server has admitted the bot: its calls are taken
	admit    sync.Once
	left     chan struct{}
	once     sync.Once

	// refuse ends the run with a scenario's error the bot finds as it
	// plays, and onEvent is given what it sees (Config.OnEvent): both
	// set before it connects.
	refuse  func(error)
	onEvent func(Event)
}

// maxAwaited bounds the answers a bot awaits: past it, the oldest call's
// answer is no longer awaited (nor timed, should it come).
const maxAwaited = 1024

// answerWait is how long a bot awaits a call's answer: one later is not
// timed.
const answerWait = 10 * time.Second

// readPace is how often a bot's client reads its socket (see
// multiplayer.WithReadPace): the scenario's tick, when its own syncs go,
// unless cfg says each frame is read as it comes.
func (cfg *Config) readPace() time.Duration {
	if cfg.FrameReads {
		return 0
	}
	return cfg.Scenario.tick()
}

// newBot declares the game on a new Multiplayer for the test's bot
// number, a client joining as net says (its multiplayer root too), its
// client reading its socket once every pace (0: each frame as it comes),
// and hooks its counters.
func newBot(p *project.Project, sc *Scenario, net *fromproject.Net, t *tally, number int, pace time.Duration) (*bot, error) {
	c, err := fromproject.NewClient(p, sc.Scene, net,
		[]multiplayer.Option{multiplayer.WithReplicationTick(sc.tick()), multiplayer.WithReadPace(pace)})
	if err != nil {
		return nil, err
	}
	m, game := c.M, c.Scene
	set, err := sc.values()
	if err != nil {
		return nil, err
	}
	b := &bot{client: c, m: m, game: game, sc: sc, tally: t, number: number, left: make(chan struct{}),
		admitted: make(chan struct{}), nodes: map[*multiplayer.Object]*nodeSeen{}}
	for _, path := range game.Nodes() {
		n, _ := game.Node(path)
		b.handleAll(n)
	}
	for _, path := range game.Spawners() {
		sp, _ := game.Spawner(path)
		cfg, _ := game.SpawnerConfig(path)
		sp.OnSync(func(o *multiplayer.Object, _ multiplayer.PeerID) { b.syncs.Add(1); b.synced(o) })
		sp.OnDespawn(b.despawned)
		sp.OnSpawn(func(o *multiplayer.Object) {
			b.spawned(o)
			b.handleAll(o.Node())
			id, err := strconv.Atoi(o.Name())
			if err != nil || sc.Own != "id" || id <= 0 {
				return
			}
			o.SetAuthority(multiplayer.PeerID(id)) // as the game's set_multiplayer_authority(name.to_int())
			if multiplayer.PeerID(id) == m.ID() {
				for path, v := range set {
					if err := o.Set(path, v); err != nil {
						b.noteErr(err)
					}
				}
				if err := unsendable(o, cfg); err != nil && b.refuse != nil {
					b.refuse(err)
				}
			}
		})
	}
	m.OnError(b.noteErr)
	m.OnPeerConnected(func(id multiplayer.PeerID) {
		if id == multiplayer.ServerID { // once authenticated, if the scenario does
			b.admit.Do(func() { close(b.admitted) })
		}
	})
	m.OnPeerDisconnected(func(id multiplayer.PeerID) {
		if id == multiplayer.ServerID {
			b.once.Do(func() { close(b.left) })
		}
	})
	if sc.Auth != "" {
		m.OnAuth(func(multiplayer.PeerID, []byte) {})
		m.OnPeerAuthenticating(func(peer multiplayer.PeerID) {
			if err := m.SendAuth(peer, []byte(sc.auth(number))); err == nil {
				m.CompleteAuth(peer)
			}
		})
	}
	return b, nil
}

// unsendable is the error of a node the bot owns whose synchronizers
// cannot send: a property they send has no value, neither from the
// server's spawn nor from the scenario's set, and a state is sent whole
// or not at all (as the engine cannot send a property it does not have,
// this package sends no state with a property never set). Peers would be
// promised syncs the bots never send, and a run would measure nothing.
func unsendable(o *multiplayer.Object, cfg multiplayer.SpawnerConfig) error {
	var unset []string
	for _, s := range slices.Concat(cfg.Scenes, cfg.Custom) {
		if s.Path != o.Scene() {
			continue
		}
		for _, sy := range s.Synchronizers {
			for _, p := range sy.Properties {
				var v any
				if p.Replicate != mode.ReplicateNever && o.Get(p.Path, &v) != nil && !slices.Contains(unset, p.Path) {
					unset = append(unset, p.Path)
				}
			}
		}
	}
	if len(unset) == 0 {
		return nil
	}
	verb := "have"
	if len(unset) == 1 {
		verb = "has"
	}
	return fmt.Errorf(`%w: the bots' own %s nodes cannot sync: %s %s no value (the server's spawn carries none, nor the scenario's "set"); `+
		`give each a value in the scenario's "set", as Godot's text of a value of its type ("set": {%q: "0.0"} for a float, "Vector2(0, 0)" for a Vector2)`,
		ErrConfig, o.Scene(), quoteList(unset), verb, unset[0])
}

// quoteList is names quoted, joined with commas and "and".
func quoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	if len(q) == 1 {
		return q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " and " + q[len(q)-1]
}

// noteErr keeps err as the reason the bot may be let go for.
func (b *bot) noteErr(err error) {
	b.mu.Lock()
	b.lastErr = err
	b.mu.Unlock()
}

// handleAll counts every call of n's methods, and times the answers the
// scenario names (timed).
func (b *bot) handleAll(n *multiplayer.Node) {
	for _, method := range n.MethodSet().Methods() {
		arg, call := -1, ""
		for _, c := range b.sc.Calls {
			if a := c.Answer; a != nil && a.Method == method.Name && (a.Node == "" && c.Node == n.Path() || a.Node == n.Path()) {
				arg, call = a.Arg, c.Method
			}
		}
		n.SetHandler(method.Name, func(c *multiplayer.Call, args ...any) error {
			b.calls.Add(1)
			if arg >= 0 && arg < len(args) {
				if us, ok := args[arg].(int64); ok {
					if now := time.Now().UnixMicro(); b.timed(us, now) {
						took := time.Duration(now-us) * time.Microsecond
						b.tally.answered(took)
						emit(b.onEvent, EventCall, call, took, nil)
					}
				}
			}
			return nil
		})
	}
}

// connect joins the server at addr as the bot's Net says (its
// transport, subprotocols and compression), within ctx.
func (b *bot) connect(ctx context.Context, addr string) error {
	return b.client.Join(ctx, addr)
}

// play makes the scenario's calls until ctx is done, the bot's time is
// up (leaveAfter, if not 0) or the server lets it go; it reports why it
// stopped: nil for the first two.
func (b *bot) play(ctx context.Context, leaveAfter time.Duration) error {
	if leaveAfter > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, leaveAfter)
		defer cancel()
	}
	var wg sync.WaitGroup
	for _, c := range b.sc.Calls {
		wg.Go(func() { b.call(ctx, c) })
	}
	var err error
	select {
	case <-ctx.Done():
	case <-b.left:
		b.mu.Lock()
		err = b.lastErr
		b.mu.Unlock()
		if err == nil {
			err = errors.New("the server disconnected it")
		}
	}
	b.m.Close()
	<-b.m.Done() // its callbacks, which give events, are over: Run's caller sees them all
	wg.Wait()
	return err
}

// call makes one CallSpec's calls at its rate until ctx is done or the
// bot leaves.
func (b *bot) call(ctx context.Context, c CallSpec) {
	n := b.m.Lookup(c.Node)
	if n == nil {
		return // check found it in the project: a node of a spawned scene, not here yet
	}
	t := time.NewTicker(every(c.RateHz))
	defer t.Stop()
	// The arguments in text are read once (a call is encoded before Call
	// returns): each call sets its variables.
	args, err := c.args(int32(b.m.ID()), 0, b.number)
	now := -1 // the argument that is the call's $now_us, if its answer is timed
	// A call before the server admits the bot goes to no peer.
	select {
	case <-b.admitted:
	case <-ctx.Done():
		return
	case <-b.left:
		return
	}
	if c.Answer != nil {
		now = slices.Index(c.Args, "$now_us")
	}
	for seq := int64(0); ; seq++ {
		select {
		case <-ctx.Done():
			return
		case <-b.left:
			return
		case <-t.C:
		}
		if err == nil {
			c.vary(args, seq)
			if now >= 0 {
				b.await(args[now].(int64), c.Method)
			}
			err = n.Call(multiplayer.ServerID, c.Method, args...)
			if err != nil && now >= 0 {
				b.answered(args[now].(int64))
			}
		}
		if err != nil {
			select {
			case <-ctx.Done(): // leaving: its connection closed under the call
				return
			case <-b.left:
				return
			default:
			}
			b.callErrors.Add(1)
			emit(b.onEvent, EventCall, c.Method, 0, err)
			continue
		}
		b.sent.Add(1)
	}
}

// await notes a call of the bot's, made at us ($now_us), whose answer it
// awaits: until it comes, the bot's client reads each frame as it comes
// (ReadPromptly), so that the answer's latency is the server's and the
// network's, not the bot's pace. The calls awaited longer than answerWait
// are forgotten, each an EventCall of ErrNoAnswer.
func (b *bot) await(us int64, method string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	now := time.Now().UnixMicro()
	old := now - answerWait.Microseconds()
	drop := 0
	for drop < len(b.awaited) && (b.awaited[drop].us < old || len(b.awaited)-drop >= maxAwaited) {
		c := b.awaited[drop]
		emit(b.onEvent, EventCall, c.method, time.Duration(now-c.us)*time.Microsecond, ErrNoAnswer)
		drop++
	}
	b.awaited = append(b.awaited[:0], b.awaited[drop:]...)
	if b.prompt == nil {
		b.prompt = b.m.ReadPromptly()
	}
	b.awaited = append(b.awaited, awaitedCall{us, method})
}

// timed reports whether an answer carrying the time us, read at now
// (µs since the Unix epoch), is timed: the answer to a call of the
// bot's, awaited (its client reads it the moment it comes), or one of a
// time that tells of the server's fault whatever the bot's pace: older
// than answerWait. The answers to another bot's calls, which the server
// may send every bot, wait for the bot's next read when its reads are
// paced: they are counted, not timed. Nor is a time ahead of the bot's
// clock, which no call of its carried: timed, it would be a latency of
// 0, and a server answering with such times would pass any max_p99_ms
// (or another process's bots, on a clock ahead, would lower the p99).
func (b *bot) timed(us, now int64) bool {
	if us > now {
		return false
	}
	if us < now-answerWait.Microseconds() {
		return true
	}
	return b.answered(us)
}

// answered reports whether us is the $now_us of a call the bot awaits
// the answer of, which it then no longer awaits: it was read promptly.
func (b *bot) answered(us int64) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	i := slices.IndexFunc(b.awaited, func(c awaitedCall) bool { return c.us == us })
	if i < 0 {
		return false
	}
	b.awaited = slices.Delete(b.awaited, i, i+1)
	if len(b.awaited) == 0 {
		b.prompt()
		b.prompt = nil
	}
	return true
}

// promised is the syncs a second this bot's peers promise it: for each
// spawned node it does not own, each synchronizer that replicates
// always, at its interval, or at the tick for one of 0 (every frame).
// A node whose authority is a peer that left (the server's DEL_PEER:
// the peer is no longer among the bot's) promises nothing, whether or not
// the game keeps it in its tree: departed counts those nodes. delivered
// is how many of the syncs received since the last call, secs ago, came
// within each node's promise (bot.deliver).
func (b *bot) promised(secs float64) (hz float64, delivered int64, departed int) {
	self, peers := b.m.ID(), b.m.Peers()
	for _, path := range b.game.Spawners() {
		sp, _ := b.game.Spawner(path)
		cfg, _ := b.game.SpawnerConfig(path)
		for _, o := range sp.Objects() {
			owner := o.Authority()
			if owner == self {
				continue
			}
			if _, here := slices.BinarySearch(peers, owner); !here {
				departed++
				continue
			}
			var rate float64
			for _, s := range cfg.Scenes {
				if s.Path != o.Scene() {
					continue
				}
				for _, sy := range s.Synchronizers {
					if !replicatesAlways(sy) {
						continue
					}
					r := b.sc.TickHz
					if sy.Interval > 0 {
						r = min(r, float64(time.Second)/float64(sy.Interval))
					}
					rate += r
				}
			}
			hz += rate
			delivered += b.deliver(o, rate*secs)
		}
	}
	return hz, delivered, departed
}

// replicatesAlways reports whether a synchronizer has a property it
// sends in every SYNC.
func replicatesAlways(sy multiplayer.Synchronizer) bool {
	for _, p := range sy.Properties {
		if p.Replicate == mode.ReplicateAlways {
			return true
		}
	}
	return false
}

// tally is what the bots of a run count, read each second by the run:
// their counters, and the answers' latencies.
type tally struct {
	mu   sync.Mutex
	bots []*bot     // every bot that joined, gone or not: their counts stay the run's
	gone counts     // but a driven run's bots that left (tally.retire): their counts alone
	lat  *histogram // the answers' latencies since the last snapshot
}

// counts are the bots' counters, summed.
type counts struct {
	syncs, calls, sent, callErrors int64
}

// add counts a bot that joined in the run's figures.
func (t *tally) add(b *bot) {
	t.mu.Lock()
	t.bots = append(t.bots, b)
	t.mu.Unlock()
}

// joined returns the bots that joined so far.
func (t *tally) joined() []*bot {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.bots[:len(t.bots):len(t.bots)]
}

// promised sums what the bots that joined are promised and were
// delivered in the secs since the last call (bot.promised), and returns
// the most nodes of departed peers a bot saw.
func (t *tally) promised(secs float64) (hz float64, delivered int64, departed int) {
	for _, b := range t.joined() {
		bhz, bdel, bdep := b.promised(secs)
		hz += bhz
		delivered += bdel
		departed = max(departed, bdep)
	}
	return hz, delivered, departed
}

// counts sums the counters of every bot that joined.
func (t *tally) counts() counts {
	t.mu.Lock() // a bot retired counts once
	defer t.mu.Unlock()
	c := t.gone
	for _, b := range t.bots {
		c.add(b)
	}
	return c
}

// add adds a bot's counters.
func (c *counts) add(b *bot) {
	c.syncs += b.syncs.Load()
	c.calls += b.calls.Load()
	c.sent += b.sent.Load()
	c.callErrors += b.callErrors.Load()
}

func (t *tally) answered(d time.Duration) {
	t.mu.Lock()
	if t.lat == nil {
		t.lat = new(histogram)
	}
	t.lat.record(d)
	t.mu.Unlock()
}

// takeLatencies returns the latencies since the last call, and forgets
// them.
func (t *tally) takeLatencies() *histogram {
	t.mu.Lock()
	defer t.mu.Unlock()
	h := t.lat
	t.lat = nil
	if h == nil {
		h = new(histogram)
	}
	return h
}
