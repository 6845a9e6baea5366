package wsframe

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// acceptServer serves up.Accept, each connection accepted being
// answered and sent what it sent past its request, as a server's frame;
// what Accept returns goes to accepted.
func acceptServer(t *testing.T, up Upgrader, wrap func(http.Handler) http.Handler) (addr string, accepted chan Handshake) {
	accepted = make(chan Handshake, 1)
	var h http.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hs, err := up.Accept(w, r)
		if err != nil {
			return
		}
		defer hs.Conn.Close()
		hs.Conn.Write(AppendFrame(hs.Response, OpBinary, hs.Buffered))
		accepted <- hs
	})
	if wrap != nil {
		h = wrap(h)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.Listener.Addr().String(), accepted
}

// upgradeRequest is a client's request to upgrade, with the RFC's own
// example key, its header lines edited: the lines of edits replace those
// of their names ("Name:" alone removes them).
func upgradeRequest(edits ...string) string {
	fields := []string{"Host: HOST", "Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13"}
	for _, e := range edits {
		name, _, _ := strings.Cut(e, ":")
		fields = slices.DeleteFunc(fields, func(f string) bool { return strings.HasPrefix(f, name+":") })
	}
	for _, e := range edits {
		if !strings.HasSuffix(e, ":") {
			fields = append(fields, e)
		}
	}
	return strings.Join(fields, "\r\n") + "\r\n\r\n"
}

// An upgrade is answered as RFC 6455 has a server answer (4.2.2): the
// key's hash, the subprotocol agreed; a request that is not one it
// accepts is refused with a status that says why, and no upgrade.
func TestAccept(t *testing.T) {
	for _, tc := range []struct {
		name     string
		line     string // the request line
		edits    []string
		status   int
		protocol string
	}{
		{"an upgrade", "GET / HTTP/1.1", nil, 101, ""},
		{"tokens in any case, among others", "GET /x?y HTTP/1.1", []string{"Connection: keep-alive, UPGRADE", "Upgrade: WebSocket"}, 101, ""},
		{"the origin of the server's host", "GET / HTTP/1.1", []string{"Origin: http://HOST"}, 101, ""},
		{"a subprotocol agreed", "GET / HTTP/1.1", []string{"Sec-WebSocket-Protocol: chat, godot"}, 101, "godot"},
		{"the server's first choice", "GET / HTTP/1.1", []string{"Sec-WebSocket-Protocol: other, godot", "Sec-WebSocket-Protocol: binary"}, 101, "godot"},
		{"no subprotocol in common", "GET / HTTP/1.1", []string{"Sec-WebSocket-Protocol: chat"}, 101, ""},
		{"a subprotocol in another case", "GET / HTTP/1.1", []string{"Sec-WebSocket-Protocol: Godot"}, 101, ""},
		{"HTTP/1.0", "GET / HTTP/1.0", nil, 426, ""},
		{"no Upgrade", "GET / HTTP/1.1", []string{"Upgrade:"}, 426, ""},
		{"an upgrade to another protocol", "GET / HTTP/1.1", []string{"Upgrade: h2c"}, 426, ""},
		{"no Connection: Upgrade", "GET / HTTP/1.1", []string{"Connection: keep-alive"}, 426, ""},
		{"a POST", "POST / HTTP/1.1", []string{"Content-Length: 0"}, 405, ""},
		{"version 8", "GET / HTTP/1.1", []string{"Sec-WebSocket-Version: 8"}, 426, ""},
		{"no key", "GET / HTTP/1.1", []string{"Sec-WebSocket-Key:"}, 400, ""},
		{"two keys", "GET / HTTP/1.1", []string{"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ=="}, 400, ""},
		{"a key of 15 bytes", "GET / HTTP/1.1", []string{"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25j"}, 400, ""},
		{"a key not base64", "GET / HTTP/1.1", []string{"Sec-WebSocket-Key: " + strings.Repeat("!", 5000)}, 400, ""},
		{"another origin", "GET / HTTP/1.1", []string{"Origin: http://elsewhere.example"}, 403, ""},
		{"an origin that is no URL", "GET / HTTP/1.1", []string{"Origin: %zz"}, 403, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			addr, accepted := acceptServer(t, Upgrader{Protocols: []string{"godot", "binary"}}, nil)
			nc := dialRaw(t, addr)
			req := strings.ReplaceAll(tc.line+"\r\n"+upgradeRequest(tc.edits...), "HOST", addr)
			_, err := io.WriteString(nc, req)
			require.NoError(t, err)
			br := bufio.NewReader(nc)
			resp, err := http.ReadResponse(br, nil)
			require.NoError(t, err)
			require.Equal(t, tc.status, resp.StatusCode)
			if tc.status != 101 {
				body, _ := io.ReadAll(resp.Body)
				assert.Less(t, len(body), 200, "the answer is short: %s", body)
				return
			}
			assert.Equal(t, "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=", resp.Header.Get("Sec-WebSocket-Accept"), "RFC 6455's example")
			assert.True(t, hasToken(resp.Header, "Upgrade", "websocket") && hasToken(resp.Header, "Connection", "upgrade"))
			assert.Equal(t, tc.protocol, resp.Header.Get("Sec-WebSocket-Protocol"))
			assert.Empty(t, resp.Header.Get("Sec-WebSocket-Extensions"), "no extension")
			hs := <-accepted
			assert.Equal(t, tc.protocol, hs.Protocol)
		})
	}
}

// dialRaw opens a TCP connection to addr, closed when the test ends, that
// gives up after 10 s.
func dialRaw(t *testing.T, addr string) net.Conn {
	nc, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	t.Cleanup(func() { nc.Close() })
	require.NoError(t, nc.SetDeadline(time.Now().Add(10*time.Second)))
	return nc
}

// What a client sends with its request, before the answer, is its first
// frames: the server has what net/http read of them in Buffered, and the
// rest on the connection, whatever their size.
func TestAcceptKeepsWhatCameWithTheRequest(t *testing.T) {
	for _, n := range []int{1, 100, 3000, 10000} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				hs, err := Upgrader{}.Accept(w, r)
				if err != nil {
					return
				}
				defer hs.Conn.Close()
				rest := make([]byte, n-len(hs.Buffered))
				if _, err := io.ReadFull(hs.Conn, rest); err == nil {
					hs.Conn.Write(append(append(hs.Response, hs.Buffered...), rest...)) // sent back as it came
				}
			}))
			t.Cleanup(srv.Close)
			addr := srv.Listener.Addr().String()
			nc := dialRaw(t, addr)
			sent := make([]byte, n)
			for i := range sent {
				sent[i] = byte(i * 7)
			}
			_, err := nc.Write(append([]byte("GET / HTTP/1.1\r\n"+strings.ReplaceAll(upgradeRequest(), "HOST", addr)), sent...))
			require.NoError(t, err)
			br := bufio.NewReader(nc)
			resp, err := http.ReadResponse(br, nil)
			require.NoError(t, err)
			require.Equal(t, 101, resp.StatusCode)
			back, err := io.ReadAll(br)
			require.NoError(t, err)
			assert.True(t, bytes.Equal(sent, back), "%d bytes back of %d", len(back), n)
		})
	}
}

// Headers a handler's wrapper sets go with the answer.
func TestAcceptAnswersWithTheWrappersHeaders(t *testing.T) {
	addr, _ := acceptServer(t, Upgrader{}, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("X-Served-By", "gdvar")
			h.ServeHTTP(w, r)
		})
	})
	nc := dialRaw(t, addr)
	_, err := io.WriteString(nc, "GET / HTTP/1.1\r\n"+strings.ReplaceAll(upgradeRequest(), "HOST", addr))
	require.NoError(t, err)
	resp, err := http.ReadResponse(bufio.NewReader(nc), nil)
	require.NoError(t, err)
	assert.Equal(t, 101, resp.StatusCode)
	assert.Equal(t, "gdvar", resp.Header.Get("X-Served-By"))
}
