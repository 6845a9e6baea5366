package multiplayer

import (
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gdvar/gdvar"
)

// The packet sizes the engine's synchronizers keep to (sync_mtu,
// delta_mtu): a state larger alone is not sent.
const (
	syncMTU  = 1350
	deltaMTU = 65535
)

// replLayer is a Multiplayer's replication, its topmost part: the
// spawners and synchronized nodes, the objects they hold, what each peer
// was sent and spawned, and the goroutine that sends the synchronizers'
// states each tick. Its lock is taken first: under it, it takes the RPCs'
// (the nodes and their cache ids) and the transport's, to send. No user
// code runs under it: the callbacks run after, and the visibility filters
// with no lock held (visibility.go).
type replLayer struct {
	cfg   *config
	rpc   *rpcLayer
	peers *peerLayer

	// active says a spawner or a synchronized node is declared: relays
	// are filtered, under mu, only then.
	active atomic.Bool

	mu       sync.Mutex
	spawners []*Spawner
	states   map[PeerID]*replPeer // the peers replicated with
	// The last net id this side gave, the ticks of the replicating
	// goroutine (started with the first peer, if there are spawners), the
	// changes of watched properties, and the visibility evaluations
	// started (see evaluation).
	lastNetID   uint32
	ticks       int64
	changes     uint64
	replicating bool
	asked       uint64
	// owning is told (never blocking) when this side may have become a
	// node's authority: the replicating goroutine, which waits while this
	// side owns no synchronizer, ticks again.
	owning chan struct{}
	// The synchronizers this side owned at the last tick, in the order of
	// the spawners' objects, found again once mayOwn says ownership may
	// have changed or this side's id changed (ownedBy): a client of 120
	// players owns one of their 120.
	owned      []*objectSync
	ownedStale bool
	ownedBy    PeerID
	// The peers replicated with, as r.states, each with the time of the
	// last SYNC sent to it: a tick goes through them in a row.
	order []peerTime
	// The tick's and the handlers' scratch.
	dueSyncs, dueDeltas []*objectSync
	stateBuf, valueBuf  []byte
	setBuf, readBuf     []byte
	replDec             gdvar.Decoder
	memo                *syncMemo // the synchronizers peers named by path, made with the first
	forgotten           uint64    // nodes forgotten (forgetNode), for the memo
}

// init makes r the replication of a Multiplayer of cfg, over its RPCs and
// its transport.
func (r *replLayer) init(cfg *config, rpc *rpcLayer, peers *peerLayer) {
	r.cfg, r.rpc, r.peers = cfg, rpc, peers
	r.states = map[PeerID]*replPeer{}
	r.owning = make(chan struct{}, 1)
}

// mayOwn tells the replicating goroutine that this side may own a
// synchronizer now: a node was made, or its authority changed.
func (r *replLayer) mayOwn() {
	r.ownedStale = true
	select {
	case r.owning <- struct{}{}:
	default:
	}
}

// lockSend takes, r.mu held, the locks that sending takes: the RPCs' (a
// node's cache id) and the transport's.
func (r *replLayer) lockSend() {
	r.rpc.mu.Lock()
	r.peers.mu.Lock()
}

// unlockSend lets go of lockSend's locks.
func (r *replLayer) unlockSend() {
	r.peers.mu.Unlock()
	r.rpc.mu.Unlock()
}

// What a node is to replication, it keeps on the node (Node.role, which
// the remote calls do not read), under r.mu: a spawner's node holds its
// *Spawner, a spawned or synchronized node its *Object, and the node of
// one of the object's synchronizers that *objectSync. The functions below
// read it, of a node that may be nil.

// spawnerOf returns the spawner whose node n is, or nil.
func spawnerOf(n *Node) *Spawner {
	if n == nil {
		return nil
	}
	s, _ := n.role.(*Spawner)
	return s
}

// syncOf returns the synchronizer whose node n is, or nil.
func syncOf(n *Node) *objectSync {
	if n == nil {
		return nil
	}
	sy, _ := n.role.(*objectSync)
	return sy
}

// objectOf returns the object whose node, or whose synchronizer's node,
// n is, or nil.
func objectOf(n *Node) *Object {
	if n == nil {
		return nil
	}
	switch role := n.role.(type) {
	case *Object:
		return role
	case *objectSync:
		return role.obj
	}
	return nil
}

// set sets a callback, under r.mu.
func (r *replLayer) set(f func()) {
	r.mu.Lock()
	defer r.mu.Unlock()
	f()
}

// replPeer is what replication keeps of a peer (under r.mu).
type replPeer struct {
	spawned map[*Object]bool       // this side's nodes spawned on it
	held    map[*Object][][]byte   // other clients' paths of nodes hidden from it, relayed once spawned on it
	watched map[*objectSync]uint64 // the last change sent to it as DELTA (replLayer.changes)
	joined  uint64                 // the visibility evaluation of its join (see evaluation)
	// The nodes it spawned here, by its net ids, and their synchronizers,
	// by the net ids its spawns gave them.
	recvObjects map[uint32]*Object
	recvSync    map[uint32]*objectSync
}

// join starts replicating with a peer that is being admitted, if there
// are spawners (r.mu and the transport's held): the peer is then seen as
// one this side's nodes are hidden from until show spawns them, so that
// relays to it are filtered from its first.
func (r *replLayer) join(id PeerID) {
	if len(r.spawners) == 0 || r.states[id] != nil {
		return
	}
	p := &replPeer{spawned: map[*Object]bool{}, watched: map[*objectSync]uint64{},
		recvObjects: map[uint32]*Object{}, recvSync: map[uint32]*objectSync{}}
	r.states[id] = p
	r.order = append(r.order, peerTime{id: id, p: p})
	if !r.replicating && !r.peers.closed {
		r.replicating = true
		r.peers.wg.Add(1)
		go r.replicate()
	}
}

// leave forgets a peer that left, the nodes it spawned here, as the
// engine frees them, and the paths it sent that the relay holds for
// others (r.mu and the RPCs' held).
func (r *replLayer) leave(id PeerID) {
	r.forgetMemo(id) // its cache goes too (rpcLayer.forget)
	p := r.states[id]
	if p == nil {
		return
	}
	delete(r.states, id)
	r.order = slices.DeleteFunc(r.order, func(t peerTime) bool { return t.id == id })
	for _, s := range r.spawners {
		for _, o := range s.objects.All() {
			for _, sy := range o.syncs {
				delete(sy.confirmed, id) // its confirmations go too
			}
		}
	}
	for _, o := range p.recvObjects {
		r.remove(o)
	}
	for _, other := range r.states {
		for o, held := range other.held {
			held = slices.DeleteFunc(held, func(pkt []byte) bool { return PeerID(le32(pkt[2:])) == id })
			if len(held) == 0 {
				delete(other.held, o)
			} else {
				other.held[o] = held
			}
		}
	}
}

// showTo spawns node o on peer id, or despawns it, as visible says, if
// this side spawned it (r.mu, the RPCs' and the transport's held). A peer
// is first sent the spawner's path, then the spawn, which names the
// spawner by it.
func (r *replLayer) showTo(id PeerID, p *replPeer, o *Object, visible bool) {
	if o.from != r.peers.id || o.gone || visible == p.spawned[o] {
		return
	}
	if !visible {
		delete(p.spawned, o)
		p.forget(o)
		r.peers.sendTo(id, appendDespawn(nil, o.netID), false, reliably)
		return
	}
	listed := func(k int) (uint32, bool) {
		sy := o.syncs[k]
		return sy.spawnID, sy.decl.atRoot && !sy.ownedAtSpawn // else the peers take it by its path, from its owner
	}
	if r.sendSpawn(id, o.spawner, o.scene, o.netID, o.name, o.data, o.values, listed) == nil {
		p.spawned[o] = true
		for _, held := range p.held[o] {
			r.peers.sendTo(id, held, false, reliably)
		}
		delete(p.held, o)
	}
}

// sendSpawn sends peer id a SPAWN of a node of scene sc of spawner s,
// first the spawner's path, which the spawn names it by (r.mu, the RPCs'
// and the transport's held): the node's net id, name and custom spawn
// data, and, for each synchronizer of the scene that listed says goes in
// the spawn (by its place in sc.syncs), its net id and the values of its
// spawn properties, of values (by place in sc.props). It is the one
// encoder of a spawn: the spawner's owner's (showTo), and a client's
// forged one (Spawner.SendSpawn).
func (r *replLayer) sendSpawn(id PeerID, s *Spawner, sc *scene, netID uint32, name string, data []byte, values [][]byte,
	listed func(k int) (uint32, bool)) error {
	if _, err := r.rpc.simplify(id, s.node); err != nil {
		return err // the peer is leaving, or cannot take more
	}
	pkt := spawnPacket{scene: uint8(sc.index), spawner: s.node.cacheID, netID: netID, name: name, data: data}
	var state []byte
	for k, d := range sc.syncs {
		syncID, ok := listed(k)
		if !ok {
			continue
		}
		pkt.syncIDs = binary.LittleEndian.AppendUint32(pkt.syncIDs, syncID)
		for _, i := range d.spawn {
			state = append(state, values[i]...)
		}
	}
	pkt.state = state
	return r.peers.sendTo(id, appendSpawn(nil, pkt), false, reliably)
}

// forget drops what peer p was last sent of o's synchronizers' changes,
// as the engine erases its last_watch_usecs when it hides a synchronizer
// from the peer or the authority changes: their next DELTA to p holds
// every watched property (r.mu held).
func (p *replPeer) forget(o *Object) {
	for _, sy := range o.syncs {
		delete(p.watched, sy)
	}
}

// relayFilter returns what of a client's relayed packet goes on to peer
// to (r.mu, the RPCs' and the transport's held; only once r.active): nothing of the replication of a node this side spawned
// and hides from to. Its states are dropped; its path, from the node's
// authority, is held and relayed once the node is spawned on to, since
// the client syncs the node to to only once to has confirmed the path:
// rebuilt, without what followed it, at most one per node of the scene,
// so that what is held is bounded by the nodes, not by what the client
// sends. pkt is the relayed packet; what is returned is pkt, a part of
// it, or nil.
func (r *replLayer) relayFilter(errs *errorRuns, from, to PeerID, pkt []byte) []byte {
	p := r.states[to]
	if p == nil {
		return pkt
	}
	hidden := func(n *Node) bool {
		o := objectOf(n)
		return o != nil && o.from == r.peers.id && !p.spawned[o] && !o.gone
	}
	inner := pkt[sysSize:]
	switch inner[0] & cmdMask {
	case cmdSimplifyPath:
		checksum, id, path, err := parseSimplify(errs, inner)
		if err != nil {
			return pkt
		}
		if n := r.rpc.nodeAt(path); hidden(n) {
			if o := objectOf(n); from == PeerID(n.authority.Load()) && len(p.held[o]) < len(o.syncs)+1 {
				if p.held == nil {
					p.held = map[*Object][][]byte{}
				}
				p.held[o] = append(p.held[o], appendSimplify(appendSys(nil, sysRelay, from), string(checksum), id, string(path)))
			}
			return nil
		}
	case cmdSync:
		sr, err := readSync(errs, inner)
		if err != nil {
			return pkt
		}
		head := len(inner) - len(sr.rest)
		var kept []byte // nil while every state goes on
		for {
			start := len(inner) - len(sr.rest)
			st, ok, err := sr.next()
			if err != nil || !ok {
				break
			}
			if st.netID&pathNetID != 0 && hidden(r.rpc.cached(from, st.netID&^pathNetID)) {
				if kept == nil {
					kept = append([]byte(nil), pkt[:sysSize+start]...)
				}
				continue
			}
			if kept != nil {
				kept = append(kept, inner[start:len(inner)-len(sr.rest)]...)
			}
		}
		switch {
		case kept == nil:
			return pkt
		case len(kept) == sysSize+head:
			return nil
		}
		return kept
	}
	return pkt
}

// replicate sends the synchronizers' states each tick until the
// Multiplayer closes. While this side owns no synchronizer (a server
// whose players own theirs), it does not tick, but waits for mayOwn: a
// small match's server would else wake 60 times a second for nothing,
// as often as a 2-player match at 30 Hz has syncs to relay.
func (r *replLayer) replicate() {
	defer r.peers.wg.Done()
	t := time.NewTicker(r.cfg.tick)
	defer t.Stop()
	for {
		select {
		case <-r.peers.closing:
			return
		case <-t.C:
			if r.tick() {
				continue
			}
			t.Stop()
			select {
			case <-r.peers.closing:
				return
			case <-r.owning:
			}
			t.Reset(r.cfg.tick)
		}
	}
}

// tick sends each peer the states of the synchronizers this side owns
// that are due and visible to it: a SYNC of their Always properties, a
// DELTA of their OnChange properties that changed since the peer's last.
// The filters of another side's nodes among them are asked first, with
// no lock held. It reports whether this side owns a synchronizer.
func (r *replLayer) tick() (owns bool) {
	self := r.peers.self()
	r.mu.Lock()
	defer r.mu.Unlock()
	r.ticks++
	now := r.ticks
	syncs, deltas := r.dueSyncs[:0], r.dueDeltas[:0]
	for _, sy := range r.ownedBySelf(self) {
		owns = true
		if len(sy.decl.always) > 0 && now >= sy.lastSync+r.ticksOf(sy.decl.Interval) {
			sy.lastSync = now
			syncs = append(syncs, sy)
		}
		if len(sy.decl.watch) > 0 && now >= sy.lastWatch+r.ticksOf(sy.decl.DeltaInterval) {
			sy.lastWatch = now
			deltas = append(deltas, sy)
		}
	}
	r.dueSyncs, r.dueDeltas = syncs, deltas
	if len(syncs)+len(deltas) == 0 {
		return owns
	}
	e := r.askTick(self, syncs, deltas)
	if e != nil {
		r.mu.Unlock()
		e.call()
		r.mu.Lock()
	}
	r.lockSend()
	defer r.unlockSend()
	for i := range r.order {
		r.sendStates(&r.order[i], syncs, false, e)
		r.sendStates(&r.order[i], deltas, true, e)
	}
	return owns
}

// peerTime is a peer replicated with, and the time of the last SYNC sent
// to it.
type peerTime struct {
	id       PeerID
	p        *replPeer
	syncTime uint16
}

// ownedBySelf returns the synchronizers whose authority this side, self,
// is, of the nodes not removed (r.mu held): those of the last tick,
// unless ownership may have changed since.
func (r *replLayer) ownedBySelf(self PeerID) []*objectSync {
	if !r.ownedStale && r.ownedBy == self {
		for _, sy := range r.owned {
			if sy.authority != self || sy.obj.gone {
				r.ownedStale = true
				break
			}
		}
	}
	if r.ownedStale || r.ownedBy != self {
		r.owned, r.ownedStale, r.ownedBy = r.owned[:0], false, self
		for _, s := range r.spawners {
			for _, o := range s.objects.All() {
				for _, sy := range o.syncs {
					if sy.authority == self {
						r.owned = append(r.owned, sy)
					}
				}
			}
		}
	}
	return r.owned
}

// ticksOf is how many ticks an interval takes, at least one.
func (r *replLayer) ticksOf(d time.Duration) int64 {
	return max(1, int64((d+r.cfg.tick-1)/r.cfg.tick))
}

// sendStates sends peer id the SYNC, or DELTA, of the synchronizers due,
// in packets of at most the engine's size, the visibility of another
// side's nodes as the tick's evaluation e says (r.mu, the RPCs' and the
// transport's held). A node despawned, or handed to another peer, while
// the filters were asked is skipped.
func (r *replLayer) sendStates(to *peerTime, due []*objectSync, delta bool, e *evaluation) {
	id, p := to.id, to.p
	mtu, how := syncMTU, unreliably
	if delta {
		mtu, how = deltaMTU, reliably
	}
	self := r.peers.id
	buf := r.stateBuf[:0]
	head := 0
	for _, sy := range due {
		o := sy.obj
		if o.gone || sy.authority != self || o.from == self && (!p.spawned[o] || !sy.public && !o.visible[id]) {
			continue
		}
		if o.from != self {
			visible, known := e.shownTo(o, id)
			if !visible && known {
				p.forget(o) // hidden, as an update forgets it
			}
			if !visible || o.from == noPeer && !sy.public && !o.visible[id] {
				continue // as the engine syncs each synchronizer of a node no spawner made
			}
		}
		netID := sy.netID
		if netID == 0 {
			if !sy.confirmed[id] {
				confirmed, err := r.rpc.simplify(id, sy.node)
				if !confirmed || err != nil {
					continue // as the engine, until the peer has confirmed the path
				}
				if sy.confirmed == nil {
					sy.confirmed = map[PeerID]bool{}
				}
				sy.confirmed[id] = true
			}
			netID = pathNetID | sy.node.cacheID
		}
		st := syncState{netID: netID}
		props := sy.decl.always
		if delta {
			// A peer never sent a DELTA of sy, or that was forgotten, is
			// sent every watched property that has a value.
			last, sent := p.watched[sy]
			var changed []int
			for k, at := range sy.changed {
				if at > last || !sent && o.values[sy.decl.watch[k]] != nil {
					st.changed |= 1 << k
					changed = append(changed, sy.decl.watch[k])
				}
			}
			if st.changed == 0 {
				continue
			}
			props = changed
			p.watched[sy] = r.changes
		}
		values, ok := r.valuesOf(o, props)
		if !ok || len(values) > mtu {
			continue // a property never set, or a state too large alone
		}
		st.values = values
		if head == 0 {
			if !delta {
				to.syncTime++
			}
			buf = appendSyncHeader(buf, delta, to.syncTime)
			head = len(buf)
		}
		entry := syncEntry
		if delta {
			entry = deltaEntry
		}
		if len(buf)+entry+len(values) > mtu {
			if len(buf) > head { // a packet of the header alone would be refused
				r.peers.sendCopy(id, buf, how) // a copy of the scratch, pooled
			}
			buf = buf[:head]
		}
		buf = appendSyncState(buf, delta, st)
	}
	if head > 0 && len(buf) > head {
		r.peers.sendCopy(id, buf, how) // a copy of the scratch, pooled
	}
	r.stateBuf = buf
}

// valuesOf appends the values of the given properties of o to r's scratch
// buffer, false if one was never set (r.mu held).
func (r *replLayer) valuesOf(o *Object, props []int) ([]byte, bool) {
	b := r.valueBuf[:0]
	for _, i := range props {
		if o.values[i] == nil {
			return nil, false
		}
		b = append(b, o.values[i]...)
	}
	r.valueBuf = b
	return b, true
}

// handleSpawn spawns the node a peer's SPAWN says, if that peer owns the
// spawner; errs are the sender's (see refuse).
func (r *replLayer) handleSpawn(errs *errorRuns, from PeerID, b []byte) error {
	p, err := parseSpawn(errs, b)
	if err != nil {
		return err
	}
	r.mu.Lock()
	r.rpc.mu.Lock()
	o, err := r.spawnFrom(errs, from, p)
	r.rpc.mu.Unlock()
	var fn func(*Object)
	if o != nil {
		fn = o.spawner.onSpawn
	}
	r.mu.Unlock()
	if err != nil {
		return err
	}
	if fn != nil {
		fn(o)
	}
	return nil
}

// spawnFrom makes the node of a peer's spawn (r.mu and the RPCs' held).
func (r *replLayer) spawnFrom(errs *errorRuns, from PeerID, p spawnPacket) (*Object, error) {
	n := r.rpc.cached(from, p.spawner)
	s := spawnerOf(n)
	if s == nil {
		return nil, errs.refuse(ErrUnknownNode, func() error { return fmt.Errorf("%w: spawner of cache id %d", ErrUnknownNode, p.spawner) })
	}
	rp := r.states[from]
	if from != ServerID || rp == nil {
		return nil, errs.refuse(ErrNotAllowed, func() error {
			return fmt.Errorf("%w: a spawn from peer %d, which does not own %s", ErrNotAllowed, from, s.node.Path())
		})
	}
	var sc *scene
	switch {
	case p.scene == customScene:
		var err error
		if sc, err = s.customOfData(p.data); err != nil {
			return nil, err
		}
	case int(p.scene) < len(s.scenes):
		sc = s.scenes[p.scene]
	default:
		return nil, errs.refuse(ErrUnknownScene, func() error {
			return fmt.Errorf("%w: %s has no scene %d", ErrUnknownScene, s.node.Path(), p.scene)
		})
	}
	if s.objects.Len() >= s.taken {
		return nil, errs.refuse(ErrNotAllowed, func() error { return s.full })
	}
	if len(rp.recvObjects) >= r.cfg.maxSpawned { // nested spawners multiply each one's limit
		return nil, errs.refuse(ErrNotAllowed, func() error {
			return fmt.Errorf("%w: this side holds %d nodes of its server's spawns, its limit (WithMaxSpawned)", ErrNotAllowed, r.cfg.maxSpawned)
		})
	}
	if rp.recvObjects[p.netID] != nil {
		return nil, errs.refuse(ErrNotAllowed, func() error { return fmt.Errorf("%w: net id %d spawned twice", ErrNotAllowed, p.netID) })
	}
	// The listed synchronizers are those of the scene's root that the
	// server keeps: the first of the root's, here, where none is given to
	// a peer before it is spawned.
	var listed []int
	for k, d := range sc.syncs {
		if d.atRoot {
			listed = append(listed, k)
		}
	}
	count := len(p.syncIDs) / 4
	if count > len(listed) {
		return nil, errs.refuse(ErrMalformed, func() error {
			return malformed("a spawn of %s with %d synchronizers, of %d", sc.Path, count, len(listed))
		})
	}
	listed = listed[:count]
	var data []byte
	if p.data != nil {
		var err error
		if data, err = r.readValues(errs, nil, p.data, 1, true); err != nil {
			return nil, errs.refuse(ErrMalformed, func() error { return fmt.Errorf("%s: spawn data: %w", sc.Path, err) })
		}
	}
	values := make([][]byte, len(sc.props))
	state := p.state
	for _, k := range listed {
		for _, i := range sc.syncs[k].spawn {
			v, err := r.readValues(errs, nil, state, 1, false)
			if err != nil {
				return nil, errs.refuse(ErrMalformed, func() error { return fmt.Errorf("%s: spawn state: %w", sc.Path, err) })
			}
			values[i], state = v, state[len(v):]
		}
	}
	for k := range count {
		id := le32(p.syncIDs[4*k:])
		if rp.recvSync[id] != nil {
			return nil, errs.refuse(ErrNotAllowed, func() error { return fmt.Errorf("%w: synchronizer net id %d given twice", ErrNotAllowed, id) })
		}
	}
	o, err := s.add(sc, p.name, from, p.netID, data, values)
	if err != nil {
		return nil, err
	}
	for j, k := range listed {
		sy := o.syncs[k]
		sy.spawnID = le32(p.syncIDs[4*j:])
		rp.recvSync[sy.spawnID] = sy
	}
	rp.recvObjects[p.netID] = o
	return o, nil
}

// readValues returns the first count compressed values of b, checked as
// a call's arguments are, appended to dst; whole says they must fill b.
// errs are the sender's (see refuse).
func (r *replLayer) readValues(errs *errorRuns, dst, b []byte, count int, whole bool) ([]byte, error) {
	rest := b
	for range count {
		if len(rest) == 0 {
			return nil, errs.refuse(ErrMalformed, func() error { return malformed("%d values, in %d bytes", count, len(b)) })
		}
		var n int
		var err error
		if r.readBuf, n, err = readArg(errs, &r.replDec, r.readBuf[:0], rest, r.cfg.codec); err != nil {
			return nil, errs.refuse(ErrMalformed, func() error { return fmt.Errorf("%w: %w", ErrMalformed, err) })
		}
		rest = rest[n:]
	}
	if whole && len(rest) > 0 {
		return nil, errs.refuse(ErrMalformed, func() error { return malformed("%d bytes after %d values", len(rest), count) })
	}
	return append(dst, b[:len(b)-len(rest)]...), nil
}

// handleDespawn removes the node a peer's DESPAWN names, one it spawned;
// errs are the sender's (see refuse).
func (r *replLayer) handleDespawn(errs *errorRuns, from PeerID, b []byte) error {
	netID, err := parseDespawn(errs, b)
	if err != nil {
		return err
	}
	r.mu.Lock()
	var o *Object
	if rp := r.states[from]; rp != nil {
		o = rp.recvObjects[netID]
	}
	if o == nil {
		r.mu.Unlock()
		return errs.refuse(ErrNotAllowed, func() error {
			return fmt.Errorf("%w: a despawn of net id %d, which peer %d did not spawn", ErrNotAllowed, netID, from)
		})
	}
	r.rpc.mu.Lock()
	r.remove(o)
	r.rpc.mu.Unlock()
	fn := o.spawner.onDespawn
	r.mu.Unlock()
	if fn != nil {
		fn(o)
	}
	return nil
}

// handleSync takes a peer's SYNC or DELTA: the state of each synchronizer
// that peer owns. A state that cannot be taken is an error, the first
// returned, and the others are still taken, as the engine does; the
// states refused after the first are dropped without an error of their
// own, which no one would see: a packet of 8-byte states, each refused,
// costs one error, not one with a path for each 8 bytes. errs are the
// sender's (see refuse).
func (r *replLayer) handleSync(errs *errorRuns, from PeerID, b []byte) error {
	sr, err := readSync(errs, b)
	if err != nil {
		return err
	}
	var first error
	type objectFunc struct {
		o  *Object
		fn func(*Object, PeerID)
	}
	var synced []objectFunc // read under r.mu, called after
	r.mu.Lock()
	r.rpc.mu.Lock()
	for {
		st, ok, err := sr.next()
		if err != nil || !ok {
			first = cmp.Or(first, err)
			break
		}
		o, err := r.takeState(from, sr, st, first == nil)
		if err != nil {
			first = cmp.Or(first, err)
			if errors.Is(err, ErrMalformed) {
				break // as the engine, which stops at a state it cannot decode
			}
			continue
		}
		if o == nil {
			continue
		}
		if fn := o.spawner.onSync; fn != nil && (len(synced) == 0 || synced[len(synced)-1].o != o) {
			synced = append(synced, objectFunc{o, fn})
		}
	}
	r.rpc.mu.Unlock()
	r.mu.Unlock()
	for _, s := range synced {
		s.fn(s.o, from)
	}
	return first
}

// takeState takes one synchronizer's state (r.mu and the RPCs' held); a state too old,
// or of a synchronizer not spawned yet, is skipped without error. A state
// refused is an error that says why if explain is set and the sender's
// errors are not being counted (see refuse), else the bare sentinel it
// wraps.
func (r *replLayer) takeState(from PeerID, sr syncReader, st syncState, explain bool) (*Object, error) {
	refuse := func(kind error, why func() error) error {
		if !explain {
			return kind
		}
		return sr.errs.refuse(kind, why)
	}
	var sy *objectSync
	if st.netID&pathNetID != 0 {
		sy = r.pathSync(from, st.netID&^pathNetID)
		if sy == nil {
			return nil, refuse(ErrUnknownNode, func() error {
				return fmt.Errorf("%w: no synchronizer of cache id %d", ErrUnknownNode, st.netID&^pathNetID)
			})
		}
	} else if rp := r.states[from]; rp != nil {
		sy = rp.recvSync[st.netID]
		if sy == nil {
			return nil, nil // not received yet, as the engine says
		}
	}
	if sy == nil {
		return nil, refuse(ErrNoPeer, func() error { return fmt.Errorf("%w: a sync from peer %d, which was not announced", ErrNoPeer, from) })
	}
	o := sy.obj
	if sy.authority != from {
		return nil, refuse(ErrNotAllowed, func() error {
			return fmt.Errorf("%w: a sync of %s from peer %d; its authority is %d", ErrNotAllowed, sy.node.Path(), from, sy.authority)
		})
	}
	props := sy.decl.always
	if sr.delta {
		props = props[:0:0]
		for k, i := range sy.decl.watch {
			if st.changed&(1<<k) != 0 {
				props = append(props, i)
			}
		}
		if len(props) == 0 {
			return nil, refuse(ErrMalformed, func() error {
				return malformed("a delta of %s that changes none of its %d properties", sy.node.Path(), len(sy.decl.watch))
			})
		}
	} else if !sy.updateInTime(sr.time) {
		return nil, nil // too old
	}
	rest := st.values
	for _, i := range props {
		// Checked, then copied over the last value in place: a state of
		// values no longer than the last allocates nothing.
		v, err := r.readValues(sr.errs, o.values[i][:0], rest, 1, false)
		if err != nil {
			return nil, refuse(ErrMalformed, func() error { return fmt.Errorf("state of %s: %w", sy.node.Path(), err) })
		}
		o.values[i] = v
		rest = rest[len(v):]
	}
	if sr.delta && len(rest) > 0 {
		return nil, refuse(ErrMalformed, func() error {
			return malformed("a delta of %s with %d bytes after its values", sy.node.Path(), len(rest))
		})
	}
	return o, nil
}

// updateInTime takes the time of a SYNC, false if it is older than the
// last one taken (update_inbound_sync_time: times wrap at 2^16).
func (sy *objectSync) updateInTime(t uint16) bool {
	if sy.inStarted && t <= sy.inTime && sy.inTime-t < 32767 {
		return false
	}
	sy.inStarted, sy.inTime = true, t
	return true
}
