package project

import (
	"math"
	"strings"

	"github.com/gdvar/gdvar"
)

// span is where an expression starts in its script's source: a constant's
// initializer, an @rpc argument. The reader keeps no tree of it: it reads
// it again, folding as it goes, when a value is needed.
type span struct{ pos, line int32 }

// spanHere is the span of the expression at the current token.
func (p *parser) spanHere() span { return span{int32(p.tok.pos), int32(p.tok.line)} }

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
		depth += p.nesting()
		p.advance()
	}
}

// listLen returns room enough for the elements of the list [a, b, …]
// whose opening bracket is the current token, reading to its end: its
// commas outside inner brackets, and one.
func (p *parser) listLen() int {
	n := 1
	for depth := 0; p.tok.kind != tkEOF; p.advance() {
		if depth += p.nesting(); depth == 0 {
			return n
		}
		if depth == 1 && p.isOp(",") {
			n++
		}
	}
	return n
}

// parenArg reads "(", one expression and ")" at the current token, a
// call's one argument, and returns where the argument starts.
func (p *parser) parenArg() (span, bool) {
	if !p.isOp("(") {
		return span{}, false
	}
	p.advance()
	arg := p.spanHere()
	p.skipExpr()
	if !p.isOp(")") {
		return span{}, false
	}
	p.advance()
	return arg, true
}

// nesting is 1 for an opening bracket, -1 for a closing one, else 0.
func (p *parser) nesting() int {
	if p.tok.kind == tkOp {
		switch p.tok.text {
		case "(", "[", "{":
			return 1
		case ")", "]", "}":
			return -1
		}
	}
	return 0
}

// foldError is why an expression has no value: the engine refuses it,
// (unsupported) the reader does not fold it, or a bound is passed (err).
type foldError struct {
	msg         string
	unsupported bool
	err         error
}

var (
	errNotConstant = &foldError{msg: "isn't a constant expression"}
	errNotFolded   = &foldError{msg: "is an expression the reader does not fold", unsupported: true}
	errFoldBudget  = &foldError{msg: "makes more bytes of strings than the budget for folding", err: ErrBudget}
)

// maxConstChain is the most constants a folded name may go through, each
// defined by the next.
const maxConstChain = 256

// folder computes constant expressions of a class, as the analyzer reduces
// them, for the forms the reader folds: literals, constants of the class
// and of the classes around it, enum values (enumfold.go), vectors and rects of numbers (ctorfold.go), unary and binary + - * / % on ints,
// floats and strings, parentheses. seen holds the constants being
// computed, to refuse one defined by itself. The strings joined draw
// from the script's budget (Script.fold), its Project's where it has one:
// a constant that adds another to itself doubles it, so that a few lines
// of them, or of many scripts, would ask gigabytes.
type folder struct {
	s      *Script
	limits Limits
	seen   map[string]bool
	// global is the folder of the script a global class name names, or
	// nil (then no such name folds); hops counts those gone through.
	global func(name string) *folder
	hops   int
}

// newFolder returns a folder of a script's constants.
func newFolder(s *Script, limits Limits) *folder {
	return &folder{s: s, limits: limits, seen: map[string]bool{}}
}

// fold computes the expression at at, in class c.
func (f *folder) fold(c *Class, at span) (any, *foldError) {
	q := &parser{t: tokenizerAt(f.s.src, at, f.limits.MaxDepth), limits: f.limits}
	q.advance()
	v, err := q.sum(f, c)
	if err == nil && !q.exprEnd() {
		return nil, errNotFolded
	}
	return v, err
}

// sum reads terms joined by + and -: strings added are joined once, not
// each time.
func (q *parser) sum(f *folder, c *Class) (any, *foldError) {
	left, err := q.term(f, c)
	var pieces []string
	for terms := 0; err == nil && q.tok.kind == tkOp && (q.tok.text == "+" || q.tok.text == "-"); terms++ {
		if terms == q.limits.MaxDepth {
			return nil, errNotFolded
		}
		op := q.tok.text
		q.advance()
		var right any
		if right, err = q.term(f, c); err != nil {
			break
		}
		ls, lok := stringOf(left)
		rs, rok := stringOf(right)
		if op == "+" && lok && rok {
			if pieces == nil {
				pieces = []string{ls}
			}
			pieces = append(pieces, rs)
			left = ""
			continue
		}
		if pieces != nil {
			return nil, errNotFolded // a string, then something else
		}
		left, err = arith(op, left, right)
	}
	if err != nil {
		return nil, err
	}
	if pieces != nil {
		size := 0
		for _, s := range pieces {
			size += len(s)
		}
		if !f.s.fold.take(int64(size)) {
			return nil, errFoldBudget
		}
		return strings.Join(pieces, ""), nil
	}
	return left, nil
}

// term reads factors joined by *, / and %.
func (q *parser) term(f *folder, c *Class) (any, *foldError) {
	left, err := q.unaryValue(f, c)
	for terms := 0; err == nil && q.tok.kind == tkOp && (q.tok.text == "*" || q.tok.text == "/" || q.tok.text == "%"); terms++ {
		if terms == q.limits.MaxDepth {
			return nil, errNotFolded
		}
		op := q.tok.text
		q.advance()
		var right any
		if right, err = q.unaryValue(f, c); err == nil {
			left, err = arith(op, left, right)
		}
	}
	return left, err
}

func (q *parser) unaryValue(f *folder, c *Class) (any, *foldError) {
	tok := q.tok
	if q.nest++; q.nest > q.limits.MaxDepth {
		return nil, errNotFolded
	}
	defer func() { q.nest-- }()
	switch {
	case tok.kind == tkOp && (tok.text == "-" || tok.text == "+"):
		q.advance()
		v, err := q.unaryValue(f, c)
		if err != nil || tok.text == "+" {
			return v, err
		}
		switch n := v.(type) {
		case int64:
			return -n, nil
		case float64:
			return -n, nil
		}
		return nil, errNotConstant
	case tok.kind == tkOp && tok.text == "(":
		q.advance()
		v, err := q.sum(f, c)
		if err == nil && !q.isOp(")") {
			return nil, errNotFolded
		}
		q.advance()
		return v, err
	case tok.kind == tkString || tok.kind == tkInt || tok.kind == tkFloat:
		q.advance()
		return tok.value, nil
	case tok.kind == tkIdent:
		q.advance()
		if v, ok := literals[tok.text]; ok {
			return v, nil
		}
		if q.isOp(".") {
			return q.dotted(f, c, tok.text)
		}
		if _, ok := constructors[tok.text]; ok && q.isOp("(") {
			return q.constructed(f, c, tok.text)
		}
		return f.name(c, tok.text)
	}
	return nil, errNotFolded
}

// literals are the keywords that are constant values.
var literals = map[string]any{"true": true, "false": false, "null": nil, "PI": math.Pi, "TAU": 2 * math.Pi, "INF": math.Inf(1), "NAN": math.NaN()}

// name returns the value of a constant seen from class c.
func (f *folder) name(c *Class, name string) (any, *foldError) {
	for k := c; k != nil; k = k.outer {
		m, ok := k.members[name]
		switch {
		case !ok || m.kind == kindClass:
			continue
		case m.kind != kindConstant:
			return nil, errNotConstant
		}
		if v, ok := k.folded[name]; ok {
			return v, nil
		}
		if f.seen[name] {
			return nil, &foldError{msg: `Could not resolve member "` + name + `": Cyclic reference.`}
		}
		if len(f.seen) == maxConstChain {
			return nil, &foldError{msg: "names constants defined by constants more than 256 deep", unsupported: true}
		}
		f.seen[name] = true
		v, err := f.fold(k, k.consts[m.index])
		delete(f.seen, name)
		if err == nil { // an error ends the fold at once: only values are worth keeping
			if k.folded == nil {
				k.folded = map[string]any{}
			}
			k.folded[name] = v
		}
		return v, err
	}
	return nil, &foldError{msg: `names "` + name + `", which is not a constant of its script`, unsupported: true}
}

// arith applies a binary operator as Variant's operators do, for ints and
// floats.
func arith(op string, a, b any) (any, *foldError) {
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
