package multiplayer

import "sync/atomic"

// The calls are counted by declared method (Stats.Calls). A node's label
// is its path, or for a node of a spawnable scene the scene's path and
// the node's within it, shared by every spawn of it. The labels have
// counters of their own, made as nodes are declared, until there are
// maxCallCounters; the nodes declared after share, by method name, the
// counters of the label otherCalls. So a peer's calls, whatever they
// name, make no new counter, and a project of thousands of nodes of one
// script costs a pointer a node past the first.

// maxCallCounters bounds the (label, method) counters Stats.Calls has
// with a label of their own: some 600 KiB of them.
const maxCallCounters = 4096

// otherCalls labels the calls of the nodes declared past maxCallCounters.
const otherCalls = "(other)"

// callCounter counts the calls of one labelled method, by outcome.
type callCounter struct {
	node, method                                         string
	handled, refusedType, refusedAuthority, handlerError atomic.Uint64
}

// nodeCounters are the counters of a MethodSet's methods under one label,
// in the order of its config methods, then its script's.
type nodeCounters []*callCounter

// callCounts are what the calls' counters are kept in (under r.mu).
type callCounts struct {
	labels map[string]bool          // the labels with counters of their own
	byName map[callKey]*callCounter // every counter, by label and method
	sets   map[callKey]nodeCounters // by label (or otherCalls) and method set
	all    []*callCounter           // in the order made
}

// callKey names a counter (a label and a method), or a node's counters
// (a label and a method set).
type callKey struct {
	label  string
	method string
	set    *MethodSet
}

// countersFor returns the counters of t's methods on a node labelled
// label (r.mu held).
func (r *rpcLayer) countersFor(label string, t *MethodSet) nodeCounters {
	if len(t.config)+len(t.script) == 0 {
		return nil
	}
	c := &r.callCounts
	if c.labels == nil {
		c.labels, c.byName, c.sets = map[string]bool{}, map[callKey]*callCounter{}, map[callKey]nodeCounters{}
	}
	if !c.labels[label] {
		if len(c.byName)+len(t.config)+len(t.script) > maxCallCounters {
			label = otherCalls
		} else {
			c.labels[label] = true
		}
	}
	if n := c.sets[callKey{label: label, set: t}]; n != nil {
		return n
	}
	n := make(nodeCounters, 0, len(t.config)+len(t.script))
	for _, list := range [][]*method{t.config, t.script} {
		for _, meth := range list {
			k := callKey{label: label, method: meth.Name}
			cc := c.byName[k]
			if cc == nil {
				cc = &callCounter{node: label, method: meth.Name}
				c.byName[k] = cc
				c.all = append(c.all, cc)
			}
			n = append(n, cc)
		}
	}
	c.sets[callKey{label: label, set: t}] = n
	return n
}

// counter returns the counter of the node's method meth.
func (n *Node) counter(meth *method) *callCounter {
	i := int(meth.id &^ configFlag)
	if meth.id&configFlag == 0 {
		i += len(n.methods.config)
	}
	return n.counters[i]
}

// calls returns the calls counted, in the order their counters were
// made.
func (r *rpcLayer) calls() []CallCounts {
	r.mu.Lock()
	all := r.callCounts.all[:len(r.callCounts.all):len(r.callCounts.all)]
	r.mu.Unlock()
	out := make([]CallCounts, len(all))
	for i, cc := range all {
		out[i] = CallCounts{Node: cc.node, Method: cc.method, Handled: cc.handled.Load(), RefusedType: cc.refusedType.Load(),
			RefusedAuthority: cc.refusedAuthority.Load(), HandlerError: cc.handlerError.Load()}
	}
	return out
}
