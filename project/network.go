package project

import (
	"path"
	"strconv"
	"strings"
)

// Network is what a project's GDScripts say of the MultiplayerPeer they
// make, as far as their literals and constants say it: the transports,
// and the settings a client must share with the server to join it. Each
// is listed where a script sets it; a value the reader cannot tell (an
// expression, a function's result) is listed with Value "".
type Network struct {
	// Transports are the peers made: "enet" (ENetMultiplayerPeer.new()),
	// "ws" (WebSocketMultiplayerPeer.new()).
	Transports []Setting
	// Compression is each ENet host's compress(): the engine's name of
	// the mode, "COMPRESS_RANGE_CODER" and the like.
	Compression []Setting
	// Subprotocols are a WebSocket peer's supported_protocols, joined by
	// commas.
	Subprotocols []Setting
	// Ports are create_server's ports.
	Ports []Setting
	// MaxClients are ENet's create_server's max_clients, where given.
	MaxClients []Setting
	// Roots are the multiplayer roots set_multiplayer gives a branch.
	Roots []Setting
}

// Setting is a value a script sets, and where: its res:// path and line.
type Setting struct {
	Value  string
	Script string
	Line   int
}

// Known says the reader could tell the value.
func (s Setting) Known() bool { return s.Value != "" }

// Network reads each GDScript of the project (Files, each as Script
// reads it; one the reader refuses says nothing) for the MultiplayerPeer
// it makes. What a C# script sets is not read.
func (p *Project) Network() (*Network, error) {
	files, err := p.Files()
	if err != nil {
		return nil, err
	}
	n := &Network{}
	for _, f := range files {
		if !strings.EqualFold(path.Ext(f), ".gd") {
			continue
		}
		s, err := p.Script(f)
		if err != nil {
			continue
		}
		(&netScan{s: s, fold: newFolder(s, p.limits), out: n}).run()
	}
	return n, nil
}

// maxArgTokens bounds the tokens of an argument or value kept to read:
// the forms read are a few tokens long.
const maxArgTokens = 8

// netScan is a scan of one script's tokens for its MultiplayerPeer.
type netScan struct {
	s    *Script
	fold *folder
	out  *Network
	vars map[string]int32 // the member variables' initializers, made at the first lookup
}

// netCall is an open bracket: the call it opens, and its first two
// arguments' first tokens. NodePath("…")'s tokens are its argument's:
// the call is part of the value.
type netCall struct {
	name string
	arg  int
	args [2][maxArgTokens]token
	n    [2]int
}

// argTokens returns the tokens kept of argument i.
func (c *netCall) argTokens(i int) []token { return c.args[i][:c.n[i]] }

// keep adds tok to the argument being read of the innermost call, and of
// the call around a NodePath(…).
func keep(calls []netCall, tok token) {
	for i := len(calls) - 1; i >= 0; i-- {
		c := &calls[i]
		if c.arg < 2 && c.n[c.arg] < maxArgTokens {
			c.args[c.arg][c.n[c.arg]] = tok
			c.n[c.arg]++
		}
		if c.name != "NodePath" {
			return
		}
	}
}

// protocolList reads a supported_protocols value as its tokens pass: the
// strings of a list.
type protocolList struct {
	line  int
	names []byte
	known bool
}

// maxProtocols bounds a supported_protocols value kept: a few names.
const maxProtocols = 256

func (l *protocolList) add(t token) {
	switch {
	case t.kind == tkString:
		s, _ := stringOf(t.value)
		if len(l.names) > 0 {
			l.names = append(l.names, ',')
		}
		if len(l.names)+len(s) <= maxProtocols {
			l.names = append(l.names, s...)
		} else {
			l.known = false
		}
	case t.kind == tkOp && strings.Contains("[](),", t.text):
	case t.kind == tkIdent && t.text == "PackedStringArray":
	default:
		l.known = false
	}
}

func (g *netScan) run() {
	t := newTokenizer(g.s.src, g.s.maxDepth)
	var last [3]token // the tokens before the current one, the latest first
	var calls []netCall
	var list *protocolList // supported_protocols' value being read
	for {
		tok := t.next()
		if tok.kind == tkEOF {
			return
		}
		if list != nil {
			if tok.kind == tkNewline {
				v := ""
				if list.known {
					v = string(list.names)
				}
				g.out.Subprotocols = append(g.out.Subprotocols, g.at(v, list.line))
				list = nil
			} else {
				list.add(tok)
			}
		}
		switch {
		case tok.kind == tkIdent && tok.text == "new" && last[0].text == "." && last[1].kind == tkIdent:
			if tr, ok := peerClasses[last[1].text]; ok {
				g.out.Transports = append(g.out.Transports, g.at(tr, tok.line))
			}
		case tok.kind == tkOp && tok.text == "=" && last[0].kind == tkIdent && last[0].text == "supported_protocols":
			list = &protocolList{line: tok.line, known: true}
		case tok.kind == tkOp && tok.text == "(":
			name := ""
			if last[0].kind == tkIdent && last[1].text != "func" { // a call, not a declaration
				name = last[0].text
			}
			if name == "NodePath" {
				keep(calls, tok)
			}
			calls = append(calls, netCall{name: name})
		case tok.kind == tkOp && tok.text == ")" && len(calls) > 0:
			c := &calls[len(calls)-1]
			if c.name == "NodePath" {
				keep(calls[:len(calls)-1], tok)
			}
			g.called(c, tok.line)
			calls = calls[:len(calls)-1]
		case tok.kind == tkOp && tok.text == "," && len(calls) > 0:
			calls[len(calls)-1].arg++
		case len(calls) > 0:
			keep(calls, tok)
		}
		last = [3]token{tok, last[0], last[1]}
	}
}

// peerClasses are the MultiplayerPeer classes a game makes, and their
// transports.
var peerClasses = map[string]string{"ENetMultiplayerPeer": "enet", "WebSocketMultiplayerPeer": "ws"}

// called notes what a call that has ended sets.
func (g *netScan) called(c *netCall, line int) {
	switch c.name {
	case "compress":
		g.out.Compression = append(g.out.Compression, g.at(g.value(c.argTokens(0), 0), line))
	case "create_server":
		if c.arg == 0 && len(c.argTokens(0)) == 0 { // a game's own, with no port: no peer's
			return
		}
		g.out.Ports = append(g.out.Ports, g.at(g.value(c.argTokens(0), 0), line))
		if max := g.value(c.argTokens(1), 0); c.arg >= 1 && isInt(max) {
			g.out.MaxClients = append(g.out.MaxClients, g.at(max, line))
		}
	case "set_multiplayer":
		if c.arg >= 1 {
			g.out.Roots = append(g.out.Roots, g.at(g.value(c.argTokens(1), 0), line))
		}
	}
}

// value reads an argument's tokens: a literal, ENetConnection.COMPRESS_*,
// NodePath("…"), a constant the folder folds, or a member variable whose
// initializer is one of those; "" for anything else.
func (g *netScan) value(toks []token, depth int) string {
	switch {
	case len(toks) == 1 && toks[0].kind == tkInt:
		return strconv.FormatInt(toks[0].value.(int64), 10)
	case len(toks) == 1 && toks[0].kind == tkString:
		s, _ := stringOf(toks[0].value)
		return s
	case len(toks) == 3 && toks[0].text == "ENetConnection" && toks[1].text == "." && strings.HasPrefix(toks[2].text, "COMPRESS_"):
		return toks[2].text
	case len(toks) == 4 && toks[0].text == "NodePath" && toks[1].text == "(" && toks[2].kind == tkString && toks[3].text == ")":
		s, _ := stringOf(toks[2].value)
		return s
	case len(toks) == 1 && toks[0].kind == tkIdent && depth == 0:
		if v, err := g.fold.name(&g.s.Class, toks[0].text); err == nil {
			if s, ok := stringOf(v); ok {
				return s
			}
			if n, ok := v.(int64); ok {
				return strconv.FormatInt(n, 10)
			}
		}
		return g.variable(toks[0].text)
	}
	return ""
}

// variable reads the initializer of the script's member variable name.
func (g *netScan) variable(name string) string {
	if g.vars == nil {
		g.vars = make(map[string]int32, len(g.s.Properties))
		for _, p := range g.s.Properties {
			if p.init != 0 {
				g.vars[p.Name] = p.init
			}
		}
	}
	init, ok := g.vars[name]
	if !ok {
		return ""
	}
	t := tokenizerAt(g.s.src, span{init - 1, 0}, g.s.maxDepth)
	var toks [maxArgTokens]token
	n := 0
	for tok := t.next(); tok.kind != tkEOF && tok.kind != tkNewline && n < maxArgTokens; tok = t.next() {
		toks[n] = tok
		n++
	}
	return g.value(toks[:n], 1)
}

// at is a Setting of this script.
func (g *netScan) at(v string, line int) Setting {
	return Setting{Value: v, Script: g.s.Path, Line: line}
}

// isInt says s is a decimal integer.
func isInt(s string) bool {
	_, err := strconv.ParseInt(s, 10, 64)
	return err == nil
}
