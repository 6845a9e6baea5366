package multiplayer

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/internal/testrig/mpcases"
	"github.com/gdvar/gdvar/internal/wsframe"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// WithSubprotocols on both sides agrees one; a server with it refuses a
// client offering none, and a client with it a server agreeing none, as
// the engine's WebSocketMultiplayerPeer does with supported_protocols.
func TestSubprotocols(t *testing.T) {
	for _, c := range []struct {
		name           string
		server, client []Option
		connects       bool
	}{
		{"agreed", []Option{WithSubprotocols("game")}, []Option{WithSubprotocols("chat", "game")}, true},
		{"neither", nil, nil, true},
		{"the client offers none", []Option{WithSubprotocols("game")}, nil, false},
		{"the client offers another", []Option{WithSubprotocols("game")}, []Option{WithSubprotocols("chat")}, false},
		{"the server agrees none", nil, []Option{WithSubprotocols("game")}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			server, client := MustNew(c.server...), MustNew(c.client...)
			defer client.Close()
			port := serve(t, server)
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			err := client.Connect(ctx, "ws://127.0.0.1:"+port)
			if c.connects {
				require.NoError(t, err)
				assert.NotZero(t, client.ID())
			} else {
				require.Error(t, err)
				assert.ErrorIs(t, err, wsframe.ErrHandshake)
			}
		})
	}
	for _, bad := range [][]string{nil, {""}, {"a b"}, {"a,b"}} {
		_, err := New(WithSubprotocols(bad...))
		assert.Error(t, err, "%q", bad)
	}
}

// A Godot 4.6 client whose WebSocketMultiplayerPeer has supported_protocols
// makes its calls on a Go server WithSubprotocols; a Go client
// WithSubprotocols calls a Godot server that has them.
func TestLiveSubprotocols(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	t.Setenv("GDVAR_TRANSPORT", "websocket")
	t.Setenv("GDVAR_PROTOCOLS", "chat,game")
	t.Run("a Godot client", func(t *testing.T) {
		m := MustNew(WithSubprotocols("game"))
		main := m.Node("/root/Main", echoMethods...)
		main.Handle("echo", func(c *Call, args ...any) error { return c.Reply("echo_reply", args...) })
		m.OnPacket(func(from PeerID, data []byte) { assert.NoError(t, m.SendBytes(from, data)) })
		var errs errorLog
		m.OnError(errs.add)
		cases := mpcases.Cases(t)[:3]
		out := godot.RunScript(t, engine, "scripts/multiplayer/client.gd", serve(t, m), "echo.gd", "cases", mpcases.WriteFile(t, cases))
		require.Contains(t, out, "DONE")
		assert.Len(t, mpcases.Lines(out, "GOT "), len(cases))
		assert.Empty(t, errs.get())
	})
	t.Run("a Godot server", func(t *testing.T) {
		t.Setenv("GDVAR_PROTOCOLS", "game")
		port := godot.FreePort(t, "tcp")
		server := godot.Start(t, engine, "scripts/multiplayer/server.gd", strconv.Itoa(port))
		server.WaitFor(t, "READY", liveWait)
		m := MustNew(WithSubprotocols("chat", "game"))
		defer m.Close()
		main := m.Node("/root/Main", echoMethods...)
		replies := make(chan []any, 1)
		main.Handle("echo_reply", func(_ *Call, args ...any) { replies <- args })
		connectOver(t, m, "websocket", port)
		require.NoError(t, main.Call(ServerID, "echo", int64(7), "seven"))
		select {
		case got := <-replies:
			assert.Equal(t, []any{int64(7), "seven", nil}, got, "echo.gd answers three arguments")
		case <-time.After(liveWait):
			t.Fatal("no echo_reply from the Godot server")
		}
	})
}
