package audit

import (
	"context"
	"errors"
	"fmt"
	"path"
	"slices"
	"strings"
)

// ErrNotReached is an audit whose calls reached none of the nodes they
// were sent to: the server runs another scene, or its nodes under
// another multiplayer root. It matches ErrCouldNotAudit: a run whose
// attacks reached nothing has no findings to trust.
var ErrNotReached = fmt.Errorf("%w: its calls reached none of their nodes", ErrCouldNotAudit)

// missingTexts are the engine's errors of a call to a node its
// multiplayer root does not have (scene_cache_interface.cpp,
// scene_rpc_interface.cpp): the path simplified, then the call.
var missingTexts = []string{
	"Node not found: ",
	"Failed to get path from RPC: ",
	"Requested node was not found.",
	"Unabled to find requested cached node",
	`Parameter "node" is null.`,
}

// nodeMissing says a call was refused because the server has no node
// at its path.
func nodeMissing(res Result) bool {
	return res.Outcome == Refused && slices.ContainsFunc(missingTexts, func(s string) bool {
		return strings.Contains(res.Message, s)
	})
}

// reachCount counts, of the endpoints called, those whose node the
// server has and those it lacks.
type reachCount struct{ reached, missing int }

// rootCandidates returns the multiplayer roots to try, in order, after
// the calls under the clients' root reached nothing: the roots the
// scripts give SceneTree.set_multiplayer, where the reader tells them,
// and the nodes of the running tree whose script calls it with a value
// it does not tell (self.get_path(): the node is the branch's root),
// then their children; then the tree's own root; at most maxRoots.
// Those tried are left out.
func (a *auditor) rootCandidates(tried []string) []string {
	var out []string
	add := func(r string) {
		if r == "/root" {
			r = ""
		}
		if !slices.Contains(out, r) && !slices.Contains(tried, r) {
			out = append(out, r)
		}
	}
	found, err := a.cfg.Project.Network()
	if err != nil {
		return nil
	}
	var scripts []string
	for _, s := range found.Roots {
		switch {
		case strings.HasPrefix(s.Value, "/root"):
			add(path.Clean(s.Value))
		case !slices.Contains(scripts, s.Script):
			scripts = append(scripts, s.Script)
		}
	}
	if len(scripts) > 0 {
		if tree, err := a.cfg.Project.RunningTree(a.cfg.Scene); err == nil {
			var calling []string
			for _, n := range tree {
				if slices.Contains(scripts, n.Script) {
					calling = append(calling, n.Path)
					add(n.Path)
				}
			}
			// Then their children: a root made of the node's path and a
			// child's name (str(get_path()) + "/ServerScreen").
			for _, n := range tree {
				if slices.Contains(calling, path.Dir(n.Path)) {
					add(n.Path)
				}
			}
		}
	}
	add("")
	if len(out) > maxRoots {
		out = append(out[:maxRoots-1], out[len(out)-1]) // the tree's own last
	}
	return out
}

// maxRoots bounds the roots tried: each is a join and the calls again.
const maxRoots = 8

// rootShown names a multiplayer root as the engine's paths do.
func rootShown(r string) string {
	if r == "" {
		return "/root"
	}
	return r
}

// findRoot is called when the calls under the clients' root reached
// none of their nodes: unless the root was given, it joins the clients
// again under each other candidate root (rootCandidates) and calls the
// endpoints there, keeping the first root whose nodes the server has. It
// returns ErrNotReached, naming the roots tried, when none has them.
func (a *auditor) findRoot(ctx context.Context, eps []endpoint, first reachCount) error {
	tried := []string{a.cfg.Net.Root}
	count := first
	if a.cfg.Root == "" {
		for _, r := range a.rootCandidates(tried) {
			if !a.running(ctx) {
				break
			}
			tried = append(tried, r)
			if err := a.rejoinUnder(ctx, r); err != nil {
				return err
			}
			a.clearNotes(eps)
			if count = a.callAll(ctx, eps); count.reached > 0 {
				a.notRun("(root)", fmt.Sprintf("the multiplayer root %s, found by trying %s: give it with -root",
					rootShown(r), shownRoots(tried)))
				return nil
			}
		}
	}
	if count.reached > 0 || count.missing == 0 {
		return nil
	}
	return fmt.Errorf("%w: the server runs none of the nodes called (%d), under the multiplayer roots tried (%s), of scene %s: give -root the root its scripts pass set_multiplayer, or -scene the scene it runs",
		ErrNotReached, count.missing, shownRoots(tried), a.scene)
}

// shownRoots lists roots as the engine names them.
func shownRoots(rs []string) string {
	shown := make([]string, len(rs))
	for i, r := range rs {
		shown[i] = rootShown(r)
	}
	return strings.Join(shown, ", ")
}

// rejoinUnder ends the clients and joins the server again as they did,
// declaring the nodes under multiplayer root r.
func (a *auditor) rejoinUnder(ctx context.Context, r string) error {
	a.stopClients()
	a.cfg.Net.Root = r
	if err := a.joinClients(ctx); err != nil {
		return fmt.Errorf("joining again under the multiplayer root %s: %w", rootShown(r), err)
	}
	return nil
}

// clearNotes drops the NotChecked findings of endpoints, made under a
// root that was not the server's.
func (a *auditor) clearNotes(eps []endpoint) {
	for _, e := range eps {
		script, _, _ := e.rpc.Where()
		delete(a.found, findingKey{NotChecked, e.node, e.rpc.Name, "", script})
	}
}

// errNoRoot is a root that is not absolute.
var errNoRoot = errors.New("a multiplayer root is absolute: /root/Main")
