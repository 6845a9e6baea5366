package audit

import (
	"cmp"
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/multiplayer"
)

// The classes of the lifecycle attack (Result.Attack).
const (
	attackLeave = "leave" // the attacker leaves at a point of the game
	attackAgain = "again" // a call after it left, by a peer still there or joined since
)

// leaveSettle is how long the server is given to handle a peer's leave
// (its peer_disconnected, and what the game awaited before sending it
// something: a timer of a quarter second) before the audit looks at what
// it did.
const leaveSettle = 500 * time.Millisecond

// point is where the attacker leaves: its name as the findings say it,
// the method it leaves after, if one, and, of a scenario's point, which
// ("scenario call 2"), as its findings' Param.
type point struct {
	name                string
	node, method, param string
}

// lifecycleAll has the attacker leave at each point of the game and the
// peers call again: right after joining (a new peer joins and leaves at
// once); right after each any_peer method's valid call the server took,
// of a method that assigns something or sends an RPC, after which a peer
// joined since calls it again; and, with a
// Scenario, after the game's start and after each of its calls, in a
// game started anew each time, after which a peer joins the running
// game and the match's next calls are made. A script error, a stall, the
// other peer dropped or the match ended are findings.
func (a *auditor) lifecycleAll(ctx context.Context, eps []endpoint) {
	a.ongoing = a.ongoingErrors(ctx)
	if c, err := a.connect(ctx); err != nil {
		why := firstLine(err.Error())
		if n := a.cfg.Net; n != nil && n.MaxClients > 0 && n.MaxClients <= 2 {
			// the attacker and the victim hold every place the game gives
			why = fmt.Sprintf("the server takes %d clients (create_server's max_clients), all held by the audit's: %s", n.MaxClients, why)
		}
		a.notRun("leave", "a peer that leaves right after it joined did not join: "+why)
	} else if !a.leave(ctx, c, point{name: "right after joining", param: "right after joining"}) {
		return
	}
	for _, e := range eps {
		if !a.running(ctx) {
			return
		}
		if e.anyPeer() && a.accepted[e.node+"."+e.rpc.Name] && changes(e) && !a.leaveAfter(ctx, e) {
			return
		}
	}
	if a.cfg.Scenario != nil && a.running(ctx) {
		a.scenarioPoints(ctx)
	}
}

// changes says a method's body assigns something or sends an RPC: a
// leave right after its call may find the server's state half made, or
// a send to a peer gone; one that does neither is left out.
func changes(e endpoint) bool {
	eff := e.rpc.Effects()
	return len(eff.Assigns)+len(eff.Sends) > 0
}

// leaveAfter has the attacker call an endpoint's method as a player
// would for itself (ownArgs), leave at once, and a peer joined since call
// it again. It returns false when the audit cannot go on.
func (a *auditor) leaveAfter(ctx context.Context, e endpoint) bool {
	t, why := a.reach(e)
	if why != "" {
		return true
	}
	params, _ := a.paramsOf(e)
	args := a.ownArgs(params)
	c := call{attack: attackLeave, args: args, desc: describe(args)}
	a.ongoing = a.ongoingErrors(ctx)
	a.callErrs = nil
	res := a.send(ctx, t, c)
	a.rep.Results = append(a.rep.Results, res)
	for _, e := range a.callErrs { // the call's own, which go on after the leave too
		if len(e.Stack) > 0 {
			a.ongoing[errorSign(e)]++
		}
	}
	if res.Outcome == Crashed || res.Outcome == Dropped {
		return a.recover(ctx, res.Outcome) == nil
	}
	pt := point{name: "right after its call of " + e.rpc.Name, node: e.node, method: e.rpc.Name}
	if !a.leave(ctx, a.attacker, pt) {
		return false
	}
	if t, why = a.reach(e); why != "" {
		return true
	}
	before := res
	args = a.ownArgs(params)
	res = a.send(ctx, t, call{attack: attackAgain, args: args, desc: describe(args)})
	a.rep.Results = append(a.rep.Results, res)
	if res.Outcome != ScriptFailed || before.Outcome != ScriptFailed || res.Script != before.Script || res.Line != before.Line {
		a.recordAgain(pt, "its next call", res) // an error the call makes anyway is not the leave's
	}
	if res.Outcome == Crashed || res.Outcome == Dropped {
		return a.recover(ctx, res.Outcome) == nil
	}
	return true
}

// recordAgain notes the findings of a call made after a peer left at pt.
func (a *auditor) recordAgain(pt point, what string, res Result) {
	detail := fmt.Sprintf("after a peer left %s, %s: %s", pt.name, what, res.Message)
	switch res.Outcome {
	case ScriptFailed:
		a.addAt(findingKey{LeaveError, pt.node, pt.method, pt.param, res.Script}, res.Script, res.Line, attackAgain, detail)
	case Crashed:
		a.addAt(findingKey{Crash, pt.node, pt.method, pt.param, ""}, "", 0, attackAgain, detail)
	}
	if res.stalled {
		a.addAt(findingKey{Stall, pt.node, pt.method, pt.param, ""}, "", 0, attackAgain, detail)
	}
}

// leave has client c leave at pt and looks at what the server did (see
// afterward); the attacker that left joins again, a peer joining the
// game where it is. It returns false when the audit cannot go on.
func (a *auditor) leave(ctx context.Context, c *client, pt point) bool {
	a.obs.take() // what came before is not the leave's
	c.close()
	res := Result{Node: pt.node, Method: pt.method, Attack: attackLeave, Param: pt.name}
	if c == a.attacker {
		a.attacker = nil
	}
	select {
	case <-time.After(leaveSettle):
	case <-ctx.Done():
		return false
	}
	res.Outcome, res.Message = a.afterward(ctx, pt, "after a peer left "+pt.name)
	defer func() {
		a.rep.Results = append(a.rep.Results, res)
		if a.cfg.Progress != nil {
			a.cfg.Progress(res)
		}
	}()
	if a.game == nil {
		return false
	}
	if a.attacker == nil {
		var err error
		if a.attacker, err = a.join(ctx); err != nil {
			a.rep.Stopped = "the server took the attacker back no more: " + firstLine(err.Error())
			return false
		}
		_, msg := a.afterward(ctx, pt, "after a peer joined, one having left "+pt.name)
		res.Message = joinText(res.Message, msg)
	}
	return a.game != nil
}

// ongoingWindow is how long the server is watched before what precedes
// a leave (a join, a call): several frames, so that an error it prints
// every frame shows.
const ongoingWindow = 200 * time.Millisecond

// ongoingErrors watches the server for ongoingWindow, with no call of
// the audit's in flight, and returns the errors it printed meanwhile, by
// errorSign, with how often: errors it prints on its own (every frame,
// once an earlier call broke its state, or from the start), which a
// leave then does not cause. The game is resumed each time it stops at
// an error, so that one it fails at every frame shows as often. It is
// taken before the join or the call the leave follows, which the leave
// must follow at once (a game's await of a quarter second is what it
// may catch).
func (a *auditor) ongoingErrors(ctx context.Context) map[string]int {
	a.obs.take()
	resume := func() {
		if stopped, brk := a.game.Stopped(); stopped && brk.CanContinue {
			a.game.Resume(ctx)
		}
	}
	resume()
	every(ctx, ongoingWindow, pollEvery, resume)
	seen := map[string]int{}
	for _, e := range a.obs.take() {
		if len(e.Stack) > 0 {
			seen[errorSign(e)]++
		}
	}
	return seen
}

// errorSign is what tells a script error from another: where it is, and
// what it says.
func errorSign(e debugger.Error) string {
	top := e.Stack[0]
	return fmt.Sprintf("%s:%d %s", top.File, top.Line, e.Text())
}

// afterward looks at what the server did since a peer left (or joined)
// at pt, which at says: a script error, its end (after which it is
// started again), a stall, the victim dropped, the match no longer
// running; each is a finding, and the outcome and message of the leave
// say them.
func (a *auditor) afterward(ctx context.Context, pt point, at string) (Outcome, string) {
	if isClosed(a.game.Done()) {
		a.addAt(findingKey{Crash, pt.node, pt.method, pt.param, ""}, "", 0, attackLeave, at+": the server ended: "+firstLine(fmt.Sprint(a.game.Err())))
		if err := a.restart(ctx); err != nil {
			a.rep.Stopped = err.Error()
		}
		return Crashed, "the server ended"
	}
	outcome := NoEffect
	var msgs []string
	if by := cmp.Or(a.victim, a.attacker); by != nil {
		// Not a stall: the server ended (above), the audit did, or it
		// dropped the peer (ended, below).
		if fence, err := a.sendFenceFrom(by); err == nil && !a.waitFence(ctx, by, fence) && ctx.Err() == nil && !isClosed(a.game.Done()) && !isClosed(by.gone) {
			msg := fmt.Sprintf("the server did not answer within %s", a.cfg.Wait)
			a.addAt(findingKey{Stall, pt.node, pt.method, pt.param, ""}, "", 0, attackLeave, at+": "+msg)
			msgs = append(msgs, msg)
		}
	}
	for _, e := range a.obs.take() {
		if len(e.Stack) == 0 || e.Warning {
			continue
		}
		if a.ongoing[errorSign(e)] > 0 {
			continue
		}
		// One finding a function: what fails at a peer's leave fails at
		// every point the peer may leave at, which its attacks list.
		top := e.Stack[0]
		a.addAt(findingKey{kind: LeaveError, method: top.Func, script: top.File}, top.File, int(top.Line),
			attackLeave+"("+pt.name+")", at+": "+oneLine(e.Text(), 300))
		msgs = append(msgs, fmt.Sprintf("%s:%d: %s", top.File, top.Line, oneLine(e.Text(), 120)))
		outcome = ScriptFailed
	}
	if why := a.ended(ctx); why != "" {
		a.addAt(findingKey{MatchEnded, pt.node, pt.method, pt.param, ""}, "", 0, attackLeave, at+": "+why)
		msgs = append(msgs, why)
	}
	return outcome, strings.Join(msgs, "; ")
}

// ended says why the match ended for the other peer, or "": the server
// dropped the victim (which joins again), or the scenario's match no
// longer runs.
func (a *auditor) ended(ctx context.Context) string {
	if v := a.victim; v != nil && isClosed(v.gone) {
		v.close()
		a.victim = nil
		if c, err := a.join(ctx); err == nil {
			a.victim = c
		}
		return "the server dropped the other peer"
	}
	if s := a.cfg.Scenario; s != nil && s.Running != nil && !a.holds(ctx, *s.Running) {
		return "the match no longer runs (" + probeText(*s.Running) + ")"
	}
	return ""
}

// scenarioPoints leaves at each point of the scenario: after the game's
// start, and after each of its calls, each in a game started anew (the
// start of a point is no finding: the scenario's own); a peer joins the
// running game, and the match's calls left are made.
func (a *auditor) scenarioPoints(ctx context.Context) {
	s := a.cfg.Scenario
	turn := false
	for k := 0; k <= len(s.Calls); k++ {
		if !a.running(ctx) {
			return
		}
		a.stopClients()
		a.stopServer()
		if err := a.start(ctx); err != nil {
			a.rep.Stopped = "the server started anew for the scenario: " + firstLine(err.Error())
			return
		}
		a.readWatched(ctx)
		if !a.play(ctx, s.Start, nil) {
			return
		}
		if s.Running != nil && !a.holds(ctx, *s.Running) {
			a.notRun("scenario", "the match did not run after its start ("+probeText(*s.Running)+")")
			return
		}
		a.ongoing = a.ongoingErrors(ctx)
		ok := a.play(ctx, s.Calls[:k], nil)
		pt := point{name: "after the game's start", param: "scenario start"}
		last := s.Start
		if k > 0 {
			pt.name, pt.param, last = fmt.Sprintf("after the scenario's call %d (%s)", k, s.Calls[k-1].Call), fmt.Sprintf("scenario call %d", k), s.Calls[:k]
		}
		if n := len(last); n > 0 && last[n-1].Call != "" {
			pt.node, pt.method, _ = strings.Cut(last[n-1].Call, ":")
		}
		if s.Turn != nil && a.holds(ctx, *s.Turn) {
			pt.name, turn = pt.name+", during its turn", true
		}
		if !ok || !a.leave(ctx, a.attacker, pt) || !a.play(ctx, s.Calls[k:], &pt) {
			return
		}
	}
	if s.Turn != nil && !turn {
		a.notRun("scenario", "the attacker's turn never came ("+probeText(*s.Turn)+")")
	}
}

// play runs steps, each followed by a fence of its client. After a
// leave (at not nil), what each step makes the server do is a finding.
// It returns false when the audit cannot go on.
func (a *auditor) play(ctx context.Context, steps []Step, at *point) bool {
	for i, st := range steps {
		if !a.running(ctx) {
			return false
		}
		res, err := a.step(ctx, st)
		if err != nil {
			a.notRun("scenario", fmt.Sprintf("its step %s was not done: %v", stepText(st), firstLine(err.Error())))
			return false
		}
		if at != nil {
			a.recordAgain(*at, fmt.Sprintf("the match's call %d (%s)", i+1, stepText(st)), res)
		}
		if res.Outcome == Crashed || res.Outcome == Dropped {
			return a.recover(ctx, res.Outcome) == nil
		}
	}
	return true
}

// step does one step of a scenario, and returns what the server did
// meanwhile: for a call, what came before its client's fence.
func (a *auditor) step(ctx context.Context, st Step) (Result, error) {
	res := Result{Attack: attackAgain, Args: stepText(st)}
	a.obs.take()
	c := a.victim
	if st.By == "attacker" || c == nil {
		c = a.attacker
	}
	attacker, victim := int64(a.attacker.m.ID()), int64(0)
	if a.victim != nil {
		victim = int64(a.victim.m.ID())
	}
	rctx, cancel := context.WithTimeout(ctx, a.cfg.Wait)
	defer cancel()
	switch {
	case st.Call != "":
		path, method, _ := strings.Cut(st.Call, ":")
		n, err := c.scene.Node(path)
		if err != nil {
			return res, err
		}
		args := make([]any, len(st.Args))
		for i, text := range st.Args {
			if args[i], err = valueOf(text, attacker, victim); err != nil {
				return res, err
			}
		}
		res.Node, res.Method = path, method
		a.pace(ctx)
		a.rep.Calls++
		if err := n.Call(multiplayer.ServerID, method, args...); err != nil {
			return res, err
		}
		fence, err := a.sendFenceFrom(c)
		if err != nil {
			return res, err
		}
		t := target{node: n, anyError: true, from: c}
		t.rpc.Name = method
		a.await(ctx, t, fence, &res)
	case st.Input != "":
		if err := a.game.Action(rctx, st.Input, 1, debugger.Tap); err != nil {
			return res, err
		}
	case st.Set != "":
		node, prop, _ := strings.Cut(st.Set, ":")
		v, err := valueOf(st.Value, attacker, victim)
		if err == nil {
			err = a.game.Set(rctx, node, prop, v)
		}
		if err != nil {
			return res, err
		}
	}
	if d, _ := st.pause(); d > 0 {
		select {
		case <-time.After(d):
		case <-ctx.Done():
		}
	}
	return res, nil
}

// holds says a probe holds on the server: its node is there, and holds
// its value.
func (a *auditor) holds(ctx context.Context, p Probe) bool {
	rctx, cancel := context.WithTimeout(ctx, a.cfg.Wait)
	defer cancel()
	if p.Property == "" {
		_, err := a.game.NodeByPath(rctx, p.Node)
		return err == nil
	}
	got, err := a.game.Get(rctx, p.Node, p.Property)
	if err != nil {
		return false
	}
	victim := int64(0)
	if a.victim != nil {
		victim = int64(a.victim.m.ID())
	}
	var attacker int64
	if a.attacker != nil {
		attacker = int64(a.attacker.m.ID())
	}
	want, err := valueOf(p.Value, attacker, victim)
	return err == nil && sameValue(got, want)
}

// probeText says a probe: "/root/Main", "/root/Main:turn is $attacker".
func probeText(p Probe) string {
	if p.Property == "" {
		return p.Node + " is there"
	}
	return p.Node + ":" + p.Property + " is " + p.Value
}

// stepText says a step in short.
func stepText(st Step) string {
	switch {
	case st.Call != "":
		return st.Call + "(" + strings.Join(st.Args, ", ") + ") by " + cmp.Or(st.By, "victim")
	case st.Input != "":
		return "input " + st.Input
	case st.Set != "":
		return "set " + st.Set + " = " + st.Value
	}
	return "wait " + st.Wait
}
