package audit

import (
	"cmp"
	"context"
	"fmt"
	"iter"
	"slices"
	"strings"
	"time"

	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/multiplayer/fromproject"
)

// auditor is a Run under way.
type auditor struct {
	cfg              Config
	scene            string // the main scene's res:// path
	rep              *Report
	stats            ServerStats
	obs              *observer
	game             *debugger.Game
	pid              int
	cpu0             time.Duration
	victim, attacker *client
	oneClient        string          // why the attacker alone joined, if it did
	compressionFound bool            // the clients found the server's compression by trying
	transportFound   bool            // the clients found the server's transport by trying the other
	accepted         map[string]bool // the endpoints whose valid call ran, by node and method
	marks            int             // the amplification's marks made
	fences           int
	spawns           int       // the forged spawns sent, which number their nodes
	end              time.Time // when the duration is over
	next             time.Time // when the next call may go, at the rate
	found            map[findingKey]*Finding
	watched          map[Watch]string // each watched property's value, as text
	// sceneChanges are the calls the server ran whose functions change
	// its scene, in order.
	sceneChanges []sceneChange
	// callErrs are the errors the server printed during the last call
	// (up to its fence, and a little after).
	callErrs []debugger.Error
	// ongoing are the errors the server printed on its own just before a
	// peer left (ongoingErrors), which are not the leave's.
	ongoing map[string]int
	// strays are the errors the server printed that were no call's,
	// by errorSign (noteStrays); last is the last call sent since the
	// server started.
	strays map[string]*stray
	last   *sentCall
	// declare are the custom spawns the clients declare (declareCustom).
	declare []fromproject.Option
}

// findingKey is what a dynamic finding is one of: its kind, at a
// method's parameter.
type findingKey struct {
	kind                        Kind
	node, method, param, script string
}

// Run audits the server of cfg.Project: it reads the project's surface
// (as Static), starts the server under the debugger, joins it as two
// clients, and sends the attacker's hostile calls one at a time (see the
// package's documentation), within cfg's bounds. The report holds the
// static findings and the calls' (each kind once a method's parameter,
// with the attacks that found it). A server that did not start, or that
// the clients could not join, or clients the project could not declare,
// is an error matching ErrCouldNotAudit (ErrServerStart, ErrJoin,
// ErrClients), returned with the report of what was done (its Error
// set: the project's findings, what the server printed); another error
// (ErrConfig, a project that cannot be read) comes with no report. A server that ends during the audit is a finding, and is
// started again (cfg.Restarts). Nothing is left running when Run
// returns.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	scene := cfg.Scene
	if scene == "" {
		if scene, err = cfg.Project.MainScene(); err != nil {
			return nil, err
		}
	}
	surf, err := surfaceOf(cfg.Project, cfg.Scene)
	if err != nil {
		return nil, err
	}
	rep := newReport(cfg.Project, cfg.Scene)
	rep.Static, rep.Addr = false, cfg.Addr
	rep.Methods, rep.Spawners, rep.Synchronizers = surf.methods, surf.spawners, surf.synchronizers
	rep.Scenes = surf.scenes
	rep.Findings = append(staticFindings(cfg.Project, surf), surf.notCalled()...)
	a := &auditor{cfg: cfg, scene: scene, rep: rep, obs: newObserver(), end: rep.Started.Add(cfg.Duration),
		found: map[findingKey]*Finding{}, watched: map[Watch]string{}, accepted: map[string]bool{},
		declare: declareCustom(cfg.Project, scene, surf.custom)}
	ctx, cancel := context.WithDeadline(ctx, a.end)
	defer cancel()
	defer func() {
		a.stopClients()
		a.stopServer()
	}()
	if err := a.checkClients(); err != nil {
		rep.Error = err.Error()
		a.finish()
		return rep, err
	}
	if err := a.start(ctx); err != nil {
		err = a.couldNotAudit(err)
		rep.Error = err.Error()
		a.finish()
		return rep, err
	}
	a.stats.Launched = true
	if why := notImported(cfg.Project); why != "" {
		a.notRun("(project)", why)
	}
	a.readWatched(ctx)
	eps := slices.Collect(surf.liveEndpoints()) // a scene the server runs once the game loads it is not there
	if n := a.callAll(ctx, eps); n.reached == 0 && n.missing > 0 {
		if err := a.findRoot(ctx, eps, n); err != nil {
			rep.Error = err.Error()
			a.finish()
			return rep, err
		}
	}
	for _, attack := range []func(context.Context){a.syncAll, a.spawnAll, a.ownedAll,
		func(ctx context.Context) { a.amplifyAll(ctx, eps) }, func(ctx context.Context) { a.lifecycleAll(ctx, eps) }} {
		if a.running(ctx) && a.rejoinGone(ctx) {
			attack(ctx)
		}
	}
	if why := a.spawnsRefused(); why != "" {
		// Their nodes were neither called nor attacked: no silent miss.
		a.notRun("(spawns)", strings.TrimPrefix(why, ": ")+": the nodes they spawn were neither called nor attacked")
	}
	if rep.Calls == 0 && rep.Stopped == "" && ctx.Err() == nil && rep.Methods+rep.Synchronizers > 0 {
		// Nothing of the game's surface runs as the server starts: an
		// audit that sent nothing is no all-clear.
		err := nothingSent(rep, scene)
		rep.Error = err.Error()
		a.finish()
		return rep, err
	}
	if ctx.Err() != nil && rep.Stopped == "" {
		rep.Stopped = "the audit's time is over (" + cfg.Duration.String() + ")"
		if time.Now().Before(a.end) {
			rep.Stopped = "cancelled"
		}
	}
	if a.game != nil {
		// The game reports them each second: a game that never did
		// holds the audit no longer than that, nor past its Duration
		// (the debugger's request timeout, 30 s, was).
		mctx, cancel := context.WithTimeout(context.Background(), max(0, min(monitorsWait, time.Until(a.end))))
		if mon, err := a.game.Monitors(mctx); err == nil {
			a.stats.StaticMemory = mon["memory/static"]
		}
		cancel()
	}
	a.finish()
	return rep, nil
}

// monitorsWait bounds the wait for the game's first monitors, at the
// audit's end: a game sends them each second.
const monitorsWait = time.Second

// couldNotAudit returns the error of a first start that failed: the
// server did not start, or ended before it took a client
// (ErrServerStart); or the clients could not join it (ErrJoin).
func (a *auditor) couldNotAudit(err error) error {
	why := ErrServerStart
	if a.game != nil {
		a.stats.Launched = true
		select {
		case <-a.game.Done():
		default:
			why = ErrJoin
		}
	}
	return fmt.Errorf("%w: %w", why, err)
}

// running says the audit goes on: its time is not over, and the server
// and the attacker are there.
func (a *auditor) running(ctx context.Context) bool {
	return ctx.Err() == nil && a.rep.Stopped == "" && a.game != nil && a.attacker != nil
}

// finish ends the clients and the server, and completes the report with
// what was seen of the server, how the clients joined it, and the calls'
// findings.
func (a *auditor) finish() {
	a.stopClients()
	a.stopServer()
	a.obs.report(&a.stats)
	stats := a.stats
	a.rep.Server = &stats
	a.rep.Net = network(a.cfg.Net, a.compressionFound)
	a.rep.Net.TransportFound = a.transportFound
	a.rep.Net.OneClient = a.oneClient
	if a.stats.Launched {
		a.rep.Net.Clients = 2
		if a.oneClient != "" {
			a.rep.Net.Clients = 1
		}
	}
	for _, f := range a.found {
		a.rep.Findings = append(a.rep.Findings, *f)
	}
	a.rep.finish()
}

// target is an endpoint as the attacker reaches it: the node on its
// side, the method, and where its function is.
type target struct {
	endpoint
	node     *multiplayer.Node
	at       string // the node's path in the game (a spawned one's real name)
	script   string // the function's script
	bodyLine int
	// armed says a breakpoint is on bodyLine, for the call: whether its
	// handler ran is known.
	armed bool
	// anyError says every script error before the fence is the call's:
	// a sync's, whose effects run in the game's own functions.
	anyError bool
	from     *client // the client that calls, nil for the attacker
}

// callAll sends each endpoint's calls, in the order of their nodes'
// paths and their names, until the time is over or the server is gone
// for good; the endpoints not reached are NotChecked findings. It counts
// the endpoints whose node the server has, and those it lacks (or the
// clients do not declare under their root).
func (a *auditor) callAll(ctx context.Context, eps []endpoint) reachCount {
	slices.SortStableFunc(eps, func(x, y endpoint) int {
		return cmp.Or(cmp.Compare(x.node, y.node), cmp.Compare(x.rpc.Name, y.rpc.Name))
	})
	var n reachCount
	for i, e := range eps {
		if a.attacker == nil && a.rep.Stopped == "" && ctx.Err() == nil {
			a.rep.Stopped = "the attacker is gone: it could not join the server again"
		}
		if ctx.Err() != nil || a.rep.Stopped != "" {
			for _, left := range eps[i:] {
				a.note(left, "not called: the audit ended first")
			}
			return n
		}
		t, why := a.reach(e)
		switch {
		case why == notDeclared:
			n.missing++
			a.note(e, fmt.Sprintf("%s under the multiplayer root %s", why, rootShown(a.cfg.Net.Root)))
		case why != "":
			a.note(e, why)
		case a.callTarget(ctx, t):
			n.reached++
		default:
			n.missing++
		}
	}
	return n
}

// notDeclared is why reach cannot find a node of the running tree.
const notDeclared = "the clients declare no such node"

// note adds a NotChecked finding of an endpoint.
func (a *auditor) note(e endpoint, why string) {
	script, line, _ := e.rpc.Where()
	key := findingKey{NotChecked, e.node, e.rpc.Name, "", script}
	if _, ok := a.found[key]; ok {
		return
	}
	a.found[key] = &Finding{Kind: NotChecked, Level: Info, Node: e.node, Method: e.rpc.Name, Script: script, Line: line, Message: why}
}

// notRun adds a NotChecked finding of an attack (its Param) that was not
// run, or not whole, and why.
func (a *auditor) notRun(attack, why string) {
	key := findingKey{kind: NotChecked, param: attack}
	if _, ok := a.found[key]; !ok {
		a.found[key] = &Finding{Kind: NotChecked, Level: Info, Param: attack, Message: why}
	}
}

// spawnsRefused says, after ": ", how many of the server's spawns the
// attacker could not make, and why the first; "" when it made them all.
func (a *auditor) spawnsRefused() string {
	c := a.attacker
	if c == nil || c.refused.Load() == 0 {
		return ""
	}
	why := ""
	if p := c.refusedFirst.Load(); p != nil {
		why = *p
	}
	return fmt.Sprintf(": the clients could not make %d spawns the server sent (%s)", c.refused.Load(), why)
}

// reach finds an endpoint's node on the attacker's side: a node of the
// main scene or an autoload by its path; a spawned scene's (at any
// depth: a scene spawned inside a spawned scene too), on the node
// spawned there that is not the attacker's (the victim's, when its name
// or that of a node it is under is its id: pickForeign). It says why it
// cannot.
func (a *auditor) reach(e endpoint) (target, string) {
	script, _, body := e.rpc.Where()
	t := target{endpoint: e, script: script, bodyLine: body, at: e.node}
	i := strings.LastIndex(e.node, "/*")
	if i < 0 {
		n, err := a.attacker.scene.Node(e.node)
		if err != nil {
			return t, notDeclared
		}
		t.node = n
		return t, ""
	}
	n, why := spawnedTarget(spawnedOn(a.attacker.scene), e.node[:i+2], strings.TrimPrefix(e.node[i+2:], "/"), e.rpc.Name,
		peerName(a.attacker.m.ID()), a.victimName())
	if why != "" {
		return t, why + a.spawnsRefused()
	}
	t.node, t.at = n, n.Path()
	return t, ""
}

// spawnedTarget returns the node at child ("" for itself) of the node of
// nodes at pattern that the attacker calls method of for another peer
// (pickForeign), or why there is none.
func spawnedTarget(nodes []spawnedNode, pattern, child, method, attacker, victim string) (*multiplayer.Node, string) {
	at := func(n spawnedNode) *multiplayer.Node {
		if child == "" {
			return n.o.Node()
		}
		return n.o.Child(child)
	}
	there := pickForeign(nodes, attacker, victim, func(n spawnedNode) bool { return n.pattern == pattern })
	if there == nil {
		return nil, "no node was spawned there for the clients"
	}
	pick := pickForeign(nodes, attacker, victim, func(n spawnedNode) bool {
		node := at(n)
		return n.pattern == pattern && node != nil &&
			slices.ContainsFunc(node.MethodSet().Methods(), func(m multiplayer.Method) bool { return m.Name == method })
	})
	if pick == nil {
		return nil, "the node spawned there is of another scene"
	}
	return at(*pick), ""
}

// callTarget sends a target's calls: each attack of an any_peer method,
// or an authority method's call by a peer that is not its authority. It
// says whether the server has the node: after a first call refused for
// want of it, the rest are not sent.
func (a *auditor) callTarget(ctx context.Context, t target) bool {
	var calls iter.Seq[call]
	if t.anyPeer() {
		params, vararg := a.paramsOf(t.endpoint)
		calls = attacks(params, vararg, a.cfg.payload(a.cfg.Net.Transport), a.foreignPath())
	} else {
		var args []any
		for _, check := range a.cfg.Project.RPCParams(t.rpc) {
			args = append(args, validValue(check.Type))
		}
		calls = slices.Values([]call{{attack: attackAuthority, args: args, desc: describe(args)}})
	}
	if t.bodyLine > 0 && strings.HasSuffix(t.script, ".gd") {
		if err := a.armBreakpoint(ctx, t, true); err != nil {
			a.note(t.endpoint, "no breakpoint on its first line: "+err.Error())
			t.bodyLine = 0
		}
		t.armed = t.bodyLine > 0
		defer func() {
			if a.game != nil && t.bodyLine > 0 {
				a.game.SetBreakpoint(t.script, t.bodyLine, false)
			}
		}()
	}
	first, ok := true, true
	for c := range calls {
		if ctx.Err() != nil || a.rep.Stopped != "" {
			a.note(t.endpoint, "not all its calls were sent: the audit ended first")
			return true
		}
		if t.from == nil && a.attacker != nil && isClosed(a.attacker.gone) {
			// Gone since its last call (a server frozen past ENet's
			// timeout after the thaw looked): a client whose connection
			// ended sends nothing, so it joins again first.
			if err := a.recover(ctx, Dropped); err != nil {
				a.rep.Stopped = err.Error()
				return true
			}
			if t, ok = a.reachAgain(ctx, t); !ok {
				return true
			}
		}
		res := a.send(ctx, t, c)
		if unsent(res) && t.from == nil && a.attacker != nil && isClosed(a.attacker.gone) {
			// Gone as it was sent: it joins again, and sends it anew.
			if err := a.recover(ctx, Dropped); err != nil {
				a.record(t, c, res)
				a.rep.Stopped = err.Error()
				return true
			}
			if t, ok = a.reachAgain(ctx, t); !ok {
				return true
			}
			res = a.send(ctx, t, c)
		}
		if first && nodeMissing(res) {
			a.rep.Results = append(a.rep.Results, res)
			a.note(t.endpoint, fmt.Sprintf("the server has no node at %s under its multiplayer root (the clients' %s): %s%s",
				t.at, rootShown(a.cfg.Net.Root), firstLine(res.Message), a.blameSceneChange(t.at)))
			return false
		}
		first = false
		if res.Outcome == Dropped {
			var ok bool
			if t, res, ok = a.confirmDrop(ctx, t, c, res); !ok {
				return true
			}
		}
		if a.froze(res) && res.Outcome != Crashed && res.Outcome != Dropped {
			a.record(t, c, res) // what it took, as any call's
			if !a.confirmFreeze(ctx, t, c, res) {
				return true
			}
			if t, ok = a.reachAgain(ctx, t); !ok {
				return true
			}
			continue
		}
		a.record(t, c, res)
		if c.attack == attackValid && res.Ran {
			a.accepted[t.endpoint.node+"."+t.rpc.Name] = true
			a.noteSceneChange(t)
		}
		if res.Outcome == Crashed || res.Outcome == Dropped {
			if err := a.recover(ctx, res.Outcome); err != nil {
				a.rep.Stopped = err.Error()
				return true
			}
			if t, ok = a.reachAgain(ctx, t); !ok {
				return true
			}
		}
		a.brokeServer(ctx)
	}
	return true
}

// confirmDrop follows a call after which the client was dropped: it
// joins again and sends the call once more, and returns the target
// reached again and the second call's result, whose outcome the caller
// acts on. The first is recorded as dropped only if the second is too: a
// server that drops its clients on its own (after a while, or by what
// it sends them, which they refuse) drops them whatever they call. It
// returns false when the audit cannot go on.
func (a *auditor) confirmDrop(ctx context.Context, t target, c call, once Result) (target, Result, bool) {
	if err := a.recover(ctx, Dropped); err != nil {
		once.Outcome, once.Message = NoEffect, once.Message+"; not sent again: "+oneLine(err.Error(), 200)
		a.record(t, c, once)
		a.rep.Stopped = err.Error()
		return t, once, false
	}
	t, ok := a.reachAgain(ctx, t)
	if !ok {
		once.Outcome, once.Message = NoEffect, once.Message+"; not sent again: its node was not reached"
		a.record(t, c, once)
		return t, once, false
	}
	res := a.send(ctx, t, c)
	if res.Outcome != Dropped {
		once.Outcome, once.Message = NoEffect, once.Message+", but not when the call was sent again: not the call's"
	}
	a.record(t, c, once)
	return t, res, true
}

// reachAgain finds a target's node again, on the clients that joined
// after the server dropped them or started again, and arms its
// breakpoint there; it notes why it cannot.
func (a *auditor) reachAgain(ctx context.Context, t target) (target, bool) {
	t2, why := a.reach(t.endpoint)
	if why != "" {
		a.note(t.endpoint, why)
		return t, false
	}
	t.node, t.at = t2.node, t2.at
	if t.bodyLine > 0 {
		t.armed = a.armBreakpoint(ctx, t, true) == nil
	}
	return t, true
}

// paramsOf returns the parameters of an endpoint's method as the engine
// checks their arguments, and whether it has a rest parameter.
func (a *auditor) paramsOf(e endpoint) (params []param, vararg bool) {
	for par, check := range a.cfg.Project.RPCParams(e.rpc) {
		if par.Vararg {
			vararg = true
			continue
		}
		params = append(params, param{name: par.Name, typ: check.Type, required: check.Required})
	}
	return params, vararg
}

// armBreakpoint sets (or clears) the breakpoint on a target's first
// line, and waits for the game to have it: the scene tree it is asked
// for next comes after it read the breakpoint (the engine reads its
// debugger's messages in order, and answers this one without a script
// frame, which an evaluate needs in a game that runs no script a frame).
func (a *auditor) armBreakpoint(ctx context.Context, t target, on bool) error {
	if err := a.game.SetBreakpoint(t.script, t.bodyLine, on); err != nil {
		return err
	}
	tctx, cancel := context.WithTimeout(ctx, a.cfg.Wait)
	defer cancel()
	_, err := a.game.Tree(tctx)
	return err
}

// recover starts the server again after a crash, or, after the server
// dropped a client, the victim again if it was, else the attacker; a
// server that ended meanwhile, or ends as they join (its dying process
// resets the connection: no refusal of the clients' settings), is
// started again.
func (a *auditor) recover(ctx context.Context, o Outcome) error {
	if o == Crashed || isClosed(a.game.Done()) {
		return a.restart(ctx)
	}
	err := a.rejoinDropped(ctx)
	if err != nil && a.endsWithin(ctx, endWait) {
		return a.restart(ctx)
	}
	return err
}

// endWait bounds the wait for the server's end, after a join of it
// failed: a process ends, and its debugger's connection with it, within
// a second of its sockets.
const endWait = 2 * time.Second

// endsWithin says the server ends within d (and the audit's time), or
// has.
func (a *auditor) endsWithin(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-a.game.Done():
		return true
	case <-t.C:
	case <-ctx.Done():
	}
	return isClosed(a.game.Done())
}

// rejoinDropped has the victim join again if the server dropped it,
// then the attacker, unless the victim alone was dropped.
func (a *auditor) rejoinDropped(ctx context.Context) error {
	var err error
	if v := a.victim; v != nil && isClosed(v.gone) {
		v.close()
		if a.victim, err = a.join(ctx); err != nil {
			return fmt.Errorf("the server took the victim back no more: %w", err)
		}
		if a.attacker != nil && !isClosed(a.attacker.gone) {
			return nil
		}
	}
	a.attacker.close()
	if a.attacker, err = a.join(ctx); err != nil {
		return fmt.Errorf("the server took the attacker back no more: %w", err)
	}
	return nil
}

// rejoinGone has the clients the server dropped since their last call
// join again, before an attack, and starts the server again if it ended
// meanwhile: an attack that ended with a dropped client would leave the
// next nothing to send through. It returns false when the audit cannot
// go on (a.rep.Stopped says why).
func (a *auditor) rejoinGone(ctx context.Context) bool {
	if isClosed(a.game.Done()) {
		// Ended with no call in flight, or one whose fence was not
		// sent: no call's crash, but the server is started again.
		a.notRun("server", "the server ended between calls ("+oneLine(fmt.Sprint(a.game.Err()), 160)+"): it was started again")
		if err := a.recover(ctx, Crashed); err != nil {
			a.rep.Stopped = err.Error()
			return false
		}
		return true
	}
	for _, c := range []*client{a.victim, a.attacker} {
		if c != nil && isClosed(c.gone) {
			if err := a.recover(ctx, Dropped); err != nil {
				a.rep.Stopped = err.Error()
				return false
			}
			return true // recover joins each client gone
		}
	}
	return true
}

// isClosed says a channel is closed.
func isClosed(c <-chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}

// foreignPath returns the path of a node the server spawned for the
// victim (named by its id), the least deep, or "".
func (a *auditor) foreignPath() string {
	victim := a.victimName()
	if victim == "" {
		return ""
	}
	var pick *spawnedNode
	for _, n := range spawnedOn(a.attacker.scene) {
		if n.name() == victim && (pick == nil || len(n.names) < len(pick.names)) {
			pick = &n
		}
	}
	if pick == nil {
		return ""
	}
	return pick.o.Path()
}

// send sends one call and a fence after it, and returns what the server
// did meanwhile.
func (a *auditor) send(ctx context.Context, t target, c call) Result {
	res := Result{Node: t.node.Path(), Method: t.rpc.Name, Attack: c.attack, Param: c.param, Args: c.desc}
	a.pace(ctx)
	a.noteStrays(a.obs.take()) // what came before the call is not its
	a.rep.Calls++
	if err := t.node.Call(multiplayer.ServerID, t.rpc.Name, c.args...); err != nil {
		res.Outcome, res.Message = NoEffect, "not sent: "+err.Error()
		return res
	}
	a.last = &sentCall{t: t, c: c}
	fence, err := a.sendFence()
	if err != nil {
		res.Outcome, res.Message = NoEffect, "its fence was not sent: "+err.Error()
		return res
	}
	a.await(ctx, t, fence, &res)
	a.sample()
	if a.cfg.Progress != nil {
		a.cfg.Progress(res)
	}
	return res
}

// pace waits for the rate to allow the next call.
func (a *auditor) pace(ctx context.Context) {
	if d := time.Until(a.next); d > 0 {
		select {
		case <-time.After(d):
		case <-ctx.Done():
		}
	}
	a.next = time.Now().Add(time.Duration(float64(time.Second) / a.cfg.Rate))
}

// pollEvery is how often await looks at whether the game stopped.
const pollEvery = 10 * time.Millisecond

// dropGrace is how long a call's outcome waits, after its fence, for
// the server to drop the client: it does so a frame or two after the
// call, on its next poll of the connections.
const dropGrace = 50 * time.Millisecond

// await waits for a call's fence to come back, resuming the game each
// time it stops at the handler's breakpoint, and sets the call's
// outcome from what the debugger saw meanwhile. A script error that came
// before the handler began is not the call's: the rest of a function an
// earlier call ran, resumed after an await (create_game awaits a timer,
// then calls rpc_id), or the game's own.
func (a *auditor) await(ctx context.Context, t target, fence int, res *Result) {
	// The wait bounds the call. A game stopped at the audit's breakpoint
	// is asked its stack and resumed within the debugger's request
	// timeout (WithRequestTimeout, 30 s: a real game's debug_exit may
	// come seconds after the resume, behind what its handler sends); one
	// that never leaves its debug loop, or stops again at once, holds the
	// call no longer, and that time is held, not the game's.
	wctx, cancel := context.WithTimeout(ctx, a.cfg.Wait)
	defer cancel()
	poll := time.NewTicker(pollEvery)
	defer poll.Stop()
	ran := false
	var errs []debugger.Error
	// took is how long the server took to answer, the time it stood at
	// the audit's breakpoints not counted.
	start, held := time.Now(), time.Duration(0)
	defer func() { res.took = time.Since(start) - held }()
	from := a.attacker
	if t.from != nil {
		from = t.from
	}
	for done := false; !done; {
		if stopped, brk := a.game.Stopped(); stopped {
			stoppedAt := time.Now()
			// At the handler's breakpoint, not at a script error (which
			// the engine stops at too: one of the rest of an earlier
			// call's function, resumed, names the handler's function).
			if !ran && brk.CanContinue {
				frames, err := a.game.Stack(ctx)
				switch {
				case err != nil:
					t.armed = false // whether the handler ran is not known
				case len(frames) > 0:
					outer := frames[len(frames)-1]
					if ran = outer.Func == t.rpc.Name && outer.File == t.script; ran {
						errs = withoutScriptErrors(a.obs.take()) // the engine's, of the call's arguments, are its
					}
				}
			}
			err := a.game.Resume(ctx)
			held += time.Since(stoppedAt)
			switch {
			case err == nil || a.game.Err() != nil:
			case ctx.Err() != nil:
				res.Outcome, res.Message = NoEffect, "the audit ended before the server answered"
				return
			default:
				// The debugger's fault, not the game's freeze: the time
				// is held, and the calls' outcomes are not known.
				res.Outcome, res.Message = NoEffect, "the server stopped at the breakpoint, and did not go on: "+firstLine(err.Error())
				a.notRun("breakpoints", res.Message+": the outcomes of the calls it held are not known")
				return
			}
			if a.obs.seen(fence) {
				break // back, though the game stopped again at once
			}
			if wctx.Err() == nil {
				continue
			}
			// The call's wait is over, the game stopping again and
			// again: the wait's end below says so.
		}
		if a.obs.seen(fence) {
			break
		}
		select {
		case <-a.game.Done():
			res.Outcome, res.Message, res.Ran = Crashed, strings.TrimSuffix(firstLine(fmt.Sprint(a.game.Err())), "; the last lines it printed:"), ran
			return
		case <-from.gone:
			if !from.silent.Load() {
				res.Outcome, res.Message, res.Ran, res.lost = Dropped, from.dropped(), ran, from.broke.Load()
				return
			}
			// Not dropped: the client gave up on a server that stopped
			// answering, its main loop held past ENet's timeout.
			done = true
			res.Message, res.stalled = "the server stopped answering: the client timed it out", true
		case <-wctx.Done():
			if ctx.Err() != nil {
				res.Outcome, res.Message = NoEffect, "the audit ended before the server answered"
				return
			}
			done = true
			res.Message, res.stalled = fmt.Sprintf("the server did not answer within %s", a.cfg.Wait), true
		case <-a.obs.wake():
		case <-poll.C:
		}
	}
	// The server drops a peer a frame after the call that made it do so:
	// after the fence's errors.
	grace := time.NewTimer(dropGrace)
	defer grace.Stop()
	select {
	case <-from.gone:
		if !from.silent.Load() {
			res.Outcome, res.Message, res.Ran, res.lost = Dropped, from.dropped(), ran, from.broke.Load()
			return
		}
	case <-grace.C:
	}
	errs = append(errs, a.obs.take()...)
	a.callErrs = errs
	a.classify(t, ran, errs, res)
	a.noteStrays(errs)
	a.checkWatched(ctx, res)
}

// classify sets a call's outcome from whether its handler ran and the
// errors that came before its fence: a script error of its function's
// (raised in it or in what it called), the engine's refusal, or
// nothing. Of a handler that did not run (its breakpoint not hit), no
// script error is the call's: one naming its function is the rest of an
// earlier call's, resumed after an await.
func (a *auditor) classify(t target, ran bool, errs []debugger.Error, res *Result) {
	var refusal string
	its := func(f debugger.Frame) bool { return f.Func == t.rpc.Name }
	for _, e := range errs {
		if len(e.Stack) > 0 && !e.Warning && (t.anyError || (ran || !t.armed) && slices.ContainsFunc(e.Stack, its)) {
			res.Outcome, res.Message, res.Ran = ScriptFailed, e.Text(), ran
			res.Script, res.Line = e.Stack[0].File, int(e.Stack[0].Line)
			return
		}
		if len(e.Stack) == 0 && !e.Warning && refusal == "" {
			refusal = e.Text()
		}
		if strings.Contains(e.Text(), "p_allow_objects") {
			res.objectRefused = true
		}
	}
	res.Ran = ran
	switch {
	case ran:
		res.Outcome = Accepted
		if res.Message == "" {
			res.Message = refusal // an argument the engine could not decode, given as null
		}
	case refusal != "":
		res.Outcome, res.Message = Refused, refusal
	default:
		res.Outcome = NoEffect
	}
}

// withoutScriptErrors returns the errors of errs that are not script
// errors (no script frame: the engine's).
func withoutScriptErrors(errs []debugger.Error) []debugger.Error {
	return slices.DeleteFunc(errs, func(e debugger.Error) bool { return len(e.Stack) > 0 })
}

// record turns a call's result into the findings it makes, each kind
// once a method's parameter, listing the attacks that found it.
func (a *auditor) record(t target, c call, res Result) {
	a.rep.Results = append(a.rep.Results, res)
	kind := Kind("")
	param := c.param
	if unsent(res) || res.lost {
		a.note(t.endpoint, "its "+attackText(c)+" call: "+res.Message)
	}
	switch res.Outcome {
	case Crashed:
		kind = Crash
	case Dropped:
		if res.lost {
			break // no drop of the server's
		}
		kind = Disconnected
	case ScriptFailed:
		kind = ScriptError
	}
	if res.Ran { // what it took, whether it then failed or not
		accepted := acceptedKinds[c.attack]
		if c.attack == attackObject && res.objectRefused {
			accepted = ""
		}
		if accepted != "" {
			a.add(findingKey{accepted, t.endpoint.node, t.rpc.Name, param, t.script}, t, attackText(c), "")
		}
	}
	if res.Changed != "" {
		a.add(findingKey{WatchedChanged, t.endpoint.node, t.rpc.Name, "", t.script}, t, attackText(c), res.Changed)
	}
	if kind == "" {
		return
	}
	if kind == Crash || kind == Disconnected || kind == ScriptError {
		param = ""
	}
	msg := attackText(c)
	detail := ""
	if kind == ScriptError || kind == Crash {
		detail = res.Message
	}
	f := a.add(findingKey{kind, t.endpoint.node, t.rpc.Name, param, t.script}, t, msg, detail)
	if kind == ScriptError && f.Script == t.script && res.Script != "" {
		f.Script, f.Line = res.Script, res.Line
	}
}

// unsent says a call, a sync or a spawn was not sent, or its fence
// was not: its outcome is not known.
func unsent(res Result) bool {
	return res.Outcome == NoEffect && (strings.HasPrefix(res.Message, "not sent") || strings.HasPrefix(res.Message, "its fence was not sent"))
}

// attackText names a call's attack and its parameter.
func attackText(c call) string {
	if c.param != "" {
		return c.attack + "(" + c.param + ")"
	}
	return c.attack
}

// acceptedKinds are the findings of an attack the handler took.
var acceptedKinds = map[string]Kind{
	attackWrongType: AcceptsWrongType, attackObject: AcceptsObject, attackHugeString: AcceptsHuge,
	attackHugeArray: AcceptsHuge, attackDeep: AcceptsDeep, attackNaN: AcceptsNaN, attackInf: AcceptsNaN,
	attackNegativeInt: AcceptsExtremeInt, attackMaxInt: AcceptsExtremeInt, attackAuthority: AuthorityBypass,
	attackSync: SyncAccepted,
}

// add adds an attack to the finding of key, made on its first at the
// target's function.
func (a *auditor) add(key findingKey, t target, attack, detail string) *Finding {
	_, line, _ := t.rpc.Where()
	return a.addAt(key, t.script, line, attack, detail)
}

// addAt adds an attack to the finding of key, made on its first at
// script and line, saying detail.
func (a *auditor) addAt(key findingKey, script string, line int, attack, detail string) *Finding {
	f, ok := a.found[key]
	if !ok {
		f = &Finding{Kind: key.kind, Level: key.kind.Level(), Node: key.node, Method: key.method, Param: key.param,
			Script: script, Line: line, Message: detail}
		a.found[key] = f
	}
	prefix := "attacks: "
	if f.Message != "" && !strings.Contains(f.Message, prefix) {
		f.Message += "; " + prefix
	} else if f.Message == "" {
		f.Message = prefix
	} else {
		f.Message += ", "
	}
	if !strings.Contains(f.Message, attack) {
		f.Message += attack
	} else {
		f.Message = strings.TrimSuffix(f.Message, ", ")
	}
	return f
}

// readWatched reads the watched properties' values once the clients
// joined.
func (a *auditor) readWatched(ctx context.Context) {
	for _, w := range a.cfg.Watch {
		if v, ok := a.readWatch(ctx, w); ok {
			a.watched[w] = v
		}
	}
}

// readWatch reads a watched property, as text; one of the victim's,
// with no victim, is not read.
func (a *auditor) readWatch(ctx context.Context, w Watch) (string, bool) {
	if a.victim == nil && strings.Contains(w.Node, "{victim}") {
		return "", false
	}
	node := strings.ReplaceAll(w.Node, "{victim}", a.victimName())
	rctx, cancel := context.WithTimeout(ctx, a.cfg.Wait)
	defer cancel()
	v, err := a.game.Get(rctx, node, w.Property)
	if err != nil {
		return "", false
	}
	return fmt.Sprint(v), true
}

// checkWatched reads the watched properties after a call, and notes on
// its result the first that changed.
func (a *auditor) checkWatched(ctx context.Context, res *Result) {
	for _, w := range a.cfg.Watch {
		v, ok := a.readWatch(ctx, w)
		if !ok {
			continue
		}
		if old, had := a.watched[w]; had && old != v && res.Changed == "" {
			res.Changed = fmt.Sprintf("%s:%s changed from %s to %s", w.Node, w.Property, oneLine(old, 60), oneLine(v, 60))
		}
		a.watched[w] = v
	}
}
