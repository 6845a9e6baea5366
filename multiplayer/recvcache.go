package multiplayer

// recvCache is the nodes a peer named by cache ids (SIMPLIFY_PATH). As in
// the engine, an id outlives its node: a node despawned and spawned again
// at the same path is found by the path (get_cached_object), so a peer
// that still names it by the old id reaches the new node.
type recvCache struct {
	ids    map[uint32]*recvNode
	byPath map[string]uint32 // the last id given each path
	swept  uint64            // rpcLayer.drops when ids was last swept of the dead
	// The nodes whose checksum the peer's differed from, maxCached at most.
	mismatched map[*Node]bool
}

// recvNode is a node a peer named: its path, and the node last found there.
type recvNode struct {
	path string
	node *Node
}

// cached returns the node peer from names by cache id id, or nil (r.mu
// held).
func (r *rpcLayer) cached(from PeerID, id uint32) *Node {
	c := r.recv[from]
	if c == nil {
		return nil
	}
	e := c.ids[id]
	if e == nil {
		return nil
	}
	if e.node.gone {
		n := r.nodes[e.path]
		if n == nil {
			return nil
		}
		e.node = n
	}
	return e.node
}

// addCached records that peer from names node n by id, unless the id is
// taken or the peer has named too many nodes (r.mu held). A new id for a
// path replaces the last one: a peer names a path anew only once its own
// node there left, as a player respawned. Ids of nodes gone with no node
// at their path now are forgotten when the cache is full and a node was
// dropped since it was last swept. So a peer that spawns and despawns its
// nodes for ever does not fill its cache, and a full cache costs nothing
// more per packet.
func (r *rpcLayer) addCached(from PeerID, id uint32, n *Node) bool {
	c := r.recv[from]
	if c == nil {
		c = &recvCache{ids: map[uint32]*recvNode{}, byPath: map[string]uint32{}, swept: r.drops}
		r.recv[from] = c
	}
	if c.ids[id] != nil {
		return false
	}
	if old, ok := c.byPath[n.path]; ok {
		delete(c.ids, old)
		r.unnamed++
	}
	if len(c.ids) >= len(r.nodes)+maxCached && c.swept != r.drops {
		c.swept = r.drops
		for k, e := range c.ids {
			if e.node.gone && r.nodes[e.path] == nil {
				delete(c.ids, k)
				r.unnamed++
				delete(c.byPath, e.path)
			}
		}
	}
	if len(c.ids) >= len(r.nodes)+maxCached {
		return false
	}
	c.ids[id] = &recvNode{path: n.path, node: n}
	c.byPath[n.path] = id
	return true
}

// mismatch notes that peer from's checksum of node n differs from this
// side's, and reports whether it is the first time for n (r.mu held, the
// peer's cache made): each node's ChecksumError is then made, whatever
// the peer's other errors, so that every node that differs is named (in
// OnError, or in a RepeatedError). Once maxCached nodes are noted, every
// further one is taken as noted.
func (r *rpcLayer) mismatch(from PeerID, n *Node) bool {
	c := r.recv[from]
	if c.mismatched[n] || len(c.mismatched) >= maxCached {
		return false
	}
	if c.mismatched == nil {
		c.mismatched = map[*Node]bool{}
	}
	c.mismatched[n] = true
	return true
}
