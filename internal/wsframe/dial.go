package wsframe

import (
	"bufio"
	"context"
	crand "crypto/rand"
	"crypto/tls"
	"encoding/base64"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"
)

// Dialer dials a client's WebSockets. Its zero value offers no
// subprotocol, and checks a wss:// server's certificate against the
// system's roots.
type Dialer struct {
	// Protocols are the subprotocols to offer, the one preferred first.
	Protocols []string
	// Require refuses a server's answer that agrees none of Protocols, as
	// Godot's client does ("Requested sub-protocol(s) but received
	// none").
	Require bool
	// TLS is the TLS configuration of a wss:// URL; nil for the default,
	// which checks the server's certificate for the URL's host.
	TLS *tls.Config
}

// maxResponse is the most bytes of a server's answer to an upgrade that
// Dial reads: its head, and any frames that came with it.
const maxResponse = 16 << 10

// Dial opens a client's WebSocket to rawURL (ws:// or wss://; http:// and
// https:// alike) within ctx, as Godot's client does: it connects to the
// host itself (through no proxy, following no redirect), asks to upgrade,
// offering d.Protocols, and checks the server's answer (RFC 6455, 4.1):
// 101, an upgrade to websocket, the key answered, no extension and a
// subprotocol offered if any. An answer refused matches ErrHandshake, in
// an error of one short line, which names the fix where there is one; a
// URL of another scheme is a *url.Error, as one that does not parse is.
func (d Dialer) Dial(ctx context.Context, rawURL string) (Handshake, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return Handshake{}, err
	}
	var secure bool
	switch u.Scheme {
	case "ws", "http":
	case "wss", "https":
		secure = true
	default:
		return Handshake{}, &url.Error{Op: "dial", URL: shown(rawURL), Err: fmt.Errorf("websocket: scheme %q: use ws:// or wss://", shown(u.Scheme))}
	}
	addr := u.Host
	if u.Port() == "" && secure {
		addr = net.JoinHostPort(u.Hostname(), "443")
	} else if u.Port() == "" {
		addr = net.JoinHostPort(u.Hostname(), "80")
	}
	var conn net.Conn
	if secure {
		cfg := d.TLS
		if cfg == nil {
			cfg = &tls.Config{ServerName: u.Hostname()}
		}
		conn, err = (&tls.Dialer{Config: cfg}).DialContext(ctx, "tcp", addr)
	} else {
		conn, err = new(net.Dialer).DialContext(ctx, "tcp", addr)
	}
	if err != nil {
		return Handshake{}, err
	}
	// The handshake is bounded by ctx: its deadline, and its end, which
	// ends any wait at once.
	if deadline, ok := ctx.Deadline(); ok {
		conn.SetDeadline(deadline)
	}
	stop := context.AfterFunc(ctx, func() { conn.SetDeadline(time.Unix(1, 0)) })
	h, err := upgrade(conn, u, d.Protocols, d.Require)
	if deadline, ok := ctx.Deadline(); !stop() {
		err = ctx.Err()
	} else if err != nil && ok && !time.Now().Before(deadline) {
		err = context.DeadlineExceeded // the socket's deadline came first
	}
	if err == nil {
		err = conn.SetDeadline(time.Time{})
	}
	if err != nil {
		conn.Close()
		return Handshake{}, err
	}
	return h, nil
}

// upgrade sends conn's request to upgrade to u and reads the server's
// answer.
func upgrade(conn net.Conn, u *url.URL, protocols []string, require bool) (Handshake, error) {
	var nonce [16]byte
	crand.Read(nonce[:])
	key := base64.StdEncoding.EncodeToString(nonce[:])
	req := fmt.Appendf(nil, "GET %s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n",
		u.RequestURI(), u.Host, key)
	if len(protocols) > 0 {
		req = fmt.Appendf(req, "Sec-WebSocket-Protocol: %s\r\n", strings.Join(protocols, ", "))
	}
	if _, err := conn.Write(append(req, "\r\n"...)); err != nil {
		return Handshake{}, err
	}
	limited := &io.LimitedReader{R: conn, N: maxResponse}
	br := bufio.NewReader(limited)
	resp, err := http.ReadResponse(br, &http.Request{Method: http.MethodGet, URL: u})
	switch {
	case err != nil && limited.N == 0:
		// The head was cut at the limit: a line without end, or too many
		// lines, whatever the error says of the piece read.
		return Handshake{}, fmt.Errorf("%w: the server's answer is over %d KiB", ErrHandshake, maxResponse>>10)
	case err != nil:
		return Handshake{}, fmt.Errorf("%w: reading the answer: %s", ErrHandshake, shown(err.Error()))
	}
	if err := checkAnswer(resp, key, protocols, require); err != nil {
		return Handshake{}, err
	}
	h := Handshake{Conn: conn, Protocol: resp.Header.Get("Sec-WebSocket-Protocol")}
	if n := br.Buffered(); n > 0 {
		b, _ := br.Peek(n)
		h.Buffered = slices.Clone(b)
	}
	return h, nil
}

// checkAnswer checks a server's answer to an upgrade asked with key,
// offering protocols, one of which it must agree if require is set.
func checkAnswer(resp *http.Response, key string, protocols []string, require bool) error {
	refused := func(format string, args ...any) error {
		return fmt.Errorf("%w: "+format, append([]any{ErrHandshake}, args...)...)
	}
	protocol := resp.Header.Get("Sec-WebSocket-Protocol")
	switch location := resp.Header.Get("Location"); {
	case resp.StatusCode/100 == 3 && location != "":
		return refused("the server redirects to %q: connect there", shown(location))
	case resp.StatusCode != http.StatusSwitchingProtocols:
		return refused("the server answered %q, not 101", shown(resp.Status))
	case !hasToken(resp.Header, "Connection", "upgrade") || !hasToken(resp.Header, "Upgrade", "websocket"):
		return refused("the server's answer is not an upgrade to a WebSocket")
	case resp.Header.Get("Sec-WebSocket-Accept") != acceptKey(key):
		return refused("the server's answer does not answer the key")
	case resp.Header.Get("Sec-WebSocket-Extensions") != "":
		return refused("the server agreed extensions %q, none offered", shown(resp.Header.Get("Sec-WebSocket-Extensions")))
	case require && protocol == "":
		return refused("the server agreed none of the subprotocols offered: offer one it speaks")
	case protocol != "" && !slices.Contains(protocols, protocol):
		return refused("the server agreed subprotocol %q, not offered", shown(protocol))
	}
	return nil
}
