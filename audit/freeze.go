package audit

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// thawWait bounds the wait for a frozen server to answer again, past
// the call's own wait: then it is started again.
const thawWait = time.Minute

// froze says a call's answer took longer than the players would bear.
func (a *auditor) froze(res Result) bool {
	return res.stalled || res.took > a.cfg.FreezeAfter
}

// thaw waits for a server that froze to answer again, within thawWait
// (one that does not is started again), then has each client it dropped
// meanwhile, or that it no longer answers, join again. It returns how
// long the server took to answer after the call's wait (how long it was
// waited for, when it was started again), whether it was started again,
// and an error when the audit cannot go on. The server answers when a
// fence comes back, or a client joins: through its main loop, as its
// players would see it (its debugger answers within a script's long
// loop, which polls it every thousand lines).
func (a *auditor) thaw(ctx context.Context) (time.Duration, bool, error) {
	start := time.Now()
	tctx, cancel := context.WithTimeout(ctx, thawWait)
	defer cancel()
	back := false
	if c := a.anyClient(); c != nil {
		if n, err := a.sendFenceFrom(c); err == nil {
			back = a.awaitFence(tctx, c, n)
		}
	}
	if !back && !isClosed(a.game.Done()) && tctx.Err() == nil {
		// The clients are gone: the server is back when it takes one.
		c, err := a.join(tctx)
		if back = err == nil; back {
			a.attacker.close()
			a.attacker = c
		}
	}
	took := time.Since(start)
	switch {
	case ctx.Err() != nil:
		return took, false, ctx.Err()
	case back:
		return took, false, a.rejoinSilent(ctx)
	}
	a.game.Close() // ended, or frozen for good: the restart starts another
	return took, true, a.restart(ctx)
}

// anyClient returns a client the server has not dropped, the attacker
// first, or nil.
func (a *auditor) anyClient() *client {
	for _, c := range []*client{a.attacker, a.victim} {
		if c != nil && !isClosed(c.gone) {
			return c
		}
	}
	return nil
}

// awaitFence waits for fence n, sent by client c, to come back, resuming
// the game at the audit's breakpoints (a handler the game calls itself:
// InvasiveSpecies's player calls clear_dig every frame its dig_pos is
// set, which the attacker owns); false when c was dropped, the server
// ended or ctx did.
func (a *auditor) awaitFence(ctx context.Context, c *client, n int) bool {
	poll := time.NewTicker(pollEvery)
	defer poll.Stop()
	for !a.obs.seen(n) {
		if stopped, brk := a.game.Stopped(); stopped && brk.CanContinue {
			_ = a.game.Resume(ctx) // a call's handler, after the one that froze it
		}
		select {
		case <-a.game.Done():
			return false
		case <-c.gone:
			return false
		case <-ctx.Done():
			return false
		case <-a.obs.wake():
		case <-poll.C:
		}
	}
	return true
}

// rejoinSilent has each client that the server dropped, or that it does
// not answer (its fence not back within the wait), join again.
func (a *auditor) rejoinSilent(ctx context.Context) error {
	for _, c := range []**client{&a.victim, &a.attacker} {
		if *c == nil {
			continue
		}
		if !isClosed((*c).gone) {
			if n, err := a.sendFenceFrom(*c); err == nil && a.waitFence(ctx, *c, n) {
				continue
			}
		}
		(*c).close()
		var err error
		if *c, err = a.join(ctx); err != nil {
			return fmt.Errorf("the server took a client back no more after it froze: %w", err)
		}
	}
	return nil
}

// confirmFreeze follows a call that froze the server: it waits for the
// server (thaw), then, unless the fence never came back, sends the call
// again, so that a machine too busy for a moment is not taken for a
// freeze; a freeze seen twice, or one past the wait, is a Freezes
// finding with how long. It returns false when the audit cannot go on
// (a.rep.Stopped says why).
func (a *auditor) confirmFreeze(ctx context.Context, t target, c call, res Result) bool {
	extra, restarted, err := a.thaw(ctx)
	if err != nil {
		a.stopFor(ctx, err)
		return false
	}
	first := answered(res.took+extra, restarted)
	detail := "the server " + first + " after the call: every player's game stood still meanwhile"
	if !res.stalled {
		again := a.send(ctx, t, c)
		a.rep.Results = append(a.rep.Results, again)
		if !a.froze(again) {
			return true // the first was the machine's
		}
		more, restarted, err := a.thaw(ctx)
		if err != nil {
			a.stopFor(ctx, err)
			return false
		}
		detail = "the server " + first + " after the call, then " + strings.TrimPrefix(answered(again.took+more, restarted), "answered ") +
			" after it again: every player's game stood still meanwhile"
	}
	a.add(findingKey{Freezes, t.endpoint.node, t.rpc.Name, "", t.script}, t, attackText(c), detail)
	return true
}

// answered says how long a frozen server took to answer ("answered
// 2.3s"), or that it answered nothing for that long and was started
// again.
func answered(took time.Duration, restarted bool) string {
	if restarted {
		return fmt.Sprintf("answered nothing for %s (started again)", took.Round(100*time.Millisecond))
	}
	return "answered " + took.Round(100*time.Millisecond).String()
}

// stopFor ends the audit for err, unless the audit's time ended first
// (ctx's: Run says so). An error of a wait of its own that ran out (a
// join's, within the audit's time) ends it too: the clients are gone.
// Before, it was taken for the audit's time, and the calls went on with
// no attacker.
func (a *auditor) stopFor(ctx context.Context, err error) {
	if ctx.Err() == nil || !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) {
		a.rep.Stopped = err.Error()
	}
}
