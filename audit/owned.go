package audit

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"math"
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/multiplayer/mode"
)

// The attacks through state the attacker owns (Result.Attack).
const (
	attackOwned = "owned" // a hostile value of a property of a synchronizer the attacker owns
	attackBurst = "burst" // syncs of such a property at the clients' tick for a second
)

// The hostile values of owned state, and what the victim is watched for.
const (
	hugeFloat = 1e30
	// farAway is how far the far value moves a position: across any map.
	farAway = 1e6
	// wildAbove is where a float the victim receives is the hostile
	// value's, or what the server made of it: past half farAway.
	wildAbove = farAway / 2
	// maxOwnedString bounds a hostile String sent in a DELTA (a property
	// synced on change): within a WebSocket packet.
	maxOwnedString = 60 << 10
	// maxSyncedString bounds one sent in a SYNC (a property synced
	// always): Godot sends no synchronizer state past its sync MTU, 1350
	// bytes by default, and neither do the clients.
	maxSyncedString = 1 << 10
	// burstFor is how long a burst lasts.
	burstFor = time.Second
	// relaySettle is how long the victim is given, after the fence, to
	// receive what the server replicates of the hostile value.
	relaySettle = 300 * time.Millisecond
)

// ownedAll attacks the state the attacker legitimately owns: for each
// node spawned for it (named by its peer id, or whose synchronizer the
// server says is its), at any depth (a player
// spawned inside a spawned level), each synchronizer whose authority the
// server says is the attacker's (its player, its input,
// set_multiplayer_authority(id)); each property with each hostile value
// of its type, then a burst of syncs. Each value is watched for in what
// the server holds (read through the debugger) and in what the victim
// receives (its replica of the node).
func (a *auditor) ownedAll(ctx context.Context) {
	me, victim := peerName(a.attacker.m.ID()), a.victimName()
	nodes := spawnedOn(a.attacker.scene)
	// The nodes named by its id first; then the others but the victim's,
	// for a game that names its players otherwise ("Player2"): the
	// server says whose each synchronizer is, a question each, bounded.
	slices.SortStableFunc(nodes, func(x, y spawnedNode) int { return cmp.Compare(btoi(x.name() != me), btoi(y.name() != me)) })
	asked, found, unanswered := 0, 0, false
nodes:
	for _, n := range nodes {
		if n.name() == victim && victim != "" {
			continue
		}
		for _, sy := range n.scene.Synchronizers {
			if !a.running(ctx) {
				return
			}
			if asked++; asked > maxOwnedAsks {
				a.notRun("owned-state", fmt.Sprintf("the server was not asked whose the synchronizers of more than %d spawned nodes are", maxOwnedAsks))
				break
			}
			owns, err := a.owns(ctx, n.o, sy)
			if errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil {
				// A debugger that does not answer costs one wait, not
				// one a synchronizer.
				a.notRun("owned-state", fmt.Sprintf("the server did not say whose a synchronizer is (get_multiplayer_authority, through the debugger) within %s: it was not asked further", a.cfg.Wait))
				unanswered = true
				break nodes
			}
			if !owns {
				continue
			}
			found++
			if !a.attackOwned(ctx, n.pattern, n.o, sy) {
				return // the server ended, or dropped the attacker: its node is gone
			}
		}
	}
	switch {
	case found > 0 || a.rep.Synchronizers == 0 || unanswered:
	case asked == 0:
		a.notRun("owned-state", "no node spawned for the clients holds a synchronizer: the game makes its players otherwise "+
			"(in code on each peer, by an RPC), and the attacker owns none of the project's synchronizers")
	default:
		a.notRun("owned-state", "no synchronizer of a node spawned for the clients is the attacker's, as the server says: "+
			"the game gives its peer none, or makes its player otherwise (in code on each peer, by an RPC)")
	}
	if a.victim == nil {
		a.notRun("owned-state", "what another peer receives of the attacker's hostile state was not watched: "+a.oneClient)
	}
}

// maxOwnedAsks bounds the synchronizers the server is asked the
// authority of: a game spawning many nodes (shots) costs no more.
const maxOwnedAsks = 64

// btoi is 1 for true.
func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// nodeAt is the path of the node at rel ("", "." for itself) of the node
// at root.
func nodeAt(root, rel string) string {
	if rel == "" || rel == "." {
		return root
	}
	return root + "/" + rel
}

// owns says the server holds the attacker for the authority of a
// synchronizer of o, and returns the error of the question, if any.
func (a *auditor) owns(ctx context.Context, o *multiplayer.Object, sy multiplayer.Synchronizer) (bool, error) {
	rctx, cancel := context.WithTimeout(ctx, a.cfg.Wait)
	defer cancel()
	v, err := a.game.Call(rctx, nodeAt(o.Path(), sy.Path), "get_multiplayer_authority")
	id, ok := v.(int64)
	return err == nil && ok && multiplayer.PeerID(id) == a.attacker.m.ID(), err
}

// owned is one property of an owned synchronizer under attack.
type owned struct {
	pattern  string // the node's path with its spawned name as "*"
	o        *multiplayer.Object
	syncPath string
	prop     string // as the synchronizer names it
	always   bool   // it goes in every SYNC, whose state the sync MTU bounds
	node     string // the node holding it in the game
	name     string
	before   any // the server's value before the attack
}

// attackOwned sends each property of a synchronizer the attacker owns
// its hostile values, then a burst of syncs of its first property. It
// returns false when the server ended or dropped the attacker.
func (a *auditor) attackOwned(ctx context.Context, pattern string, o *multiplayer.Object, sy multiplayer.Synchronizer) bool {
	syncPath := cmp.Or(sy.Path, ".")
	owner := o.Authority()
	if err := o.SetAuthorityAt(syncPath, a.attacker.m.ID()); err != nil {
		a.notRun("owned-state of "+o.Path()+"/"+syncPath, err.Error())
		return true
	}
	defer o.SetAuthorityAt(syncPath, owner)
	o.SetVisibility(multiplayer.ServerID, true) // as the game's client makes a private one visible to the server
	// The victim takes the attacker's syncs of it, as the game's client
	// does, whose script gives the node to its peer.
	if vo, _, _ := a.victimReplica(o); vo != nil {
		owner := vo.Authority()
		if vo.SetAuthorityAt(syncPath, a.attacker.m.ID()) == nil {
			defer vo.SetAuthorityAt(syncPath, owner)
		}
	}
	var props []*owned
	for _, p := range sy.Properties {
		// Each, even one the replica holds: its value before is the
		// server's; and the client syncs the properties together, none
		// while one has no value (spawn off).
		node, name, before, err := a.fill(ctx, o, p.Path)
		w := &owned{pattern: pattern, o: o, syncPath: syncPath, prop: p.Path, node: node, name: name, always: p.Replicate == mode.ReplicateAlways, before: before}
		if err != nil {
			a.recordOwned(w, Result{Node: o.Path(), Method: syncPath, Attack: attackOwned, Param: p.Path, Outcome: NoEffect,
				Message: "not sent: the server's property was not read: " + firstLine(err.Error())}, false, "")
			continue
		}
		props = append(props, w)
	}
	// Its use first: a hostile value may leave what it drives broken (a
	// position gone NaN for good).
	for _, w := range props {
		if !a.running(ctx) {
			return true
		}
		if !a.attackUse(ctx, w) {
			return false
		}
	}
	for _, w := range props {
		for _, h := range ownedValues(w.before, w.always) {
			if !a.running(ctx) {
				return true
			}
			if !a.sendOwned(ctx, w, h) {
				return false
			}
		}
	}
	if len(props) == 0 || !a.running(ctx) {
		return true
	}
	return a.burst(ctx, props[0])
}

// get reads a property of a node on the server.
func (a *auditor) get(ctx context.Context, node, name string) (any, error) {
	rctx, cancel := context.WithTimeout(ctx, a.cfg.Wait)
	defer cancel()
	return a.game.Get(rctx, node, name)
}

// sendOwned syncs one hostile value of an owned property, then reads
// what the server holds and what the victim received, and syncs the
// value before again. It returns false when the server ended or dropped
// the attacker (the audit recovered).
func (a *auditor) sendOwned(ctx context.Context, w *owned, h hostileValue) bool {
	res := Result{Node: w.o.Path(), Method: w.syncPath, Attack: attackOwned + "-" + h.attack, Param: w.prop, Args: h.desc}
	vo, syncs, seen := a.victimReplica(w.o)
	a.pace(ctx)
	a.obs.take()
	a.rep.Calls++
	if err := w.o.Set(w.prop, h.value); err != nil {
		res.Outcome, res.Message = NoEffect, "not sent: "+err.Error()
		a.recordOwned(w, res, false, "")
		return true
	}
	defer a.restore(w)
	if !a.fenceSync(ctx, w, &res) {
		return false
	}
	after, err := a.get(ctx, w.node, w.name)
	kept := err == nil && sameValue(after, h.value) && !sameValue(w.before, h.value)
	relayed := ""
	if vo != nil {
		select {
		case <-time.After(relaySettle):
		case <-ctx.Done():
		}
		relayed = received(vo, syncs, seen, w.prop, h.value)
	}
	if kept {
		res.Outcome, res.Ran = Accepted, true
		res.Message = joinText("the server kept it", res.Message)
	} else if res.Outcome == NoEffect && res.Message == "" {
		res.Message = "the server's " + w.name + " did not take it"
	}
	if relayed != "" {
		res.Message = joinText(res.Message, relayed)
	}
	a.recordOwned(w, res, kept, relayed)
	return true
}

// fenceSync waits for a sync to go out, sends a fence and waits for it,
// setting res from what the server did meanwhile (any script error is
// the sync's). It returns false when the server ended or dropped the
// attacker, after recording it and recovering.
func (a *auditor) fenceSync(ctx context.Context, w *owned, res *Result) bool {
	select {
	case <-time.After(syncSettle):
	case <-ctx.Done():
	}
	fence, err := a.sendFence()
	if err != nil {
		res.Outcome, res.Message = NoEffect, "its fence was not sent: "+err.Error()
		return true
	}
	t := target{endpoint: endpoint{node: w.pattern}, node: w.o.Node(), anyError: true}
	t.rpc.Name = "\x00" // a function's name no script has
	a.await(ctx, t, fence, res)
	if res.Outcome != Crashed && res.Outcome != Dropped {
		return true
	}
	a.recordOwned(w, *res, false, "")
	if err := a.recover(ctx, res.Outcome); err != nil {
		a.rep.Stopped = err.Error()
	}
	return false
}

// burst syncs a property at the clients' tick for burstFor, each sync a
// new valid value, far past the engine's frames and any synchronizer's
// replication_interval: a server that fails at it (a script error, a
// stall, a crash) is a finding. It returns false when the server ended
// or dropped the attacker.
func (a *auditor) burst(ctx context.Context, w *owned) bool {
	next := burstValues(w.before)
	if next == nil {
		return true
	}
	res := Result{Node: w.o.Path(), Method: w.syncPath, Attack: attackBurst, Param: w.prop}
	quiet := -1.0
	if a.victim != nil {
		quiet = a.quietRate(w)
	}
	a.pace(ctx)
	a.obs.take()
	a.rep.Calls++
	var since traffic
	if a.victim != nil {
		since = a.traffic()
	}
	tick := time.NewTicker(clientTick)
	n := 0
	for end := time.Now().Add(burstFor); time.Now().Before(end) && ctx.Err() == nil; n++ {
		w.o.Set(w.prop, next(n))
		<-tick.C
	}
	tick.Stop()
	defer a.restore(w)
	res.Args = fmt.Sprintf("%d values in %s", n, burstFor)
	if a.victim != nil {
		res.Message = a.recordSyncRelay(w, since, quiet)
	}
	if !a.fenceSync(ctx, w, &res) {
		return false
	}
	a.recordOwned(w, res, false, "")
	return true
}

// restore syncs the property's value before the attack again, and
// gives the sync its ticks to go out: the next attack's value would
// replace it in the client's next sync.
func (a *auditor) restore(w *owned) {
	w.o.Set(w.prop, w.before)
	time.Sleep(4 * clientTick)
}

// recordOwned notes the result of an owned-state attack, and its
// findings: the server kept the value, the victim received it (relayed
// says what), a script error, a stall, the server's end or the
// attacker's drop.
func (a *auditor) recordOwned(w *owned, res Result, kept bool, relayed string) {
	a.rep.Results = append(a.rep.Results, res)
	if a.cfg.Progress != nil {
		a.cfg.Progress(res)
	}
	attack := res.Attack + "(" + res.Args + ")"
	key := func(k Kind) findingKey {
		return findingKey{kind: k, node: w.pattern, method: w.syncPath, param: w.prop}
	}
	if kept {
		a.addAt(key(OwnedKept), "", 0, attack, "the server holds a hostile value the attacker synced into state it owns")
	}
	if relayed != "" {
		a.addAt(key(OwnedRelayed), "", 0, attack, relayed)
	}
	switch {
	case res.Outcome == Crashed:
		a.addAt(key(Crash), "", 0, attack, res.Message)
	case res.Outcome == Dropped:
		a.addAt(key(Disconnected), "", 0, attack, "")
	case res.Outcome == ScriptFailed:
		a.addAt(key(ScriptError), res.Script, res.Line, attack, res.Message)
	case res.stalled:
		a.addAt(key(Stall), "", 0, attack, res.Message)
	}
}

// victimReplica returns the victim's node of o (nil with no victim, or
// none), its synchronizers, and the values of their properties it holds
// now.
func (a *auditor) victimReplica(o *multiplayer.Object) (*multiplayer.Object, []multiplayer.Synchronizer, map[string]any) {
	if a.victim == nil {
		return nil, nil, nil
	}
	for _, n := range spawnedOn(a.victim.scene) {
		if n.o.Path() == o.Path() {
			return n.o, n.scene.Synchronizers, replicaValues(n.o, n.scene.Synchronizers)
		}
	}
	return nil, nil, nil
}

// replicaValues are the values a peer's replica of a node holds, by
// property; those it never received are left out.
func replicaValues(o *multiplayer.Object, syncs []multiplayer.Synchronizer) map[string]any {
	out := map[string]any{}
	for _, sy := range syncs {
		for _, p := range sy.Properties {
			var v any
			if o.Get(p.Path, &v) == nil {
				out[p.Path] = v
			}
		}
	}
	return out
}

// received says what the victim's replica vo (of syncs) holds of a
// hostile value that it did not before (seen): the property itself, or any property
// gone NaN, infinite or far; "" for nothing.
func received(vo *multiplayer.Object, syncs []multiplayer.Synchronizer, seen map[string]any, prop string, hostile any) string {
	now := replicaValues(vo, syncs)
	var what []string
	if v, ok := now[prop]; ok && sameValue(v, hostile) && !sameValue(seen[prop], hostile) {
		what = append(what, prop+" = "+shortValue(v))
	}
	for _, p := range slices.Sorted(maps.Keys(now)) {
		if p != prop && wild(now[p]) && !wild(seen[p]) {
			what = append(what, p+" = "+shortValue(now[p]))
		}
	}
	if len(what) == 0 {
		return ""
	}
	return "the victim received " + strings.Join(what, ", ")
}

// ownedValues returns the hostile values of a property whose value is v:
// NaN, ±Inf and a huge float for a float; the extreme ints for an int;
// NaN, +Inf and a position far away for a vector; a long String for a
// String (as long as a SYNC holds, for a property always synced); and a
// value of another type for every type.
func ownedValues(v any, always bool) []hostileValue {
	var out []hostileValue
	add := func(attack string, v any, desc string) { out = append(out, hostileValue{attack, v, desc}) }
	switch v := v.(type) {
	case float64:
		add(attackNaN, math.NaN(), "NaN")
		add(attackInf, math.Inf(1), "+Inf")
		add(attackInf, math.Inf(-1), "-Inf")
		add(attackMaxInt, hugeFloat, "1e30")
	case int64:
		add(attackMaxInt, int64(math.MaxInt64), "9223372036854775807")
		add(attackNegativeInt, int64(math.MinInt64), "-9223372036854775808")
	case gdvar.Vector2:
		add(attackNaN, floatsOf("Vector2", math.NaN()), "Vector2(NaN, NaN)")
		add(attackInf, floatsOf("Vector2", math.Inf(1)), "Vector2(+Inf, +Inf)")
		add(attackFar, gdvar.Vector2{X: v.X + farAway, Y: v.Y + farAway}, "1e6 away")
	case gdvar.Vector3:
		add(attackNaN, floatsOf("Vector3", math.NaN()), "Vector3(NaN, NaN, NaN)")
		add(attackInf, floatsOf("Vector3", math.Inf(1)), "Vector3(+Inf, +Inf, +Inf)")
		add(attackFar, gdvar.Vector3{X: v.X + farAway, Y: v.Y + farAway, Z: v.Z + farAway}, "1e6 away")
	case string:
		n := maxOwnedString
		if always {
			n = maxSyncedString
		}
		add(attackHugeString, strings.Repeat("A", n), "a String of "+sizeText(n))
		add(attackControl, controlString, "a String of control characters")
	}
	typ := typeOf(v)
	wrong := wrongValue(typ)
	article := "a "
	if strings.ContainsRune("aeiouAEIOU", rune(typ[0])) {
		article = "an "
	}
	add(attackWrongType, wrong, "a "+typeOfValue(wrong)+" for "+article+typ)
	return out
}

// attackFar is the class of a position moved far away.
const attackFar = "far"

// attackControl is the class of a String of control characters, and
// controlString the String: a terminal's clear screen, a line break and
// a right-to-left override (not a NUL, which ends the engine's String), which a name or a chat shown or
// logged as it came carries into every peer's view and log.
const (
	attackControl = "control"
	controlString = "a\x1b[2J\r\n\u202eevil"
)

// typeOf names the type of a value the debugger read, as a parameter's
// type is written.
func typeOf(v any) string {
	switch v.(type) {
	case string:
		return "String"
	case float64:
		return "float"
	case int64:
		return "int"
	case bool:
		return "bool"
	}
	return strings.TrimPrefix(typeName(v), "gdvar.")
}

// burstValues returns the values of a burst of a property whose value is
// v, one a sync, each new; nil for a type it has none of.
func burstValues(v any) func(int) any {
	const step = 1e-3
	switch v := v.(type) {
	case float64:
		return func(i int) any { return v + float64(i)*step }
	case int64:
		return func(i int) any { return v + int64(i%2) }
	case bool:
		return func(i int) any { return v != (i%2 == 1) }
	case gdvar.Vector2:
		return func(i int) any { return gdvar.Vector2{X: v.X + float64(i)*step, Y: v.Y} }
	case gdvar.Vector3:
		return func(i int) any { return gdvar.Vector3{X: v.X + float64(i)*step, Y: v.Y, Z: v.Z} }
	case string:
		return func(i int) any { return fmt.Sprint(v, i) }
	}
	return nil
}

// sameValue says two values are one, as the engine holds them: of one
// type, floats equal within float32's precision (a Vector2's components
// travel as float32), NaN equal to NaN.
func sameValue(x, y any) bool {
	vx, vy := reflect.ValueOf(x), reflect.ValueOf(y)
	if !vx.IsValid() || !vy.IsValid() || vx.Type() != vy.Type() {
		return !vx.IsValid() && !vy.IsValid()
	}
	switch vx.Kind() {
	case reflect.Float32, reflect.Float64:
		f, g := vx.Float(), vy.Float()
		if math.IsInf(f, 0) || math.IsInf(g, 0) || math.IsNaN(f) || math.IsNaN(g) {
			return f == g || math.IsNaN(f) && math.IsNaN(g)
		}
		return math.Abs(f-g) <= 1e-6*math.Max(math.Abs(f), math.Abs(g))
	case reflect.Struct:
		for i := range vx.NumField() {
			if !vx.Type().Field(i).IsExported() || !sameValue(vx.Field(i).Interface(), vy.Field(i).Interface()) {
				return false
			}
		}
		return true
	}
	return reflect.DeepEqual(x, y)
}

// wild says a value holds a NaN, an infinity or a float past wildAbove:
// a hostile value, or what a game made of one.
func wild(v any) bool {
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Float32, reflect.Float64:
		f := rv.Float()
		return math.IsNaN(f) || math.Abs(f) >= wildAbove
	case reflect.Struct:
		for i := range rv.NumField() {
			if rv.Type().Field(i).IsExported() && wild(rv.Field(i).Interface()) {
				return true
			}
		}
	}
	return false
}

// shortValue writes a value received in short.
func shortValue(v any) string {
	if s, ok := v.(string); ok {
		return "a String of " + sizeText(len(s))
	}
	return oneLine(fmt.Sprint(v), 80)
}

// joinText joins two sentences of a message, either of which may be "".
func joinText(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "; " + b
}
