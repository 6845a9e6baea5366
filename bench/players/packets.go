package main

import (
	"encoding/binary"
	"errors"
	"math"

	"github.com/gdvar/gdvar/multiplayer"
)

// The load clients speak SceneMultiplayer's packets themselves (see
// multiplayer's packet.go and replication_packet.go for the layouts), the
// few they need: a sync is built once and patched, a packet received is
// read by its headers alone.
const (
	cmdCall     = 0
	cmdSimplify = 1
	cmdConfirm  = 2
	cmdSpawn    = 4
	cmdSync     = 6
	cmdSys      = 7
	sysAddPeer  = 1
	sysDelPeer  = 2
	sysRelay    = 3
	sysSize     = 6

	pathNetID   = 1 << 31
	syncCacheID = 1 // the cache id a client gives its own player's synchronizer path
	mainCacheID = 2 // and /root/Main's, for the RPC mix

	// Wire types of the values a client sends.
	typeFloat   = 3
	typeVector3 = 9
)

// The ids of main.gd's methods: their places in the sorted names.
const (
	methodInput = 0
	methodMoved = 1
)

var (
	// syncChecksum is the checksum of a node without @rpc methods, the
	// synchronizer's; mainChecksum is main.gd's.
	syncChecksum = multiplayer.Checksum(nil)
	mainChecksum = multiplayer.Checksum([]string{"input", "moved"})
)

var errShort = errors.New("players: a packet shorter than its headers")

// Offsets in a sync (syncPacket): time, then the position's x and y (the
// timestamp, see stamp), its z and the heading.
const (
	syncTime   = 1
	syncStamp  = 3 + 8 + 4
	syncSize   = 3 + 8 + 16 + 8
	inputStamp = 5                // in an input call: the 64-bit int t
	int64Meta  = 2 | 0xc0         // a compressed int of 8 bytes
	stampBits  = 22               // bits of the timestamp in x; the rest in y
	stampLow   = 1<<stampBits - 1 // exact in a float32
)

// syncPacket returns a SYNC of one synchronizer, named by its path's cache
// id: its position (a Vector3) and heading (a float, 32 bits), both
// replicated Always, with room for stamp's timestamp.
func syncPacket() []byte {
	b := []byte{cmdSync, 0, 0}
	b = binary.LittleEndian.AppendUint32(b, pathNetID|syncCacheID)
	b = binary.LittleEndian.AppendUint32(b, 16+8)
	b = binary.LittleEndian.AppendUint32(b, typeVector3)
	b = append(b, make([]byte, 12)...)
	b = binary.LittleEndian.AppendUint32(b, typeFloat)
	return append(b, 0, 0, 0, 0)
}

// stampSync writes the tick's time, timestamp (µs, below 2^46) and heading
// into a sync: the timestamp as the position's x and y, whole numbers a
// float32 holds exactly, so that the engine keeps a valid position.
func stampSync(b []byte, tick uint16, us int64, heading float32) {
	binary.LittleEndian.PutUint16(b[syncTime:], tick)
	putStamp(b[syncStamp:], us)
	binary.LittleEndian.PutUint32(b[syncStamp+16:], math.Float32bits(heading))
}

func putStamp(b []byte, us int64) {
	binary.LittleEndian.PutUint32(b, math.Float32bits(float32(us&stampLow)))
	binary.LittleEndian.PutUint32(b[4:], math.Float32bits(float32(us>>stampBits)))
}

func readStamp(b []byte) int64 {
	lo := math.Float32frombits(binary.LittleEndian.Uint32(b))
	hi := math.Float32frombits(binary.LittleEndian.Uint32(b[4:]))
	return int64(hi)<<stampBits | int64(lo)
}

// inputCall returns a call of main.gd's input(t, dir), /root/Main named by
// its cache id, t 64 bits wide for stampInput.
func inputCall() []byte {
	b := []byte{cmdCall, mainCacheID, methodInput, 2, int64Meta}
	b = append(b, make([]byte, 8)...)
	b = binary.LittleEndian.AppendUint32(b, typeVector3)
	return append(b, make([]byte, 12)...)
}

// stampInput writes the timestamp (µs) into an input call.
func stampInput(b []byte, us int64) {
	binary.LittleEndian.PutUint64(b[inputStamp:], uint64(us))
}

// simplify returns SIMPLIFY_PATH: a node's path with a cache id.
func simplify(checksum string, id uint32, path string) []byte {
	b := append(append([]byte{cmdSimplify}, checksum...), 0)
	b = binary.LittleEndian.AppendUint32(b, id)
	return append(append(b, path...), 0)
}

// confirm returns the answer that a path's cache id is known.
func confirm(id uint32) []byte {
	return binary.LittleEndian.AppendUint32([]byte{cmdConfirm, 1}, id)
}

// relay wraps a packet for another client, as a client sends it to the
// server.
func relay(dst []byte, to int32, inner []byte) []byte {
	dst = append(dst, cmdSys, sysRelay)
	dst = binary.LittleEndian.AppendUint32(dst, uint32(to))
	return append(dst, inner...)
}

// syncStamps calls fn with the timestamp of each state of a SYNC whose
// values begin with a Vector3, as the clients send them; it reads no other
// value.
func syncStamps(b []byte, fn func(us int64)) error {
	if len(b) < 3 {
		return errShort
	}
	for rest := b[3:]; len(rest) > 8; {
		size := int(binary.LittleEndian.Uint32(rest[4:]))
		rest = rest[8:]
		if size > len(rest) || size < 16 {
			return errShort
		}
		fn(readStamp(rest[4:]))
		rest = rest[size:]
	}
	return nil
}

// movedStamp returns t of a call of moved(id, t, dir), or false if the
// call is of another method.
func movedStamp(b []byte) (int64, bool, error) {
	if b[0]&0x30 == 0x30 {
		return 0, false, errShort
	}
	i := 1 + [3]int{1, 2, 4}[b[0]>>4&3] // after the node field
	if len(b) < i+2 {
		return 0, false, errShort
	}
	method := b[i:]
	i += 1 + int(b[0]>>6&1) // the method id, 8 or 16 bits
	if len(b) < i+1 {
		return 0, false, errShort
	}
	if method[0] != methodMoved || b[0]&0x40 != 0 && method[1] != 0 {
		return 0, false, nil
	}
	i++ // the argument count
	for arg := 0; arg < 2; arg++ {
		if len(b) <= i || b[i]&0x3f != 2 {
			return 0, false, errShort
		}
		width := 1 << (b[i] >> 6)
		if len(b) < i+1+width {
			return 0, false, errShort
		}
		if arg == 1 {
			return intOf(b[i+1 : i+1+width]), true, nil
		}
		i += 1 + width
	}
	return 0, false, nil
}

// intOf reads a compressed int of 1, 2, 4 or 8 bytes.
func intOf(b []byte) int64 {
	switch len(b) {
	case 1:
		return int64(int8(b[0]))
	case 2:
		return int64(int16(binary.LittleEndian.Uint16(b)))
	case 4:
		return int64(int32(binary.LittleEndian.Uint32(b)))
	}
	return int64(binary.LittleEndian.Uint64(b))
}
