package wsframe

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// With Require, each side refuses the other agreeing no subprotocol, as
// Godot's WebSocketMultiplayerPeer does with supported_protocols set: a
// server, a client offering none of its own (400); a client, an answer
// naming none ("Requested sub-protocol(s) but received none").
func TestRequiredSubprotocol(t *testing.T) {
	for _, tc := range []struct {
		name     string
		server   Upgrader
		client   Dialer
		refused  bool
		protocol string // agreed
	}{
		{"both require, agreed", Upgrader{Protocols: []string{"game"}, Require: true}, Dialer{Protocols: []string{"chat", "game"}, Require: true}, false, "game"},
		{"the server requires, offered none", Upgrader{Protocols: []string{"game"}, Require: true}, Dialer{}, true, ""},
		{"the server requires, offered others", Upgrader{Protocols: []string{"game"}, Require: true}, Dialer{Protocols: []string{"chat"}}, true, ""},
		{"the client requires, agreed none", Upgrader{}, Dialer{Protocols: []string{"game"}, Require: true}, true, ""},
		{"neither requires, agreed none", Upgrader{}, Dialer{Protocols: []string{"game"}}, false, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			addr, _ := acceptServer(t, tc.server, nil)
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			h, err := tc.client.Dial(ctx, "ws://"+addr+"/")
			if tc.refused {
				require.ErrorIs(t, err, ErrHandshake)
				return
			}
			require.NoError(t, err)
			defer h.Conn.Close()
			assert.Equal(t, tc.protocol, h.Protocol)
		})
	}
}
