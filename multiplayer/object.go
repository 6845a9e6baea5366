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
	// Under r.mu: per scene property, compressed; nil until set. Beside
	// spawner, which a SYNC taken reads too (its OnSync): one cache line.
	values [][]byte
	scene  *scene
	name   string
	netID  uint32 // given by the side that spawned it
	from   PeerID // that side
	data   []byte // a custom spawn's data, compressed
	node   *Node
	syncs  []*objectSync
	// The nodes of scene.nodes, in its order (a synchronizer's node if
	// one is at the path), and the spawners of scene.spawners.
	children []*Node
	spawners []*Spawner

	// Under r.mu:
	authority PeerID // its root's; each synchronizer has its own
	public    bool
	visible   map[PeerID]bool
	filter    func(PeerID) bool
	asked     uint64 // the last update of its visibility started (see evaluation)
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
	// ownedAtSpawn says a peer owned it as it entered the tree
	// (SpawnWithOwners): each peer takes it so, and spawns list it not.
	ownedAtSpawn bool

	// Under r.mu. The first three, which a SYNC taken reads, are in the
	// line of obj and decl.
	authority PeerID // its node's: the peer that sends its state
	inTime    uint16 // the time of the last SYNC taken
	inStarted bool
	public    bool     // not Private, or shown to all (SetVisibility(0, true))
	netID     uint32   // the spawn's; 0 once its authority changed, as the engine resets it
	lastSync  int64    // when this side last sent its SYNC, in ticks
	lastWatch int64    // when it last looked for changes to send as DELTA
	changed   []uint64 // per watched property, when it last changed (replLayer.changes; 0: never)
	// The peers that confirmed its node's path, once asked of the RPCs
	// (rpcLayer.simplify): a tick sends it to each peer without their
	// two maps. A confirmation lasts as long as the peer and the node.
	confirmed map[PeerID]bool
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

// Child returns the node at path below the node (relative, as
// SpawnedNode.Path names it), for its RPC methods: set its handlers with
// Handle, call peers' with Call. It returns nil if the scene declares no
// such node. A despawn forgets it, as it forgets the node itself.
func (o *Object) Child(path string) *Node {
	for i, n := range o.scene.nodes {
		if n.path == path {
			return o.children[i]
		}
	}
	return nil
}

// SpawnerAt returns the spawner at path below the node (relative, as
// SceneSpawner.Path names it: "Weapon/ProjectileSpawner"), one the
// node's scene declares, or nil. It is the node's: its nodes spawn under
// its spawn path, resolved from the node's, and when the node is
// despawned they are too, before it, wherever they are, as the engine's
// spawner leaving the tree despawns what it spawned; the spawner then
// spawns no more. A node spawned again of the name has a spawner anew.
// Handlers set by its Handle are those of its scenes, which the same
// spawner of each node of the scene shares; its callbacks (OnSpawn, …)
// are its own: on a client, set them in the node's OnSpawn, before its
// spawner's first spawn can come.
func (o *Object) SpawnerAt(path string) *Spawner {
	for i, d := range o.scene.spawners {
		if d.path == path {
			return o.spawners[i]
		}
	}
	return nil
}

// Data decodes a custom spawn's data into v, as Call.Decode does.
func (o *Object) Data(v any) error {
	if o.data == nil {
		return fmt.Errorf("multiplayer: %s was not spawned with data", o.Path())
	}
	return decodeValue(o.data, v, o.spawner.r.cfg.codec)
}

// Get decodes the value of the property at path (as Property.Path names
// it) into v, as Call.Decode does. A property never set is an error.
func (o *Object) Get(path string, v any) error {
	r := o.spawner.r
	i, err := o.prop(path)
	if err != nil {
		return err
	}
	r.mu.Lock()
	b := bytes.Clone(o.values[i])
	r.mu.Unlock()
	if b == nil {
		return fmt.Errorf("multiplayer: %s: property %q not set", o.Path(), path)
	}
	return decodeValue(b, v, r.cfg.codec)
}

// Set sets the property at path to v. This side's synchronizers send it
// to the peers, if this side is the node's authority: in every SYNC, or in
// a DELTA if it changed, as the property's Replicate says.
func (o *Object) Set(path string, v any) error {
	r := o.spawner.r
	i, err := o.prop(path)
	if err != nil {
		return err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	b, err := AppendArg(r.setBuf[:0], v, r.cfg.codec)
	r.setBuf = b
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
// it (r.mu held).
func (o *Object) changedProp(i int) {
	r := o.spawner.r
	for _, sy := range o.syncs {
		if k := slices.Index(sy.decl.watch, i); k >= 0 {
			r.changes++
			sy.changed[k] = r.changes
		}
	}
}

// Authority returns the peer that owns the node's root: its
// synchronizers and children are that peer's too, unless SetAuthorityAt
// or SpawnWithOwners gave them to another. This side sends a
// synchronizer's state if it owns it, and takes it only from its owner.
func (o *Object) Authority() PeerID {
	r := o.spawner.r
	r.mu.Lock()
	defer r.mu.Unlock()
	return o.authority
}

// SetAuthority makes peer the node's authority, of its synchronizers and
// its RPCs, and those of every node of its scene, its spawners too
// (set_multiplayer_authority, recursive): a spawner a peer owns spawns
// nothing here (SpawnerAt). As in the engine, a synchronizer whose
// authority changes is named by its path from then on.
func (o *Object) SetAuthority(peer PeerID) {
	r := o.spawner.r
	r.mu.Lock()
	defer r.mu.Unlock()
	o.setAuthorities(func(string) (PeerID, bool) { return peer, true })
}

// SetAuthorityAt makes peer the authority of the node at path below the
// node's root ("." for the root itself, "Inputs") and of each node under
// it, as set_multiplayer_authority(peer) on that node: of their
// synchronizers (Synchronizer.Path), RPCs and spawners
// (SceneSpawner.Path). A path that is not one below the root is an
// error.
func (o *Object) SetAuthorityAt(path string, peer PeerID) error {
	if path != "." && !validChildPath(path) {
		return fmt.Errorf("multiplayer: %s: %q is not a path below it", o.Path(), path)
	}
	r := o.spawner.r
	r.mu.Lock()
	defer r.mu.Unlock()
	o.setAuthorities(func(p string) (PeerID, bool) { return peer, holds(path, p) })
	return nil
}

// setAuthorities makes each node of o, named by its path below the root
// ("." the root), the authority f gives it, if f gives one (r.mu held).
// As the engine restarts a synchronizer whose authority changes, its
// net id and what was sent and taken of it are reset.
func (o *Object) setAuthorities(f func(path string) (PeerID, bool)) {
	r := o.spawner.r
	if peer, ok := f("."); ok {
		o.authority = peer
		o.node.SetAuthority(peer)
	}
	for i, n := range o.scene.nodes {
		if peer, ok := f(n.path); ok {
			o.children[i].SetAuthority(peer)
		}
	}
	for i, d := range o.scene.spawners {
		if peer, ok := f(d.path); ok {
			o.spawners[i].node.SetAuthority(peer)
		}
	}
	for _, sy := range o.syncs {
		peer, ok := f(sy.decl.Path)
		if !ok || sy.authority == peer {
			continue
		}
		sy.authority = peer
		sy.node.SetAuthority(peer)
		sy.netID, sy.lastSync, sy.lastWatch = 0, 0, 0
		sy.inStarted = false
		clear(sy.changed)
		for _, p := range r.states {
			delete(p.watched, sy)
		}
	}
	r.mayOwn()
}

// Despawn removes the node, on every peer it was spawned on (the spawned
// node's queue_free on the spawner's owner).
func (o *Object) Despawn() error {
	r := o.spawner.r
	r.mu.Lock()
	defer r.mu.Unlock()
	r.lockSend()
	defer r.unlockSend()
	if o.gone {
		return fmt.Errorf("multiplayer: %s is despawned already", o.Path())
	}
	if o.from != r.peers.id {
		return fmt.Errorf("%w: %s was spawned by peer %d", ErrNotAllowed, o.Path(), o.from)
	}
	r.sendDespawns(o)
	r.remove(o)
	return nil
}

// sendDespawns despawns o on each peer it was spawned on, and first the
// nodes its spawners spawned (r.mu and lockSend's held): as in the
// engine, whose node leaves the tree after its children, the last child
// first, each spawner leaving the tree despawning the nodes it spawned,
// in or out of it. Here the last spawner's go first, each's newest
// first; the engine's order follows where they are in its tree.
func (r *replLayer) sendDespawns(o *Object) {
	for _, s := range slices.Backward(o.spawners) {
		for _, c := range slices.Backward(s.held()) {
			r.sendDespawns(c)
		}
	}
	pkt := appendDespawn(nil, o.netID)
	for id, p := range r.states {
		if p.spawned[o] {
			r.peers.sendTo(id, pkt, false, reliably) // a peer that cannot take it is leaving or full: as the engine, no retry
		}
	}
}

// remove forgets a node (r.mu and the RPCs' held), and the nodes of its
// scene, as the engine forgets the nodes that left the tree: its
// spawners, first, with the nodes they spawned.
func (r *replLayer) remove(o *Object) {
	if o.gone {
		return // a spawner's node that went with its holder, and then with the peer that spawned both
	}
	o.gone = true
	for _, s := range o.spawners {
		for _, c := range s.held() {
			r.remove(c)
		}
		s.gone = true
		r.forgetNode(s.node)
	}
	if len(o.spawners) > 0 {
		r.spawners = slices.DeleteFunc(r.spawners, func(s *Spawner) bool { return s.gone })
	}
	s := o.spawner
	s.objects.Remove(o.name) // names are unique among a spawner's nodes
	r.forgetNode(o.node)
	for _, sy := range o.syncs {
		r.forgetNode(sy.node)
	}
	for _, n := range o.children {
		r.rpc.dropNode(n) // once: a synchronizer's was dropped above
	}
	for _, p := range r.states {
		delete(p.spawned, o)
		delete(p.held, o)
		p.forget(o)
	}
	if p := r.states[o.from]; p != nil { // a peer's spawn: its net ids go
		delete(p.recvObjects, o.netID)
		for _, sy := range o.syncs {
			if p.recvSync[sy.spawnID] == sy {
				delete(p.recvSync, sy.spawnID)
			}
		}
	}
}

// forgetNode forgets what a node of a removed object was to replication,
// and the node itself if a spawn made it (r.mu and the RPCs' held).
func (r *replLayer) forgetNode(n *Node) {
	n.role = nil
	r.forgotten++
	r.rpc.dropNode(n)
}

// decodeValue decodes one compressed value into v.
func decodeValue(b []byte, v any, c *gdvar.Codec) error {
	value, _, err := ReadArg(nil, b, c)
	if err != nil {
		return err
	}
	return c.Unmarshal(value, v)
}
