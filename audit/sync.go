package audit

import (
	"cmp"
	"context"
	"reflect"
	"slices"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/multiplayer"
)

// syncSettle is how long a forged sync is given to go out, at the
// client's replication tick, before its fence.
const syncSettle = 200 * time.Millisecond

// syncAll sends, for each synchronizer of a node spawned for another
// peer (the victim's, where its name or that of a node it is under says
// so: pickForeign), one node of each scene at each place (its pattern),
// at any depth, a sync of its first property as if the attacker owned
// it, and reads the property on the server before and after: a value
// that became the forged one is a SyncAccepted finding.
func (a *auditor) syncAll(ctx context.Context) {
	attacker, victim := peerName(a.attacker.m.ID()), a.victimName()
	nodes := spawnedOn(a.attacker.scene)
	type place struct{ pattern, scene string }
	var picks []*spawnedNode
	seen := map[place]bool{}
	for _, n := range nodes {
		at := place{n.pattern, n.scene.Path}
		if seen[at] {
			continue
		}
		seen[at] = true
		if o := pickForeign(nodes, attacker, victim, func(m spawnedNode) bool { return place{m.pattern, m.scene.Path} == at }); o != nil {
			picks = append(picks, o)
		}
	}
	slices.SortStableFunc(picks, func(x, y *spawnedNode) int {
		return cmp.Or(cmp.Compare(x.pattern, y.pattern), cmp.Compare(x.order, y.order))
	})
	for _, n := range picks {
		for _, sy := range n.scene.Synchronizers {
			for _, replay := range []bool{false, true} {
				if len(sy.Properties) == 0 || ctx.Err() != nil || a.rep.Stopped != "" {
					continue
				}
				a.forgeSync(ctx, n.pattern, n.o, sy, replay)
			}
		}
	}
}

// forgeSync sends one forged sync of a synchronizer's first property:
// a value of the audit's, or, replaying, the one the attacker last
// received of it (the server's own, whose taking cannot be seen: only
// the engine's refusal can).
func (a *auditor) forgeSync(ctx context.Context, pattern string, o *multiplayer.Object, sy multiplayer.Synchronizer, replay bool) {
	prop := sy.Properties[0].Path
	node, name := propertyAt(o.Path(), prop)
	syncPath := sy.Path
	if syncPath == "" {
		syncPath = "."
	}
	res := Result{Node: o.Path(), Method: syncPath, Attack: attackSync, Param: prop}
	if replay {
		res.Attack = attackReplay
	}
	rctx, cancel := context.WithTimeout(ctx, a.cfg.Wait)
	before, err := a.game.Get(rctx, node, name)
	cancel()
	if err != nil {
		res.Outcome, res.Message = NoEffect, "not sent: the server's property was not read: "+firstLine(err.Error())
		a.recordSync(pattern, res)
		return
	}
	forged, ok := forgedValue(before)
	if replay {
		ok = o.Get(prop, &forged) == nil
	}
	if !ok {
		res.Outcome, res.Message = NoEffect, "not sent: no value to send for a "+typeName(before)
		a.recordSync(pattern, res)
		return
	}
	res.Args = describeValue(forged)
	owner := o.Authority()
	a.pace(ctx)
	a.obs.take()
	a.rep.Calls++
	if err := o.SetAuthorityAt(syncPath, a.attacker.m.ID()); err != nil {
		res.Outcome, res.Message = NoEffect, "not sent: "+err.Error()
		a.recordSync(pattern, res)
		return
	}
	defer o.SetAuthorityAt(syncPath, owner)
	a.fillUnset(ctx, o, sy)
	if err := o.Set(prop, forged); err != nil {
		res.Outcome, res.Message = NoEffect, "not sent: "+err.Error()
		a.recordSync(pattern, res)
		return
	}
	select {
	case <-time.After(syncSettle):
	case <-ctx.Done():
	}
	fence, err := a.sendFence()
	if err != nil {
		res.Outcome, res.Message = NoEffect, "its fence was not sent: "+err.Error()
		a.recordSync(pattern, res)
		return
	}
	t := target{endpoint: endpoint{node: pattern}, node: o.Node()}
	t.rpc.Name = "\x00" // no script error is the sync's own
	a.await(ctx, t, fence, &res)
	if res.Outcome == Crashed || res.Outcome == Dropped {
		a.recordSync(pattern, res)
		return
	}
	rctx, cancel = context.WithTimeout(ctx, a.cfg.Wait)
	after, err := a.game.Get(rctx, node, name)
	cancel()
	if err == nil && reflect.DeepEqual(after, forged) && !reflect.DeepEqual(before, forged) {
		res.Outcome, res.Message, res.Ran = Accepted, "the server's "+name+" became the forged value", true
	} else if res.Outcome != Refused {
		res.Outcome = NoEffect
		if res.Message == "" {
			res.Message = "the server's " + name + " did not take the forged value"
		}
	}
	a.recordSync(pattern, res)
}

// fillUnset gives each property of sy that o's replica never received
// the server's value: a synchronizer is synced whole, and not at all
// while one of its properties has no value (a child synchronizer's state
// is not in the spawn, and a quiet owner never syncs it), so the forged
// sync would not go out, and its silence would read as the server's.
func (a *auditor) fillUnset(ctx context.Context, o *multiplayer.Object, sy multiplayer.Synchronizer) {
	for _, p := range sy.Properties {
		var v any
		if o.Get(p.Path, &v) != nil {
			a.fill(ctx, o, p.Path)
		}
	}
}

// fill gives o's replica the server's value of its property at prop (as
// a synchronizer names it), and returns it, read from the node and name
// the game holds it under; or the error of the reading, the replica
// left as it was.
func (a *auditor) fill(ctx context.Context, o *multiplayer.Object, prop string) (node, name string, v any, err error) {
	node, name = propertyAt(o.Path(), prop) // named from the scene's root, whatever the synchronizer's root_path
	if v, err = a.get(ctx, node, name); err == nil {
		o.Set(prop, v)
	}
	return node, name, v, err
}

// recordSync notes a forged sync's result, and its finding.
func (a *auditor) recordSync(pattern string, res Result) {
	a.recordForged(res, SyncAccepted, pattern, "a sync of a node this peer does not own: ")
}

// recordForged notes the result of a forged sync or spawn, and its
// finding, under node: accepted when the server took it (a finding of
// the kind accepted), a crash or a drop; its message what was forged,
// then what was seen.
func (a *auditor) recordForged(res Result, accepted Kind, node, forged string) {
	a.rep.Results = append(a.rep.Results, res)
	if a.cfg.Progress != nil {
		a.cfg.Progress(res)
	}
	kind := Kind("")
	switch res.Outcome {
	case Accepted:
		kind = accepted
	case Crashed:
		kind = Crash
	case Dropped:
		kind = Disconnected
		if res.lost {
			kind = NotChecked // no drop of the server's
		}
	case NoEffect:
		if unsent(res) {
			kind = NotChecked
		}
	}
	if kind == "" {
		return
	}
	key := findingKey{kind: kind, node: node, method: res.Method, param: res.Param}
	if _, ok := a.found[key]; !ok {
		msg := forged + res.Message
		if kind == NotChecked {
			msg = res.Attack + ": " + res.Message
		}
		a.found[key] = &Finding{Kind: kind, Level: kind.Level(), Node: node, Method: res.Method, Param: res.Param, Message: msg}
	}
}

// forgedValue returns a value of v's type that a game is unlikely to
// hold: 4242 for a number, a vector of 4242s, the other bool, a String.
func forgedValue(v any) (any, bool) {
	const f = 4242
	switch v := v.(type) {
	case int64:
		return int64(f), true
	case float64:
		return float64(f), true
	case bool:
		return !v, true
	case string:
		return "gdvar-forged", true
	case gdvar.Vector2:
		return gdvar.Vector2{X: f, Y: f}, true
	case gdvar.Vector3:
		return gdvar.Vector3{X: f, Y: f, Z: f}, true
	case gdvar.Vector2i:
		return gdvar.Vector2i{X: f, Y: f}, true
	case gdvar.Vector3i:
		return gdvar.Vector3i{X: f, Y: f, Z: f}, true
	}
	return nil, false
}
