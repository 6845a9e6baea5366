package main

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"sync"
	"time"
)

// wsLink is a WebSocket client of its own, made to be cheap: the packets a
// client puts in one tick go out in one write(2), each a frame masked with
// the zero key (so its bytes are the packet's: RFC 6455 lets a client
// pick any key), and frames are read from a buffer into one reused slice.
type wsLink struct {
	conn net.Conn
	r    *bufio.Reader
	in   []byte

	mu  sync.Mutex // out, from the sender and the reader
	out []byte
}

// dialWS connects to a Godot-style WebSocket server at the ws:// URL
// wsURL and returns the link and the peer id the server gives in its
// first message.
func dialWS(ctx context.Context, wsURL string) (*wsLink, int32, error) {
	u, err := url.Parse(wsURL)
	if err != nil {
		return nil, 0, err
	}
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", u.Host)
	if err != nil {
		return nil, 0, err
	}
	if deadline, ok := ctx.Deadline(); ok {
		conn.SetDeadline(deadline)
	}
	key := make([]byte, 16)
	rand.Read(key)
	req, err := http.NewRequest("GET", "http://"+u.Host+u.Path, nil)
	if err != nil {
		conn.Close()
		return nil, 0, err
	}
	req.Header.Set("Upgrade", "websocket")
	req.Header.Set("Connection", "Upgrade")
	req.Header.Set("Sec-WebSocket-Key", base64.StdEncoding.EncodeToString(key))
	req.Header.Set("Sec-WebSocket-Version", "13")
	l := &wsLink{conn: conn, r: bufio.NewReaderSize(conn, 64<<10)}
	if err := req.Write(conn); err != nil {
		conn.Close()
		return nil, 0, err
	}
	resp, err := http.ReadResponse(l.r, req)
	if err != nil {
		conn.Close()
		return nil, 0, err
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSwitchingProtocols {
		conn.Close()
		return nil, 0, fmt.Errorf("players: websocket upgrade: %s", resp.Status)
	}
	first, err := l.receive()
	if err != nil || len(first) != 4 {
		conn.Close()
		return nil, 0, fmt.Errorf("players: no peer id from the server: % x %v", first, err)
	}
	conn.SetDeadline(time.Time{})
	return l, int32(binary.LittleEndian.Uint32(first)), nil
}

func (l *wsLink) put(pkt []byte, _ delivery) error {
	l.mu.Lock()
	l.out = appendFrame(l.out, 0x82, pkt)
	l.mu.Unlock()
	return nil
}

func (l *wsLink) flush() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.out) == 0 {
		return nil
	}
	_, err := l.conn.Write(l.out)
	l.out = l.out[:0]
	return err
}

// appendFrame appends a final client frame of opcode op (with the FIN
// bit) masked with the zero key.
func appendFrame(b []byte, op byte, payload []byte) []byte {
	switch n := len(payload); {
	case n < 126:
		b = append(b, op, 0x80|byte(n))
	case n < 1<<16:
		b = binary.BigEndian.AppendUint16(append(b, op, 0x80|126), uint16(n))
	default:
		b = binary.BigEndian.AppendUint64(append(b, op, 0x80|127), uint64(n))
	}
	return append(append(b, 0, 0, 0, 0), payload...)
}

var errFragmented = errors.New("players: a fragmented WebSocket message")

func (l *wsLink) receive() ([]byte, error) {
	for {
		var h [14]byte
		if _, err := io.ReadFull(l.r, h[:2]); err != nil {
			return nil, err
		}
		n := uint64(h[1] & 0x7f)
		ext := 0
		switch n {
		case 126:
			ext = 2
		case 127:
			ext = 8
		}
		masked := h[1]&0x80 != 0
		more := ext
		if masked {
			more += 4
		}
		if _, err := io.ReadFull(l.r, h[2:2+more]); err != nil {
			return nil, err
		}
		switch ext {
		case 2:
			n = uint64(binary.BigEndian.Uint16(h[2:]))
		case 8:
			n = binary.BigEndian.Uint64(h[2:])
		}
		if n > 1<<24 {
			return nil, fmt.Errorf("players: a WebSocket frame of %d bytes", n)
		}
		if uint64(cap(l.in)) < n {
			l.in = make([]byte, n)
		}
		b := l.in[:n]
		if _, err := io.ReadFull(l.r, b); err != nil {
			return nil, err
		}
		if masked {
			mask := h[2+ext : 6+ext]
			for i := range b {
				b[i] ^= mask[i&3]
			}
		}
		switch op := h[0] & 0x0f; {
		case h[0]&0x80 == 0 || op == 0:
			return nil, errFragmented
		case op == 1 || op == 2:
			return b, nil
		case op == 8:
			return nil, io.EOF
		case op == 9: // ping: answer, as a browser does
			l.mu.Lock()
			l.out = appendFrame(l.out, 0x8a, b)
			l.mu.Unlock()
			if err := l.flush(); err != nil {
				return nil, err
			}
		}
	}
}

func (l *wsLink) close() { l.conn.Close() }
