package wsframe

import (
	"crypto/sha1"
	"encoding/base64"
	"errors"
	"net"
	"net/http"
	"strings"
)

// ErrHandshake is the error of an opening handshake refused, by either
// side (Accept, Dial).
var ErrHandshake = errors.New("websocket: opening handshake refused")

// Handshake is an opening handshake done: the connection, what was read
// of it past the handshake, and the subprotocol agreed.
type Handshake struct {
	// Conn is the connection, with no deadline set.
	Conn net.Conn
	// Buffered is what the peer sent past its handshake that was read
	// with it (its first frames), to be read before Conn's own bytes; nil
	// if nothing was.
	Buffered []byte
	// Protocol is the subprotocol agreed, "" if none.
	Protocol string
	// Response is, on a server, its answer (101 Switching Protocols) to
	// write before any frame: Accept leaves it to the caller, so that it
	// goes out in one write with the first frames. Nil on a client.
	Response []byte
}

// keyGUID is what a key is hashed with to answer it (RFC 6455, 1.3).
const keyGUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

// acceptKey is the Sec-WebSocket-Accept that answers key.
func acceptKey(key string) string {
	sum := sha1.Sum([]byte(key + keyGUID))
	return base64.StdEncoding.EncodeToString(sum[:])
}

// hasToken reports whether h's field name lists token, among
// comma-separated tokens, in any case.
func hasToken(h http.Header, name, token string) bool {
	for _, v := range h.Values(name) {
		for t := range strings.SplitSeq(v, ",") {
			if strings.EqualFold(strings.TrimSpace(t), token) {
				return true
			}
		}
	}
	return false
}

// maxShown is the most bytes of a peer's header an error shows.
const maxShown = 64

// shown is s cut at maxShown bytes, for an error to quote.
func shown(s string) string {
	if len(s) > maxShown {
		return strings.ToValidUTF8(s[:maxShown], "") + "…"
	}
	return s
}
