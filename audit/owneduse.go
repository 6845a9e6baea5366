package audit

import (
	"context"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/debugger"
)

// The attacks on owned state by its use (Result.Attack): input the
// server acts on, held for a while as a player's client would hold it,
// and what the server did meanwhile measured.
const (
	attackScaled = "owned-scaled" // a direction held at scaleBy times a unit's length
	attackHeld   = "owned-held"   // a bool held true
)

const (
	// scaleBy is how much longer than a unit the scaled direction is:
	// an input a game reads as at most 1.
	scaleBy = 100
	// holdFor is how long an input is held, each way.
	holdFor = 500 * time.Millisecond
	// sampleEvery is how often a scaled hold reads the node's position.
	sampleEvery = 50 * time.Millisecond
	// fasterBy is how many times as fast the node must move with the
	// scaled direction as with the unit one: the server scales it
	// unbounded (a game that clamps it moves the same).
	fasterBy = 5
	// perFrameNodes is how many nodes the server must add while a bool
	// is held true, past those it makes while it is false, to act on
	// every other frame it stays true (at 60 frames a second).
	perFrameNodes = int(holdFor * 30 / time.Second)
)

// attackUse holds an owned property as the input a server acts on: a
// float or vector at a unit's length then scaleBy times it, the node's
// position on the server read after each; a bool false then true, the
// nodes the server made counted. It returns false when the server ended
// or dropped the attacker.
func (a *auditor) attackUse(ctx context.Context, w *owned) bool {
	switch w.before.(type) {
	case float64, gdvar.Vector2, gdvar.Vector3:
		if isPlace(w.prop) {
			return true // the node's place itself: state, whose speed its sync sets
		}
		return a.scaled(ctx, w)
	case bool:
		return a.held(ctx, w)
	}
	return true
}

// scaled holds a direction at a unit's length, one way then back, then
// at scaleBy times it so, and compares how fast the server moved the
// attacker's node each time, at its fastest stretch between two reads
// of its position (a wall it reaches within the hold stops it): a
// server that moves it fasterBy times as fast takes any speed.
func (a *auditor) scaled(ctx context.Context, w *owned) bool {
	at := w.o.Path()
	var fastest [2]float64 // its distance a second
	for i, scale := range []float64{1, scaleBy} {
		last, ok := a.position(ctx, at)
		if !ok {
			return true // a node with no position: nothing to measure
		}
		lastAt := time.Now()
		sample := func() {
			p, ok := a.position(ctx, at)
			if !ok {
				return
			}
			now := time.Now()
			if v := distance(last, p) / now.Sub(lastAt).Seconds(); v > fastest[i] {
				fastest[i] = v
			}
			last, lastAt = p, now
		}
		res := Result{Node: at, Method: w.syncPath, Attack: attackScaled, Param: w.prop, Args: fmt.Sprintf("held %s at length %g", holdFor, scale)}
		// One way, then back: a node against a wall one way moves the
		// other (both holds alike, so a clamped input moves as fast).
		if !a.hold(ctx, w, []any{unitOf(w.before, scale), unitOf(w.before, -scale)}, &res, sample) {
			return false
		}
		sample()
		res.Message = joinText(res.Message, fmt.Sprintf("the server moved %s at up to %.0f a second", at, fastest[i]))
		a.recordOwned(w, res, false, "")
	}
	if fastest[0] > 0 && fastest[1] >= fasterBy*fastest[0] {
		a.addAt(findingKey{kind: OwnedScaled, node: w.pattern, method: w.syncPath, param: w.prop}, "", 0, attackScaled,
			fmt.Sprintf("held at length %d, the server moved the attacker's node %.0f× as fast as at length 1 (%.0f against %.0f a second): a peer moves as fast as it likes",
				scaleBy, fastest[1]/fastest[0], fastest[1], fastest[0]))
	}
	return true
}

// held holds a bool false, true, true, false, and counts what the
// server added to its tree each time: one that adds a node every other
// frame each time it is true, past the most it added while false, acts
// on every frame it stays held (full-auto fire). A scene instanced, its
// children with it, is one (a shot of six nodes is one shot). Twice
// each, because a game's tree grows on its own too (a crop, a wave of
// enemies): a burst of its own falls in one hold, and bursts every other
// hold (a timer near two holds' time) fall in a true one and a false one
// alike.
func (a *auditor) held(ctx context.Context, w *owned) bool {
	var made [4]int
	for i, v := range []bool{false, true, true, false} {
		before, ok := a.tree(ctx)
		if !ok {
			return true
		}
		res := Result{Node: w.o.Path(), Method: w.syncPath, Attack: attackHeld, Param: w.prop, Args: fmt.Sprintf("held %v for %s", v, holdFor)}
		if !a.hold(ctx, w, []any{v}, &res, nil) {
			return false
		}
		after, ok := a.tree(ctx)
		if !ok {
			return true
		}
		made[i] = added(before, after)
		res.Message = joinText(res.Message, fmt.Sprintf("the server added %d nodes", made[i]))
		a.recordOwned(w, res, false, "")
	}
	if extra := min(made[1], made[2]) - max(made[0], made[3]); extra >= perFrameNodes {
		a.addAt(findingKey{kind: OwnedHeld, node: w.pattern, method: w.syncPath, param: w.prop}, "", 0, attackHeld,
			fmt.Sprintf("held true for %s, twice, the server added %d and %d nodes (%d and %d held false): it acts on every frame the peer holds it",
				holdFor, made[1], made[2], made[0], made[3]))
	}
	return true
}

// hold syncs each of vs into the owned property in turn, for an equal
// share of holdFor, calling sample (if not nil) every sampleEvery
// meanwhile, then its value before, and waits for the server to have
// them all (a fence), setting res from what it did meanwhile. It returns
// false when the server ended or dropped the attacker.
func (a *auditor) hold(ctx context.Context, w *owned, vs []any, res *Result, sample func()) bool {
	a.pace(ctx)
	a.obs.take()
	if sample == nil {
		sample = func() {}
	}
	for _, v := range vs {
		a.rep.Calls++
		if err := w.o.Set(w.prop, v); err != nil {
			res.Outcome, res.Message = NoEffect, "not sent: "+err.Error()
			return true
		}
		every(ctx, holdFor/time.Duration(len(vs)), sampleEvery, sample)
	}
	a.restore(w)
	return a.fenceSync(ctx, w, res)
}

// isPlace says a synchronized property is a place, by its name: the
// root's position or global_position, which scaled reads, or a variable
// a script moves a node to (_position, sync_position, target_position):
// held at a length, the node is put there, not moved by it, and how fast
// it goes is how far the place is, not a direction scaled.
func isPlace(prop string) bool {
	_, name, _ := strings.Cut(prop, ":")
	return strings.Contains(strings.ToLower(name), "position")
}

// position reads a node's position on the server.
func (a *auditor) position(ctx context.Context, node string) (any, bool) {
	v, err := a.get(ctx, node, "position")
	switch v.(type) {
	case gdvar.Vector2, gdvar.Vector3:
		return v, err == nil
	}
	return nil, false
}

// tree reads the server's tree (its performance monitors, which count
// its nodes, come once a second: too seldom for a hold).
func (a *auditor) tree(ctx context.Context) (*debugger.Node, bool) {
	rctx, cancel := context.WithTimeout(ctx, a.cfg.Wait)
	defer cancel()
	root, err := a.game.Tree(rctx)
	return root, err == nil
}

// added counts the nodes after has under a node before had, which before
// had not: each a node the server added, with its children (a scene
// instanced is one). Nodes freed meanwhile take nothing off.
func added(before, after *debugger.Node) int {
	had := map[int64]bool{}
	for n := range before.All() {
		had[n.ID] = true
	}
	count := 0
	for n := range after.All() {
		if !had[n.ID] {
			continue
		}
		for _, c := range n.Children {
			if !had[c.ID] {
				count++
			}
		}
	}
	return count
}

// unitOf returns a value of v's type of length scale: a direction.
func unitOf(v any, scale float64) any {
	switch v.(type) {
	case gdvar.Vector2:
		return gdvar.Vector2{X: scale}
	case gdvar.Vector3:
		return gdvar.Vector3{X: scale}
	}
	return scale
}

// distance is how far apart two positions of one type are.
func distance(from, to any) float64 {
	switch f := from.(type) {
	case gdvar.Vector2:
		t := to.(gdvar.Vector2)
		return math.Hypot(t.X-f.X, t.Y-f.Y)
	case gdvar.Vector3:
		t := to.(gdvar.Vector3)
		return math.Sqrt((t.X-f.X)*(t.X-f.X) + (t.Y-f.Y)*(t.Y-f.Y) + (t.Z-f.Z)*(t.Z-f.Z))
	}
	return 0
}
