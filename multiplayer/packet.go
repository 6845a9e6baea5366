package multiplayer

import (
	"bytes"
	"encoding/binary"
	"fmt"
)

// SceneMultiplayer's packets, as Godot 4 sends them (modules/multiplayer:
// scene_multiplayer.cpp, scene_rpc_interface.cpp, scene_cache_interface.cpp).
// Numbers are little-endian. The low 3 bits of the first byte are the
// command; bit 3 is unused; bits 4–7 are a remote call's flags.

const (
	cmdRemoteCall   = 0 // a remote call: see appendCall
	cmdSimplifyPath = 1 // "0x01, checksum (32 hex digits), 0, cache id (u32), path, 0"
	cmdConfirmPath  = 2 // "0x02, valid (u8), cache id (u32)"
	cmdRaw          = 3 // "0x03, bytes" (send_bytes)
	cmdSys          = 7 // "0x07, system command (u8), peer (i32)[, payload]"
	cmdMask         = 7
)

// System commands: a SYS packet's second byte. Without authentication, the
// peer field of ADD_PEER and DEL_PEER is the peer that came or left; of
// RELAY, its destination from a client and its source to one.
const (
	sysAuth    = 0
	sysAddPeer = 1
	sysDelPeer = 2
	sysRelay   = 3
	sysSize    = 6 // command, system command, peer
)

// A remote call's flags.
const (
	nodeID16   = 0x10 // the node field is 16 bits (else 8)
	nodeID32   = 0x20 // the node field is 32 bits
	nodeIDMask = 0x30
	nameID16   = 0x40 // the method id is 16 bits (else 8)
	byteOnly   = 0x80 // no argument count: no argument, or one PackedByteArray's raw bytes
	inlinePath = 0x80000000
)

// maxCallHeader is the most bytes a remote call has before its arguments:
// the command, a 32-bit node field, a 16-bit method id, the argument count.
const maxCallHeader = 8

// remoteCall is a remote call as it arrived.
type remoteCall struct {
	node     uint32 // the sender's cache id of the node, when path is nil
	path     []byte // the node's path, sent in the packet before the node is confirmed
	method   uint16
	byteOnly bool
	argc     int
	args     []byte // the compressed arguments, or a byte-only call's bytes
}

// appendCall appends a remote call. The node is the sender's cache id, or,
// when path is not empty, the path itself after the arguments (the node
// field then says where it starts). args holds argc compressed arguments,
// or, when raw, one PackedByteArray's bytes.
func appendCall(b []byte, node uint32, path string, method uint16, raw bool, argc int, args []byte) []byte {
	start := len(b)
	meta := byte(cmdRemoteCall)
	switch {
	case path != "" || node > 0xffff:
		meta |= nodeID32
	case node > 0xff:
		meta |= nodeID16
	}
	if method > 0xff {
		meta |= nameID16
	}
	if raw {
		meta |= byteOnly
	}
	b = append(b, meta)
	field := len(b)
	switch meta & nodeIDMask {
	case nodeID32:
		b = binary.LittleEndian.AppendUint32(b, node)
	case nodeID16:
		b = binary.LittleEndian.AppendUint16(b, uint16(node))
	default:
		b = append(b, byte(node))
	}
	if meta&nameID16 != 0 {
		b = binary.LittleEndian.AppendUint16(b, method)
	} else {
		b = append(b, byte(method))
	}
	if !raw {
		b = append(b, byte(argc))
	}
	b = append(b, args...)
	if path != "" {
		binary.LittleEndian.PutUint32(b[field:], inlinePath|uint32(len(b)-start))
		b = append(append(b, path...), 0)
	}
	return b
}

// parseCall reads a remote call; errs are its sender's (see refuse).
func parseCall(errs *errorRuns, b []byte) (remoteCall, error) {
	var c remoteCall
	meta := b[0]
	i := 1
	switch meta & nodeIDMask {
	case 0:
		if len(b) < i+1 {
			return c, errs.refuse(ErrMalformed, func() error { return malformed("a remote call of %d bytes", len(b)) })
		}
		c.node = uint32(b[i])
		i++
	case nodeID16:
		if len(b) < i+2 {
			return c, errs.refuse(ErrMalformed, func() error { return malformed("a remote call of %d bytes", len(b)) })
		}
		c.node = uint32(binary.LittleEndian.Uint16(b[i:]))
		i += 2
	case nodeID32:
		if len(b) < i+4 {
			return c, errs.refuse(ErrMalformed, func() error { return malformed("a remote call of %d bytes", len(b)) })
		}
		c.node = binary.LittleEndian.Uint32(b[i:])
		i += 4
	default:
		return c, errs.refuse(ErrMalformed, func() error { return malformed("a remote call's node id width 3") })
	}
	if c.node&inlinePath != 0 && meta&nodeIDMask == nodeID32 {
		at := int(c.node &^ inlinePath)
		if at < i || at >= len(b) {
			return c, errs.refuse(ErrMalformed, func() error { return malformed("a remote call's path at %d of %d bytes", at, len(b)) })
		}
		c.path = b[at:]
		if end := bytes.IndexByte(c.path, 0); end >= 0 {
			c.path = c.path[:end]
		}
		b, c.node = b[:at], 0
	}
	if meta&nameID16 != 0 {
		if len(b) < i+2 {
			return c, errs.refuse(ErrMalformed, func() error { return malformed("a remote call without its method") })
		}
		c.method = binary.LittleEndian.Uint16(b[i:])
		i += 2
	} else {
		if len(b) < i+1 {
			return c, errs.refuse(ErrMalformed, func() error { return malformed("a remote call without its method") })
		}
		c.method = uint16(b[i])
		i++
	}
	c.byteOnly = meta&byteOnly != 0
	if !c.byteOnly {
		if len(b) < i+1 {
			return c, errs.refuse(ErrMalformed, func() error { return malformed("a remote call without its argument count") })
		}
		c.argc = int(b[i])
		i++
	}
	c.args = b[i:]
	return c, nil
}

// appendSimplify appends the packet that gives a node's path a cache id.
func appendSimplify(b []byte, checksum string, id uint32, path string) []byte {
	b = append(append(append(b, cmdSimplifyPath), checksum...), 0)
	b = binary.LittleEndian.AppendUint32(b, id)
	return append(append(b, path...), 0)
}

// parseSimplify reads a packet that gives a node's path a cache id. The
// checksum and the path are b's bytes.
func parseSimplify(errs *errorRuns, b []byte) (checksum []byte, id uint32, path []byte, err error) {
	if len(b) < 38 {
		return nil, 0, nil, errs.refuse(ErrMalformed, func() error { return malformed("a path of %d bytes", len(b)) })
	}
	path = b[38:]
	if end := bytes.IndexByte(path, 0); end >= 0 {
		path = path[:end]
	}
	return b[1:33], binary.LittleEndian.Uint32(b[34:]), path, nil
}

// appendConfirm appends the answer to a path's cache id: valid when the
// checksums agree.
func appendConfirm(b []byte, valid bool, id uint32) []byte {
	v := byte(0)
	if valid {
		v = 1
	}
	return binary.LittleEndian.AppendUint32(append(b, cmdConfirmPath, v), id)
}

// parseConfirm reads the answer to a path's cache id.
func parseConfirm(errs *errorRuns, b []byte) (valid bool, id uint32, err error) {
	if len(b) != 6 {
		return false, 0, errs.refuse(ErrMalformed, func() error { return malformed("a path confirmation of %d bytes", len(b)) })
	}
	return b[1] != 0, binary.LittleEndian.Uint32(b[2:]), nil
}

// appendSys appends a system command's header.
func appendSys(b []byte, cmd byte, peer PeerID) []byte {
	return binary.LittleEndian.AppendUint32(append(b, cmdSys, cmd), uint32(peer))
}

// parseSys reads a system command other than authentication.
func parseSys(errs *errorRuns, b []byte) (cmd byte, peer PeerID, payload []byte, err error) {
	if len(b) < sysSize {
		return 0, 0, nil, errs.refuse(ErrMalformed, func() error { return malformed("a system command of %d bytes", len(b)) })
	}
	return b[1], PeerID(int32(binary.LittleEndian.Uint32(b[2:]))), b[sysSize:], nil
}

// malformed is the error of a packet that does not follow the protocol:
// what of it, as format and args say.
func malformed(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrMalformed, fmt.Sprintf(format, args...))
}
