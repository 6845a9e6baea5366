package multiplayer

import (
	"encoding/binary"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/cputime"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
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
		b, err := AppendArg(nil, v, nil)
		require.NoError(t, err)
		return b
	}
	shipsClient, _, shipsServer := shipsOfFake(t)
	shotsClient, _, shotsServer := shipsOfFake(t)
	require.NoError(t, shotsClient.route(shotsServer, ship(1), reliably))
	require.NoError(t, shotsClient.route(shotsServer, appendSimplify(nil, emptyChecksum, 2, "Main/Players/A/Weapon/Gun"), reliably))
	shot := shot(t, 0)
	floods := append([]replicationFlood{
		{"distinct spawns, to a client", client, server, func(i uint32) []byte {
			return appendSpawn(nil, spawnOf(t, 2*i+100, "N"+strconv.Itoa(int(i))))
		}},
		{"distinct ships, each with two spawners, to a client", shipsClient, shipsServer, func(i uint32) []byte {
			return appendSpawn(nil, spawnPacket{spawner: 1, netID: i + 100, name: "N" + strconv.Itoa(int(i))})
		}},
		{"distinct shots through a ship's spawner, to a client", shotsClient, shotsServer, func(i uint32) []byte {
			p, err := parseSpawn(nil, shot)
			require.NoError(t, err)
			p.netID, p.syncIDs, p.name = 2*i+100, binary.LittleEndian.AppendUint32(nil, 2*i+101), "S"+strconv.Itoa(int(i))
			return appendSpawn(nil, p)
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
		dropQueued(f.c)
	}
}

// refusedStates are packets of the most states a packet holds, 8 bytes
// each (16 in a DELTA), each refused: of a synchronizer a client does not
// own, whose node has a long name (the error of each named it), and of
// cache ids no synchronizer has, from a client and from a server.
func refusedStates(t testing.TB) []replicationFlood {
	m, c, _ := serverOfFake(t)
	other, err := m.repl.spawners[0].Spawn(testScene, strings.Repeat("n", 240), map[string]any{propPos: gdvar.Vector2{}, propColor: gdvar.Color{}})
	require.NoError(t, err)
	other.SetAuthority(3)
	require.NoError(t, m.route(c, appendSimplify(nil, emptyChecksum, 2, "Main/Players/"+other.Name()+"/Sync"), reliably))
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
		allocs := testing.AllocsPerRun(10, func() { err = r.m.route(r.c, packet, reliably) })
		assert.True(t, isPackageError(err), "%s: %v", r.name, err)
		assert.LessOrEqual(t, allocs, 8.0, "%s: %d bytes", r.name, len(packet))
		t.Logf("%s: %.0f allocations: %v", r.name, allocs, err)
	}
}

// A server's flood of the smallest distinct spawns, of 1 MiB and 8 MiB:
// its client takes DefaultSpawnLimit nodes and refuses the rest, holding
// the same whatever the flood's size (it held 34 bytes a byte received,
// 35 MiB of 1 MiB, 272 MiB of 8, and allocated 47) and allocating
// within hostile.Bound.
func TestSpawnFlood(t *testing.T) {
	for _, size := range []int{1 << 20, 8 << 20} {
		client, players, server := replicaOfFake(t)
		packets, total := spawnFlood(size)
		hostile.Collect()
		before := hostile.HeapInUse()
		var refused int
		alloc := hostile.Allocated(func() {
			for _, p := range packets {
				if client.route(server, p, reliably) != nil {
					refused++
				}
			}
		})
		held := hostile.HeapInUse() - before
		runtime.KeepAlive(packets)
		t.Logf("%d KiB, %d spawns, %d refused: %.1f B allocated and %.2f held per byte (%d KiB)",
			total>>10, len(packets), refused, float64(alloc)/float64(total), float64(held)/float64(total), held>>10)
		assert.Equal(t, DefaultSpawnLimit, len(players.Objects()))
		assert.Equal(t, len(packets)-DefaultSpawnLimit, refused)
		assert.LessOrEqual(t, alloc, hostile.Bound(total))
		assert.LessOrEqual(t, held, uint64(2<<20), "DefaultSpawnLimit nodes, about 1 KiB each")
		runtime.KeepAlive(client)
	}
}

// spawnFlood is the smallest distinct spawns by a server, of the test's
// scene, of size bytes in all (it returns how many): no synchronizer
// given, no state, names of a few bytes.
func spawnFlood(size int) ([][]byte, int) {
	var packets [][]byte
	total := 0
	for i := uint32(1); total < size; i++ {
		p := appendSpawn(nil, spawnPacket{spawner: 1, netID: i + 100, name: "N" + strconv.Itoa(int(i))})
		packets = append(packets, p)
		total += len(p)
	}
	return packets, total
}

// A benchFlood is a flood a benchmark hands a side it makes anew for each
// run (setup): the ith packet.
type benchFlood struct {
	name   string
	setup  func() (*Multiplayer, *conn)
	packet func(i uint32) []byte
}

// ordinarySyncs is a server's client's syncs of the node it owns, what a
// game's clients send most: the ordinary input the floods are measured
// against.
func ordinarySyncs(tb testing.TB) benchFlood {
	return benchFlood{"ordinary: syncs of the client's node", func() (*Multiplayer, *conn) {
		m, c, _ := serverOfFake(tb)
		return m, c
	}, func(i uint32) []byte {
		return appendSyncState(appendSyncHeader(nil, false, uint16(i)), false, syncState{netID: pathNetID | 1, values: benchPos(tb, i)})
	}}
}

// benchPos is a player's position, in its wire form.
func benchPos(tb testing.TB, i uint32) []byte {
	b, err := AppendArg(nil, gdvar.Vector2{X: float64(i)}, nil)
	require.NoError(tb, err)
	return b
}

// hostileReplication is the replication floods BenchmarkHostileReplication
// measures.
func hostileReplication(tb testing.TB) []benchFlood {
	server := func() (*Multiplayer, *conn) {
		m, c, _ := serverOfFake(tb)
		return m, c
	}
	client := func() (*Multiplayer, *conn) {
		m, _, c := replicaOfFake(tb)
		return m, c
	}
	floods := []benchFlood{
		ordinarySyncs(tb),
		{"deltas of the client's node", server, func(i uint32) []byte {
			return appendSyncState(appendSyncHeader(nil, true, 0), true, syncState{netID: pathNetID | 1, changed: 1, values: benchPos(tb, i)})
		}},
		{"syncs of unknown synchronizers", server, func(i uint32) []byte {
			return appendSyncState(appendSyncHeader(nil, false, 1), false, syncState{netID: pathNetID | (i + 10), values: benchPos(tb, i)})
		}},
		{"spawns, to a client", client, func(i uint32) []byte {
			return appendSpawn(nil, spawnPacket{spawner: 1, netID: i + 100, name: "N" + strconv.Itoa(int(i))})
		}},
	}
	for k, r := range refusedStates(tb) {
		floods = append(floods, benchFlood{r.name, func() (*Multiplayer, *conn) {
			f := refusedStates(tb)[k]
			return f.m, f.c
		}, r.packet})
	}
	return floods
}

// BenchmarkHostileReplication hands a side 1 MiB and 8 MiB of each
// replication flood, next to a client's ordinary syncs of its node (see
// benchmarkFloods).
func BenchmarkHostileReplication(b *testing.B) { benchmarkFloods(b, hostileReplication(b)) }

// benchmarkFloods hands a side 1 MiB and 8 MiB of each flood and reports
// the process's CPU time per byte received (cpu-ns/byte; the side is made
// anew for each run, outside the time): the ratios to the ordinary
// syncs' are what a flood costs, and the same at both sizes, the cost per
// byte stays flat.
func benchmarkFloods(b *testing.B, floods []benchFlood) {
	for _, in := range floods {
		for _, size := range []int{1 << 20, 8 << 20} {
			var packets [][]byte
			total := 0
			for i := uint32(1); total < size; i++ {
				p := in.packet(i)
				packets = append(packets, p)
				total += len(p)
			}
			b.Run(fmt.Sprintf("%s/%dMiB", in.name, size>>20), func(b *testing.B) {
				b.SetBytes(int64(total))
				var cpu time.Duration
				for range b.N {
					b.StopTimer()
					m, c := in.setup()
					hostile.Collect()
					b.StartTimer()
					start := cputime.Process()
					for _, p := range packets {
						_ = m.route(c, p, reliably)
					}
					cpu += cputime.Process() - start
				}
				if cpu > 0 {
					b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N)/float64(total), "cpu-ns/byte")
				}
			})
		}
	}
}
