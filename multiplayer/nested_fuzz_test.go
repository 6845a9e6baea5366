package multiplayer

import (
	"testing"
)

// FuzzNestedSpawns hands a Go client of the ships, as its server's, any
// packets (see packets): ships, shots through a ship's spawner, named by
// cache id 2, despawns, in any order. No panic, every failure one of the
// package's errors, and the client holds the spawners of the ships it
// holds, no other, and no shot without its ship.
func FuzzNestedSpawns(f *testing.F) {
	gun := appendSimplify(nil, emptyChecksum, 2, "Main/Players/A/Weapon/Gun")
	for _, seed := range [][]byte{
		packets(ship(1), gun, shot(f, 2)),
		packets(ship(1), gun, shot(f, 2), appendDespawn(nil, 1), shot(f, 3)),
		packets(ship(1), gun, shot(f, 2), appendDespawn(nil, 1), ship(4), shot(f, 5), appendDespawn(nil, 5)),
		packets(gun, shot(f, 2), ship(1)),
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		m, ships, c := shipsOfFake(t)
		for _, p := range cut(in) {
			if err := m.route(c, p, reliably); err != nil && !isPackageError(err) {
				t.Fatalf("%T: %v", err, err)
			}
			dropQueued(c)
		}
		held := ships.Objects()
		m.repl.mu.Lock()
		defer m.repl.mu.Unlock()
		if n := len(m.repl.spawners); n != 1+2*len(held) {
			t.Fatalf("%d spawners, for %d ships", n, len(held))
		}
		for _, s := range m.repl.spawners[1:] {
			if s.gone || s.holder.gone {
				t.Fatalf("spawner %s of a ship gone", s.node.Path())
			}
			for _, o := range s.objects.All() {
				if o.gone {
					t.Fatalf("%s, gone, held", o.Path())
				}
			}
		}
	})
}
