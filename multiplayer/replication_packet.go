package multiplayer

import (
	"bytes"
	"encoding/binary"
	"unicode/utf8"
)

// Replication's packets, as Godot 4.6's SceneReplicationInterface sends
// them (scene_replication_interface.cpp), little-endian, each reliable on
// channel 0 but SYNC, which is unreliable:
//
//	SPAWN    0x04, scene (u8, its place in the spawner's list; 255: a
//	         custom spawn), the spawner's cache id (u32), the node's net id
//	         (u32), the synchronizer count (u32), the name's length with its
//	         NUL (u32), each synchronizer's net id (u32), the name and a NUL,
//	         [a custom spawn: the data's length (u32), the data (one
//	         compressed argument)], then the spawn properties' values (one
//	         compressed argument each)
//	DESPAWN  0x05, the node's net id (u32)
//	SYNC     0x06, time (u16), then per synchronizer: its net id (u32), the
//	         size of its state (u32), the sync properties' values
//	DELTA    0x16, then per synchronizer: its net id (u32), which watched
//	         properties changed (a u64 bit set), the size of their values
//	         (u32), the values
//
// A synchronizer's net id is the one a spawn gave it, or, with the top bit
// set, the sender's cache id of its path (SIMPLIFY_PATH), as a node of an
// RPC. Values are compressed as a call's arguments are (see AppendArg).
const (
	cmdSpawn    = 4
	cmdDespawn  = 5
	cmdSync     = 6
	deltaFlag   = 1 << 4
	customScene = 255
	pathNetID   = 1 << 31

	spawnHeader = 18 // command, scene, spawner, net id, counts
	syncHeader  = 3  // command, time
	syncEntry   = 8  // net id, size
	deltaEntry  = 16 // net id, bit set, size
	minSync     = 11 // the engine's shortest SYNC or DELTA
)

// spawnPacket is a SPAWN as it arrived or is to be sent.
type spawnPacket struct {
	scene   uint8
	spawner uint32 // the sender's cache id of the spawner
	netID   uint32
	syncIDs []byte // the synchronizers' net ids, 4 bytes each
	name    string
	data    []byte // a custom spawn's data, one compressed argument
	state   []byte // the spawn properties' values
}

// appendSpawn appends a SPAWN.
func appendSpawn(b []byte, p spawnPacket) []byte {
	b = append(b, cmdSpawn, p.scene)
	b = binary.LittleEndian.AppendUint32(b, p.spawner)
	b = binary.LittleEndian.AppendUint32(b, p.netID)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(p.syncIDs)/4))
	b = binary.LittleEndian.AppendUint32(b, uint32(len(p.name)+1))
	b = append(b, p.syncIDs...)
	b = append(append(b, p.name...), 0)
	if p.scene == customScene {
		b = binary.LittleEndian.AppendUint32(b, uint32(len(p.data)))
		b = append(b, p.data...)
	}
	return append(b, p.state...)
}

// parseSpawn reads a SPAWN, as strictly as the engine: the name must be a
// valid node name. errs are the sender's (see refuse).
func parseSpawn(errs *errorRuns, b []byte) (spawnPacket, error) {
	if len(b) < spawnHeader {
		return spawnPacket{}, errs.refuse(ErrMalformed, func() error { return malformed("a spawn of %d bytes", len(b)) })
	}
	p := spawnPacket{scene: b[1], spawner: le32(b[2:]), netID: le32(b[6:])}
	count, nameLen := uint64(le32(b[10:])), uint64(le32(b[14:]))
	rest := b[spawnHeader:]
	if nameLen < 1 || count*4+nameLen > uint64(len(rest)) {
		return spawnPacket{}, errs.refuse(ErrMalformed, func() error {
			return malformed("a spawn of %d bytes with %d synchronizers and a name of %d", len(b), count, nameLen)
		})
	}
	p.syncIDs, rest = rest[:count*4], rest[count*4:]
	name := rest[:nameLen]
	rest = rest[nameLen:]
	if i := bytes.IndexByte(name, 0); i >= 0 {
		name = name[:i] // the engine reads the name up to its NUL
	}
	if !validNodeName(name) {
		return spawnPacket{}, errs.refuse(ErrMalformed, func() error { return malformed("a spawn of a node named %q", name) })
	}
	p.name = string(name)
	if p.scene == customScene {
		if len(rest) < 4 || uint64(le32(rest)) > uint64(len(rest)-4) {
			return spawnPacket{}, errs.refuse(ErrMalformed, func() error { return malformed("a custom spawn's data past the packet") })
		}
		n := le32(rest)
		p.data, rest = rest[4:4+n], rest[4+n:]
	}
	p.state = rest
	return p, nil
}

// validNodeName reports whether name is a node name the engine keeps as it
// is (String::validate_node_name): not empty, valid UTF-8, none of
// . : @ / " %.
func validNodeName(name []byte) bool {
	return len(name) > 0 && utf8.Valid(name) && !bytes.ContainsAny(name, `.:@/"%`)
}

// appendDespawn appends a DESPAWN.
func appendDespawn(b []byte, netID uint32) []byte {
	return binary.LittleEndian.AppendUint32(append(b, cmdDespawn), netID)
}

// parseDespawn reads a DESPAWN; the engine reads the first 5 bytes of a
// longer one. errs are the sender's (see refuse).
func parseDespawn(errs *errorRuns, b []byte) (uint32, error) {
	if len(b) < 5 {
		return 0, errs.refuse(ErrMalformed, func() error { return malformed("a despawn of %d bytes", len(b)) })
	}
	return le32(b[1:]), nil
}

// syncState is one synchronizer's part of a SYNC or DELTA.
type syncState struct {
	netID   uint32
	changed uint64 // DELTA: which watched properties
	values  []byte
}

// appendSyncHeader starts a SYNC of the given time, or a DELTA.
func appendSyncHeader(b []byte, delta bool, time uint16) []byte {
	if delta {
		return append(b, cmdSync|deltaFlag)
	}
	return binary.LittleEndian.AppendUint16(append(b, cmdSync), time)
}

// appendSyncState appends one synchronizer's state to a SYNC or DELTA.
func appendSyncState(b []byte, delta bool, s syncState) []byte {
	b = binary.LittleEndian.AppendUint32(b, s.netID)
	if delta {
		b = binary.LittleEndian.AppendUint64(b, s.changed)
	}
	b = binary.LittleEndian.AppendUint32(b, uint32(len(s.values)))
	return append(b, s.values...)
}

// syncReader walks the states of a SYNC or DELTA, of a sender whose
// errors are errs (see refuse).
type syncReader struct {
	delta bool
	time  uint16
	rest  []byte
	errs  *errorRuns
}

// readSync starts reading a SYNC or DELTA of a sender whose errors are
// errs.
func readSync(errs *errorRuns, b []byte) (syncReader, error) {
	if len(b) < minSync {
		return syncReader{}, errs.refuse(ErrMalformed, func() error { return malformed("a sync of %d bytes", len(b)) })
	}
	if b[0]&deltaFlag != 0 {
		return syncReader{delta: true, rest: b[1:], errs: errs}, nil
	}
	return syncReader{time: binary.LittleEndian.Uint16(b[1:]), rest: b[syncHeader:], errs: errs}, nil
}

// next returns the next state, false at the end. As the engine, it ends
// where a state's header no longer leaves a byte after it.
func (r *syncReader) next() (syncState, bool, error) {
	head := syncEntry
	if r.delta {
		head = deltaEntry
	}
	if len(r.rest) <= head {
		return syncState{}, false, nil
	}
	s := syncState{netID: le32(r.rest)}
	if r.delta {
		s.changed = binary.LittleEndian.Uint64(r.rest[4:])
	}
	size := uint64(le32(r.rest[head-4:]))
	r.rest = r.rest[head:]
	if size > uint64(len(r.rest)) {
		return syncState{}, false, r.errs.refuse(ErrMalformed, func() error {
			return malformed("a synchronizer's state of %d bytes past the packet", size)
		})
	}
	s.values, r.rest = r.rest[:size], r.rest[size:]
	return s, true, nil
}

func le32(b []byte) uint32 { return binary.LittleEndian.Uint32(b) }
