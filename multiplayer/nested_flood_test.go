package multiplayer

import (
	"runtime"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gdvar/gdvar/internal/testrig/hostile"
)

// A server's flood of spawns through nested spawners, of 1 MiB and 8 MiB:
// ships, each naming its gun, then shots through each gun, the smallest
// distinct spawns. Each spawner takes DefaultSpawnLimit nodes, so that
// nested ones multiply what one spawner bounds; the client takes
// DefaultMaxSpawned nodes in all and refuses the rest, holding the same
// whatever the flood's size, within hostile.Bound.
func TestNestedSpawnFlood(t *testing.T) {
	assert.Equal(t, 4*DefaultSpawnLimit, DefaultMaxSpawned, "four spawners at their default limit")
	for _, size := range []int{1 << 20, 8 << 20} {
		m, ships, c := shipsOfFake(t)
		packets, total := nestedSpawnFlood(t, size)
		hostile.Collect()
		before := hostile.HeapInUse()
		alloc := hostile.Allocated(func() {
			for _, p := range packets {
				m.route(c, p, reliably)
			}
		})
		held := hostile.HeapInUse() - before
		runtime.KeepAlive(packets)
		nodes := 0
		for _, o := range ships.Objects() {
			nodes += 1 + len(o.SpawnerAt(gunPath).Objects())
		}
		t.Logf("%d KiB, %d packets: %d nodes, %.1f B allocated and %.2f held per byte (%d KiB)",
			total>>10, len(packets), nodes, float64(alloc)/float64(total), float64(held)/float64(total), held>>10)
		assert.Equal(t, DefaultMaxSpawned, nodes)
		assert.LessOrEqual(t, alloc, hostile.Bound(total))
		assert.LessOrEqual(t, held, hostile.Bound(total))
		runtime.KeepAlive(m)
	}
}

// nestedSpawnFlood is size bytes of a server's spawns: a ship of net id
// i, its gun named by cache id, and shots through the gun until it is
// full, then the next ship.
func nestedSpawnFlood(t testing.TB, size int) ([][]byte, int) {
	var packets [][]byte
	total := 0
	add := func(p []byte) {
		packets = append(packets, p)
		total += len(p)
	}
	netID := uint32(1)
	for ship := 0; total < size; ship++ {
		add(appendSpawn(nil, spawnPacket{spawner: 1, netID: netID, name: "A" + strconv.Itoa(ship)}))
		netID++
		gun := uint32(ship + 2)
		add(appendSimplify(nil, emptyChecksum, gun, "Main/Players/A"+strconv.Itoa(ship)+"/Weapon/Gun"))
		for range DefaultSpawnLimit {
			if total >= size {
				break
			}
			add(appendSpawn(nil, spawnPacket{spawner: gun, netID: netID, name: "S" + strconv.Itoa(int(netID))}))
			netID++
		}
	}
	return packets, total
}
