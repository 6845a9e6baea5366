package multiplayer

import (
	"fmt"

	"github.com/gdvar/gdvar/internal/forge"
)

// The forged spawn is the audit's (internal/forge), not the API's: no
// game's client sends one.
func init() {
	forge.SendSpawn = func(spawner any, scenePath, name string, state map[string]any) error {
		return spawner.(*Spawner).sendForgedSpawn(scenePath, name, state)
	}
}

// sendForgedSpawn sends the server a spawn of a node of the spawnable scene
// scenePath, named name, with state as Spawn takes it (its spawn
// properties', of each synchronizer of the scene's root, which the spawn
// lists), as a client that is not the spawner's authority would: what a
// hostile client can send, and what gdvar audit sends to see whether a
// server takes it. It is no way to spawn: this side keeps nothing of it,
// and a game's spawns are its server's (Spawn).
//
// Godot's server refuses it unless the spawner's authority is this client
// (a game that gave the spawner away with set_multiplayer_authority): it
// prints `Condition "p_from != spawner->get_multiplayer_authority()" is
// true. Returning: ERR_UNAUTHORIZED` and makes nothing. A Go server
// refuses it as a spawn from a peer that does not own the spawner
// (ErrNotAllowed, reported to its OnError). The spawner's path goes first,
// as the server's own spawns name it: a server that takes the spawn adds
// the node under the spawn path, and its spawn state is this client's.
//
// An error is a scene the spawner does not declare, a name that is not a
// valid node name, a state without a spawn property or with a property
// the scene lacks, a value that does not encode, this side being the
// server (ErrNotAllowed: a server spawns with Spawn), or the packet not
// sent (ErrNoPeer: not connected).
func (s *Spawner) sendForgedSpawn(scenePath, name string, state map[string]any) error {
	r := s.r
	var sc *scene
	for _, c := range s.scenes {
		if c.Path == scenePath {
			sc = c
		}
	}
	if sc == nil {
		return fmt.Errorf("%w: spawner %s declares no scene %q", ErrUnknownScene, s.node.Path(), scenePath)
	}
	if !validNodeName([]byte(name)) {
		return fmt.Errorf("multiplayer: %q is not a valid node name", name)
	}
	values, err := sc.spawnValues(state, r.cfg.codec, func(*syncDecl) bool { return true })
	if err != nil {
		return err
	}
	if r.peers.self() == ServerID {
		return fmt.Errorf("%w: a forged spawn is a client's; a server spawns with Spawn", ErrNotAllowed)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	// Net ids of this side's, as the spawner's authority gives them: the
	// server keeps them as this peer's, never as its own.
	netID := r.nextNetID()
	syncIDs := make([]uint32, len(sc.syncs))
	for k, d := range sc.syncs {
		if d.atRoot {
			syncIDs[k] = r.nextNetID()
		}
	}
	r.lockSend()
	defer r.unlockSend()
	return r.sendSpawn(ServerID, s, sc, netID, name, nil, values, func(k int) (uint32, bool) {
		return syncIDs[k], sc.syncs[k].atRoot
	})
}
