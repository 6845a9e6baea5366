package wsframe

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"
)

// Upgrader accepts a server's upgrades. Its zero value agrees no
// subprotocol.
type Upgrader struct {
	// Protocols are the subprotocols the server speaks, the one it
	// prefers first; none is agreed if the client offers none of them.
	Protocols []string
	// Require refuses (400) a client that offers none of Protocols, as
	// Godot's WebSocketMultiplayerPeer does when its supported_protocols
	// are set.
	Require bool
}

// Accept accepts r's WebSocket upgrade (RFC 6455, 4.2): a GET of HTTP/1.1
// or later asking to upgrade to websocket, version 13, with a key of 16
// bytes, and, if it names an Origin (a browser's page), from the server's
// own host: a handler that allows other origins removes the header first.
// It agrees the first of u.Protocols the client offers, hijacks the
// connection and returns it with the answer to write. A request it
// refuses it answers itself, with 400, 403, 405 or 426 (500 if the
// connection cannot be hijacked), and returns an error matching
// ErrHandshake.
func (u Upgrader) Accept(w http.ResponseWriter, r *http.Request) (Handshake, error) {
	status, err := checkUpgrade(w.Header(), r)
	if err != nil {
		http.Error(w, err.Error(), status)
		return Handshake{}, err
	}
	protocol := agree(u.Protocols, r.Header)
	if u.Require && protocol == "" {
		err := fmt.Errorf("%w: the client offers none of the subprotocols %q", ErrHandshake, u.Protocols)
		http.Error(w, err.Error(), http.StatusBadRequest)
		return Handshake{}, err
	}
	response := fmt.Appendf(nil, "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: %s\r\n",
		acceptKey(strings.TrimSpace(r.Header.Get("Sec-WebSocket-Key"))))
	if protocol != "" {
		response = fmt.Appendf(response, "Sec-WebSocket-Protocol: %s\r\n", protocol)
	}
	var extra bytes.Buffer
	w.Header().Write(&extra) // what the handler's wrappers set
	response = append(append(response, extra.Bytes()...), "\r\n"...)

	conn, brw, err := http.NewResponseController(w).Hijack()
	if err != nil {
		http.Error(w, http.StatusText(http.StatusInternalServerError), http.StatusInternalServerError)
		return Handshake{}, fmt.Errorf("%w: %w", ErrHandshake, err)
	}
	// The server may have left deadlines of its own (http.Hijacker), and
	// read what the client sent past its request.
	conn.SetDeadline(time.Time{})
	var buffered []byte
	if n := brw.Reader.Buffered(); n > 0 {
		b, _ := brw.Reader.Peek(n)
		buffered = bytes.Clone(b)
	}
	return Handshake{Conn: conn, Buffered: buffered, Protocol: protocol, Response: response}, nil
}

// checkUpgrade checks r is an upgrade Accept accepts, and returns the
// status that refuses it if not, with headers that say why set in h.
func checkUpgrade(h http.Header, r *http.Request) (int, error) {
	refused := func(status int, format string, args ...any) (int, error) {
		return status, fmt.Errorf("%w: "+format, append([]any{ErrHandshake}, args...)...)
	}
	if !r.ProtoAtLeast(1, 1) || !hasToken(r.Header, "Connection", "upgrade") || !hasToken(r.Header, "Upgrade", "websocket") {
		h.Set("Connection", "Upgrade")
		h.Set("Upgrade", "websocket")
		return refused(http.StatusUpgradeRequired, "%s is not an upgrade to a WebSocket", r.Proto)
	}
	if r.Method != http.MethodGet {
		return refused(http.StatusMethodNotAllowed, "an upgrade by %q, not GET", shown(r.Method))
	}
	if v := r.Header.Get("Sec-WebSocket-Version"); v != "13" {
		h.Set("Sec-WebSocket-Version", "13")
		return refused(http.StatusUpgradeRequired, "WebSocket version %q, not 13", shown(v))
	}
	keys := r.Header.Values("Sec-WebSocket-Key")
	if len(keys) != 1 {
		return refused(http.StatusBadRequest, "%d keys, not 1", len(keys))
	}
	if key, err := base64.StdEncoding.DecodeString(strings.TrimSpace(keys[0])); err != nil || len(key) != 16 {
		return refused(http.StatusBadRequest, "key %q, not 16 bytes in base64", shown(keys[0]))
	}
	if origin := r.Header.Get("Origin"); origin != "" {
		if u, err := url.Parse(origin); err != nil || !strings.EqualFold(u.Host, r.Host) {
			return refused(http.StatusForbidden, "origin %q, not the server's host", shown(origin))
		}
	}
	return 0, nil
}

// agree returns the first of protocols that h offers, or "".
func agree(protocols []string, h http.Header) string {
	var offered []string
	for _, v := range h.Values("Sec-WebSocket-Protocol") {
		for t := range strings.SplitSeq(v, ",") {
			offered = append(offered, strings.TrimSpace(t))
		}
	}
	for _, p := range protocols {
		if slices.Contains(offered, p) {
			return p
		}
	}
	return ""
}
