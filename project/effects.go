package project

// Effects are what a function's body changes and sends, as a scan of its
// tokens shows them (not an analysis of what runs): the names it
// assigns, and the RPCs it sends to other peers.
type Effects struct {
	// Assigns are the names the body assigns (=, +=, -=, …): the last
	// name of the target outside brackets (score of players[id].score,
	// scores of scores[id]), each once alone and once on something, in
	// the order met. A name the body declares (var, const, for) or a
	// parameter's, assigned alone, is not one: it is the function's own.
	Assigns []Assign
	// Sends are the RPCs the body sends: f.rpc(…) and rpc("f", …) to
	// every peer, f.rpc_id(…) and rpc_id(id, "f", …) to one; each once.
	Sends []Send
}

// Assign is a name a function's body assigns.
type Assign struct {
	Name string
	// Own says the target is the name alone or self.name: a member of
	// the object the function runs on.
	Own  bool
	Line int
}

// Send is an RPC a function's body sends.
type Send struct {
	// Method is the method called on the peers; "" when the body names
	// it by a value that is not a literal.
	Method string
	All    bool // rpc, to every peer; else rpc_id, to the one it names
	Line   int
}

// The bounds of a body's scan: what it keeps of a body of any size.
const (
	maxEffects = 32 // assignments, and sends
	maxLocals  = 64 // the names declared, of which one assigned alone is not an Assign
)

// Effects returns the effects of the body of the function the method's
// calls run: its own statements, not those of the functions it calls,
// nor of a lambda inside brackets. A C# method's body is not read.
func (r NamedRPC) Effects() Effects {
	if r.run == nil || r.run.cs != nil || r.run.BodyLine == 0 {
		return Effects{}
	}
	var indents [4]int // one allocation for a body of the usual depth
	var b bodyScan
	b.start(r.fn.Script, r.run, indents[:])
	b.sendNamed = -1
	param := true // the next name is a parameter's
	b.read(func() {
		switch {
		case b.tok.kind == tkIdent && param && b.nest == 1:
			b.local(b.tok.text)
			param = false
		case b.tok.kind == tkOp && b.nest == 1 && b.tok.text == ",":
			param = true
		}
	}, b.token)
	return b.out
}

// bodyScan reads a function from its parameters to the end of its body
// for its effects.
type bodyScan struct {
	bodyReader
	locals [maxLocals]string
	nloc   int
	out    Effects
	// A statement's state: the tokens read of it, the keyword it declares
	// with (var, const, for: its next name is a local), whether it began
	// self., the last name outside brackets (an assignment's target), and
	// whether its assignment was met (what follows is the value).
	count    int
	declares string
	fromSelf bool
	last     string
	assigned bool
	// sendNamed is the nesting whose first string names the last send's
	// method (rpc("f")), or -1; sendAt, that send's index in out.Sends.
	sendNamed, sendAt int
}

// token reads one token of the body.
func (b *bodyScan) token() {
	tok := b.tok
	if b.sendNamed >= 0 && b.nest < b.sendNamed {
		b.sendNamed = -1
	}
	isOp := func(op string) bool { return tok.kind == tkOp && tok.text == op }
	// A type follows a declared variable's ":"; a statement, the others'.
	colon := b.nest == 0 && isOp(":") && b.declares != "var" && b.declares != "const"
	switch {
	case tok.kind == tkNewline || tok.kind == tkIndent || tok.kind == tkDedent || b.nest == 0 && isOp(";") || colon:
		b.count, b.declares, b.fromSelf, b.last, b.assigned = 0, "", false, "", false
		return
	case tok.kind == tkString && b.sendNamed == b.nest:
		if s, ok := stringOf(tok.value); ok {
			b.out.Sends[b.sendAt].Method = s
		}
		b.sendNamed = -1
	case tok.kind == tkIdent && b.count == 0 && (tok.text == "var" || tok.text == "const" || tok.text == "for"):
		b.declares = tok.text
	case tok.kind == tkIdent && b.declares != "" && b.count == 1:
		b.local(tok.text)
	case tok.kind == tkIdent && b.count == 0 && tok.text == "self":
		b.fromSelf = true
	case tok.kind == tkIdent && b.nest == 0 && !keywords[tok.text]:
		b.last = tok.text
	case isOp("(") && b.prev[0].kind == tkIdent && (b.prev[0].text == "rpc" || b.prev[0].text == "rpc_id"):
		b.send(tok)
	case tok.kind == tkOp && b.nest == 0 && assignOps[tok.text] && b.declares == "" && !b.assigned && b.last != "":
		own := b.count == 1 || b.fromSelf && b.count == 3
		if !own || !b.isLocal(b.last) {
			b.assign(b.last, own, tok.line)
		}
		b.assigned = true
	}
	b.count++
}

// assignOps are GDScript's assignment operators.
var assignOps = map[string]bool{"=": true, "+=": true, "-=": true, "*=": true, "/=": true, "%=": true, "**=": true,
	"<<=": true, ">>=": true, "&=": true, "|=": true, "^=": true}

// send notes the RPC whose call opens at tok: f.rpc( names f; rpc(,
// self.rpc(, x().rpc( and multiplayer.rpc( (SceneMultiplayer's, of a
// node and a method) name it by their first string argument.
func (b *bodyScan) send(tok token) {
	s := Send{All: b.prev[0].text == "rpc", Line: tok.line}
	named := b.prev[1].kind == tkOp && b.prev[1].text == "." && b.prev[2].kind == tkIdent &&
		!keywords[b.prev[2].text] && b.prev[2].text != "multiplayer"
	if named {
		s.Method = b.prev[2].text
	}
	for _, o := range b.out.Sends {
		if named && o.Method == s.Method && o.All == s.All {
			return
		}
	}
	if len(b.out.Sends) == maxEffects {
		return
	}
	b.out.Sends = append(b.out.Sends, s)
	if !named {
		b.sendNamed, b.sendAt = b.nest, len(b.out.Sends)-1
	}
}

// assign notes an assigned name, once alone and once on something.
func (b *bodyScan) assign(name string, own bool, line int) {
	for _, a := range b.out.Assigns {
		if a.Name == name && a.Own == own {
			return
		}
	}
	if len(b.out.Assigns) < maxEffects {
		b.out.Assigns = append(b.out.Assigns, Assign{Name: name, Own: own, Line: line})
	}
}

// local notes a name the function declares, up to maxLocals.
func (b *bodyScan) local(name string) {
	if b.nloc < maxLocals {
		b.locals[b.nloc] = name
		b.nloc++
	}
}

// isLocal says the function declares name.
func (b *bodyScan) isLocal(name string) bool {
	for _, l := range b.locals[:b.nloc] {
		if l == name {
			return true
		}
	}
	return false
}
