package multiplayer

import (
	"errors"
	"fmt"
)

// Transport is the MultiplayerPeer a game's peers connect through. Its
// zero value is ENet, the transport Godot's high-level multiplayer is
// used with by default.
type Transport uint8

// The transports.
const (
	ENet      Transport = iota // ENetMultiplayerPeer, over UDP (ConnectENet, ServeENet)
	WebSocket                  // WebSocketMultiplayerPeer (Connect, Serve)
)

// ErrTransport is a transport's name that is neither "enet" nor "ws".
var ErrTransport = errors.New("multiplayer: a transport is enet or ws")

// String returns the transport's name: "enet" or "ws".
func (t Transport) String() string {
	switch t {
	case ENet:
		return "enet"
	case WebSocket:
		return "ws"
	}
	return fmt.Sprintf("Transport(%d)", int(t))
}

// ParseTransport reads a transport's name: "enet", or "ws" (or
// "websocket").
func ParseTransport(s string) (Transport, error) {
	switch s {
	case "enet":
		return ENet, nil
	case "ws", "websocket":
		return WebSocket, nil
	}
	return 0, fmt.Errorf("%w, not %.20q", ErrTransport, s)
}

// MarshalText writes the transport's name.
func (t Transport) MarshalText() ([]byte, error) {
	if t > WebSocket {
		return nil, fmt.Errorf("%w: %d", ErrTransport, int(t))
	}
	return []byte(t.String()), nil
}

// UnmarshalText reads a transport's name, as ParseTransport does; a flag
// of a Transport (flag.TextVar) takes it so.
func (t *Transport) UnmarshalText(b []byte) error {
	v, err := ParseTransport(string(b))
	if err != nil {
		return err
	}
	*t = v
	return nil
}
