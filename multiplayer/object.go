package multiplayer

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/gdvar/gdvar"
)

// Object is a node a Spawner spawned: here, on the server, or by the
// spawner's owner, on a client. It holds the values of its synchronizers'
// properties, as their wire form.
type Object struct {
	spawner *Spawner
	scene   *scene
	name    string
	netID   uint32 // given by the side that spawned it
	from    PeerID // that side
	data    []byte // a custom spawn's data, compressed
	node    *Node
	syncs   []*objectSync

	// Under m.mu:
	values    [][]byte // per scene property, compressed; nil until set
	authority PeerID
	public    bool
	visible   map[PeerID]bool
	filter    func(PeerID) bool
	gone      bool
}

// objectSync is one synchronizer of an Object.
type objectSync struct {
	obj  *Object
	decl *syncDecl
	node *Node // its node, whose path peers give cache ids

	// The net id the spawn gave it, which later spawns on joining peers
	// give it too.
	spawnID uint32

	// Under m.mu:
	netID     uint32   // the spawn's; 0 once its authority changed, as the engine resets it
	lastSync  int64    // when this side last sent its SYNC, in ticks
	lastWatch int64    // when it last looked for changes to send as DELTA
	changed   []uint64 // per watched property, when it last changed (Multiplayer.changes; 0: never)
	inTime    uint16   // the time of the last SYNC taken
	inStarted bool
}

// Name returns the node's name.
func (o *Object) Name() string { return o.name }

// Path returns the node's absolute path.
func (o *Object) Path() string { return o.node.Path() }

// Scene returns the path of the node's scene, as its SpawnableScene declares it.
func (o *Object) Scene() string { return o.scene.Path }

// Spawner returns the node's spawner.
func (o *Object) Spawner() *Spawner { return o.spawner }

// Node returns the node itself, for its RPC methods (SpawnableScene.Methods).
func (o *Object) Node() *Node { return o.node }

// Data decodes a custom spawn's data into v, as Call.Decode does.
func (o *Object) Data(v any) error {
	if o.data == nil {
		return fmt.Errorf("multiplayer: %s was not spawned with data", o.Path())
	}
	return decodeValue(o.data, v, o.spawner.m.cfg.codec)
}

// Get decodes the value of the property at path (as Property.Path names
// it) into v, as Call.Decode does. A property never set is an error.
func (o *Object) Get(path string, v any) error {
	m := o.spawner.m
	i, err := o.prop(path)
	if err != nil {
		return err
	}
	m.mu.Lock()
	b := bytes.Clone(o.values[i])
	m.mu.Unlock()
	if b == nil {
		return fmt.Errorf("multiplayer: %s: property %q not set", o.Path(), path)
	}
	return decodeValue(b, v, m.cfg.codec)
}

// Set sets the property at path to v. This side's synchronizers send it
// to the peers, if this side is the node's authority: in every SYNC, or in
// a DELTA if it changed, as the property's Replicate says.
func (o *Object) Set(path string, v any) error {
	m := o.spawner.m
	i, err := o.prop(path)
	if err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	b, err := AppendArg(m.setBuf[:0], v, m.cfg.codec)
	m.setBuf = b
	if err != nil || o.values[i] != nil && bytes.Equal(b, o.values[i]) {
		return err
	}
	o.values[i] = append(o.values[i][:0], b...)
	o.changedProp(i)
	return nil
}

// prop returns the place of the property at path in the scene's list.
func (o *Object) prop(path string) (int, error) {
	if i := slices.Index(o.scene.props, path); i >= 0 {
		return i, nil
	}
	return 0, fmt.Errorf("multiplayer: scene %s has no property %q", o.scene.Path, path)
}

// changedProp notes that property i changed, for the DELTAs that watch
// it (m.mu held).
func (o *Object) changedProp(i int) {
	m := o.spawner.m
	for _, sy := range o.syncs {
		if k := slices.Index(sy.decl.watch, i); k >= 0 {
			m.changes++
			sy.changed[k] = m.changes
		}
	}
}

// Authority returns the peer that owns the node's synchronizers: this
// side sends their state if it is this side, and takes it only from that
// peer.
func (o *Object) Authority() PeerID {
	m := o.spawner.m
	m.mu.Lock()
	defer m.mu.Unlock()
	return o.authority
}

// SetAuthority makes peer the node's authority, of its synchronizers and
// its RPCs (set_multiplayer_authority, recursive). As in the engine, a
// synchronizer whose authority changes is named by its path from then on.
func (o *Object) SetAuthority(peer PeerID) {
	m := o.spawner.m
	m.mu.Lock()
	defer m.mu.Unlock()
	if o.authority == peer {
		return
	}
	o.authority = peer
	o.node.SetAuthority(peer)
	for _, sy := range o.syncs {
		sy.node.SetAuthority(peer)
		sy.netID, sy.lastSync, sy.lastWatch = 0, 0, 0
		sy.inStarted = false
		clear(sy.changed)
	}
	for _, p := range m.repl {
		p.forget(o)
	}
}

// SetVisibility says whether the node is visible to peer, or, for peer 0,
// to every peer (set_visibility_for, public_visibility; public unless a
// synchronizer of its scene is Private). A server spawns a node on the peers it is visible to, and
// despawns it from those it no longer is; its synchronizers sync only to
// those. The visibility of all the node's synchronizers is one here.
func (o *Object) SetVisibility(peer PeerID, visible bool) {
	m := o.spawner.m
	m.mu.Lock()
	defer m.mu.Unlock()
	if peer == 0 {
		o.public = visible
	} else if visible {
		if o.visible == nil {
			o.visible = map[PeerID]bool{}
		}
		o.visible[peer] = true
	} else {
		delete(o.visible, peer)
	}
	o.updateVisibility()
}

// SetVisibilityFilter sets a function that must also say a peer may see
// the node (add_visibility_filter; nil: none), with its spawner's. It is
// called, holding the Multiplayer's lock, as peers join and by
// UpdateVisibility: it must not call the Multiplayer.
func (o *Object) SetVisibilityFilter(fn func(PeerID) bool) {
	m := o.spawner.m
	m.mu.Lock()
	defer m.mu.Unlock()
	o.filter = fn
	o.updateVisibility()
}

// UpdateVisibility applies the visibility filter again, for every peer
// (update_visibility).
func (o *Object) UpdateVisibility() {
	m := o.spawner.m
	m.mu.Lock()
	defer m.mu.Unlock()
	o.updateVisibility()
}

// visibleTo reports whether the node is visible to peer (m.mu held).
func (o *Object) visibleTo(peer PeerID) bool {
	if o.filter != nil && !o.filter(peer) || o.spawner.filter != nil && !o.spawner.filter(o, peer) {
		return false
	}
	return o.public || o.visible[peer]
}

// updateVisibility spawns and despawns the node as its visibility says, on
// the side that spawned it; on another, it forgets what its synchronizers
// sent the peers it is hidden from (m.mu held).
func (o *Object) updateVisibility() {
	m := o.spawner.m
	if o.gone {
		return
	}
	for _, id := range m.targets() {
		switch p := m.repl[id]; {
		case o.from == m.id:
			m.updateSpawn(id, o)
		case p != nil && !o.visibleTo(id):
			p.forget(o)
		}
	}
}

// Despawn removes the node, on every peer it was spawned on (the spawned
// node's queue_free on the spawner's owner).
func (o *Object) Despawn() error {
	m := o.spawner.m
	m.mu.Lock()
	defer m.mu.Unlock()
	if o.gone {
		return fmt.Errorf("multiplayer: %s is despawned already", o.Path())
	}
	if o.from != m.id {
		return fmt.Errorf("%w: %s was spawned by peer %d", ErrNotAllowed, o.Path(), o.from)
	}
	pkt := appendDespawn(nil, o.netID)
	for id, p := range m.repl {
		if p.spawned[o] {
			m.sendTo(id, pkt, false, reliably) // a peer that cannot take it is leaving or full: as the engine, no retry
		}
	}
	m.remove(o)
	return nil
}

// remove forgets a node (m.mu held).
func (m *Multiplayer) remove(o *Object) {
	o.gone = true
	s := o.spawner
	s.objects.Remove(o.name) // names are unique among a spawner's nodes
	m.dropNode(o.node)
	for _, sy := range o.syncs {
		m.dropNode(sy.node)
	}
	for _, p := range m.repl {
		delete(p.spawned, o)
		delete(p.held, o)
		p.forget(o)
	}
	if p := m.repl[o.from]; p != nil && o.from != m.id {
		delete(p.recvObjects, o.netID)
		for _, sy := range o.syncs {
			if p.recvSync[sy.spawnID] == sy {
				delete(p.recvSync, sy.spawnID)
			}
		}
	}
}

// dropNode forgets a spawned scene's node (m.mu held), and this side's
// cache id of it, as the engine forgets a node that left the tree: a node
// spawned again at its path is named anew. Peers' cache ids of it stay
// (see recvCache).
func (m *Multiplayer) dropNode(n *Node) {
	if !n.spawned { // a declared node the scene shared: it stays
		n.object, n.sync = nil, nil
		return
	}
	if m.nodes[n.path] != n {
		return
	}
	n.gone = true
	m.drops++
	delete(m.nodes, n.path)
	if n.cacheID != 0 {
		delete(m.byCache, n.cacheID)
	}
	for _, sent := range m.sent {
		delete(sent, n)
	}
}

// decodeValue decodes one compressed value into v.
func decodeValue(b []byte, v any, c *gdvar.Codec) error {
	value, _, err := ReadArg(nil, b, c)
	if err != nil {
		return err
	}
	return c.Unmarshal(value, v)
}
