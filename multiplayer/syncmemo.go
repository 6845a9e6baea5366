package multiplayer

// syncMemo remembers which synchronizer a peer's cache id named, for the
// SYNCs that name theirs by path: every other player's, on a client. The
// cache ids are found through two maps (rpcLayer.cached), whose lookups,
// of a Multiplayer among many (a load test's bots) or of a peer among
// many, were most of a SYNC's cost in cache misses; a hit here is a line.
type syncMemo [syncMemoSize]memoEntry

// syncMemoSize is how many synchronizers the memo holds: a client of 120
// players keeps all of them. An id is looked for from where its peer and
// id hash to (a byte of the hash), in memoProbes entries.
const (
	syncMemoSize = 256
	memoProbes   = 4
)

// memoEntry is a cache id a peer gave and the synchronizer it named, at
// an age of the caches (memoAge); from is 0 in an empty one.
type memoEntry struct {
	from PeerID
	id   uint32
	age  uint64
	sy   *objectSync
}

// memoAge is how many times what a peer's cache id names may have
// changed: an id dropped from a peer's cache (given anew, or swept), a
// synchronizer's node forgotten by the replication (as its node is
// removed, which leaves its path for another node, which an old id then
// reaches). An entry of another age is looked up again. A peer that
// leaves takes its cache along (rpcLayer.forget): leave forgets its
// entries.
func (r *replLayer) memoAge() uint64 { return r.rpc.unnamed + r.forgotten }

// memoSlot is where a peer's id is looked for in the memo.
func memoSlot(from PeerID, id uint32) int {
	return int((uint32(from)*0x9e3779b1 ^ id*0x85ebca77) >> 24)
}

// pathSync returns the synchronizer peer from names by cache id id, or
// nil, as syncOf(r.rpc.cached(from, id)) (r.mu and the RPCs' held).
func (r *replLayer) pathSync(from PeerID, id uint32) *objectSync {
	if r.memo == nil {
		r.memo = new(syncMemo)
	}
	age := r.memoAge()
	at := memoSlot(from, id)
	free := at // where a new entry goes: the key's own, an empty one, or the first
	for k := range memoProbes {
		i := (at + k) % syncMemoSize
		m := &r.memo[i]
		if m.from == from && m.id == id {
			if m.age == age {
				return m.sy
			}
			free = i
			break
		}
		if m.from == 0 && r.memo[free].from != 0 {
			free = i
		}
	}
	sy := syncOf(r.rpc.cached(from, id))
	if sy != nil {
		r.memo[free] = memoEntry{from: from, id: id, age: age, sy: sy}
	}
	return sy
}

// forgetMemo forgets the ids of a peer that left (r.mu held), whose cache
// goes with it.
func (r *replLayer) forgetMemo(from PeerID) {
	if r.memo == nil {
		return
	}
	for i := range r.memo {
		if r.memo[i].from == from {
			r.memo[i] = memoEntry{}
		}
	}
}
