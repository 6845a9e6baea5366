package multiplayer

import (
	"bufio"
	"context"
	"crypto/sha1"
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	neturl "net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// answeringServer answers each upgrade request with answer(key), key
// being the request's, and holds the connection until the test ends; it
// returns its ws:// URL.
func answeringServer(t *testing.T, answer func(key string) string) string {
	ln := mustListen(t)
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
	return "ws://" + ln.Addr().String() + "/"
}

// answer101 is a server's answer to key, with more header lines.
func answer101(key string, more ...string) string {
	sum := sha1.Sum([]byte(key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"))
	return "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: " +
		base64.StdEncoding.EncodeToString(sum[:]) + "\r\n" + strings.Join(append(more, ""), "\r\n") + "\r\n"
}

// Every answer to its upgrade that Connect refuses fails with
// ErrHandshake, in one line of under 200 bytes, which names the fix where
// there is one: a line without end and a head over the 16 KiB read of it
// (which failed with "unexpected EOF" and "malformed MIME header"),
// another status, a redirect, an answer that is not an upgrade, ...
// Before, these errors matched none of the package's.
func TestConnectRefusedAnswers(t *testing.T) {
	many := make([]string, 1000)
	for i := range many {
		many[i] = fmt.Sprintf("X-Header-%04d: %s", i, strings.Repeat("v", 48))
	}
	for _, tc := range []struct {
		name   string
		answer func(key string) string
		opts   []Option
		says   string // the fix, if there is one, or what was refused
	}{
		{"a line without end of 1 MiB", func(string) string { return "HTTP/1.1 101 Switching Protocols\r\nX: " + strings.Repeat("x", 1<<20) }, nil, "over 16 KiB"},
		{"64 KiB of headers", func(k string) string { return answer101(k, many...) }, nil, "over 16 KiB"},
		{"another status", func(string) string { return "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n" }, nil, "404"},
		{"a redirect", func(string) string {
			return "HTTP/1.1 302 Found\r\nLocation: ws://elsewhere/\r\nContent-Length: 0\r\n\r\n"
		}, nil, `redirects to "ws://elsewhere/": connect there`},
		{"not HTTP", func(string) string { return strings.Repeat("\x00", 100) + "\r\n\r\n" }, nil, "malformed"},
		{"not an upgrade", func(k string) string { return strings.Replace(answer101(k), "Upgrade: websocket\r\n", "", 1) }, nil, "not an upgrade"},
		{"another key's answer", func(string) string { return answer101("dGhlIHNhbXBsZSBub25jZQ==") }, nil, "key"},
		{"an extension", func(k string) string { return answer101(k, "Sec-WebSocket-Extensions: permessage-deflate") }, nil, "extensions"},
		{"a subprotocol not offered", func(k string) string { return answer101(k, "Sec-WebSocket-Protocol: chat") }, nil, `subprotocol "chat"`},
		{"no subprotocol", func(k string) string { return answer101(k) }, []Option{WithSubprotocols("godot")}, "offer one it speaks"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			url := answeringServer(t, tc.answer)
			m := MustNew(tc.opts...)
			defer m.Close()
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			err := m.Connect(ctx, url)
			require.ErrorIs(t, err, ErrHandshake)
			t.Log(err)
			assert.Less(t, len(err.Error()), 200)
			assert.NotContains(t, err.Error(), "\n")
			assert.Contains(t, err.Error(), tc.says)
		})
	}
}

// A URL Connect cannot dial fails with a *url.Error: one that does not
// parse, or of another scheme than ws or wss (http and https alike).
func TestConnectURL(t *testing.T) {
	for _, rawURL := range []string{"ftp://127.0.0.1:1/", "127.0.0.1:1", "ws://[::1"} {
		m := MustNew()
		err := m.Connect(context.Background(), rawURL)
		var refused *neturl.Error
		assert.ErrorAs(t, err, &refused, rawURL)
		m.Close()
	}
}
