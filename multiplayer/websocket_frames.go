package multiplayer

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// A server reads its peer's frames itself, once coder/websocket has
// accepted the upgrade: its Reader took locks (channel selects) and a
// second Read to see each message's end, and its reading goroutine, while
// the peer is silent, held a deep stack. Here an idle peer's goroutine
// waits in its bufio.Reader's fill, and a message whose frames are
// already buffered is copied out with no timer set.

// Opcodes (RFC 6455, 5.2).
const (
	opContinuation = 0x0
	opText         = 0x1
	opBinary       = 0x2
	opCloseFrame   = 0x8
	opPing         = 0x9
	opPong         = 0xa
)

// closeWait is how long a server that sent its close frame waits for the
// peer's, as coder/websocket's Close does.
const closeWait = 5 * time.Second

// wsServer is a server's WebSocket, on the socket its upgrade hijacked:
// it reads the peer's frames through br, and writes its own through its
// batchWriter.
type wsServer struct {
	batchWriter
	l  *wsLink
	br *bufio.Reader

	mu        sync.Mutex
	peerClose *websocket.CloseError // the peer's close frame, once read
	ended     chan struct{}         // the reading has ended
	endOnce   sync.Once
}

// wsRefused is a frame that RFC 6455 refuses: the connection closes with
// code (none, if 0).
func wsRefused(code websocket.StatusCode, format string, args ...any) error {
	err := fmt.Errorf("websocket: "+format, args...)
	if code == 0 {
		return err
	}
	return fmt.Errorf("%w: %w", err, websocket.CloseError{Code: code})
}

// frameHeader is a client frame's header.
type frameHeader struct {
	fin    bool
	opcode byte
	length int64
	mask   [4]byte
}

// header reads a frame's header, refusing what RFC 6455 refuses of a
// client's (reserved bits, no extension being agreed; an unmasked frame).
func (s *wsServer) header() (frameHeader, error) {
	var h frameHeader
	b, err := s.br.Peek(2)
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
	if b[1]&0x80 != 0 {
		n += 4
	}
	if b, err = s.br.Peek(n); err != nil {
		return h, err
	}
	h.fin, h.opcode = b[0]&0x80 != 0, b[0]&0x0f
	switch b[1] & 0x7f {
	case 126:
		h.length = int64(binary.BigEndian.Uint16(b[2:]))
	case 127:
		h.length = int64(binary.BigEndian.Uint64(b[2:]))
	default:
		h.length = int64(b[1] & 0x7f)
	}
	masked := b[1]&0x80 != 0
	if masked {
		copy(h.mask[:], b[n-4:n])
	}
	s.br.Discard(n)
	switch {
	case b[0]&0x70 != 0:
		return h, wsRefused(websocket.StatusProtocolError, "received header with unexpected rsv bits set: %#x", b[0]&0x70)
	case !masked:
		return h, wsRefused(0, "received unmasked frame from client")
	case h.length < 0:
		return h, wsRefused(websocket.StatusProtocolError, "received frame with negative length")
	}
	return h, nil
}

// read reads the peer's next message, appended to buf, answering the
// pings that come before or among its frames. Once its first frame has
// begun, the rest arrives within the read timeout, or ErrReadTimeout: a
// deadline is set only if the reading must wait for the socket.
//
// An idle peer's goroutine waits here for the next frame, with
// readFrames's larger frame off its stack: waiting, the stack holds about
// 800 bytes, which fit in the 2 KiB a goroutine starts with, where 1.2 KiB
// made it grow to 4.
func (s *wsServer) read(buf []byte) ([]byte, error) {
	for {
		if _, err := s.br.Peek(1); err != nil {
			return buf, s.readErr(err)
		}
		var whole bool
		var err error
		if buf, whole, err = s.readFrames(buf); whole || err != nil {
			return buf, err
		}
	}
}

// readFrames reads the frames that have begun to come (read): a message's
// and the control frames among them (whole), or control frames that came
// before any.
func (s *wsServer) readFrames(buf []byte) (_ []byte, whole bool, _ error) {
	start := len(buf)
	maxPacket := int64(s.l.c.m.cfg.maxPacket)
	began, timed := false, false
	defer func() {
		if timed {
			s.conn.SetReadDeadline(time.Time{})
		}
	}()
	for {
		if began && !timed { // a message in fragments: they all wait
			timed = true
			s.conn.SetReadDeadline(time.Now().Add(s.l.c.m.cfg.readTimeout))
		}
		h, err := s.header()
		if err == nil && h.opcode >= opCloseFrame {
			if err = s.control(h); err == nil && !began {
				return buf, false, nil // the next frame is waited for in read
			} else if err == nil {
				continue
			}
		}
		switch {
		case err != nil:
		case h.opcode != opContinuation && h.opcode != opText && h.opcode != opBinary:
			err = wsRefused(websocket.StatusProtocolError, "received unknown opcode %#x", h.opcode)
		case h.opcode == opContinuation && !began:
			err = wsRefused(websocket.StatusProtocolError, "received continuation frame without text or binary frame")
		case h.opcode != opContinuation && began:
			err = wsRefused(websocket.StatusProtocolError, "received new data message without finishing the previous message")
		case int64(len(buf)-start)+h.length > maxPacket:
			err = wsRefused(websocket.StatusMessageTooBig, "read limited at %d bytes", maxPacket+1)
		}
		if err != nil {
			return buf, false, s.readErr(err)
		}
		if !began {
			began = true
			s.l.busy.Store(true) // the read timeout bounds the rest
		}
		at := len(buf)
		buf = append(buf, make([]byte, int(h.length))...)
		for p := buf[at:]; len(p) > 0; {
			if s.br.Buffered() == 0 && !timed {
				timed = true
				s.conn.SetReadDeadline(time.Now().Add(s.l.c.m.cfg.readTimeout))
			}
			n, err := s.br.Read(p)
			if err != nil {
				return buf, false, s.readErr(err)
			}
			p = p[n:]
		}
		unmask(buf[at:], h.mask)
		if h.fin {
			return buf, true, nil
		}
	}
}

// readErr is the error that ends the reading: a deadline passed is the
// read timeout's.
func (s *wsServer) readErr(err error) error {
	s.readEnded()
	if errors.Is(err, os.ErrDeadlineExceeded) {
		return ErrReadTimeout
	}
	return err
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

// control handles a control frame: a ping is answered once the peer's
// rate lets it be read (pacePing), a close frame ends the reading.
func (s *wsServer) control(h frameHeader) error {
	if h.length > 125 || !h.fin {
		return wsRefused(websocket.StatusProtocolError, "received control frame of %d bytes, final %v", h.length, h.fin)
	}
	b, err := s.br.Peek(int(h.length))
	if err != nil {
		return err
	}
	unmask(b, h.mask)
	switch h.opcode {
	case opPing:
		if s.l.pacePing() {
			s.l.hear()
			err = s.writeControl(opPong, b)
		}
	case opPong:
		s.l.hear()
	case opCloseFrame:
		err = s.closeReceived(b)
	default:
		err = wsRefused(websocket.StatusProtocolError, "received unknown opcode %#x", h.opcode)
	}
	s.br.Discard(len(b))
	return err
}

// closeReceived notes the peer's close frame, whose code the answer
// echoes, and returns the error that ends the reading.
func (s *wsServer) closeReceived(p []byte) error {
	ce := websocket.CloseError{Code: websocket.StatusNoStatusRcvd}
	if len(p) == 1 {
		return wsRefused(websocket.StatusProtocolError, "received invalid close payload % x", p)
	}
	if len(p) >= 2 {
		ce = websocket.CloseError{Code: websocket.StatusCode(binary.BigEndian.Uint16(p)), Reason: string(p[2:])}
		if !validCloseCode(ce.Code) {
			return wsRefused(websocket.StatusProtocolError, "received invalid close code %d", ce.Code)
		}
	}
	s.mu.Lock()
	s.peerClose = &ce
	s.mu.Unlock()
	return fmt.Errorf("received close frame: %w", ce)
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

// drain reads and drops what the peer sends until its close frame or the
// socket's end, once the connection is closing.
func (s *wsServer) drain() {
	for {
		h, err := s.header()
		if err == nil && h.opcode >= opCloseFrame {
			err = s.control(h)
		} else if err == nil {
			_, err = s.br.Discard(int(h.length))
		}
		if err != nil {
			s.readEnded()
			return
		}
	}
}

// writeControl writes a control frame within the write timeout, after
// the drain under way, if any.
func (s *wsServer) writeControl(op byte, p []byte) error {
	s.l.wmu.Lock()
	defer s.l.wmu.Unlock()
	s.hold()
	err := s.frame(op, p)
	if released := s.release(); err == nil {
		err = released
	}
	return err
}

// send writes the packets of b and the blocks it links to in one drain
// (l.wmu held), after what sendNow left.
func (s *wsServer) send(b *block) error {
	if b == nil && s.buf == nil {
		return nil
	}
	s.hold()
	err := s.l.writeBlocks(b, s.message)
	if released := s.release(); err == nil {
		err = released
	}
	return err
}

// sendNow is send without waiting for the socket (releaseNow): it reports
// whether the socket took every frame. The packets of b are framed
// without a write, and hence without a wait, if they cost no more than
// batchMax in the send queue.
func (s *wsServer) sendNow(b *block) (bool, error) {
	s.hold()
	if err := s.l.writeBlocks(b, s.message); err != nil {
		s.putBack()
		return false, err
	}
	return s.releaseNow()
}

// readEnded tells a close handshake waiting for the peer's close frame
// that no more will be read.
func (s *wsServer) readEnded() { s.endOnce.Do(func() { close(s.ended) }) }

// ping pings the peer: its answer is heard by control.
func (s *wsServer) ping() { s.writeControl(opPing, nil) }

// close sends the close frame with status, or the peer's own if it sent
// one, and closes the socket once the peer's has come, or closeWait.
func (s *wsServer) close(status websocket.StatusCode) {
	s.mu.Lock()
	peer := s.peerClose
	s.mu.Unlock()
	var p []byte
	switch {
	case peer == nil:
		p = binary.BigEndian.AppendUint16(nil, uint16(status))
	case peer.Code != websocket.StatusNoStatusRcvd:
		p = binary.BigEndian.AppendUint16(nil, uint16(peer.Code))
	}
	if s.writeControl(opCloseFrame, p) == nil {
		t := time.NewTimer(closeWait)
		select {
		case <-s.ended:
		case <-t.C:
		}
		t.Stop()
	}
	s.conn.Close()
}

// closeNow closes the socket.
func (s *wsServer) closeNow() { s.conn.Close() }
