package multiplayer

import (
	"bytes"
	"encoding/binary"
	"reflect"
	"testing"

	"github.com/gdvar/gdvar"
)

// packets joins replication packets into one fuzz input, each after its
// length (u16); cut splits them again, the last taking what is left.
func packets(ps ...[]byte) []byte {
	var b []byte
	for _, p := range ps {
		b = append(binary.LittleEndian.AppendUint16(b, uint16(len(p))), p...)
	}
	return b
}

func cut(b []byte) [][]byte {
	var ps [][]byte
	for len(b) >= 2 {
		n := min(int(binary.LittleEndian.Uint16(b)), len(b)-2)
		ps = append(ps, b[2:2+n])
		b = b[2+n:]
	}
	return ps
}

// checkDecoders checks that a packet the replication decoders take reads
// back the same once written again: a spawn, and the states of a sync.
func checkDecoders(t *testing.T, p []byte) {
	if len(p) > 0 && p[0] == cmdSpawn {
		if sp, err := parseSpawn(nil, p); err == nil {
			again, err := parseSpawn(nil, appendSpawn(nil, sp))
			if err != nil || !reflect.DeepEqual(normalSpawn(again), normalSpawn(sp)) {
				t.Fatalf("a spawn read %+v, written and read again %+v, %v", sp, again, err)
			}
		}
	}
	if len(p) > 0 && p[0]&cmdMask == cmdSync {
		r, err := readSync(nil, p)
		if err != nil {
			return
		}
		rebuilt := appendSyncHeader(nil, r.delta, r.time)
		rebuilt[0] = p[0] // the bits of the command byte the reader ignores
		for {
			st, ok, err := r.next()
			if err != nil || !ok {
				break
			}
			rebuilt = appendSyncState(rebuilt, r.delta, st)
		}
		if !bytes.HasPrefix(p, rebuilt) {
			t.Fatalf("a sync's states written again differ: % x, from % x", rebuilt, p)
		}
	}
}

// normalSpawn makes a spawn's empty parts nil, which reading and writing
// do not keep apart.
func normalSpawn(p spawnPacket) spawnPacket {
	for _, b := range []*[]byte{&p.syncIDs, &p.data, &p.state} {
		if len(*b) == 0 {
			*b = nil
		}
	}
	return p
}

// FuzzReplicationClient hands a Go client, as its server's, any packets
// (see packets): spawns, despawns, syncs and deltas of the test's
// spawner, whose cache id is 1. No panic, every failure one of the
// package's errors, the decoders read back what they read, and the client
// holds no more nodes than DefaultSpawnLimit.
func FuzzReplicationClient(f *testing.F) {
	spawn := spawnOf(f, 10, "P") // its synchronizer's net id is 11
	custom := spawn
	custom.scene, custom.data = customScene, []byte{2, 0, 0, 0, 7, 0, 0, 0}
	pos, err := AppendArg(nil, gdvar.Vector2{X: 1}, nil)
	if err != nil {
		f.Fatal(err)
	}
	for _, seed := range [][]byte{
		packets(appendSpawn(nil, spawn)),
		packets(appendSpawn(nil, custom)),
		packets(appendSpawn(nil, spawn), appendDespawn(nil, 10)),
		packets(appendSpawn(nil, spawn), appendSyncState(appendSyncHeader(nil, false, 3), false, syncState{netID: 11, values: pos})),
		packets(appendSpawn(nil, spawn), appendSyncState(appendSyncHeader(nil, true, 0), true, syncState{netID: 11, changed: 1, values: pos})),
		packets(appendSyncState(appendSyncHeader(nil, false, 1), false, syncState{netID: pathNetID | 1, values: pos})),
		packets(appendSimplify(nil, emptyChecksum, 2, "Main/Players/P/Sync"), appendSyncState(appendSyncHeader(nil, false, 1), false, syncState{netID: pathNetID | 2, values: pos})),
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		m, players, c := replicaOfFake(t)
		for _, p := range cut(in) {
			checkDecoders(t, p)
			if err := m.route(c, p, reliably); err != nil && !isPackageError(err) {
				t.Fatalf("%T: %v", err, err)
			}
			dropQueued(c)
		}
		if n := len(players.Objects()); n > DefaultSpawnLimit {
			t.Fatalf("%d nodes held", n)
		}
	})
}

// FuzzReplicationServer hands a server, as its client's, any packets (see
// packets): syncs and deltas of the client's node, which it names by
// cache id 1, of another peer's node, which it names by cache id 2, of
// unknown ones, spawns and despawns it may not send. No panic, every
// failure one of the package's errors, the decoders read back what they
// read, and the client changes no value but its own node's.
func FuzzReplicationServer(f *testing.F) {
	pos, err := AppendArg(nil, gdvar.Vector2{X: 1}, nil)
	if err != nil {
		f.Fatal(err)
	}
	for _, seed := range [][]byte{
		packets(appendSyncState(appendSyncHeader(nil, false, 3), false, syncState{netID: pathNetID | 1, values: pos})),
		packets(appendSyncState(appendSyncHeader(nil, true, 0), true, syncState{netID: pathNetID | 1, changed: 1, values: pos})),
		packets(appendSyncState(appendSyncHeader(nil, false, 3), false, syncState{netID: pathNetID | 2, values: pos})),
		packets(appendSyncState(appendSyncState(appendSyncHeader(nil, false, 4), false, syncState{netID: pathNetID | 2, values: pos}), false, syncState{netID: pathNetID | 1, values: pos})),
		packets(appendSimplify(nil, emptyChecksum, 3, "Main/Spawner"), appendSpawn(nil, spawnPacket{spawner: 3, netID: 9, name: "X"})),
		packets(appendDespawn(nil, 1)),
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		m, c, _ := serverOfFake(t)
		other, err := m.repl.spawners[0].Spawn(testScene, "3", map[string]any{propPos: gdvar.Vector2{}, propColor: gdvar.Color{}})
		if err != nil {
			t.Fatal(err)
		}
		other.SetAuthority(3)
		if err := m.route(c, appendSimplify(nil, emptyChecksum, 2, "Main/Players/3/Sync"), reliably); err != nil {
			t.Fatal(err)
		}
		before := make([][]byte, len(other.values))
		for i, v := range other.values {
			before[i] = bytes.Clone(v)
		}
		for _, p := range cut(in) {
			checkDecoders(t, p)
			if err := m.route(c, p, reliably); err != nil && !isPackageError(err) {
				t.Fatalf("%T: %v", err, err)
			}
			dropQueued(c)
		}
		if !reflect.DeepEqual(other.values, before) {
			t.Fatalf("another peer's node changed: %x, was %x", other.values, before)
		}
	})
}
