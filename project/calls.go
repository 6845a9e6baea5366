package project

// asks is what a function asks: who called it, whether it runs on the
// server ([Method.AsksSender], [Method.AsksServer]).
type asks uint8

const (
	asksSender asks = 1 << iota
	asksServer
)

// own is what the method's own body asks.
func (m *Method) own() asks {
	var a asks
	if m.AsksSender {
		a |= asksSender
	}
	if m.AsksServer {
		a |= asksServer
	}
	return a
}

// asked returns what the function m of class k asks in its body or in
// the functions it calls, as far as they go: f(…), self.f(…) and
// super.f(…) (super(…) the base's function of its name), f looked up in
// k's class, then down its bases. A call is looked up from the class
// that makes it, as the analyzer binds it; an override in a subclass is
// not followed. What each function of a class asks is found once for all
// of them (askedAll), so that asking costs each script's size once,
// whatever its calls. A C# method asks what its own body does.
func (k ClassRef) asked(m *Method) (sender, server bool) {
	a := m.own()
	if !k.Class.csharp && k.Script != nil {
		i := k.Class.members[m.Name].index
		if all := k.askedAll(); int(i) < len(all) && &k.Class.Methods[i] == m {
			a = all[i]
		}
	}
	return a&asksSender != 0, a&asksServer != 0
}

// askedAll returns what each function of k's class asks, through the
// functions it calls: made once for each class of the chain, bases first
// (a base's functions call no subclass's).
func (k ClassRef) askedAll() []asks {
	var todo []ClassRef
	for b := k; b.Class != nil && b.Class.asked == nil && !b.Class.csharp && b.Script != nil; b = b.Class.bases.base {
		todo = append(todo, b)
	}
	for i := len(todo) - 1; i >= 0; i-- {
		todo[i].Class.asked = todo[i].findAsked()
	}
	return k.Class.asked
}

// findAsked finds what each function of the class asks: its own body's,
// what the functions of its bases it calls ask, then, along the calls
// between its functions, each caller asks what its callees ask (a walk
// back from the callees, each function met again only when it asks
// more: at most twice, as there are two things to ask).
func (k ClassRef) findAsked() []asks {
	c := k.Class
	out := make([]asks, len(c.Methods))
	var callers, callees []int32 // the calls between the class's functions, each once
	last := make([]int32, len(c.Methods))
	var fromBase map[string]asks // what a name not the class's asks, looked up down the bases
	var indents [4]int
	var b bodyReader
	for i := range c.Methods {
		m := &c.Methods[i]
		out[i] = m.own()
		if m.BodyLine == 0 || m.cs != nil {
			continue
		}
		b.start(k.Script, m, indents[:])
		b.read(nil, func() {
			name, base := b.called(m.Name)
			if name == "" {
				return
			}
			if f, ok := c.members[name]; ok && !base {
				switch j := f.index; {
				case f.kind != kindFunction, j == int32(i), last[j] == int32(i)+1:
				default:
					last[j] = int32(i) + 1
					callers, callees = appendDoubling(callers, int32(i)), appendDoubling(callees, j)
				}
				return
			}
			if c.bases.base.Class == nil {
				return // no script's base: an engine method, a global function
			}
			if fromBase == nil {
				fromBase = map[string]asks{}
			}
			a, ok := fromBase[name]
			if !ok {
				a = askedDown(c.bases.base, name)
				fromBase[name] = a
			}
			out[i] |= a
		})
	}
	// The callers of each function, in one list: start[j] to start[j+1].
	start := make([]int32, len(c.Methods)+1)
	for _, j := range callees {
		start[j+1]++
	}
	for j := range c.Methods {
		start[j+1] += start[j]
	}
	by := make([]int32, len(callers))
	next := last // done with: where the next caller of each goes
	copy(next, start)
	for e, j := range callees {
		by[next[j]] = callers[e]
		next[j]++
	}
	var walk []int32
	for j := range out {
		if out[j] != 0 {
			walk = appendDoubling(walk, int32(j))
		}
	}
	for len(walk) > 0 {
		j := walk[len(walk)-1]
		walk = walk[:len(walk)-1]
		for _, i := range by[start[j]:start[j+1]] {
			if out[i]|out[j] != out[i] {
				out[i] |= out[j]
				walk = appendDoubling(walk, i)
			}
		}
	}
	return out
}

// askedDown returns what the function name asks, looked up from class k
// down its bases (0 for none: an engine method, a global function).
func askedDown(k ClassRef, name string) asks {
	for ; k.Class != nil && !k.Class.csharp; k = k.Class.bases.base {
		if f, ok := k.Class.members[name]; ok {
			if f.kind != kindFunction || k.Class.asked == nil {
				return 0
			}
			return k.Class.asked[f.index]
		}
	}
	return 0
}

// called returns the function the token read calls, from the function
// named self: "" where it calls none of its class's or bases' by name;
// base says the call is super's, looked up from the base.
func (b *bodyReader) called(self string) (name string, base bool) {
	if b.tok.kind != tkOp || b.tok.text != "(" || b.prev[0].kind != tkIdent {
		return "", false
	}
	f := b.prev[0].text
	dot := b.prev[1].kind == tkOp && b.prev[1].text == "."
	switch {
	case f == "super" && !dot:
		return self, true
	case keywords[f]:
		return "", false
	case !dot:
		if b.prev[1].kind == tkIdent && b.prev[1].text == "func" { // a lambda's name
			return "", false
		}
		return f, false
	case b.prev[2].kind == tkIdent && b.prev[2].text == "self":
		return f, false
	case b.prev[2].kind == tkIdent && b.prev[2].text == "super":
		return f, true
	}
	return "", false
}
