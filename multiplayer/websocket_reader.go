package multiplayer

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"slices"
	"time"
	"unicode/utf8"

	"github.com/coder/websocket"
)

// A server reads its peer's frames itself (RFC 6455), once
// coder/websocket has accepted the upgrade: a frameReader, which knows
// nothing of the multiplayer protocol, hands its owner (wsServer) each
// whole message and each control frame. Everything a client's frame
// declares is checked before its payload is read, and a payload is read
// into a buffer that grows as its bytes arrive, never to the length the
// header declares.

// Opcodes (RFC 6455, 5.2).
const (
	opContinuation = 0x0
	opText         = 0x1
	opBinary       = 0x2
	opCloseFrame   = 0x8
	opPing         = 0x9
	opPong         = 0xa
)

// maxControl is the most bytes a control frame may carry (RFC 6455, 5.5).
const maxControl = 125

// payloadGrowth is the least a message's buffer grows by while its
// payload arrives: it grows by what it holds, and at least this, once
// full.
const payloadGrowth = 512

// frameReader reads a client's frames from br.
type frameReader struct {
	br    *bufio.Reader
	conn  interface{ SetReadDeadline(time.Time) error }
	limit int64         // the most bytes a message may hold
	late  time.Duration // how long a message has to arrive once begun
	peer  framePeer
	timed bool // a read deadline is set for the message being read
}

// framePeer is told of what a frameReader reads besides messages.
type framePeer interface {
	// began says a message's first frame has come.
	began()
	// control is a valid ping, pong or close frame, whose payload (at
	// most maxControl bytes, unmasked) is valid until it returns; an
	// error ends the reading.
	control(op byte, p []byte) error
}

// wsRefused is a frame that RFC 6455 refuses: the connection closes with
// code.
func wsRefused(code websocket.StatusCode, format string, args ...any) error {
	return fmt.Errorf("%w: %w", fmt.Errorf("websocket: "+format, args...), websocket.CloseError{Code: code})
}

// frameHeader is a client frame's header.
type frameHeader struct {
	fin    bool
	opcode byte
	length int64
	mask   [4]byte
}

// header reads a frame's header, refusing what RFC 6455 refuses of a
// client's: reserved bits (no extension is agreed), unknown opcodes, an
// unmasked frame, a length not in its shortest form or with its top bit
// set, a control frame in fragments or of more than 125 bytes.
func (r *frameReader) header() (frameHeader, error) {
	var h frameHeader
	b, err := r.br.Peek(2)
	if err != nil {
		return h, err
	}
	n := 2
	switch b[1] & 0x7f {
	case 126:
		n += 2
	case 127:
		n += 8
	}
	masked := b[1]&0x80 != 0
	if masked {
		n += 4
	}
	if b, err = r.br.Peek(n); err != nil {
		return h, err
	}
	r.br.Discard(n)
	h.fin, h.opcode = b[0]&0x80 != 0, b[0]&0x0f
	var length uint64
	switch short := b[1] & 0x7f; short {
	case 126:
		length = uint64(binary.BigEndian.Uint16(b[2:]))
	case 127:
		length = binary.BigEndian.Uint64(b[2:])
	default:
		length = uint64(short)
	}
	h.length = int64(length & (1<<63 - 1))
	if masked {
		copy(h.mask[:], b[n-4:n])
	}
	switch {
	case b[0]&0x70 != 0:
		return h, wsRefused(websocket.StatusProtocolError, "received header with unexpected rsv bits set: %#x", b[0]&0x70)
	case h.opcode > opBinary && h.opcode < opCloseFrame || h.opcode > opPong:
		return h, wsRefused(websocket.StatusProtocolError, "received unknown opcode %#x", h.opcode)
	case !masked:
		return h, wsRefused(websocket.StatusProtocolError, "received unmasked frame from client")
	case length>>63 != 0:
		return h, wsRefused(websocket.StatusProtocolError, "received frame length %#x with its top bit set", length)
	case b[1]&0x7f == 126 && length < 126, b[1]&0x7f == 127 && length <= 0xffff:
		return h, wsRefused(websocket.StatusProtocolError, "received frame length %d not in its shortest form", length)
	case h.opcode >= opCloseFrame && (length > maxControl || !h.fin):
		return h, wsRefused(websocket.StatusProtocolError, "received control frame of %d bytes, final %v", length, h.fin)
	}
	return h, nil
}

// read reads the peer's next message, appended to buf, with the control
// frames that come before or among its frames. Once its first frame has
// begun, the rest arrives within r.late: a deadline is set only if the
// reading must wait for the socket, and the error is then
// os.ErrDeadlineExceeded.
//
// An idle peer's goroutine waits here for the next frame, with
// readFrames's larger frame off its stack: waiting, the stack holds about
// 800 bytes, which fit in the 2 KiB a goroutine starts with, where 1.2 KiB
// made it grow to 4.
func (r *frameReader) read(buf []byte) ([]byte, error) {
	for {
		if _, err := r.br.Peek(1); err != nil {
			return buf, err
		}
		var whole bool
		var err error
		if buf, whole, err = r.readFrames(buf); whole || err != nil {
			return buf, err
		}
	}
}

// readFrames reads the frames that have begun to come (read): a message's
// and the control frames among them (whole), or a control frame that came
// before any.
func (r *frameReader) readFrames(buf []byte) (_ []byte, whole bool, _ error) {
	start := len(buf)
	var op byte // the message's, once begun
	defer func() {
		if r.timed {
			r.timed = false
			r.conn.SetReadDeadline(time.Time{})
		}
	}()
	for {
		if op != 0 {
			r.wait() // a message in fragments: they all wait
		}
		h, err := r.header()
		if err == nil && h.opcode >= opCloseFrame {
			if err = r.control(h); err == nil && op == 0 {
				return buf, false, nil // the next frame is waited for in read
			} else if err == nil {
				continue
			}
		}
		switch {
		case err != nil:
		case h.opcode == opContinuation && op == 0:
			err = wsRefused(websocket.StatusProtocolError, "received continuation frame without text or binary frame")
		case h.opcode != opContinuation && op != 0:
			err = wsRefused(websocket.StatusProtocolError, "received new data message without finishing the previous message")
		case h.length > r.limit-int64(len(buf)-start):
			err = wsRefused(websocket.StatusMessageTooBig, "read limited at %d bytes", r.limit+1)
		}
		if err != nil {
			return buf, false, err
		}
		if op == 0 {
			op = h.opcode
			r.peer.began()
		}
		at := len(buf)
		if buf, err = r.payload(buf, h.length); err != nil {
			return buf, false, err
		}
		unmask(buf[at:], h.mask)
		if !h.fin {
			continue
		}
		if op == opText && !utf8.Valid(buf[start:]) {
			return buf, false, wsRefused(websocket.StatusInvalidFramePayloadData, "received text message that is not UTF-8")
		}
		return buf, true, nil
	}
}

// payload appends a frame's n bytes to buf as they arrive: a full buffer
// grows by what it holds (at least payloadGrowth), so that it stays
// within twice what was received, whatever the header declared.
func (r *frameReader) payload(buf []byte, n int64) ([]byte, error) {
	for n > 0 {
		if len(buf) == cap(buf) {
			buf = slices.Grow(buf, int(min(n, int64(max(cap(buf), payloadGrowth)))))
		}
		p := buf[len(buf):cap(buf)]
		if int64(len(p)) > n {
			p = p[:n]
		}
		if r.br.Buffered() == 0 {
			r.wait()
		}
		k, err := r.br.Read(p)
		buf = buf[:len(buf)+k]
		n -= int64(k)
		if err != nil {
			return buf, err
		}
	}
	return buf, nil
}

// wait sets the read deadline of the message being read, once.
func (r *frameReader) wait() {
	if !r.timed {
		r.timed = true
		r.conn.SetReadDeadline(time.Now().Add(r.late))
	}
}

// control reads a control frame's payload, checks a close frame's, and
// hands it to the peer.
func (r *frameReader) control(h frameHeader) error {
	p, err := r.br.Peek(int(h.length))
	if err != nil {
		return err
	}
	unmask(p, h.mask)
	if h.opcode == opCloseFrame {
		err = checkClose(p)
	}
	if err == nil {
		err = r.peer.control(h.opcode, p)
	}
	r.br.Discard(len(p))
	return err
}

// checkClose refuses a close frame's payload that RFC 6455 refuses (7.1.5,
// 7.1.6, 7.4): one byte, a code not to be sent, a reason not UTF-8.
func checkClose(p []byte) error {
	switch {
	case len(p) == 0:
		return nil
	case len(p) == 1:
		return wsRefused(websocket.StatusProtocolError, "received invalid close payload % x", p)
	case !validCloseCode(websocket.StatusCode(binary.BigEndian.Uint16(p))):
		return wsRefused(websocket.StatusProtocolError, "received invalid close code %d", binary.BigEndian.Uint16(p))
	case !utf8.Valid(p[2:]):
		return wsRefused(websocket.StatusInvalidFramePayloadData, "received close reason that is not UTF-8")
	}
	return nil
}

// validCloseCode reports whether a close frame may carry code (RFC 6455,
// 7.4).
func validCloseCode(code websocket.StatusCode) bool {
	switch code {
	case 1004, websocket.StatusNoStatusRcvd, websocket.StatusAbnormalClosure, websocket.StatusTLSHandshake:
		return false
	}
	return code >= websocket.StatusNormalClosure && code <= 1014 || code >= 3000 && code <= 4999
}

// drain reads and drops what the peer sends until its close frame, a
// frame refused or the socket's end, once the connection is closing.
func (r *frameReader) drain() {
	for {
		h, err := r.header()
		if err == nil && h.opcode >= opCloseFrame {
			err = r.control(h)
		} else if err == nil {
			err = r.discard(h.length)
		}
		if err != nil {
			return
		}
	}
}

// discard drops a frame's n bytes, in pieces an int holds.
func (r *frameReader) discard(n int64) error {
	for n > 0 {
		k, err := r.br.Discard(int(min(n, 1<<30)))
		n -= int64(k)
		if err != nil {
			return err
		}
	}
	return nil
}

// unmask unmasks a frame's payload, eight bytes at a time.
func unmask(p []byte, mask [4]byte) {
	key := uint64(binary.LittleEndian.Uint32(mask[:]))
	key |= key << 32
	for ; len(p) >= 8; p = p[8:] {
		binary.LittleEndian.PutUint64(p, binary.LittleEndian.Uint64(p)^key)
	}
	for i := range p {
		p[i] ^= mask[i&3]
	}
}
