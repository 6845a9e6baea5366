package audit

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/gdvar/gdvar"
)

// attackAmplify is the class of a call whose String or Array argument is
// measured on the victim's side (Result.Attack).
const attackAmplify = "amplify"

// quietFor is how long the victim's received bytes stay the same for the
// server to have sent what a call made it send.
const quietFor = 500 * time.Millisecond

// amplifies is the bytes the victim receives per byte the attacker sent
// at or past which a call amplifies.
const amplifies = 2

// amplifyAll measures, for each String or Array parameter of each
// any_peer method, what the server sends the victim when the attacker's
// call gives it a huge value, marked (its first bytes are the
// measure's own): sent on once is a Relayed finding, at least twice its
// bytes an Amplification one. What the server stored, it may send on
// later: after the huge call, the method is called again with valid
// values, and so is each any_peer method of its node that sends an RPC
// to every peer; one that makes the server send the victim the marked
// value again is an Amplification finding.
func (a *auditor) amplifyAll(ctx context.Context, eps []endpoint) {
	if a.victim == nil {
		a.notRun("amplification", "no other peer to measure what the server sends it: "+a.oneClient)
		return
	}
	for _, e := range eps {
		if !e.anyPeer() {
			continue
		}
		params, _ := a.paramsOf(e)
		for i, p := range params {
			if !a.running(ctx) {
				return
			}
			if markable[p.typ] && !a.amplify(ctx, e, eps, params, i) {
				return
			}
		}
	}
}

// amplify measures one parameter (see amplifyAll). It returns false when
// the server ended or dropped the attacker.
func (a *auditor) amplify(ctx context.Context, e endpoint, eps []endpoint, params []param, i int) bool {
	t, why := a.reach(e)
	if why != "" {
		return true // callAll noted it
	}
	args := a.ownArgs(params)
	a.marks++
	mark := fmt.Sprintf("GDVARAMP%06d", a.marks)
	b := []byte(mark)
	a.victim.mark.Store(&b)
	args[i] = marked(params[i].typ, mark, a.cfg.MaxPayload)
	what := "String"
	if kindOf(params[i].typ) == kindArray {
		what = params[i].typ
	}
	desc := "a marked " + what + " of " + sizeText(a.cfg.MaxPayload)
	sent, got, ok := a.measure(ctx, t, call{attack: attackAmplify, param: params[i].name, args: args, desc: desc})
	if !ok {
		return false
	}
	key := func(k Kind) findingKey { return findingKey{k, e.node, e.rpc.Name, params[i].name, t.script} }
	attack := attackAmplify + "(" + params[i].name + ")"
	for _, trig := range a.triggers(e, eps) {
		tt, why := a.reach(trig)
		if why != "" || !a.running(ctx) {
			continue
		}
		p, _ := a.paramsOf(trig)
		targs := a.ownArgs(p)
		sent2, got2, ok := a.measure(ctx, tt, call{attack: attackAmplify, args: targs, desc: describe(targs)})
		if !ok {
			return false
		}
		if 2*got2 >= sent && got2 >= amplifies*sent2 {
			a.add(key(Amplification), t, attack, fmt.Sprintf("stored: a later call of %s (%d bytes) made the server send the victim %d bytes of it, %s",
				trig.rpc.Name, sent2, got2, factor(got2, sent2)))
			return true
		}
	}
	switch {
	case 2*got < sent:
	case got >= amplifies*sent:
		a.add(key(Amplification), t, attack, fmt.Sprintf("the server sent the victim %d bytes for the %d the attacker sent, %s", got, sent, factor(got, sent)))
	default:
		a.add(key(Relayed), t, attack, fmt.Sprintf("the server sent the victim %d bytes for the %d the attacker sent, %s: every player costs it as much", got, sent, factor(got, sent)))
	}
	return true
}

// factor writes what the victim received per byte sent.
func factor(got, sent int64) string {
	return fmt.Sprintf("%.1f× per victim", float64(got)/float64(max(sent, 1)))
}

// measure sends a call and returns the bytes of its arguments and the
// bytes of the server's calls the victim received after it that carry
// the mark, once they stop coming (quietFor), within the call's wait;
// and false when the server ended or dropped the attacker (the audit
// recovered).
func (a *auditor) measure(ctx context.Context, t target, c call) (sent, got int64, ok bool) {
	for _, v := range c.args {
		if b, err := gdvar.Marshal(v); err == nil {
			sent += int64(len(b))
		}
	}
	before := a.quiet(ctx) // what the call before made the server send is not this one's
	res := a.send(ctx, t, c)
	if res.Outcome != Crashed && res.Outcome != Dropped {
		got = a.quiet(ctx) - before
		res.Message = joinText(res.Message, fmt.Sprintf("the victim received %d bytes for %d sent", got, sent))
	}
	a.record(t, c, res)
	if res.Outcome == Crashed || res.Outcome == Dropped {
		if err := a.recover(ctx, res.Outcome); err != nil {
			a.rep.Stopped = err.Error()
		}
		return 0, 0, false
	}
	return sent, got, true
}

// quiet waits for the victim's marked bytes to stay the same for
// quietFor, within the call's wait, and returns them.
func (a *auditor) quiet(ctx context.Context) int64 {
	poll := time.NewTicker(5 * pollEvery)
	defer poll.Stop()
	last, since := a.victim.marked.Load(), time.Now()
	for end := time.Now().Add(a.cfg.Wait); time.Now().Before(end); {
		select {
		case <-ctx.Done():
			return last
		case <-poll.C:
		}
		if n := a.victim.marked.Load(); n != last {
			last, since = n, time.Now()
		} else if time.Since(since) >= quietFor {
			break
		}
	}
	return last
}

// ownArgs returns the valid arguments of a method as the attacker would
// call it for itself: an int, or an untyped parameter, is its peer id
// (its player's), others a value of their type.
func (a *auditor) ownArgs(params []param) []any {
	args := make([]any, len(params))
	for i, p := range params {
		args[i] = validValue(p.typ)
		if p.typ == "" || p.typ == "int" {
			args[i] = int64(a.attacker.m.ID())
		}
	}
	return args
}

// markable are the types of the parameters whose value the amplification
// marks: a String or an Array the engine hands on with the mark near its
// start.
var markable = map[string]bool{"": true, "String": true, "StringName": true, "Array": true, "Array[String]": true,
	"PackedStringArray": true, "PackedByteArray": true}

// marked returns a value of a markable type of about payload bytes, which
// starts with mark: a String, or an Array of one.
func marked(typ, mark string, payload int) any {
	s := mark + strings.Repeat("A", max(payload-len(mark), 0))
	switch typ {
	case "PackedByteArray":
		return []byte(s)
	case "PackedStringArray":
		return []string{s}
	case "Array[String]":
		return gdvar.Array{Type: containerType("String"), Values: []any{s}}
	case "Array":
		return []any{s}
	}
	return s
}

// triggers are the methods whose valid call may send on what e stored:
// e itself, then each any_peer method of its node whose body sends an RPC
// to every peer.
func (a *auditor) triggers(e endpoint, eps []endpoint) []endpoint {
	out := []endpoint{e}
	for _, o := range eps {
		if o.node != e.node || o.rpc.Name == e.rpc.Name || !o.anyPeer() {
			continue
		}
		for _, s := range o.rpc.Effects().Sends {
			if s.All {
				out = append(out, o)
				break
			}
		}
	}
	return out
}
