package fromproject

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/enet"
	"github.com/gdvar/gdvar/enet/compress"
	"github.com/gdvar/gdvar/internal/textcut"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/project"
)

// Net is how a game's clients join its server, as the project's
// GDScripts set up their MultiplayerPeer ([project.Project.Network]):
// what a client must share with the server. What the scripts do not
// tell, or tell two ways, keeps its zero value and is said in Unknown.
type Net struct {
	Transport multiplayer.Transport
	// Subprotocols are the WebSocket server's supported_protocols.
	Subprotocols []string
	// Compression is the ENet hosts' compress() mode, as Godot names it
	// without COMPRESS_ ("RANGE_CODER", "FASTLZ", "ZLIB", "ZSTD"); ""
	// for none.
	Compression string
	// Root is the multiplayer root a branch's API has
	// (SceneTree.set_multiplayer), "" for the tree's own, /root.
	Root string
	// Port is create_server's port, 0 if the scripts do not tell one.
	Port int
	// MaxClients is ENet's create_server's max_clients, 0 if not given.
	MaxClients int
	// Unknown says, a line each, what the scripts do not tell or tell
	// two ways, and where.
	Unknown []string
}

// NetOf reads how the game in p sets up its MultiplayerPeer: the one
// transport its scripts make (ENet, Godot's usual, if they make none or
// both), and the settings of the scripts that make it.
func NetOf(p *project.Project) (*Net, error) {
	found, err := p.Network()
	if err != nil {
		return nil, err
	}
	n := &Net{}
	transports := distinct(found.Transports)
	switch len(transports) {
	case 0:
		n.Unknown = append(n.Unknown, "transport: no GDScript makes a MultiplayerPeer; ENet assumed")
	case 1:
		n.Transport, _ = multiplayer.ParseTransport(transports[0])
	default:
		n.Unknown = append(n.Unknown, "transport: the scripts make both ENet and WebSocket peers ("+places(found.Transports)+"); ENet assumed")
	}
	if v, ok := n.one("compression", found.Compression); ok {
		n.Compression = n.mode(v, found.Compression)
	}
	if v, ok := n.one("subprotocols", found.Subprotocols); ok {
		n.Subprotocols = strings.Split(v, ",")
	}
	if v, ok := n.one("multiplayer root", found.Roots); ok {
		n.Root = v
	}
	if v, ok := n.one("port", found.Ports); ok {
		n.Port = n.inRange("port", v, found.Ports, 1, 65535)
	}
	if v, ok := n.one("max clients", found.MaxClients); ok {
		n.MaxClients = n.inRange("max clients", v, found.MaxClients, 1, maxENetPeers)
	}
	return n, nil
}

// NoteSetting is the setting a note of Net.Unknown is of: its text
// before the first colon ("transport", "multiplayer root"), the one
// NetOf writes it with.
func NoteSetting(note string) string {
	setting, _, _ := strings.Cut(note, ":")
	return setting
}

// maxENetPeers is the most peers an ENet host takes (ENet's peer ids
// are 12 bits), and so the most clients a create_server may ask for.
const maxENetPeers = 4095

// inRange returns v as an int if it is one from lo to hi; else 0, with a
// note in n.Unknown: a script's create_server(70000) does not tell a
// port (the engine refuses it), and a client must not be sent to one.
func (n *Net) inRange(what, v string, s []project.Setting, lo, hi int) int {
	if i, err := strconv.Atoi(v); err == nil && i >= lo && i <= hi {
		return i
	}
	n.Unknown = append(n.Unknown, fmt.Sprintf("%s: not one from %d to %d (%s)", what, lo, hi, places(s)))
	return 0
}

// mode returns the compression mode v names ("" for none); else "", with
// a note in n.Unknown: a script's COMPRESS_LZ4 is no mode the engine
// has (it refuses the script), and a client must not dial with it.
func (n *Net) mode(v string, s []project.Setting) string {
	m := strings.TrimPrefix(v, "COMPRESS_")
	if m == "NONE" {
		m = ""
	}
	if !slices.Contains(CompressionModes, m) {
		n.Unknown = append(n.Unknown, "compression: not a mode ENet has ("+places(s)+")")
		return ""
	}
	return m
}

// one returns the value the settings agree on, if they do and all are
// known; else it notes in n.Unknown why not. Each is compared with the
// first alone: scripts setting thousands of values cost one pass.
func (n *Net) one(what string, s []project.Setting) (string, bool) {
	if len(s) == 0 {
		return "", false
	}
	first := s[0].Value
	if first != "" && !slices.ContainsFunc(s, func(s project.Setting) bool { return s.Value != first }) {
		return first, true
	}
	n.Unknown = append(n.Unknown, what+": set in ways the reader cannot tell apart ("+places(s)+")")
	return "", false
}

// distinct returns the known values of settings, each once, in order.
func distinct(s []project.Setting) []string {
	var out []string
	seen := map[string]bool{}
	for _, v := range s {
		if v.Known() && !seen[v.Value] {
			seen[v.Value] = true
			out = append(out, v.Value)
		}
	}
	return out
}

// maxPlaces bounds the places a note of Unknown names.
const maxPlaces = 4

// places names where settings are set, and their values.
func places(s []project.Setting) string {
	var b strings.Builder
	for i, v := range s {
		if i == maxPlaces {
			fmt.Fprintf(&b, " and %d more", len(s)-i)
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		val := shown(v.Value, 40)
		if !v.Known() {
			val = "an expression"
		}
		fmt.Fprintf(&b, "%s:%d %s", shown(v.Script, 48), v.Line, val)
	}
	return b.String()
}

// shown is s as a note shows it: at most n bytes, cut at a character's
// start, each control character (a line break in a file's name or in a
// string) a '?', so that a note stays one short line.
func shown(s string, n int) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return '?'
		}
		return r
	}, textcut.Prefix(s, n))
}

// Dial is how a client joins the server at addr (host:port; with no
// port, n.Port's), n's transport and its settings.
func (n *Net) Dial(addr string) (multiplayer.Dial, error) {
	if !strings.Contains(addr, ":") && n.Port > 0 {
		addr += ":" + strconv.Itoa(n.Port)
	}
	d := multiplayer.Dial{Addr: addr, Transport: n.Transport, Subprotocols: n.Subprotocols}
	if n.Transport == multiplayer.ENet {
		opt, err := Compression(n.Compression)
		if err != nil {
			return d, err
		}
		d.ENet = []enet.Option{opt}
	}
	return d, nil
}

// Options are the options of a Multiplayer that is a client of the game:
// its multiplayer root, where a branch has its own.
func (n *Net) Options() []multiplayer.Option {
	if n.Root == "" {
		return nil
	}
	return []multiplayer.Option{multiplayer.WithRoot(n.Root)}
}

// ServerOptions are the options of a Multiplayer that serves the game's
// clients as its scripts' server does: its multiplayer root, the
// WebSocket subprotocols it requires, and ENet's max_clients.
func (n *Net) ServerOptions() []multiplayer.Option {
	opts := n.Options()
	if len(n.Subprotocols) > 0 {
		opts = append(opts, multiplayer.WithSubprotocols(n.Subprotocols...))
	}
	if n.MaxClients > 0 {
		opts = append(opts, multiplayer.WithMaxPeers(n.MaxClients))
	}
	return opts
}

// Serve serves m's clients on addr (host:port; with no port, n.Port's)
// with n's transport and its settings (ENet's compression), until ctx is
// done or m is closed, as the game's own server would: m.ListenAndServe
// or m.ListenAndServeENet.
func (n *Net) Serve(ctx context.Context, m *multiplayer.Multiplayer, addr string) error {
	if !strings.Contains(addr, ":") && n.Port > 0 {
		addr += ":" + strconv.Itoa(n.Port)
	}
	if n.Transport == multiplayer.WebSocket {
		return m.ListenAndServe(ctx, addr)
	}
	opt, err := Compression(n.Compression)
	if err != nil {
		return err
	}
	return m.ListenAndServeENet(ctx, addr, opt)
}

// Compression returns the ENet host option of a compression mode as
// Godot names it, with or without COMPRESS_ ("RANGE_CODER"; "" or NONE
// for none): COMPRESS_ZLIB and COMPRESS_ZSTD through package
// enet/compress.
func Compression(mode string) (enet.Option, error) {
	switch strings.TrimPrefix(strings.ToUpper(mode), "COMPRESS_") {
	case "", "NONE":
		return enet.WithCompression(enet.CompressNone), nil
	case "RANGE_CODER":
		return enet.WithCompression(enet.CompressRangeCoder), nil
	case "FASTLZ":
		return enet.WithCompression(enet.CompressFastLZ), nil
	case "ZLIB":
		return enet.WithCompressor(compress.Zlib), nil
	case "ZSTD":
		return enet.WithCompressor(compress.Zstd), nil
	}
	return nil, fmt.Errorf("%w: compression %.20q: NONE, RANGE_CODER, FASTLZ, ZLIB or ZSTD", gdvar.ErrInvalidOption, mode)
}

// CompressionModes are ENet's compression modes, as Compression takes
// them: those a client may try in turn against a server whose mode it
// cannot tell.
var CompressionModes = []string{"", "RANGE_CODER", "FASTLZ", "ZLIB", "ZSTD"}
