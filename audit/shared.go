package audit

import (
	"fmt"
	"path"
	"strings"
	"unicode"

	"github.com/gdvar/gdvar/project"
)

// stakes are the words of a name whose value players play for: any
// peer that changes it wins, or makes another lose or wait.
var stakes = map[string]bool{
	"score": true, "scores": true, "points": true, "health": true, "hp": true, "life": true, "lives": true,
	"turn": true, "turns": true, "win": true, "wins": true, "winner": true,
}

// maxShared is how many of a body's changes a finding names.
const maxShared = 3

// sharedChange returns what the body of an any_peer method changes that
// other peers see, as a finding says it, or "" if nothing the audit
// knows of: a property that a synchronizer replicates from the method's
// own node, assigned (synced holds them, "node:property"); a name of
// stakes, assigned on anything; an RPC sent to other peers.
func sharedChange(e endpoint, synced map[string]bool) string {
	eff := e.rpc.Effects()
	var what []string
	named := map[string]bool{} // a name assigned alone and on something is said once
	for _, a := range eff.Assigns {
		switch {
		case named[a.Name]:
		case a.Own && synced[e.node+":"+a.Name]:
			what = append(what, fmt.Sprintf("assigns %s, which a MultiplayerSynchronizer replicates (line %d)", a.Name, a.Line))
			named[a.Name] = true
		case isStake(a.Name):
			what = append(what, fmt.Sprintf("assigns %s (line %d)", a.Name, a.Line))
			named[a.Name] = true
		}
	}
	for _, s := range eff.Sends {
		name := s.Method
		if name == "" {
			name = "a method"
		}
		if s.All {
			what = append(what, fmt.Sprintf("sends %s to every peer (rpc, line %d)", name, s.Line))
		} else {
			what = append(what, fmt.Sprintf("sends %s to a peer (rpc_id, line %d)", name, s.Line))
		}
	}
	if len(what) == 0 {
		return ""
	}
	if len(what) > maxShared {
		what = append(what[:maxShared], fmt.Sprintf("%d more", len(what)-maxShared))
	}
	return strings.Join(what, "; ")
}

// isStake says a name has a word of stakes: player_score, currentTurn.
func isStake(name string) bool {
	words := strings.FieldsFunc(name, func(r rune) bool { return r == '_' || unicode.IsDigit(r) })
	for _, w := range words {
		start := 0
		for i, r := range w {
			if i > 0 && unicode.IsUpper(r) && !unicode.IsUpper(rune(w[i-1])) { // a camelCase word's start
				if stakes[strings.ToLower(w[start:i])] {
					return true
				}
				start = i
			}
		}
		if stakes[strings.ToLower(w[start:])] {
			return true
		}
	}
	return false
}

// addSynced notes the properties a synchronizer at node at replicates,
// each as "node:property", its node's path absolute as the surface's.
func (s *surface) addSynced(at string, sy *project.SynchronizerSettings) {
	root := sy.RootPath
	if !strings.HasPrefix(root, "/") {
		root = path.Join(at, root)
	}
	for _, prop := range sy.Properties {
		node, name, ok := strings.Cut(prop.Path, ":")
		if !ok {
			continue
		}
		name, _, _ = strings.Cut(name, ":") // position of position:x
		if s.synced == nil {
			s.synced = map[string]bool{}
		}
		s.synced[path.Join(root, node)+":"+name] = true
	}
}
