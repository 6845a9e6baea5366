package project

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"
)

// constResult is a constant's value as a type, once evaluated.
type constResult struct {
	t   resolvedType
	err *ScriptError
}

// constType is what a constant of k's class holds, as a type: a class
// (preload("x.gd"), an inner class, a constant holding one, each then
// .Inner), an enum, a value that is no type (a scene, a number), or
// typeUnknown for an initializer the reader does not read. Each constant
// is evaluated once; one named (at line) while it is evaluated is a
// cycle.
// Constants defined by constants, within scripts and across them, nest
// at most [Limits.MaxDepth] deep.
func (p *Project) constType(k ClassRef, name string, m member, line int) (resolvedType, *ScriptError) {
	c, at := k.Class, k.Class.consts[m.index]
	if r, ok := c.constTypes[name]; ok {
		if r == nil {
			return resolvedType{}, &ScriptError{Path: k.Script.Path, Line: line, Message: `Could not resolve member "` + name + `": Cyclic reference.`}
		}
		return r.t, r.err
	}
	if p.types.depth == p.limits.MaxDepth {
		return resolvedType{}, &ScriptError{Path: k.Script.Path, Line: int(at.line), Err: ErrTooDeep,
			Message: fmt.Sprintf("its constants are defined by constants more than %d deep", p.limits.MaxDepth)}
	}
	p.types.depth++
	defer func() { p.types.depth-- }()
	if c.constTypes == nil {
		c.constTypes = map[string]*constResult{}
	}
	c.constTypes[name] = nil
	t, err := p.constExpr(k, name, at)
	if err != nil && errors.Is(err, ErrTooDeep) {
		delete(c.constTypes, name) // another way to it may be shorter
	} else {
		c.constTypes[name] = &constResult{t, err}
	}
	return t, err
}

// constExpr evaluates a constant's initializer as a type: literals fold
// to values; names, preload(…), parentheses and .Name are read; anything
// else is typeUnknown.
func (p *Project) constExpr(k ClassRef, name string, at span) (resolvedType, *ScriptError) {
	q := &parser{t: tokenizerAt(k.Script.src, at, p.limits.MaxDepth), limits: p.limits}
	q.advance()
	if _, literal := literals[q.tok.text]; q.tok.kind == tkString || q.tok.kind == tkInt || q.tok.kind == tkFloat ||
		q.isOp("-") || q.isOp("+") || q.tok.kind == tkIdent && literal {
		if _, ferr := newFolder(k.Script, p.limits).fold(k.Class, at); ferr == nil {
			return resolvedType{kind: typeValue}, nil
		}
		return resolvedType{}, nil
	}
	r, err := p.constValue(k, q, name, int(at.line))
	if err != nil || !q.exprEnd() || q.failed() {
		return resolvedType{}, err // a call, an operator: not read
	}
	return r, nil
}

// constValue reads a name, preload(path), load(…) or a parenthesized
// value, then .Name after a class.
func (p *Project) constValue(k ClassRef, q *parser, name string, line int) (resolvedType, *ScriptError) {
	notConstant := &ScriptError{Path: k.Script.Path, Line: line, Message: fmt.Sprintf(`Assigned value for constant "%s" isn't a constant expression.`, name)}
	var r resolvedType
	var err *ScriptError
	switch tok := q.tok; {
	case q.isOp("("):
		q.advance()
		if r, err = p.constValue(k, q, name, line); err != nil || !q.isOp(")") {
			return resolvedType{}, err
		}
		q.advance()
	case tok.kind == tkIdent && (tok.text == "preload" || tok.text == "load"):
		q.advance()
		if tok.text == "load" && q.isOp("(") { // Godot 4 loads only at run time
			return resolvedType{}, notConstant
		}
		arg, ok := q.parenArg()
		if !ok {
			return resolvedType{}, nil
		}
		if r, err = p.preloaded(k, arg); err != nil {
			return resolvedType{}, err
		}
	case tok.kind == tkIdent && !keywords[tok.text]:
		q.advance()
		if r, err = p.constName(k, tok.text, notConstant, tok.line); err != nil {
			return resolvedType{}, err
		}
	default:
		return resolvedType{}, nil
	}
	for r.kind == typeClass && q.isOp(".") {
		q.advance()
		if q.tok.kind != tkIdent {
			return resolvedType{}, nil
		}
		member, mline := q.tok.text, q.tok.line
		q.advance()
		kk, m, ok := p.lookupMember(r.class, member)
		if !ok {
			return resolvedType{}, nil
		}
		if r, err = p.memberAs(kk, member, m, mline); err != nil {
			return resolvedType{}, err
		}
	}
	return r, nil
}

// constName is what a name in a constant's initializer holds, as the
// analyzer reduces it (reduce_identifier): a member of a class in scope,
// then an engine or global class, which are no constants in Godot 4.6.
func (p *Project) constName(k ClassRef, ident string, notConstant *ScriptError, line int) (resolvedType, *ScriptError) {
	switch sk, m, found := p.lookupScope(k, ident); {
	case found == foundClass:
		return resolvedType{kind: typeClass, class: sk}, nil
	case found == foundMember && (m.kind == kindVariable || m.kind == kindFunction || m.kind == kindSignal):
		return resolvedType{}, notConstant
	case found == foundMember:
		return p.memberAs(sk, ident, m, line)
	}
	if _, builtin := builtinTypes()[ident]; builtin {
		return resolvedType{}, &ScriptError{Path: notConstant.Path, Line: notConstant.Line, Message: "Builtin type cannot be used as a name on its own."}
	}
	if classes, err := p.Classes(); err == nil && classes[ident] != "" || p.engine().classes[ident] {
		return resolvedType{}, notConstant
	}
	return resolvedType{}, nil
}

// lookupMember finds a member of a class or of its bases, as
// reduce_identifier_from_base does, and the class that declares it.
func (p *Project) lookupMember(base ClassRef, name string) (ClassRef, member, bool) {
	for k := base; k.Class != nil; k = k.Class.bases.base {
		_ = p.resolveBases(k) // a base the engine refuses refuses its script elsewhere
		if m, ok := k.Class.members[name]; ok {
			return k, m, true
		}
	}
	return ClassRef{}, member{}, false
}

// preloadTarget returns the res:// path preload's argument at arg names,
// folded by f, a uid:// path looked up and a relative one joined to the
// script's folder; ok is false where it cannot tell.
func (p *Project) preloadTarget(f *folder, k ClassRef, arg span) (string, bool) {
	v, ferr := f.fold(k.Class, arg)
	s, ok := stringOf(v)
	if ferr != nil || !ok {
		return "", false
	}
	target, err := p.fromUID(s)
	if err == nil && !strings.HasPrefix(s, "uid://") {
		target, err = canonical(k.Script.Path, s)
	}
	return target, err == nil
}

// preloaded is what preload(path) gives as a type, the path folded from
// the expression at arg: a script's class, which must parse and resolve
// its bases; typeValue for a file that is no script (a scene, a texture);
// typeUnknown for one that may be (a .tres, a C# script).
func (p *Project) preloaded(k ClassRef, arg span) (resolvedType, *ScriptError) {
	target, ok := p.preloadTarget(newFolder(k.Script, p.limits), k, arg)
	if !ok {
		return resolvedType{}, nil
	}
	fail := func(format string, cause error) (resolvedType, *ScriptError) {
		return resolvedType{}, &ScriptError{Path: k.Script.Path, Line: int(arg.line), Message: fmt.Sprintf(format, target), Err: causeOf(cause)}
	}
	switch ext := path.Ext(target); ext {
	case ".gd":
		sc, err := p.Script(target)
		var se *ScriptError
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return fail(`Preload file "%s" does not exist.`, nil)
		case errors.As(err, &se) && se.Path == target && se.Line > 0:
			return fail(`Could not preload resource script "%s".`, err)
		case err != nil:
			return resolvedType{}, &ScriptError{Path: k.Script.Path, Line: int(arg.line), Message: err.Error(), Err: causeOf(err)}
		}
		head := ClassRef{sc, &sc.Class}
		if err := p.resolveBases(head); err != nil {
			return fail(`Could not resolve script "%s".`, err)
		}
		return resolvedType{kind: typeClass, class: head}, nil
	default:
		if file, err := p.File(target); err != nil || !exists(file) {
			return fail(`Preload file "%s" does not exist.`, nil)
		}
		if ext == ".tres" || ext == ".res" || ext == ".cs" {
			return resolvedType{}, nil
		}
		return resolvedType{kind: typeValue}, nil
	}
}
