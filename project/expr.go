package project

import (
	"math"

	"github.com/gdvar/gdvar"
)

// expr is a constant expression as far as the reader folds it: a literal,
// a name, a unary or binary operation on numbers and strings. Anything
// else (calls, member access, other operators) is opaque: the reader
// cannot fold it.
type expr struct {
	op    string // "lit", "name", "opaque", or the operator
	value any    // a literal's value
	name  string // a name
	a, b  *expr  // the operands
	line  int
}

// parseExpr reads an expression up to a comma, a closing bracket, a
// semicolon or the end of the line, at bracket depth 0.
func (p *parser) parseExpr() *expr {
	e := p.binary(0)
	if !p.exprEnd() { // more than the reader folds: skip the rest
		p.skipExpr()
		return &expr{op: "opaque", line: e.line}
	}
	return e
}

// exprEnd says the current token ends an expression.
func (p *parser) exprEnd() bool {
	switch p.tok.kind {
	case tkNewline, tkEOF, tkIndent, tkDedent:
		return true
	case tkOp:
		switch p.tok.text {
		case ",", ")", "]", "}", ";", ":":
			return true
		}
	}
	return false
}

// skipExpr skips tokens to the end of the expression, over brackets.
func (p *parser) skipExpr() {
	depth := 0
	for p.tok.kind != tkEOF {
		if depth == 0 && p.exprEnd() && !(p.tok.kind == tkOp && p.tok.text == ":") {
			return
		}
		if p.tok.kind == tkOp {
			switch p.tok.text {
			case "(", "[", "{":
				depth++
			case ")", "]", "}":
				depth--
			}
		}
		p.advance()
	}
}

// precedence of the binary operators the reader folds.
var precedence = map[string]int{"+": 1, "-": 1, "*": 2, "/": 2, "%": 2}

func (p *parser) binary(min int) *expr {
	left := p.unary()
	for p.tok.kind == tkOp {
		prec, ok := precedence[p.tok.text]
		if !ok || prec <= min {
			break
		}
		op, line := p.tok.text, p.tok.line
		p.advance()
		left = &expr{op: op, a: left, b: p.binary(prec), line: line}
	}
	return left
}

func (p *parser) unary() *expr {
	tok := p.tok
	switch {
	case tok.kind == tkOp && (tok.text == "-" || tok.text == "+"):
		p.advance()
		if p.nest++; p.nest > p.limits.MaxDepth {
			p.fail(tok.line, "Expression nested too deep.")
			p.t.err.Err = ErrTooDeep
			return &expr{op: "opaque", line: tok.line}
		}
		defer func() { p.nest-- }()
		return &expr{op: "neg" + tok.text, a: p.unary(), line: tok.line}
	case tok.kind == tkOp && tok.text == "(":
		p.advance()
		e := p.binary(0)
		if p.tok.kind != tkOp || p.tok.text != ")" {
			p.skipExpr()
			e = &expr{op: "opaque", line: tok.line}
		}
		if p.tok.kind == tkOp && p.tok.text == ")" {
			p.advance()
		}
		return e
	case tok.kind == tkString || tok.kind == tkInt || tok.kind == tkFloat:
		p.advance()
		return &expr{op: "lit", value: tok.value, line: tok.line}
	case tok.kind == tkIdent:
		p.advance()
		switch tok.text {
		case "true", "false":
			return &expr{op: "lit", value: tok.text == "true", line: tok.line}
		case "null":
			return &expr{op: "lit", value: nil, line: tok.line}
		case "PI":
			return &expr{op: "lit", value: math.Pi, line: tok.line}
		case "TAU":
			return &expr{op: "lit", value: 2 * math.Pi, line: tok.line}
		case "INF":
			return &expr{op: "lit", value: math.Inf(1), line: tok.line}
		case "NAN":
			return &expr{op: "lit", value: math.NaN(), line: tok.line}
		}
		return &expr{op: "name", name: tok.text, line: tok.line}
	}
	return &expr{op: "opaque", line: tok.line}
}

// foldError is why an expression has no value: the engine refuses it, or
// (unsupported) the reader does not fold it.
type foldError struct {
	msg         string
	unsupported bool
}

// fold computes the value of e in class c: names are constants of c or of
// the classes around it. seen holds the constants being computed, to
// refuse a constant defined by itself.
func (c *Class) fold(e *expr, seen map[string]bool) (any, *foldError) {
	switch e.op {
	case "lit":
		return e.value, nil
	case "name":
		for k := c; k != nil; k = k.outer {
			if init, ok := k.consts[e.name]; ok {
				if seen[e.name] {
					return nil, &foldError{msg: `Could not resolve member "` + e.name + `": Cyclic reference.`}
				}
				seen[e.name] = true
				defer delete(seen, e.name)
				return k.fold(init, seen)
			}
			if kind, ok := k.members[e.name]; ok && kind != "class" {
				return nil, &foldError{msg: "isn't a constant expression"}
			}
		}
		return nil, &foldError{msg: `names "` + e.name + `", which is not a constant of its script`, unsupported: true}
	case "neg-", "neg+":
		v, err := c.fold(e.a, seen)
		if err != nil {
			return nil, err
		}
		switch n := v.(type) {
		case int64:
			if e.op == "neg-" {
				return -n, nil
			}
			return n, nil
		case float64:
			if e.op == "neg-" {
				return -n, nil
			}
			return n, nil
		}
		return nil, &foldError{msg: "isn't a constant expression"}
	case "+", "-", "*", "/", "%":
		a, err := c.fold(e.a, seen)
		if err != nil {
			return nil, err
		}
		b, err := c.fold(e.b, seen)
		if err != nil {
			return nil, err
		}
		return arith(e.op, a, b)
	}
	return nil, &foldError{msg: "is an expression the reader does not fold", unsupported: true}
}

// arith applies a binary operator as Variant's operators do, for the
// types the reader folds: ints, floats and strings.
func arith(op string, a, b any) (any, *foldError) {
	if op == "+" {
		as, aok := stringOf(a)
		bs, bok := stringOf(b)
		if aok && bok {
			return as + bs, nil
		}
	}
	ai, aInt := a.(int64)
	bi, bInt := b.(int64)
	if aInt && bInt {
		switch op {
		case "+":
			return ai + bi, nil
		case "-":
			return ai - bi, nil
		case "*":
			return ai * bi, nil
		case "/", "%":
			if bi == 0 {
				return nil, &foldError{msg: "Division by zero error."}
			}
			if op == "/" {
				return ai / bi, nil
			}
			return ai % bi, nil
		}
	}
	af, aok := floatOf(a)
	bf, bok := floatOf(b)
	if aok && bok && op != "%" {
		switch op {
		case "+":
			return af + bf, nil
		case "-":
			return af - bf, nil
		case "*":
			return af * bf, nil
		case "/":
			return af / bf, nil
		}
	}
	return nil, &foldError{msg: "is an operation the reader does not fold", unsupported: true}
}

func stringOf(v any) (string, bool) {
	switch s := v.(type) {
	case string:
		return s, true
	case gdvar.StringName:
		return string(s), true
	}
	return "", false
}

func floatOf(v any) (float64, bool) {
	switch n := v.(type) {
	case int64:
		return float64(n), true
	case float64:
		return n, true
	}
	return 0, false
}
