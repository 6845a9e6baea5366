package multiplayer

import (
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"time"
)

// The packet sizes the engine's synchronizers keep to (sync_mtu,
// delta_mtu): a state larger alone is not sent.
const (
	syncMTU  = 1350
	deltaMTU = 65535
)

// replPeer is what replication keeps of a peer (under m.mu).
type replPeer struct {
	spawned  map[*Object]bool       // this side's nodes spawned on it
	held     map[*Object][][]byte   // other clients' paths of nodes hidden from it, relayed once spawned on it
	syncTime uint16                 // the time of the last SYNC sent to it
	watched  map[*objectSync]uint64 // the last change sent to it as DELTA (Multiplayer.changes)
	// The nodes it spawned here, by its net ids, and their synchronizers,
	// by the net ids its spawns gave them.
	recvObjects map[uint32]*Object
	recvSync    map[uint32]*objectSync
}

// joinRepl starts replicating with a peer that joined: it is spawned this
// side's nodes visible to it (m.mu held).
func (m *Multiplayer) joinRepl(id PeerID) {
	if len(m.spawners) == 0 || m.repl[id] != nil {
		return
	}
	m.repl[id] = &replPeer{spawned: map[*Object]bool{}, watched: map[*objectSync]uint64{},
		recvObjects: map[uint32]*Object{}, recvSync: map[uint32]*objectSync{}}
	for _, s := range m.spawners {
		for _, o := range s.objects.All() {
			m.updateSpawn(id, o)
		}
	}
	if !m.replicating && !m.closed {
		m.replicating = true
		m.wg.Add(1)
		go m.replicate()
	}
}

// leaveRepl forgets a peer that left, the nodes it spawned here, as the
// engine frees them, and the paths it sent that the relay holds for
// others (m.mu held).
func (m *Multiplayer) leaveRepl(id PeerID) {
	p := m.repl[id]
	if p == nil {
		return
	}
	delete(m.repl, id)
	for _, o := range p.recvObjects {
		m.remove(o)
	}
	for _, other := range m.repl {
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

// updateSpawn spawns node o on peer id, or despawns it, as its visibility
// says, if this side spawned it (m.mu held). A peer is first sent the
// spawner's path, then the spawn, which names the spawner by it.
func (m *Multiplayer) updateSpawn(id PeerID, o *Object) {
	p := m.repl[id]
	if p == nil || o.from != m.id || o.gone {
		return
	}
	visible := o.visibleTo(id)
	if visible == p.spawned[o] {
		return
	}
	if !visible {
		delete(p.spawned, o)
		p.forget(o)
		m.sendTo(id, appendDespawn(nil, o.netID), false, reliably)
		return
	}
	s := o.spawner
	if _, err := m.simplify(id, s.node); err != nil {
		return // the peer is leaving, or cannot take more
	}
	pkt := spawnPacket{scene: uint8(o.scene.index), spawner: s.node.cacheID, netID: o.netID, name: o.name, data: o.data}
	var state []byte
	for _, sy := range o.syncs {
		pkt.syncIDs = binary.LittleEndian.AppendUint32(pkt.syncIDs, sy.spawnID)
		for _, i := range sy.decl.spawn {
			state = append(state, o.values[i]...)
		}
	}
	pkt.state = state
	if m.sendTo(id, appendSpawn(nil, pkt), false, reliably) == nil {
		p.spawned[o] = true
		for _, held := range p.held[o] {
			m.sendTo(id, held, false, reliably)
		}
		delete(p.held, o)
	}
}

// forget drops what peer p was last sent of o's synchronizers' changes,
// as the engine erases its last_watch_usecs when it hides a synchronizer
// from the peer or the authority changes: their next DELTA to p holds
// every watched property (m.mu held).
func (p *replPeer) forget(o *Object) {
	for _, sy := range o.syncs {
		delete(p.watched, sy)
	}
}

// relayFilter returns what of a client's relayed packet goes on to peer
// to (m.mu held): nothing of the replication of a node this side spawned
// and hides from to. Its states are dropped; its path, from the node's
// authority, is held and relayed once the node is spawned on to, since
// the client syncs the node to to only once to has confirmed the path:
// rebuilt, without what followed it, at most one per node of the scene,
// so that what is held is bounded by the nodes, not by what the client
// sends. pkt is the relayed packet; what is returned is pkt, a part of
// it, or nil.
func (m *Multiplayer) relayFilter(from, to PeerID, pkt []byte) []byte {
	p := m.repl[to]
	if p == nil {
		return pkt
	}
	hidden := func(n *Node) bool {
		return n != nil && n.object != nil && n.object.from == m.id && !p.spawned[n.object] && !n.object.gone
	}
	inner := pkt[sysSize:]
	switch inner[0] & cmdMask {
	case cmdSimplifyPath:
		checksum, id, path, err := parseSimplify(inner)
		if err != nil {
			return pkt
		}
		rel, _ := relativePath(string(path))
		if n := m.nodes[rel]; hidden(n) {
			if o := n.object; from == o.authority && len(p.held[o]) < len(o.syncs)+1 {
				if p.held == nil {
					p.held = map[*Object][][]byte{}
				}
				p.held[o] = append(p.held[o], appendSimplify(appendSys(nil, sysRelay, from), checksum, id, string(path)))
			}
			return nil
		}
	case cmdSync:
		r, err := readSync(inner)
		if err != nil {
			return pkt
		}
		head := len(inner) - len(r.rest)
		var kept []byte // nil while every state goes on
		for {
			start := len(inner) - len(r.rest)
			st, ok, err := r.next()
			if err != nil || !ok {
				break
			}
			if st.netID&pathNetID != 0 && hidden(m.cached(from, st.netID&^pathNetID)) {
				if kept == nil {
					kept = append([]byte(nil), pkt[:sysSize+start]...)
				}
				continue
			}
			if kept != nil {
				kept = append(kept, inner[start:len(inner)-len(r.rest)]...)
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

// replicate sends the synchronizers' states each tick until m closes.
func (m *Multiplayer) replicate() {
	defer m.wg.Done()
	t := time.NewTicker(m.cfg.tick)
	defer t.Stop()
	for {
		select {
		case <-m.closing:
			return
		case <-t.C:
			m.tick()
		}
	}
}

// tick sends each peer the states of the synchronizers this side owns
// that are due and visible to it: a SYNC of their Always properties, a
// DELTA of their OnChange properties that changed since the peer's last.
func (m *Multiplayer) tick() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.ticks++
	now := m.ticks
	syncs, deltas := m.dueSyncs[:0], m.dueDeltas[:0]
	for _, s := range m.spawners {
		for _, o := range s.objects.All() {
			if o.authority != m.id {
				continue
			}
			for _, sy := range o.syncs {
				if len(sy.decl.always) > 0 && now >= sy.lastSync+m.ticksOf(sy.decl.Interval) {
					sy.lastSync = now
					syncs = append(syncs, sy)
				}
				if len(sy.decl.watch) > 0 && now >= sy.lastWatch+m.ticksOf(sy.decl.DeltaInterval) {
					sy.lastWatch = now
					deltas = append(deltas, sy)
				}
			}
		}
	}
	m.dueSyncs, m.dueDeltas = syncs, deltas
	if len(syncs)+len(deltas) == 0 {
		return
	}
	for id, p := range m.repl {
		m.sendStates(id, p, syncs, false)
		m.sendStates(id, p, deltas, true)
	}
}

// ticksOf is how many ticks an interval takes, at least one.
func (m *Multiplayer) ticksOf(d time.Duration) int64 {
	return max(1, int64((d+m.cfg.tick-1)/m.cfg.tick))
}

// sendStates sends peer id the SYNC, or DELTA, of the synchronizers due,
// in packets of at most the engine's size (m.mu held).
func (m *Multiplayer) sendStates(id PeerID, p *replPeer, due []*objectSync, delta bool) {
	mtu, how := syncMTU, unreliably
	if delta {
		mtu, how = deltaMTU, reliably
	}
	buf := m.stateBuf[:0]
	head := 0
	for _, sy := range due {
		o := sy.obj
		if o.from == m.id && !p.spawned[o] {
			continue
		}
		if o.from != m.id && !o.visibleTo(id) {
			p.forget(o) // hidden, as updateVisibility forgets it
			continue
		}
		netID := sy.netID
		if netID == 0 {
			confirmed, err := m.simplify(id, sy.node)
			if !confirmed || err != nil {
				continue // as the engine, until the peer has confirmed the path
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
			p.watched[sy] = m.changes
		}
		values, ok := m.valuesOf(o, props)
		if !ok || len(values) > mtu {
			continue // a property never set, or a state too large alone
		}
		st.values = values
		if head == 0 {
			if !delta {
				p.syncTime++
			}
			buf = appendSyncHeader(buf, delta, p.syncTime)
			head = len(buf)
		}
		entry := syncEntry
		if delta {
			entry = deltaEntry
		}
		if len(buf)+entry+len(values) > mtu {
			if len(buf) > head { // a packet of the header alone would be refused
				m.sendTo(id, append([]byte(nil), buf...), false, how)
			}
			buf = buf[:head]
		}
		buf = appendSyncState(buf, delta, st)
	}
	if head > 0 && len(buf) > head {
		m.sendTo(id, append([]byte(nil), buf...), false, how)
	}
	m.stateBuf = buf
}

// valuesOf appends the values of the given properties of o to m's scratch
// buffer, false if one was never set (m.mu held).
func (m *Multiplayer) valuesOf(o *Object, props []int) ([]byte, bool) {
	b := m.valueBuf[:0]
	for _, i := range props {
		if o.values[i] == nil {
			return nil, false
		}
		b = append(b, o.values[i]...)
	}
	m.valueBuf = b
	return b, true
}

// handleSpawn spawns the node a peer's SPAWN says, if that peer owns the
// spawner.
func (m *Multiplayer) handleSpawn(from PeerID, b []byte) error {
	p, err := parseSpawn(b)
	if err != nil {
		return err
	}
	m.mu.Lock()
	o, err := m.spawnFrom(from, p)
	var fn func(*Object)
	if o != nil {
		fn = o.spawner.onSpawn
	}
	m.mu.Unlock()
	if err != nil {
		return err
	}
	if fn != nil {
		fn(o)
	}
	return nil
}

// spawnFrom makes the node of a peer's spawn (m.mu held).
func (m *Multiplayer) spawnFrom(from PeerID, p spawnPacket) (*Object, error) {
	n := m.cached(from, p.spawner)
	if n == nil || n.spawner == nil {
		return nil, fmt.Errorf("%w: spawner of cache id %d", ErrUnknownNode, p.spawner)
	}
	s := n.spawner
	rp := m.repl[from]
	if from != ServerID || rp == nil {
		return nil, fmt.Errorf("%w: a spawn from peer %d, which does not own %s", ErrNotAllowed, from, s.node.Path())
	}
	var sc *scene
	switch {
	case p.scene == customScene && s.custom != nil:
		sc = s.custom
	case int(p.scene) < len(s.scenes):
		sc = s.scenes[p.scene]
	default:
		return nil, fmt.Errorf("%w: %s has no scene %d", ErrUnknownScene, s.node.Path(), p.scene)
	}
	if s.objects.Len() >= s.taken {
		return nil, s.full
	}
	if rp.recvObjects[p.netID] != nil {
		return nil, fmt.Errorf("%w: net id %d spawned twice", ErrNotAllowed, p.netID)
	}
	count := len(p.syncIDs) / 4
	if count > len(sc.syncs) {
		return nil, malformed("a spawn of %s with %d synchronizers, of %d", sc.Path, count, len(sc.syncs))
	}
	var data []byte
	if p.data != nil {
		var err error
		if data, err = m.readValues(nil, p.data, 1, true); err != nil {
			return nil, fmt.Errorf("%s: spawn data: %w", sc.Path, err)
		}
	}
	values := make([][]byte, len(sc.props))
	state := p.state
	for k := range count {
		for _, i := range sc.syncs[k].spawn {
			v, err := m.readValues(nil, state, 1, false)
			if err != nil {
				return nil, fmt.Errorf("%s: spawn state: %w", sc.Path, err)
			}
			values[i], state = v, state[len(v):]
		}
	}
	for k := range count {
		id := le32(p.syncIDs[4*k:])
		if rp.recvSync[id] != nil {
			return nil, fmt.Errorf("%w: synchronizer net id %d given twice", ErrNotAllowed, id)
		}
	}
	o, err := s.add(sc, p.name, from, p.netID, data, values)
	if err != nil {
		return nil, err
	}
	for k := range count {
		sy := o.syncs[k]
		sy.spawnID = le32(p.syncIDs[4*k:])
		rp.recvSync[sy.spawnID] = sy
	}
	rp.recvObjects[p.netID] = o
	return o, nil
}

// readValues returns the first count compressed values of b, checked as
// a call's arguments are, appended to dst; whole says they must fill b.
func (m *Multiplayer) readValues(dst, b []byte, count int, whole bool) ([]byte, error) {
	rest := b
	for range count {
		if len(rest) == 0 {
			return nil, malformed("%d values, in %d bytes", count, len(b))
		}
		var n int
		var err error
		if m.readBuf, n, err = readArg(&m.replDec, m.readBuf[:0], rest, m.cfg.codec); err != nil {
			return nil, fmt.Errorf("%w: %w", ErrMalformed, err)
		}
		rest = rest[n:]
	}
	if whole && len(rest) > 0 {
		return nil, malformed("%d bytes after %d values", len(rest), count)
	}
	return append(dst, b[:len(b)-len(rest)]...), nil
}

// handleDespawn removes the node a peer's DESPAWN names, one it spawned.
func (m *Multiplayer) handleDespawn(from PeerID, b []byte) error {
	netID, err := parseDespawn(b)
	if err != nil {
		return err
	}
	m.mu.Lock()
	var o *Object
	if rp := m.repl[from]; rp != nil {
		o = rp.recvObjects[netID]
	}
	if o == nil {
		m.mu.Unlock()
		return fmt.Errorf("%w: a despawn of net id %d, which peer %d did not spawn", ErrNotAllowed, netID, from)
	}
	m.remove(o)
	fn := o.spawner.onDespawn
	m.mu.Unlock()
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
// costs one error, not one with a path for each 8 bytes.
func (m *Multiplayer) handleSync(from PeerID, b []byte) error {
	r, err := readSync(b)
	if err != nil {
		return err
	}
	var first error
	type objectFunc struct {
		o  *Object
		fn func(*Object, PeerID)
	}
	var synced []objectFunc // read under m.mu, called after
	m.mu.Lock()
	for {
		st, ok, err := r.next()
		if err != nil || !ok {
			first = cmp.Or(first, err)
			break
		}
		o, err := m.takeState(from, r, st, first == nil)
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
	m.mu.Unlock()
	for _, s := range synced {
		s.fn(s.o, from)
	}
	return first
}

// takeState takes one synchronizer's state (m.mu held); a state too old,
// or of a synchronizer not spawned yet, is skipped without error. A state
// refused is an error that says why if explain is set, else the bare
// sentinel it wraps.
func (m *Multiplayer) takeState(from PeerID, r syncReader, st syncState, explain bool) (*Object, error) {
	var sy *objectSync
	if st.netID&pathNetID != 0 {
		n := m.cached(from, st.netID&^pathNetID)
		if n == nil || n.sync == nil {
			if !explain {
				return nil, ErrUnknownNode
			}
			return nil, fmt.Errorf("%w: no synchronizer of cache id %d", ErrUnknownNode, st.netID&^pathNetID)
		}
		sy = n.sync
	} else if rp := m.repl[from]; rp != nil {
		sy = rp.recvSync[st.netID]
		if sy == nil {
			return nil, nil // not received yet, as the engine says
		}
	}
	switch {
	case sy == nil && !explain:
		return nil, ErrNoPeer
	case sy == nil:
		return nil, fmt.Errorf("%w: a sync from peer %d, which was not announced", ErrNoPeer, from)
	}
	o := sy.obj
	switch {
	case o.authority != from && !explain:
		return nil, ErrNotAllowed
	case o.authority != from:
		return nil, fmt.Errorf("%w: a sync of %s from peer %d; its authority is %d", ErrNotAllowed, sy.node.Path(), from, o.authority)
	}
	props := sy.decl.always
	if r.delta {
		props = props[:0:0]
		for k, i := range sy.decl.watch {
			if st.changed&(1<<k) != 0 {
				props = append(props, i)
			}
		}
		if len(props) == 0 {
			return nil, malformed("a delta of %s that changes none of its %d properties", sy.node.Path(), len(sy.decl.watch))
		}
	} else if !sy.updateInTime(r.time) {
		return nil, nil // too old
	}
	rest := st.values
	for _, i := range props {
		v, err := m.readValues(nil, rest, 1, false)
		if err != nil {
			return nil, fmt.Errorf("state of %s: %w", sy.node.Path(), err)
		}
		o.values[i] = append(o.values[i][:0], v...)
		rest = rest[len(v):]
	}
	if r.delta && len(rest) > 0 {
		return nil, malformed("a delta of %s with %d bytes after its values", sy.node.Path(), len(rest))
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
