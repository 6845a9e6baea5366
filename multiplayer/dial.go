package multiplayer

import (
	"context"
	"fmt"
	"strings"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/enet"
)

// Dial is how a client joins a server: its address, its transport and
// the transport's settings the client must share with the server, which
// a game's scripts set on their MultiplayerPeer (package fromproject
// reads them from a project).
type Dial struct {
	// Addr is the server's host:port; over WebSocket a ws:// or wss://
	// URL too.
	Addr      string
	Transport Transport
	// Subprotocols are offered to a WebSocket server, its
	// supported_protocols (a Godot server with them refuses a client
	// offering none of them); nil offers the Multiplayer's own
	// (WithSubprotocols).
	Subprotocols []string
	// ENet are the client's ENet host's options: its compression above
	// all, which must be the server's (enet.WithCompression, or
	// enet.WithCompressor for COMPRESS_ZLIB and COMPRESS_ZSTD).
	ENet []enet.Option
}

// Join connects to the server d names, as ConnectENet or Connect do with
// d's settings, and returns once the server has taken this side; it then
// runs until the server ends it or Close is called. ctx bounds the
// joining.
func (m *Multiplayer) Join(ctx context.Context, d Dial) error {
	switch d.Transport {
	case ENet:
		return m.ConnectENet(ctx, d.Addr, d.ENet...)
	case WebSocket:
		if err := m.start(false); err != nil {
			return err
		}
		defer m.connected()
		url := d.Addr
		if !strings.Contains(url, "://") {
			url = "ws://" + url
		}
		protocols := m.cfg.protocols
		if d.Subprotocols != nil {
			protocols = d.Subprotocols
		}
		for _, p := range protocols {
			if !isToken(p) {
				return fmt.Errorf("%w: subprotocol %.40q is no HTTP token", gdvar.ErrInvalidOption, p)
			}
		}
		return m.connect(ctx, url, protocols)
	}
	return fmt.Errorf("%w: %d", ErrTransport, int(d.Transport))
}
