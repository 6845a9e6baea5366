package wsframe

import (
	"bufio"
	"bytes"
	"context"
	"crypto/tls"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// answeringServer answers each upgrade request it gets with answer(key),
// key being the request's, and then holds the connection until the test
// ends; it returns its ws:// URL.
func answeringServer(t *testing.T, answer func(key string) string) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			nc, err := ln.Accept()
			if err != nil {
				return
			}
			t.Cleanup(func() { nc.Close() })
			go func() {
				req, err := http.ReadRequest(bufio.NewReader(nc))
				if err == nil {
					io.WriteString(nc, answer(req.Header.Get("Sec-WebSocket-Key")))
				}
			}()
		}
	}()
	return "ws://" + ln.Addr().String() + "/game"
}

// answer101 is a server's answer to key, with more header lines.
func answer101(key string, more ...string) string {
	return "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: " + acceptKey(key) + "\r\n" +
		strings.Join(append(more, ""), "\r\n") + "\r\n"
}

// An answer that RFC 6455 has a client refuse (4.1) fails the handshake
// with ErrHandshake, in a short error of one line that names the fix
// where there is one; one it accepts gives the connection, with what came
// with the answer. A head over the 16 KiB read of it, in one line or
// many, says so, where the error was the reading's of the piece read
// ("unexpected EOF", "malformed MIME header").
func TestDialChecksTheAnswer(t *testing.T) {
	many := make([]string, 1000)
	for i := range many {
		many[i] = fmt.Sprintf("X-Header-%04d: %s", i, strings.Repeat("v", 48))
	}
	for _, tc := range []struct {
		name     string
		answer   func(key string) string
		protocol string // agreed; "" with refused
		refused  bool
		says     string // what a refusal's error says
	}{
		{"an answer", func(k string) string { return answer101(k) }, "", false, ""},
		{"a subprotocol offered", func(k string) string { return answer101(k, "Sec-WebSocket-Protocol: godot") }, "godot", false, ""},
		{"tokens in any case", func(k string) string {
			return strings.Replace(strings.Replace(answer101(k), "Upgrade: websocket", "Upgrade: WebSocket", 1), "Connection: Upgrade", "Connection: upgrade", 1)
		}, "", false, ""},
		{"another status", func(string) string { return "HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n\r\n" }, "", true, "503"},
		{"a redirect", func(string) string {
			return "HTTP/1.1 302 Found\r\nLocation: ws://elsewhere/\r\nContent-Length: 0\r\n\r\n"
		}, "", true, `redirects to "ws://elsewhere/": connect there`},
		{"another key's answer", func(string) string { return answer101("dGhlIHNhbXBsZSBub25jZQ==") }, "", true, "key"},
		{"no Upgrade", func(k string) string { return strings.Replace(answer101(k), "Upgrade: websocket\r\n", "", 1) }, "", true, "not an upgrade"},
		{"no Connection", func(k string) string { return strings.Replace(answer101(k), "Connection: Upgrade\r\n", "", 1) }, "", true, "not an upgrade"},
		{"an extension", func(k string) string { return answer101(k, "Sec-WebSocket-Extensions: permessage-deflate") }, "", true, "extensions"},
		{"a subprotocol not offered", func(k string) string { return answer101(k, "Sec-WebSocket-Protocol: chat") }, "", true, `subprotocol "chat"`},
		{"not HTTP", func(string) string { return strings.Repeat("\x00", 100) + "\r\n\r\n" }, "", true, "malformed"},
		{"a head over 16 KiB", func(k string) string { return answer101(k, "X-Long: "+strings.Repeat("x", 64<<10)) }, "", true, "over 16 KiB"},
		{"a line without end of 1 MiB", func(string) string { return "HTTP/1.1 101 Switching Protocols\r\nX: " + strings.Repeat("x", 1<<20) }, "", true, "over 16 KiB"},
		{"64 KiB of header lines", func(k string) string { return answer101(k, many...) }, "", true, "over 16 KiB"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			url := answeringServer(t, tc.answer)
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			h, err := Dialer{Protocols: []string{"godot"}}.Dial(ctx, url)
			if tc.refused {
				require.ErrorIs(t, err, ErrHandshake)
				assert.Less(t, len(err.Error()), 200, "the error is short: %v", err)
				assert.NotContains(t, err.Error(), "\n")
				assert.Contains(t, err.Error(), tc.says)
				return
			}
			require.NoError(t, err)
			defer h.Conn.Close()
			assert.Equal(t, tc.protocol, h.Protocol)
			assert.Nil(t, h.Response, "a server's")
		})
	}
}

// Dial and Accept agree: a subprotocol, and the frames each side sends
// first, whatever came with the handshake.
func TestDialAccept(t *testing.T) {
	addr, accepted := acceptServer(t, Upgrader{Protocols: []string{"godot"}}, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	h, err := Dialer{Protocols: []string{"chat", "godot"}}.Dial(ctx, "ws://"+addr+"/path?q=1")
	require.NoError(t, err)
	defer h.Conn.Close()
	assert.Equal(t, "godot", h.Protocol)
	assert.Equal(t, "godot", (<-accepted).Protocol)
	r := &Reader{Buf: bufio.NewReader(io.MultiReader(bytes.NewReader(h.Buffered), h.Conn)), Conn: h.Conn, Limit: 100,
		Peer: &frameLog{}, FromServer: true}
	msg, err := r.ReadMessage(nil)
	require.NoError(t, err)
	assert.Empty(t, msg, "the server's first frame: what came with the request, nothing")
}

// A server that does not answer holds Dial no longer than its context: its
// deadline, or its end.
func TestDialHonoursTheContext(t *testing.T) {
	url := answeringServer(t, func(string) string { select {} })
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	_, err := Dialer{}.Dial(ctx, url)
	assert.ErrorIs(t, err, context.DeadlineExceeded)

	ctx, cancel = context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	_, err = Dialer{}.Dial(ctx, url)
	assert.ErrorIs(t, err, context.Canceled)
}

// wss:// dials TLS, checking the server's certificate: against the roots
// given, or the system's, which do not know the test server's.
func TestDialTLS(t *testing.T) {
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if h, err := (Upgrader{}).Accept(w, r); err == nil {
			h.Conn.Write(AppendFrame(h.Response, OpBinary, []byte("hi")))
			h.Conn.Close()
		}
	}))
	srv.Config.ErrorLog = log.New(io.Discard, "", 0) // the refused handshake's
	srv.StartTLS()
	defer srv.Close()
	url := "wss://" + srv.Listener.Addr().String()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	roots := srv.Client().Transport.(*http.Transport).TLSClientConfig
	h, err := Dialer{TLS: roots}.Dial(ctx, url)
	require.NoError(t, err)
	defer h.Conn.Close()
	_, ok := h.Conn.(*tls.Conn)
	assert.True(t, ok, "a TLS connection")
	r := &Reader{Buf: bufio.NewReader(io.MultiReader(bytes.NewReader(h.Buffered), h.Conn)), Conn: h.Conn, Limit: 100,
		Peer: &frameLog{}, FromServer: true}
	msg, err := r.ReadMessage(nil)
	require.NoError(t, err)
	assert.Equal(t, "hi", string(msg))

	_, err = Dialer{}.Dial(ctx, url)
	var unknown *tls.CertificateVerificationError
	assert.ErrorAs(t, err, &unknown)
}

// A URL Dial cannot dial is refused before any connection, with a
// *url.Error.
func TestDialURL(t *testing.T) {
	for _, rawURL := range []string{"ftp://127.0.0.1:1/", "127.0.0.1:1", "ws://[::1"} {
		_, err := Dialer{}.Dial(context.Background(), rawURL)
		var refused *url.Error
		assert.ErrorAs(t, err, &refused, rawURL)
	}
}
