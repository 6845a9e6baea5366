package audit

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/forge"
)

// attackAmplify is the class of a call whose String or Array argument is
// measured on the victim's side (Result.Attack).
const attackAmplify = "amplify"

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
	payload := a.cfg.payload(a.cfg.Net.Transport)
	args[i] = marked(params[i].typ, mark, payload)
	what := "String"
	if kindOf(params[i].typ) == kindArray {
		what = params[i].typ
	}
	desc := "a marked " + what + " of " + sizeText(payload)
	sent, got, short, ok := a.measure(ctx, t, call{attack: attackAmplify, param: params[i].name, args: args, desc: desc})
	if !ok {
		return false
	}
	key := func(k Kind) findingKey { return findingKey{k, e.node, e.rpc.Name, params[i].name, t.script} }
	attack := attackAmplify + "(" + params[i].name + ")"
	if short != "" {
		a.add(key(NotChecked), t, attack, "what the server sent the victim was not all measured: "+short)
		return true
	}
	for _, trig := range a.triggers(e, eps) {
		tt, why := a.reach(trig)
		if why != "" || !a.running(ctx) {
			continue
		}
		p, _ := a.paramsOf(trig)
		targs := a.ownArgs(p)
		sent2, got2, short, ok := a.measure(ctx, tt, call{attack: attackAmplify, args: targs, desc: describe(targs)})
		if !ok {
			return false
		}
		if 2*got2 >= sent && got2 >= amplifies*sent2 {
			a.add(key(Amplification), t, attack, fmt.Sprintf("stored: a later call of %s (%d bytes) made the server send the victim %d bytes of it, %s",
				trig.rpc.Name, sent2, got2, factor(got2, sent2)))
			return true
		}
		if short != "" {
			a.add(key(NotChecked), t, attack, fmt.Sprintf("what a later call of %s made the server send the victim was not all measured: %s", trig.rpc.Name, short))
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
// the mark, once all the server sent it as it handled the call has come
// (drain); short says why not all was measured, and ok is false when
// the server ended or dropped the attacker (the audit recovered).
func (a *auditor) measure(ctx context.Context, t target, c call) (sent, got int64, short string, ok bool) {
	for _, v := range c.args {
		if b, err := gdvar.Marshal(v); err == nil {
			sent += int64(len(b))
		}
	}
	// No marked bytes came before: the mark is new, or the measure
	// before drained what the server sent with it.
	before := a.victim.marked.Load()
	res := a.send(ctx, t, c)
	if res.Outcome != Crashed && res.Outcome != Dropped {
		short = a.drain(ctx)
		got = a.victim.marked.Load() - before
		res.Message = joinText(res.Message, fmt.Sprintf("the victim received %d bytes for %d sent", got, sent))
		if short != "" {
			res.Message = joinText(res.Message, "not all measured: "+short)
		}
	}
	a.record(t, c, res)
	if res.Outcome == Crashed || res.Outcome == Dropped {
		if err := a.recover(ctx, res.Outcome); err != nil {
			a.rep.Stopped = err.Error()
		}
		return 0, 0, "", false
	}
	return sent, got, short, true
}

// drain waits, within the call's wait, for the victim to have received
// what the server sent it before the call's fence came back: it sends
// the server a path, whose confirmation comes after those calls on
// their channel (forge.SendPath). Waiting for the bytes to stop coming
// for a while instead misses a large call the server is still sending
// on a busy machine. It says why the confirmation did not come, "" if
// it did.
func (a *auditor) drain(ctx context.Context) string {
	confirmed, err := forge.SendPath(a.victim.m)
	if err != nil {
		return "the victim's path was not sent: " + err.Error()
	}
	timeout := time.NewTimer(a.cfg.Wait)
	defer timeout.Stop()
	select {
	case <-confirmed:
		return ""
	case <-timeout.C:
		return fmt.Sprintf("the server did not confirm the victim's path within %s", a.cfg.Wait)
	case <-a.victim.gone:
		return "the server dropped the victim"
	case <-a.game.Done():
		return "the server ended"
	case <-ctx.Done():
		return "the audit ended"
	}
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
