package multiplayer

import "sync/atomic"

// The calls are counted by declared method (Stats.Calls): each node's
// methods have counters shared by every node of the same label, made as
// nodes are declared, so that a peer's calls, whatever they name, make no
// new ones.

// callCounter counts the calls of one labelled method, by outcome.
type callCounter struct {
	node, method                                         string
	handled, refusedType, refusedAuthority, handlerError atomic.Uint64
}

// callKey names a callCounter: its node's label and its method.
type callKey struct{ node, method string }

// countersFor returns the counters of the methods of t on nodes labelled
// label, in the order of t.config then t.script, making those not made
// yet (r.mu held).
func (r *rpcLayer) countersFor(label string, t *MethodSet) []*callCounter {
	n := len(t.config) + len(t.script)
	if n == 0 {
		return nil
	}
	if r.callsByKey == nil {
		r.callsByKey = map[callKey]*callCounter{}
	}
	out := make([]*callCounter, 0, n)
	for _, list := range [][]*method{t.config, t.script} {
		for _, meth := range list {
			k := callKey{label, meth.Name}
			cc := r.callsByKey[k]
			if cc == nil {
				cc = &callCounter{node: label, method: meth.Name}
				r.callsByKey[k] = cc
				r.calls = append(r.calls, cc)
			}
			out = append(out, cc)
		}
	}
	return out
}

// counter returns the counters of the node's method meth.
func (n *Node) counter(meth *method) *callCounter {
	i := int(meth.id &^ configFlag)
	if meth.id&configFlag == 0 {
		i += len(n.methods.config)
	}
	return n.counters[i]
}

// callCounts returns the calls counted, in the order their methods were
// declared.
func (r *rpcLayer) callCounts() []CallCounts {
	r.mu.Lock()
	calls := r.calls[:len(r.calls):len(r.calls)]
	r.mu.Unlock()
	out := make([]CallCounts, len(calls))
	for i, cc := range calls {
		out[i] = CallCounts{Node: cc.node, Method: cc.method, Handled: cc.handled.Load(), RefusedType: cc.refusedType.Load(),
			RefusedAuthority: cc.refusedAuthority.Load(), HandlerError: cc.handlerError.Load()}
	}
	return out
}
