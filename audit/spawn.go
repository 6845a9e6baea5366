package audit

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/internal/forge"
	"github.com/gdvar/gdvar/multiplayer"
)

// forgedSpawnName is the name of the nodes the forged spawns make, with
// a number each: one the game's own spawns do not take.
const forgedSpawnName = "gdvar_forged_spawn_"

// spawnAll sends, for each spawner of the scene, and of each place of
// the spawned nodes, as deep as they go (spawnersOn), and each of its
// spawnable scenes, one spawn of a new node as if the attacker were the
// spawner's authority, and looks for the node in the server's tree: one
// there is a SpawnAccepted finding.
func (a *auditor) spawnAll(ctx context.Context) {
	for _, place := range a.spawnerPlaces() {
		for _, sc := range place.scenes {
			if ctx.Err() != nil || a.rep.Stopped != "" {
				return
			}
			res := a.forgeSpawn(ctx, place, sc)
			if res.Outcome != Crashed && res.Outcome != Dropped {
				continue
			}
			if err := a.recover(ctx, res.Outcome); err != nil {
				a.rep.Stopped = err.Error()
				return
			}
			// The attacker joined anew: its spawners are others.
			places := a.spawnerPlaces()
			i := slices.IndexFunc(places, func(p spawnerPlace) bool { return p.name == place.name })
			if i < 0 {
				break
			}
			place = places[i]
		}
	}
}

// spawnerPlaces returns the attacker's spawners (spawnersOn).
func (a *auditor) spawnerPlaces() []spawnerPlace {
	return spawnersOn(a.attacker.scene, peerName(a.attacker.m.ID()), a.victimName())
}

// forgeSpawn sends one forged spawn of a node of scene sc through the
// spawner of place, with the spawn state of the scene's synchronizers
// (spawnState), and returns its result.
func (a *auditor) forgeSpawn(ctx context.Context, place spawnerPlace, sc multiplayer.SpawnableScene) Result {
	res := Result{Node: place.at, Attack: attackSpawn, Param: sc.Path}
	state, args, why := a.spawnState(ctx, place.sp, sc)
	if why != "" {
		key := findingKey{kind: NotChecked, node: place.name, param: sc.Path}
		if _, ok := a.found[key]; !ok {
			a.found[key] = &Finding{Kind: NotChecked, Level: Info, Node: place.name, Param: sc.Path, Message: "no spawn sent: " + why}
		}
		return res
	}
	res.Args = describe(args)
	a.spawns++
	name := forgedSpawnName + itoa(a.spawns)
	a.pace(ctx)
	// A forged sync's last packets, sent until its authority was given
	// back, may be refused after its fence: those errors are not this
	// spawn's.
	select {
	case <-time.After(syncSettle):
	case <-ctx.Done():
	}
	a.obs.take()
	a.rep.Calls++
	if err := forge.SendSpawn(place.sp, sc.Path, name, state); err != nil {
		res.Outcome, res.Message = NoEffect, "not sent: "+err.Error()
		a.recordSpawn(place.name, res)
		return res
	}
	fence, err := a.sendFence()
	if err != nil {
		res.Outcome, res.Message = NoEffect, "its fence was not sent: "+err.Error()
		a.recordSpawn(place.name, res)
		return res
	}
	t := target{endpoint: endpoint{node: place.name}}
	t.rpc.Name = "\x00" // no script error is the spawn's own
	a.await(ctx, t, fence, &res)
	if res.Outcome == Crashed || res.Outcome == Dropped {
		a.recordSpawn(place.name, res)
		return res
	}
	node := place.spawnPath + "/" + name
	rctx, cancel := context.WithTimeout(ctx, a.cfg.Wait)
	_, err = a.game.NodeByPath(rctx, node)
	cancel()
	switch {
	case err == nil:
		res.Outcome, res.Message = Accepted, "the server added "+node
	case res.Outcome == Refused:
	case errors.Is(err, debugger.ErrNoNode):
		res.Outcome, res.Message = NoEffect, "the server has no "+node
	default:
		res.Outcome, res.Message = NoEffect, "the server's tree was not read: "+firstLine(err.Error())
	}
	a.recordSpawn(place.name, res)
	return res
}

// spawnState returns a forged spawn's state: for each spawn property of
// the synchronizers of the scene's root, a value of its type that a game
// is unlikely to hold (forgedValue), or, for a type it has none of, the
// value itself, read through the debugger on the server from a node of
// the scene the spawner spawned; and the values, in the properties'
// order. It says why it has none.
func (a *auditor) spawnState(ctx context.Context, sp *multiplayer.Spawner, sc multiplayer.SpawnableScene) (map[string]any, []any, string) {
	var from *multiplayer.Object
	for _, o := range sp.Objects() {
		if o.Scene() == sc.Path {
			from = o
			break
		}
	}
	state := map[string]any{}
	var args []any
	for _, sy := range sc.Synchronizers {
		if sy.Root != "" && sy.Root != "." {
			continue // not in a spawn
		}
		for _, p := range sy.Properties {
			if _, done := state[p.Path]; !p.Spawn || done {
				continue
			}
			if from == nil {
				return nil, nil, "no node of the scene was spawned for the clients, to read the type of " + p.Path + " from"
			}
			node, name := propertyAt(from.Path(), p.Path)
			rctx, cancel := context.WithTimeout(ctx, a.cfg.Wait)
			v, err := a.game.Get(rctx, node, name)
			cancel()
			if err != nil {
				return nil, nil, "the server's " + p.Path + " of " + from.Path() + " was not read: " + firstLine(err.Error())
			}
			if forged, ok := forgedValue(v); ok {
				v = forged
			}
			state[p.Path] = v
			args = append(args, v)
		}
	}
	return state, args, ""
}

// propertyAt returns the node a synchronizer's property path names, of
// the node at root ("Body:position" of /root/Main/P: /root/Main/P/Body),
// and the property's name.
func propertyAt(root, prop string) (node, name string) {
	nodePart, name, _ := strings.Cut(prop, ":")
	node = root
	if nodePart != "." && nodePart != "" {
		node += "/" + nodePart
	}
	return node, name
}

// recordSpawn notes a forged spawn's result, and its finding under the
// spawner's name (spawnerPlace).
func (a *auditor) recordSpawn(name string, res Result) {
	a.recordForged(res, SpawnAccepted, name, "a spawn by a peer that is not the spawner's authority: ")
}
