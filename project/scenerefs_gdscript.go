package project

import (
	"strconv"
	"strings"
)

// gdSceneRefs reads a GDScript's tokens once for the scenes it names and
// the spawn functions it sets, then, where it sets one, once more for the
// members each spawn function's body names.
func (p *Project) gdSceneRefs(s *Script) SceneRefs {
	g := &gdScan{p: p, s: s, fold: newFolder(s, p.limits), failed: map[string]bool{}}
	g.run(g.pass1)
	if len(g.out.SpawnFunctions) > 0 {
		g.used, g.members = map[string]map[string]bool{}, map[string][]string{}
		for _, sf := range g.out.SpawnFunctions {
			g.used[sf.Func] = map[string]bool{}
		}
		g.run(g.pass2)
		for i := range g.out.SpawnFunctions { // those of one function share its list
			g.out.SpawnFunctions[i].Members = g.members[g.out.SpawnFunctions[i].Func]
		}
	}
	return g.out
}

// ringSize is how many of the last tokens a scan keeps: those a
// receiver ($Players/Spawner.) is read back from.
const ringSize = 16

// gdScan is a scan of a GDScript's tokens: which function each is in,
// which call each is an argument of.
type gdScan struct {
	p   *Project
	s   *Script
	out SceneRefs

	t      *tokenizer
	ring   [ringSize]token // the last tokens, the current one last
	n      int             // tokens read
	blocks int             // INDENTs open
	calls  []openCall      // the brackets open, innermost last
	funcs  []funcScope     // the functions open, innermost last
	member string          // the class's var or const being initialized
	// spawn is a spawn_function assignment whose value is being read.
	spawn *spawnValue

	// fold folds the constants a call's argument names, failed are
	// those it did not; sum is the argument's strings joined, past its
	// first term.
	fold   *folder
	failed map[string]bool
	sum    []byte
	// used are the members each spawn function names, once its first
	// pass found them (nil in the first pass).
	used    map[string]map[string]bool
	members map[string][]string // the members each spawn function names, in order
}

// openCall is an open bracket: the call it opens, if one.
type openCall struct {
	name     string // the function called; "" for a bracket that calls none
	receiver string // add_spawnable_scene's
	line     int    // of its first argument
	args     int    // the tokens of its first argument
	comma    bool   // past its first argument
	// sum is where its first argument is in a sum of strings and
	// constants (load(DIR + "match.tscn")); first its first term.
	sum   uint8
	first string
}

// funcScope is a function, or a lambda, whose tokens are being read.
type funcScope struct {
	name     string
	state    uint8 // one of the scope states below
	brackets int   // brackets open at its func
	level    int   // INDENTs open within its body
}

// The states of a funcScope.
const (
	inHeader   uint8 = iota // its name, parameters and return type
	afterColon              // the header's colon: a body follows, inline or as a block
	awaitBlock              // a newline after the colon: an INDENT follows
	inline                  // a body on the header's line
	inBlock                 // an indented body
)

// spawnValue reads the value given to spawn_function, token by token.
type spawnValue struct {
	fn   SpawnFunction
	step int // tokens read of Callable(self, "f") or self.f
}

// run reads the script's tokens, calling visit with each after the scan
// has placed it.
func (g *gdScan) run(visit func(tok token)) {
	g.t = newTokenizer(g.s.src, g.s.maxDepth)
	g.n, g.blocks, g.calls, g.funcs, g.member, g.spawn = 0, 0, g.calls[:0], g.funcs[:0], "", nil
	for {
		tok := g.t.next()
		if tok.kind == tkEOF {
			return
		}
		g.ring[g.n%ringSize] = tok
		g.n++
		g.sumToken(tok)
		g.place(tok)
		visit(tok)
	}
}

// back returns the token i before the current one (0: the current), or
// an EOF token past the ring.
func (g *gdScan) back(i int) token {
	if i >= g.n || i >= ringSize {
		return token{kind: tkEOF}
	}
	return g.ring[(g.n-1-i)%ringSize]
}

// place follows the blocks, brackets and functions a token opens or
// closes.
func (g *gdScan) place(tok token) {
	if c := len(g.calls) - 1; c >= 0 && !g.calls[c].comma && !endsArg(tok) {
		g.calls[c].args++
	}
	if k := len(g.funcs) - 1; k >= 0 && g.funcs[k].state == afterColon {
		if tok.kind == tkNewline {
			g.funcs[k].state = awaitBlock
		} else {
			g.funcs[k].state = inline
		}
	}
	switch tok.kind {
	case tkIndent:
		g.blocks++
		if k := len(g.funcs) - 1; k >= 0 && g.funcs[k].state == awaitBlock {
			g.funcs[k].state, g.funcs[k].level = inBlock, g.blocks
		}
	case tkDedent:
		g.blocks--
		g.closeFuncs(func(f funcScope) bool { return f.state == inBlock && f.level > g.blocks })
	case tkNewline:
		g.closeFuncs(func(f funcScope) bool { return f.state == inline || f.state == inHeader })
		if len(g.funcs) == 0 {
			g.member = ""
		}
	case tkOp:
		g.operator(tok)
	case tkIdent:
		g.ident(tok)
	}
}

// endsArg says a token ends a call's argument: a closing bracket or a
// comma.
func endsArg(tok token) bool {
	if tok.kind != tkOp {
		return false
	}
	switch tok.text {
	case ")", "]", "}", ",":
		return true
	}
	return false
}

// closeFuncs ends the innermost functions while done says so.
func (g *gdScan) closeFuncs(done func(funcScope) bool) {
	for len(g.funcs) > 0 && done(g.funcs[len(g.funcs)-1]) {
		g.funcs = g.funcs[:len(g.funcs)-1]
	}
}

// operator follows brackets and a function header's colon.
func (g *gdScan) operator(tok token) {
	switch tok.text {
	case "(", "[", "{":
		c := openCall{line: tok.line}
		if prev := g.back(1); tok.text == "(" && prev.kind == tkIdent {
			c.name = prev.text
			if c.name == "add_spawnable_scene" {
				c.receiver = g.receiver(2)
			}
			if foldedCalls[c.name] && g.used == nil {
				c.sum = sumTerm
				g.sum = g.sum[:0] // the innermost call's alone: one around it is a sum no more
			}
		}
		g.calls = append(g.calls, c) // as deep as the parsed script's brackets: within Limits.MaxDepth
	case ")", "]", "}":
		if c := len(g.calls) - 1; c >= 0 {
			g.argEnd(&g.calls[c])
			g.calls = g.calls[:c]
		}
		g.closeFuncs(func(f funcScope) bool { return f.brackets > len(g.calls) })
	case ",":
		if c := len(g.calls) - 1; c >= 0 && !g.calls[c].comma {
			g.argEnd(&g.calls[c])
			g.calls[c].comma = true
		}
		g.closeFuncs(func(f funcScope) bool { return f.brackets == len(g.calls) && f.brackets > 0 && f.state != inHeader })
	case ":":
		if k := len(g.funcs) - 1; k >= 0 && g.funcs[k].state == inHeader && g.funcs[k].brackets == len(g.calls) {
			g.funcs[k].state = afterColon
		}
	}
}

// ident follows functions, the class's members, and what a call is.
func (g *gdScan) ident(tok token) {
	switch prev := g.back(1); {
	case tok.text == "func":
		if len(g.funcs) < g.s.maxDepth {
			f := funcScope{state: inHeader, brackets: len(g.calls)}
			if len(g.funcs) > 0 { // a lambda
				f.name = "lambda:" + strconv.Itoa(tok.line)
			}
			g.funcs = append(g.funcs, f)
		}
	case prev.kind == tkIdent && prev.text == "func":
		if k := len(g.funcs) - 1; k >= 0 && g.funcs[k].name == "" {
			g.funcs[k].name = tok.text
		}
	case prev.kind == tkIdent && (prev.text == "var" || prev.text == "const") && len(g.funcs) == 0:
		g.member = tok.text
	}
}

// funcName is the function the current token is in, "" for none.
func (g *gdScan) funcName() string {
	if len(g.funcs) == 0 {
		return ""
	}
	return g.funcs[len(g.funcs)-1].name
}

// receiver returns what the token i back is called on, as written: the
// chain of names, $paths and calls before the "." before it ("" where
// none is, the script's own node).
func (g *gdScan) receiver(i int) string {
	dot := g.back(i)
	if dot.kind != tkOp || dot.text != "." {
		return ""
	}
	start, parens := dot, 0
	for j := i + 1; ; j++ {
		t := g.back(j)
		switch {
		case t.kind == tkOp && t.text == ")":
			parens++
		case t.kind == tkOp && t.text == "(" && parens > 0:
			parens--
		case parens > 0:
		case t.kind == tkIdent && !keywords[t.text] || t.kind == tkString && g.back(j+1).kind == tkOp && g.back(j+1).text == "$":
		case t.kind == tkOp && (t.text == "$" || t.text == "%" || t.text == "/" || t.text == "."):
		default: // the chain's start, or the ring's
			return strings.TrimSpace(g.s.src[start.pos:dot.pos])
		}
		start = t
	}
}

// pass1 takes the scenes a token names and the spawn functions set.
func (g *gdScan) pass1(tok token) {
	if g.spawn != nil {
		g.spawnToken(tok)
	}
	switch {
	case tok.kind == tkString:
		g.literal(tok)
	case tok.kind == tkOp && tok.text == "=" && g.back(1).kind == tkIdent && g.back(1).text == "spawn_function",
		tok.kind == tkOp && tok.text == "(" && g.back(1).kind == tkIdent && g.back(1).text == "set_spawn_function":
		g.spawn = &spawnValue{fn: SpawnFunction{Spawner: g.receiver(2), Line: tok.line}}
	}
}

// spawnToken reads a token of a spawn_function's value: f, self.f,
// Callable(self, "f"), or a lambda.
func (g *gdScan) spawnToken(tok token) {
	sv := g.spawn
	name := ""
	switch {
	case sv.step == 0 && tok.kind == tkIdent && tok.text == "func":
		name = g.funcName()
	case sv.step == 0 && tok.kind == tkIdent && (tok.text == "self" || tok.text == "Callable"):
		sv.step = 1
		if tok.text == "Callable" {
			sv.step = 3
		}
		return
	case sv.step == 0 && tok.kind == tkIdent && !keywords[tok.text]:
		name = tok.text
	case sv.step == 1 && tok.kind == tkOp && tok.text == ".",
		sv.step == 3 && tok.kind == tkOp && tok.text == "(",
		sv.step == 4 && tok.kind == tkIdent && tok.text == "self",
		sv.step == 5 && tok.kind == tkOp && tok.text == ",":
		sv.step++
		return
	case sv.step == 2 && tok.kind == tkIdent:
		name = tok.text
	case sv.step == 6 && tok.kind == tkString:
		name, _ = stringOf(tok.value)
	}
	g.spawn = nil
	if name != "" {
		sv.fn.Func = name
		g.out.SpawnFunctions = appendDoubling(g.out.SpawnFunctions, sv.fn)
	}
}

// literal takes a string literal that is a scene's path (not the end of
// a sum, which is a sum's if it folds), and one that names the method
// call_deferred (or call) is to call.
func (g *gdScan) literal(tok token) {
	c := len(g.calls) - 1
	s, ok := stringOf(tok.value)
	if prev := g.back(1); !ok || g.tripleQuoted(tok) || prev.kind == tkOp && prev.text == "+" {
		return
	}
	if c >= 0 && g.calls[c].args == 1 && (g.calls[c].name == "call_deferred" || g.calls[c].name == "call") &&
		(s == "change_scene_to_file" || s == "change_scene_to_packed") {
		g.calls[c].name = s
		return
	}
	if scene, ok := g.p.scenePath(g.s.Path, s); ok {
		g.add(scene, tok.line)
	}
}

// alike says two references differ by their lines alone.
func (r SceneRef) alike(o SceneRef) bool {
	r.Line = o.Line
	return r == o
}

// tripleQuoted says a string token is triple-quoted: a multiline string.
func (g *gdScan) tripleQuoted(tok token) bool {
	q := strings.TrimLeft(g.s.src[tok.pos:min(tok.pos+4, len(g.s.src))], "r&^")
	return strings.HasPrefix(q, `"""`) || strings.HasPrefix(q, `'''`)
}

// add adds a scene named at line, with the call it is given to.
func (g *gdScan) add(scene string, line int) {
	ref := SceneRef{Scene: scene, Func: g.funcName(), Member: g.member}
	if len(g.funcs) > 0 {
		ref.Member = ""
	}
	for c := len(g.calls) - 1; c >= 0; c-- {
		switch name := g.calls[c].name; name {
		case "load", "preload":
			continue
		case "change_scene_to_file", "change_scene_to_packed", "add_spawnable_scene":
			ref.Call, ref.Receiver = name, g.calls[c].receiver
		}
		break
	}
	if n := len(g.out.Scenes); n > 0 && g.out.Scenes[n-1].alike(ref) {
		return // named again at once: nothing more
	}
	ref.Line = line
	g.out.Scenes = appendDoubling(g.out.Scenes, ref) // append's growth of a long list allocates five times its size
}

// foldedCalls are the calls whose argument, when it is no one string, is
// folded if it is a sum of strings and constants: a path built of them.
var foldedCalls = map[string]bool{"load": true, "preload": true, "change_scene_to_file": true, "add_spawnable_scene": true}

// The states of a call's first argument read as a sum.
const (
	sumNone  uint8 = iota // not one
	sumTerm               // a term is next
	sumAfter              // a term was read: "+" or its end is next
)

// maxSum bounds a sum's bytes: a path is shorter, and a constant used
// again and again is never joined past it.
const maxSum = 1024

// sumToken reads a token of the innermost call's first argument as a sum:
// a string, or a constant of the script's class, as the analyzer folds
// it (each name folded once), then "+" and another. It reads the token
// before place counts it.
func (g *gdScan) sumToken(tok token) {
	c := len(g.calls) - 1
	if c < 0 || g.calls[c].comma || g.calls[c].sum == sumNone || endsArg(tok) {
		return // its end is argEnd's
	}
	call := &g.calls[c]
	switch {
	case call.sum == sumAfter && tok.kind == tkOp && tok.text == "+":
		call.sum = sumTerm
		return
	case call.sum != sumTerm:
	case tok.kind == tkString:
		if v, ok := stringOf(tok.value); ok && g.addTerm(call, v) {
			return
		}
	case tok.kind == tkIdent && !keywords[tok.text] && !g.failed[tok.text]:
		if v, err := g.fold.name(&g.s.Class, tok.text); err == nil {
			if v, ok := stringOf(v); ok && g.addTerm(call, v) {
				return
			}
		}
		g.failed[tok.text] = true
	}
	call.sum = sumNone // anything else: a call, a member, an operator
}

// addTerm adds a string to a call's sum, within maxSum: its first term
// kept as it is, the others joined to it.
func (g *gdScan) addTerm(c *openCall, v string) bool {
	switch {
	case c.args == 0:
		c.first = v
	case len(g.sum) == 0 && len(c.first)+len(v) <= maxSum:
		g.sum = append(append(g.sum, c.first...), v...)
	case len(g.sum)+len(v) <= maxSum:
		g.sum = append(g.sum, v...)
	default:
		return false
	}
	c.sum = sumAfter
	return true
}

// argEnd ends a call's first argument: one that is a sum of more than a
// lone string is taken if it is a scene's path.
func (g *gdScan) argEnd(c *openCall) {
	defer func() { g.sum = g.sum[:0] }()
	if c.comma || c.sum != sumAfter || c.args == 1 && g.back(1).kind == tkString {
		return
	}
	v := c.first
	if len(g.sum) > 0 {
		v = string(g.sum)
	}
	if scene, ok := g.p.scenePath(g.s.Path, v); ok && len(v) <= maxSum { // the call is still open: add names it
		g.add(scene, c.line)
	}
}

// pass2 takes the members each spawn function's body names: the
// variables and constants the script's class declares.
func (g *gdScan) pass2(tok token) {
	if tok.kind != tkIdent {
		return
	}
	if m, ok := g.s.Class.members[tok.text]; !ok || m.kind != kindVariable && m.kind != kindConstant {
		return
	}
	if k := len(g.funcs) - 1; k >= 0 { // its own body's, not a lambda's within it
		f := g.funcs[k]
		if used := g.used[f.name]; used != nil && f.state != inHeader && !used[tok.text] {
			used[tok.text] = true
			g.members[f.name] = append(g.members[f.name], tok.text)
		}
	}
}
