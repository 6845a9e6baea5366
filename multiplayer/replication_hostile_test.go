package multiplayer

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
)

// replicationFlood is a replication packet (the ith of a flood), handed
// to m from c.
type replicationFlood struct {
	name   string
	m      *Multiplayer
	c      *conn
	packet func(i uint32) []byte
}

// What a peer's replication packets allocate, per byte received, stays
// within hostile.Bound: a server's flood of distinct spawns (each a node
// kept), a client's flood of syncs and deltas of its node, and of syncs
// of synchronizers that do not exist, and packets of states refused.
func TestHostileReplication(t *testing.T) {
	const size = 1 << 20
	client, _, server := replicaOfFake(t)
	m, c, mine := serverOfFake(t)
	val := func(v any) []byte {
		b, err := AppendArg(nil, v)
		require.NoError(t, err)
		return b
	}
	floods := append([]replicationFlood{
		{"distinct spawns, to a client", client, server, func(i uint32) []byte {
			return appendSpawn(nil, spawnOf(t, 2*i+100, "N"+strconv.Itoa(int(i))))
		}},
		{"syncs of the client's node", m, c, func(i uint32) []byte {
			return appendSyncState(appendSyncHeader(nil, false, uint16(i+1)), false, syncState{netID: mine, values: val(gdvar.Vector2{X: float64(i)})})
		}},
		{"deltas of the client's node", m, c, func(i uint32) []byte {
			return appendSyncState(appendSyncHeader(nil, true, 0), true, syncState{netID: mine, changed: 1, values: val(int64(i))})
		}},
		{"syncs of unknown synchronizers", m, c, func(i uint32) []byte {
			return appendSyncState(appendSyncHeader(nil, false, 1), false, syncState{netID: pathNetID | (i + 10), values: val(true)})
		}},
	}, refusedStates(t)...)
	for _, f := range floods {
		flood(t, f.name, f.m, f.c, size, f.packet)
		f.c.queue, f.c.queued = packetQueue{}, 0
	}
}

// refusedStates are packets of the most states a packet holds, 8 bytes
// each (16 in a DELTA), each refused: of a synchronizer a client does not
// own, whose node has a long name (the error of each named it), and of
// cache ids no synchronizer has, from a client and from a server.
func refusedStates(t testing.TB) []replicationFlood {
	m, c, _ := serverOfFake(t)
	other, err := m.spawners[0].Spawn(testScene, strings.Repeat("n", 240), map[string]any{propPos: gdvar.Vector2{}, propColor: gdvar.Color{}})
	require.NoError(t, err)
	other.SetAuthority(3)
	require.NoError(t, m.handle(c, appendSimplify(nil, emptyChecksum, 2, "Main/Players/"+other.Name()+"/Sync"), reliably))
	client, _, server := replicaOfFake(t)
	states := func(delta bool, netID uint32) func(uint32) []byte {
		b := appendSyncHeader(nil, delta, 1)
		for len(b)+deltaEntry < DefaultMaxPacket {
			b = appendSyncState(b, delta, syncState{netID: netID, changed: 1})
		}
		return func(uint32) []byte { return b }
	}
	return []replicationFlood{
		{"syncs of another peer's synchronizer", m, c, states(false, pathNetID|2)},
		{"deltas of another peer's synchronizer", m, c, states(true, pathNetID|2)},
		{"syncs of unknown cache ids, many a packet", m, c, states(false, pathNetID|99)},
		{"syncs of unknown cache ids, to a client", client, server, states(false, pathNetID|99)},
	}
}

// A packet of refused states costs one error, which says why, however
// many states it holds: those refused after the first are dropped without
// an error of their own (each made one, naming its node: 64 KiB of them
// took 16 378 allocations, 32 760 with the node's path; 1 MiB of them
// allocated 24 bytes a byte received, 86 with a long name).
func TestRefusedStatesCostOneError(t *testing.T) {
	for _, r := range refusedStates(t) {
		packet := r.packet(0)
		var err error
		allocs := testing.AllocsPerRun(10, func() { err = r.m.handle(r.c, packet, reliably) })
		assert.True(t, isPackageError(err), "%s: %v", r.name, err)
		assert.LessOrEqual(t, allocs, 8.0, "%s: %d bytes", r.name, len(packet))
		t.Logf("%s: %.0f allocations: %v", r.name, allocs, err)
	}
}
