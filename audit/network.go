package audit

import (
	"fmt"
	"io"
	"net"
	"strings"

	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/multiplayer/fromproject"
)

// Network is how the audit's clients joined the server: the transport
// and the settings they shared with it (from the project's scripts, or
// Config.Net), and what the project did not tell.
type Network struct {
	Transport    multiplayer.Transport `json:"transport"`
	Subprotocols []string              `json:"subprotocols,omitempty"`
	// Compression is ENet's compress() mode, as Godot names it without
	// COMPRESS_ ("RANGE_CODER"); "" for none.
	Compression string `json:"compression,omitempty"`
	// CompressionFound says the project does not tell the compression:
	// the clients found the server's by trying each mode in turn.
	CompressionFound bool `json:"compression_found,omitempty"`
	// TransportFound says the project does not tell the transport (its
	// scripts make both peers, or none): the clients found the server's
	// by trying the other after the one assumed did not join.
	TransportFound bool   `json:"transport_found,omitempty"`
	Root           string `json:"root,omitempty"` // the multiplayer root, "" for /root
	// Clients is how many clients the audit joined: 2, a victim and an
	// attacker; 1, the attacker alone, for a server that takes one
	// (OneClient says why), whose attacks that need a victim are not
	// run (not-checked findings say which).
	Clients   int    `json:"clients"`
	OneClient string `json:"one_client,omitempty"`
	// Unknown says, a line each, what the project's scripts do not tell
	// of their peer, or tell two ways, and where.
	Unknown []string `json:"unknown,omitempty"`
}

// ErrMismatch is a server the clients reached but could not join: a
// setting of its peer is not theirs (a MismatchError says which). It
// matches ErrJoin.
var ErrMismatch = fmt.Errorf("%w: the server's peer is set up otherwise", ErrJoin)

// MismatchError is the error of a join the server refused, or could not
// read, for a setting of its MultiplayerPeer the clients did not share:
// the WebSocket subprotocols it requires, or its ENet compression. Its
// Setting is also the gdvar audit flag that sets it.
type MismatchError struct {
	Setting string // "compression" or "subprotocols"
	Clients string // what the clients used
	// Server is the server's setting where the audit found it (the
	// compression mode it joined with), else "".
	Server string
	Err    error // the clients' own error
}

func (e *MismatchError) Error() string {
	s := fmt.Sprintf("the server's %s is not the clients' (%s)", e.Setting, e.Clients)
	if e.Server != "" {
		s += ": it uses " + e.Server
	}
	return s + ": " + e.Err.Error()
}

// Unwrap returns ErrMismatch and the clients' own error.
func (e *MismatchError) Unwrap() []error { return []error{ErrMismatch, e.Err} }

// netOf returns the network of c's clients: a copy of c.Net, or what the
// project's scripts say (fromproject.NetOf); and the server's address,
// with the project's port where c.Addr gives none.
func netOf(c Config) (*fromproject.Net, string, error) {
	n := c.Net
	if n == nil {
		var err error
		if n, err = fromproject.NetOf(c.Project); err != nil {
			return nil, "", err
		}
	}
	cp := *n
	cp.Subprotocols = append([]string(nil), n.Subprotocols...)
	cp.Unknown = append([]string(nil), n.Unknown...)
	if _, _, err := net.SplitHostPort(c.Addr); err != nil && !strings.Contains(c.Addr, "://") && cp.Port == 0 {
		return nil, "", fmt.Errorf("%w: Addr %.80q has no port, and the project's create_server tells none", ErrConfig, c.Addr)
	}
	d, err := cp.Dial(c.Addr)
	if err != nil {
		return nil, "", fmt.Errorf("%w: %w", ErrConfig, err)
	}
	return &cp, d.Addr, nil
}

// network is what the report says of n.
func network(n *fromproject.Net, found bool) *Network {
	return &Network{Transport: n.Transport, Subprotocols: n.Subprotocols, Compression: n.Compression,
		CompressionFound: found, Root: n.Root, Unknown: n.Unknown}
}

// shown says a setting's value, "none" for none.
func shown(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// String says the network in short: "enet, compression RANGE_CODER
// (found), 1 client".
func (n *Network) String() string {
	s := n.Transport.String()
	if n.TransportFound {
		s += " (found: the project does not tell it)"
	}
	if len(n.Subprotocols) > 0 {
		s += ", subprotocols " + strings.Join(n.Subprotocols, ",")
	}
	if n.Compression != "" {
		s += ", compression " + n.Compression
		if n.CompressionFound {
			s += " (found: the project does not tell it)"
		}
	}
	if n.Root != "" {
		s += ", root " + n.Root
	}
	if n.Clients == 1 {
		s += ", 1 client"
	}
	return s
}

// writeNotes writes, a line each, why one client joined and what the
// project does not tell of its peer.
func (n *Network) writeNotes(w io.Writer) {
	if n.OneClient != "" {
		fmt.Fprintf(w, "one client: %s\n", oneLine(n.OneClient, 200))
	}
	for _, u := range n.Unknown {
		fmt.Fprintf(w, "the project does not tell the %s\n", oneLine(u, 200))
	}
}
