package multiplayer

// Visibility: a node this side spawned is spawned on the peers it is
// visible to and despawned from the others; a synchronizer syncs only to
// the peers its node is visible to. A node is visible to a peer if it is
// public or shown to that peer (SetVisibility), and its own and its
// spawner's filters say so (SetVisibilityFilter). The filters are the
// game's code: they run with no lock held, so that they may call any
// method of the package, as evaluations.

// An evaluation asks the visibility filters of some objects about some
// peers, with no lock held, then applies what they said under the locks:
// an update asks about objects for every peer (SetVisibility,
// UpdateVisibility, a spawn), a join about every node this side spawned
// for the peer that joins, a tick about the due objects of others (a
// node another peer spawned, or one of the game's scene) for every peer.
// Evaluations may run at once, one goroutine's and another's: each is
// numbered as it starts (replLayer.asked), an update in its objects'
// asked and a join in its peer's joined, and what one said of an object
// and a peer is applied unless a later one that asks about them has
// started: the last started is the one that stands, whichever ends
// first. A tick's applies nothing (see shownTo).
type evaluation struct {
	seq     uint64 // 0 for a tick's
	join    bool   // a join's: of peers[0]
	objs    []*Object
	peers   []PeerID
	filters []visibilityFilters // per object, read under r.mu
	pass    [][]bool            // per object with a filter, per peer: what its filters said
	index   map[PeerID]int      // peers' places, for a tick's, if any object has a filter
}

// visibilityFilters are an object's own filter and its spawner's.
type visibilityFilters struct {
	own     func(PeerID) bool
	spawner func(*Object, PeerID) bool
}

// ask starts an evaluation of the filters of objs for peers (r.mu held).
func (r *replLayer) ask(objs []*Object, peers []PeerID, seq uint64) *evaluation {
	e := &evaluation{seq: seq, objs: objs, peers: peers, filters: make([]visibilityFilters, len(objs))}
	for i, o := range objs {
		e.filters[i] = visibilityFilters{o.filter, o.spawner.filter}
	}
	return e
}

// update starts an update of objs for every peer (r.mu held): finish
// ends it.
func (r *replLayer) update(objs ...*Object) *evaluation {
	r.asked++
	for _, o := range objs {
		o.asked = r.asked
	}
	peers := make([]PeerID, 0, len(r.states))
	for id := range r.states {
		peers = append(peers, id)
	}
	return r.ask(objs, peers, r.asked)
}

// show spawns on a peer that joined the nodes this side spawned that are
// visible to it, with no lock held.
func (r *replLayer) show(id PeerID) {
	r.mu.Lock()
	p := r.states[id]
	if p == nil {
		r.mu.Unlock()
		return
	}
	self := r.peers.self()
	var objs []*Object
	for _, s := range r.spawners {
		for _, o := range s.objects.All() {
			if o.from == self {
				objs = append(objs, o)
			}
		}
	}
	r.asked++
	p.joined = r.asked
	e := r.ask(objs, []PeerID{id}, r.asked)
	e.join = true
	r.mu.Unlock()
	r.finish(e)
}

// call asks the filters, with no lock held.
func (e *evaluation) call() {
	for i, f := range e.filters {
		if f.own == nil && f.spawner == nil {
			continue
		}
		if e.pass == nil {
			e.pass = make([][]bool, len(e.objs))
		}
		o, pass := e.objs[i], make([]bool, len(e.peers))
		for j, peer := range e.peers {
			pass[j] = (f.own == nil || f.own(peer)) && (f.spawner == nil || f.spawner(o, peer))
		}
		e.pass[i] = pass
	}
}

// passes reports what the filters of object i said of peer j.
func (e *evaluation) passes(i, j int) bool { return e.pass == nil || e.pass[i] == nil || e.pass[i][j] }

// finish calls an update's or a join's filters, with no lock held, and
// applies what they said: it spawns and despawns the nodes this side
// spawned, and forgets what it sent a peer of another's node hidden from
// it, as hiding does.
func (r *replLayer) finish(e *evaluation) {
	e.call()
	r.mu.Lock()
	defer r.mu.Unlock()
	r.lockSend()
	defer r.unlockSend()
	for i, o := range e.objs {
		if o.gone || !e.join && o.asked != e.seq { // a later update asks about o
			continue
		}
		for j, id := range e.peers {
			p := r.states[id]
			switch {
			case p == nil:
				continue
			case e.join && (p.joined != e.seq || o.asked > e.seq), !e.join && p.joined > e.seq:
				continue // a later evaluation asks about o and id
			}
			visible := e.passes(i, j) && (o.public || o.visible[id])
			if o.from == r.peers.id {
				r.showTo(id, p, o, visible)
			} else if !visible {
				p.forget(o)
			}
		}
	}
}

// askTick returns the tick's evaluation of the due states' objects that
// another side spawned and that have filters, for every peer; nil if none
// has (r.mu held).
func (r *replLayer) askTick(self PeerID, due ...[]*objectSync) *evaluation {
	var objs []*Object
	for _, list := range due {
		for _, sy := range list {
			o := sy.obj
			if o.from != self && (o.filter != nil || o.spawner.filter != nil) && (len(objs) == 0 || objs[len(objs)-1] != o) {
				objs = append(objs, o)
			}
		}
	}
	if len(objs) == 0 {
		return nil
	}
	peers := make([]PeerID, 0, len(r.states))
	e := r.ask(objs, peers, 0)
	e.index = make(map[PeerID]int, len(r.states))
	for id := range r.states {
		e.index[id] = len(e.peers)
		e.peers = append(e.peers, id)
	}
	return e
}

// shownTo reports whether the tick sees node o, another side's, visible
// to peer id, as e's filters said, and whether it knows: a peer that
// joined after the filters were asked is not sent o's states before the
// next tick (r.mu held).
func (e *evaluation) shownTo(o *Object, id PeerID) (visible, known bool) {
	if !(o.public || o.visible[id]) {
		return false, true
	}
	if e == nil {
		return true, true
	}
	i, j := e.place(o), -1
	if i < 0 {
		return true, true // o has no filter
	}
	if k, ok := e.index[id]; ok {
		j = k
	}
	if j < 0 {
		return false, false
	}
	return e.passes(i, j), true
}

// place returns the place of o among the evaluation's objects, or -1.
func (e *evaluation) place(o *Object) int {
	for i, x := range e.objs {
		if x == o {
			return i
		}
	}
	return -1
}

// SetVisibility says whether the node is visible to peer, or, for peer 0,
// to every peer (set_visibility_for, public_visibility; public unless
// every synchronizer of its scene is Private). A server spawns a node on
// the peers it is visible to, and despawns it from those it no longer is;
// its synchronizers sync only to those, and a Private one of a public
// node only to the peers shown it here (its scene's other synchronizers
// made the node public, as the engine spawns a node on the peers one of
// its synchronizers is visible to, and syncs each synchronizer of a node
// no spawner made, Synchronized, to its own peers). The visibility of all the node's
// synchronizers is one here otherwise.
func (o *Object) SetVisibility(peer PeerID, visible bool) {
	r := o.spawner.r
	r.mu.Lock()
	if peer == 0 {
		o.public = visible
		for _, sy := range o.syncs {
			sy.public = visible
		}
	} else if visible {
		if o.visible == nil {
			o.visible = map[PeerID]bool{}
		}
		o.visible[peer] = true
	} else {
		delete(o.visible, peer)
	}
	e := r.update(o)
	r.mu.Unlock()
	r.finish(e)
}

// SetVisibilityFilter sets a function that must also say a peer may see
// the node (add_visibility_filter; nil: none), with its spawner's, and
// applies it to every peer. It is called as peers join, by
// UpdateVisibility, and, for a node another side spawned, at each
// replication tick, with no lock held: it may call any method of the
// package, and may be called from several goroutines at once.
func (o *Object) SetVisibilityFilter(fn func(PeerID) bool) {
	r := o.spawner.r
	r.mu.Lock()
	o.filter = fn
	e := r.update(o)
	r.mu.Unlock()
	r.finish(e)
}

// UpdateVisibility applies the visibility filters again, for every peer
// (update_visibility).
func (o *Object) UpdateVisibility() {
	r := o.spawner.r
	r.mu.Lock()
	e := r.update(o)
	r.mu.Unlock()
	r.finish(e)
}

// SetVisibilityFilter sets a function that must also say a peer may see
// a node of the spawner (nil: none), with each node's own
// (Object.SetVisibilityFilter), from the next spawn or UpdateVisibility
// on. It is called as the node's filter is: with no lock held, so that it
// may call any method of the package.
func (s *Spawner) SetVisibilityFilter(fn func(o *Object, peer PeerID) bool) {
	s.r.mu.Lock()
	s.filter = fn
	s.r.mu.Unlock()
}

// UpdateVisibility applies the visibility filters again to each of the
// spawner's nodes, for every peer.
func (s *Spawner) UpdateVisibility() {
	r := s.r
	r.mu.Lock()
	var objs []*Object
	for _, o := range s.objects.All() {
		objs = append(objs, o)
	}
	e := r.update(objs...)
	r.mu.Unlock()
	r.finish(e)
}
