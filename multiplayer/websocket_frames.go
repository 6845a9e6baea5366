package multiplayer

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// wsServer is a server's WebSocket, on the socket its upgrade hijacked:
// it reads the peer's frames with its frameReader (see websocket_reader.go),
// whose peer it is, and writes its own through its batchWriter. Where
// coder/websocket's Reader took locks (channel selects) and a second Read
// to see each message's end, and its reading goroutine, while the peer
// was silent, held a deep stack, an idle peer's goroutine here waits in
// its bufio.Reader's fill, and a message whose frames are already
// buffered is copied out with no timer set.
type wsServer struct {
	batchWriter
	frames frameReader
	l      *wsLink

	mu        sync.Mutex
	peerClose *websocket.CloseError // the peer's close frame, once read
	ended     chan struct{}         // the reading has ended
	endOnce   sync.Once
}

// closeWait is how long a server that sent its close frame waits for the
// peer's, as coder/websocket's Close does.
const closeWait = 5 * time.Second

// startReading sets up the frameReader, whose reader the upgrade set, for
// l's peer.
func (s *wsServer) startReading() {
	cfg := &s.l.c.m.cfg
	s.frames.conn, s.frames.limit, s.frames.late, s.frames.peer = s.conn, int64(cfg.maxPacket), cfg.readTimeout, s
}

// read reads the peer's next message, appended to buf (see
// frameReader.read); a deadline passed is the read timeout's.
func (s *wsServer) read(buf []byte) ([]byte, error) {
	buf, err := s.frames.read(buf)
	if err != nil {
		s.readEnded()
		if errors.Is(err, os.ErrDeadlineExceeded) {
			err = ErrReadTimeout
		}
	}
	return buf, err
}

// began marks the link busy: the read timeout bounds the rest of the
// message.
func (s *wsServer) began() { s.l.busy.Store(true) }

// control handles a control frame: a ping is answered once the peer's
// rate lets it be read (pacePing), a close frame ends the reading.
func (s *wsServer) control(op byte, p []byte) error {
	switch op {
	case opPing:
		if s.l.pacePing() {
			s.l.hear()
			return s.writeControl(opPong, p)
		}
	case opPong:
		s.l.hear()
	case opCloseFrame:
		return s.closeReceived(p)
	}
	return nil
}

// closeReceived notes the peer's close frame (checked: checkClose), whose
// code the answer echoes, and returns the error that ends the reading.
func (s *wsServer) closeReceived(p []byte) error {
	ce := websocket.CloseError{Code: websocket.StatusNoStatusRcvd}
	if len(p) >= 2 {
		ce = websocket.CloseError{Code: websocket.StatusCode(binary.BigEndian.Uint16(p)), Reason: string(p[2:])}
	}
	s.mu.Lock()
	s.peerClose = &ce
	s.mu.Unlock()
	return fmt.Errorf("received close frame: %w", ce)
}

// drain reads and drops what the peer sends until its close frame or the
// socket's end, once the connection is closing.
func (s *wsServer) drain() {
	s.frames.drain()
	s.readEnded()
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
