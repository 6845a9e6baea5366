package multiplayer

import (
	"fmt"

	"github.com/gdvar/gdvar/internal/forge"
)

// The path sent to be confirmed is the audit's (internal/forge), not the
// API's: it tells when what the server sent this side has come, which a
// game's client has no need of.
func init() {
	forge.SendPath = func(m any) (<-chan struct{}, error) { return m.(*Multiplayer).rpc.sendPath() }
}

// rootChecksum is the checksum of the multiplayer root that sendPath
// names: the engine's of a node without RPC methods (a SceneTree's root).
var rootChecksum = Checksum(nil)

// sendPath sends the server the path of the multiplayer root (".") with
// a cache id of its own (SIMPLIFY_PATH), which no call uses, and returns
// a channel closed when the server confirms it (handleConfirm). Godot's
// server confirms a path as it reads the packet, reliably on channel 0,
// after what it sent this side that way before: an RPC's calls on their
// default channel, spawns. Each costs it a cache id of this peer's.
func (r *rpcLayer) sendPath() (<-chan struct{}, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	p := r.peers
	p.mu.Lock()
	defer p.mu.Unlock()
	switch {
	case p.id == 0 || p.closed:
		return nil, ErrClosed
	case p.id == ServerID:
		return nil, fmt.Errorf("%w: a server's paths are its calls'", ErrNotAllowed)
	}
	id := r.next
	r.next++
	confirmed := make(chan struct{})
	if err := p.sendTo(ServerID, appendSimplify(nil, rootChecksum, id, "."), false, reliably); err != nil {
		return nil, err
	}
	r.rootPaths[id] = confirmed
	return confirmed, nil
}
