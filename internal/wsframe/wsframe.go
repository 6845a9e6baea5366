// Package wsframe is the WebSocket protocol (RFC 6455) as the multiplayer
// package speaks it, on either side of a connection: the opening
// handshake (Accept on a server, Dial on a client), a Reader of the
// peer's frames that refuses what RFC 6455 refuses, and a Writer that
// gathers frames into few writes. It agrees no extension, and knows
// nothing of what the messages carry.
//
// It is multiplayer's own, not a general WebSocket library: the Reader
// and the Writer are shaped by what a server of many mostly idle peers
// needs (a small read buffer, no goroutine or timer of their own, frames
// written in batches under the caller's lock), and it relies on nothing
// but the standard library's documented behaviour.
package wsframe

// Opcode is a frame's opcode (RFC 6455, 5.2).
type Opcode byte

// The opcodes RFC 6455 defines; the others are refused.
const (
	OpContinuation Opcode = 0x0
	OpText         Opcode = 0x1
	OpBinary       Opcode = 0x2
	OpClose        Opcode = 0x8
	OpPing         Opcode = 0x9
	OpPong         Opcode = 0xa
)

// maxControl is the most bytes a control frame may carry (RFC 6455, 5.5).
const maxControl = 125

// isControl reports whether op is a control frame's: close, ping, pong.
func (op Opcode) isControl() bool { return op >= OpClose }
