package cli

import (
	"flag"
	"fmt"
	"strings"

	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/multiplayer/fromproject"
	"github.com/gdvar/gdvar/project"
)

// NetFlags are the flags of how a command's clients join a game's server
// (gdvar audit, gdvar load): -transport, -subprotocols, -compression and
// -root. Each given overrides what the project's scripts say of their
// MultiplayerPeer; those not given leave it.
type NetFlags struct {
	transport                       multiplayer.Transport
	subprotocols, compression, root string
	given                           map[string]bool // of the flags above, those given
}

// Define defines the flags on fs; untold is what the clients' ENet
// compression is where neither the project nor -compression tells it.
func (f *NetFlags) Define(fs *flag.FlagSet, untold string) {
	fs.TextVar(&f.transport, "transport", multiplayer.ENet, "ws (WebSocketMultiplayerPeer) or enet (ENetMultiplayerPeer) (default: the project's)")
	fs.Lookup("transport").DefValue = "" // the project's, not ENet: the usage says so
	fs.StringVar(&f.subprotocols, "subprotocols", "", "the WebSocket subprotocols the server requires, comma-separated (default: the project's supported_protocols)")
	fs.StringVar(&f.compression, "compression", "", "the server's ENet compression: NONE, RANGE_CODER, FASTLZ, ZLIB or ZSTD (default: the project's, or "+untold+")")
	fs.StringVar(&f.root, "root", "", "the multiplayer root of the game's branch, /root/... (default: the project's set_multiplayer)")
}

// Parsed notes which of the flags fs, parsed, was given, and checks
// -compression.
func (f *NetFlags) Parsed(fs *flag.FlagSet) error {
	f.given = map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { f.given[fl.Name] = true })
	if f.compression != "" {
		if _, err := fromproject.Compression(f.compression); err != nil {
			return fmt.Errorf("-compression: %w", err)
		}
	}
	return nil
}

// Root returns -root's value, and whether it was given.
func (f *NetFlags) Root() (string, bool) { return f.root, f.given["root"] }

// Net is how the clients join the server: what the project's scripts say
// of their peer, each setting a flag gives replacing theirs; its Unknown
// keeps what neither tells.
func (f *NetFlags) Net(p *project.Project) (*fromproject.Net, error) {
	n, err := fromproject.NetOf(p)
	if err != nil {
		return nil, err
	}
	if f.given["transport"] {
		n.Transport = f.transport
	}
	if f.given["subprotocols"] {
		n.Subprotocols = nil
		for _, s := range strings.Split(f.subprotocols, ",") {
			if s = strings.TrimSpace(s); s != "" {
				n.Subprotocols = append(n.Subprotocols, s)
			}
		}
	}
	if f.given["compression"] {
		n.Compression = strings.TrimPrefix(strings.ToUpper(f.compression), "COMPRESS_") // NONE said, not "": none tried else
	}
	if f.given["root"] {
		n.Root = f.root
	}
	// What the project does not tell, but for what a flag gave.
	told := map[string]string{"transport": "transport", "subprotocols": "subprotocols", "compression": "compression", "multiplayer root": "root"}
	kept := n.Unknown[:0]
	for _, u := range n.Unknown {
		if flag, ok := told[fromproject.NoteSetting(u)]; !ok || !f.given[flag] {
			kept = append(kept, u)
		}
	}
	n.Unknown = kept
	return n, nil
}
