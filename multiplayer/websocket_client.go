package multiplayer

import (
	"bytes"
	"context"
	"time"

	"github.com/coder/websocket"
	"github.com/gdvar/gdvar/internal/wsframe"
)

// wsClient is a client's WebSocket: coder/websocket's, which reads and
// writes its frames.
type wsClient struct {
	l    *wsLink
	ws   *websocket.Conn
	late *time.Timer // the read timeout, one timer for every packet
	slow *time.Timer // the write timeout (slowTimer)
}

// newWSClient makes ws the socket of l.
func newWSClient(l *wsLink, ws *websocket.Conn) *wsClient {
	cfg := &l.c.m.cfg
	ws.SetReadLimit(int64(cfg.maxPacket))
	s := &wsClient{l: l, ws: ws, slow: l.slowTimer()}
	s.late = time.AfterFunc(cfg.readTimeout, func() { l.c.close(ErrReadTimeout); ws.CloseNow() })
	s.late.Stop()
	l.sock = s
	return s
}

// read reads the next message: its first frame's header starts the read
// timeout's clock (the wait before it is the keep-alive's).
func (s *wsClient) read(buf []byte) ([]byte, error) {
	_, r, err := s.ws.Reader(context.Background())
	if err != nil {
		return buf, err
	}
	s.l.busy.Store(true) // the read timeout bounds the rest
	s.late.Reset(s.l.c.m.cfg.readTimeout)
	b := bytes.NewBuffer(buf)
	_, err = b.ReadFrom(r)
	buf = b.Bytes()
	if !s.late.Stop() {
		err = ErrReadTimeout
	}
	return buf, err
}

// drain leaves the reading to Close, whose close handshake reads the
// peer's close frame.
func (s *wsClient) drain() {}

// ping pings the peer, waiting for the answer no longer than the idle
// timeout (onPong hears it, however late).
func (s *wsClient) ping() {
	ctx, cancel := context.WithTimeout(context.Background(), s.l.c.m.cfg.idleTimeout)
	s.ws.Ping(ctx)
	cancel()
}

func (s *wsClient) close(status wsframe.CloseCode) { s.ws.Close(websocket.StatusCode(status), "") }

func (s *wsClient) closeNow() { s.ws.CloseNow() }

func (s *wsClient) send(b *block) error { return s.l.writeBlocks(b, s.writeMessage) }

// writeMessage writes pkt through the WebSocket, within the write
// timeout.
func (s *wsClient) writeMessage(pkt []byte) error {
	s.slow.Reset(s.l.c.m.cfg.writeTimeout)
	err := s.ws.Write(context.Background(), websocket.MessageBinary, pkt)
	if !s.slow.Stop() {
		err = ErrSlowPeer
	}
	return err
}

// onPing and onPong are the WebSocket's callbacks for the peer's pings
// and answers, which are heard from it. A ping is answered only once the
// rate lets the server read it (pacePing).
func (l *wsLink) onPing(context.Context, []byte) bool {
	if !l.pacePing() {
		return false
	}
	l.hear()
	return true
}

func (l *wsLink) onPong(context.Context, []byte) { l.hear() }
