package project

import (
	"fmt"
	"iter"
)

// Param is a parameter of a function, as declared.
type Param struct {
	Name string
	// Type is the declared type as written: Name "" without one, and
	// Inferred for name := value, whose type is its default's (see
	// Project.CheckedType). A C# parameter's is the Variant type its
	// value is marshalled as, written as GDScript writes it (int for a
	// long, Array[int] for a Godot.Collections.Array<int>), or its class.
	Type Type
	// Default says the parameter has a default value: a call may leave it
	// out, and those after it.
	Default bool
	// Vararg says it is GDScript 4.5's rest parameter (...name): an Array
	// of the arguments after the others, any number of any type.
	Vararg bool

	init span // where the default starts, to fold it for :=
}

// parameters reads a function's parameter list, from the token after
// its "(" to past its ")", as the engine's parser does
// (parse_function_signature), failing where it fails. Each parameter
// read goes to each, which may be nil: the parser keeps none, as a
// script may declare thousands (Method.params), and they are read again
// when asked for (paramsOf).
func (p *parser) parameters(each func(Param) bool) {
	check := each == nil // read again, they were checked the first time
	if check && p.paramNames == nil {
		p.paramNames = map[string]bool{}
	}
	defer clear(p.paramNames)
	optional, rest := false, false
	for !p.failed() && !p.isOp(")") {
		if rest {
			p.fail(p.tok.line, "Cannot have parameters after the rest parameter.")
			return
		}
		par := Param{Vararg: p.isOp("...")}
		if par.Vararg {
			p.advance()
		}
		if p.tok.kind != tkIdent || keywords[p.tok.text] {
			p.fail(p.tok.line, "Expected parameter name.")
			return
		}
		par.Name = p.tok.text
		line := p.tok.line
		p.advance()
		if p.isOp(":") {
			p.advance()
			switch {
			case p.isOp("="):
				par.Type.Inferred = true
			case p.isOp(")") || p.isOp(","): // "a:" alone, which the engine takes untyped
			default:
				par.Type = p.typ()
			}
		}
		if p.isOp("=") {
			p.advance()
			if !p.isOp(")") && !p.isOp(",") { // "a =" alone has no default, for the engine
				par.Default, par.init = true, p.spanHere()
				p.skipExpr()
			}
		}
		switch {
		case p.failed():
			return
		case par.Vararg && par.Default:
			p.fail(line, "The rest parameter cannot have a default value.")
			return
		case par.Vararg:
			rest = true
		case par.Default:
			optional = true
		case optional:
			p.fail(line, "Cannot have mandatory parameters after optional parameters.")
			return
		}
		if check && p.paramNames[par.Name] {
			p.fail(line, fmt.Sprintf(`Parameter with name "%s" was already declared for this function.`, par.Name))
			return
		}
		if check {
			p.paramNames[par.Name] = true
		} else if !each(par) {
			return
		}
		if !p.isOp(",") {
			break
		}
		p.advance()
	}
	if !p.failed() && !p.isOp(")") {
		p.fail(p.tok.line, `Expected closing ")" after function parameters.`)
		return
	}
	p.advance()
}

// asks notes, of the function whose body is being read, an identifier
// that asks who called it or whether it runs on the server.
func (p *parser) asks() {
	switch p.tok.text {
	case "get_remote_sender_id":
		p.asking.AsksSender = true
	case "is_server":
		p.asking.AsksServer = true
	}
}

// Params returns the parameters of a function of the script, in order,
// read again from its source: nothing of them is kept between calls.
// m is one of the Methods of the script's classes.
func (s *Script) Params(m *Method) iter.Seq[Param] {
	return paramsOf(s, m)
}

// paramsOf reads again the parameters of a function of s.
func paramsOf(s *Script, m *Method) iter.Seq[Param] {
	return func(yield func(Param) bool) {
		if m.cs != nil {
			m.cs.read(yield)
			return
		}
		if s == nil || m.params.pos == 0 || s.src[m.params.pos] == ')' { // none: no reader made
			return
		}
		t := tokenizerAt(s.src, m.params, s.maxDepth)
		t.depth = 1 // inside the "(": newlines are not tokens
		q := &parser{t: t, limits: Limits{MaxDepth: s.maxDepth}}
		q.advance()
		q.parameters(yield)
	}
}
